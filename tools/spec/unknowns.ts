// Collects the `x-undocumented` markers of the document: every statement of the service
// interface that the provider has not published. The checklist is what an integrator
// takes to the provider before going live.
import { httpMethods, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../packages/sdk/src/spec/pointer.ts';

export const markerKey = 'x-undocumented';

export type Unknown = {
  /** JSON pointer of the object that carries the marker. */
  pointer: string;
  /** Where that is, in words an integrator reads ("GET /api/v1/swaps/market"). */
  location: string;
  /** What the provider has not published. */
  missing: string;
};

/** Every marker of the document, in document order. A marker is a sentence or a list of them. */
export function collectUnknowns(doc: OpenApiDocument): Unknown[] {
  const found: Unknown[] = [];
  const visit = (node: unknown, segments: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => visit(child, [...segments, String(index)]));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === markerKey) {
        const sentences = Array.isArray(value) ? value : [value];
        for (const missing of sentences) {
          found.push({ pointer: toPointer(segments), location: describeLocation(segments), missing: String(missing) });
        }
      } else {
        visit(value, [...segments, key]);
      }
    }
  };
  visit(doc, []);
  return found;
}

function toPointer(segments: string[]): string {
  return '#' + segments.map((s) => '/' + pointerSegment(s)).join('');
}

const componentKinds: Record<string, string> = {
  schemas: 'schema',
  responses: 'response',
  parameters: 'parameter',
  securitySchemes: 'security scheme',
  examples: 'example',
  requestBodies: 'request body',
  headers: 'header',
};

function describeLocation(segments: string[]): string {
  const [area, first, second, ...rest] = segments;
  if (area === undefined) return 'The whole API';
  if (area === 'info') return 'API information (versioning)';
  if (area === 'paths' && first !== undefined && second !== undefined) {
    const where = (httpMethods as readonly string[]).includes(second) ? `${second.toUpperCase()} ${first}` : `${first} ${second}`;
    return rest.length ? `${where} › ${rest.join(' › ')}` : where;
  }
  if (area === 'components' && first !== undefined && second !== undefined) {
    const kind = componentKinds[first] ?? first;
    const inner = rest.filter((s) => s !== 'properties');
    return [`${kind} ${second}`, ...inner].join(' › ');
  }
  return segments.join(' › ');
}

/** The markers as a Markdown checklist, one unchecked item per unpublished statement. */
export function unknownsChecklist(unknowns: Unknown[]): string {
  const lines = [
    '# Not published by the provider',
    '',
    `${unknowns.length} items to settle with the provider before going live.`,
    '',
    ...unknowns.map((u) => `- [ ] **${u.location}** (\`${u.pointer}\`): ${u.missing}`),
    '',
  ];
  return lines.join('\n');
}
