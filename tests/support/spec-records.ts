// The tests' own reading of where an answer holds the records of each component schema, and
// which operation a request was for: written here, from the bundled spec's schemas, so that
// a test's expectations never come from the readers it tests (packages/sdk/src/spec/record-locations.ts,
// packages/sdk/src/spec/answer-reading.ts, the operation matching of tools/learn/findings.ts).
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

export type SpecSchema = { $ref?: string; type?: string | string[]; properties?: Record<string, SpecSchema>; required?: string[]; items?: SpecSchema; additionalProperties?: boolean | SpecSchema; 'x-values-seen'?: string[] };

/** The node at a local `$ref` of the document. */
export const schemaAt = (doc: OpenApiDocument, ref: string): SpecSchema => ref.slice(2).split('/').reduce((node: any, segment) => node[segment.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
/** A schema with its `$ref`s followed to the end. */
export const followRefs = (doc: OpenApiDocument, schema: SpecSchema): SpecSchema => (schema.$ref === undefined ? schema : followRefs(doc, schemaAt(doc, schema.$ref)));
/** One key as a JSON pointer segment (RFC 6901). */
export const pointerEscape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export type FoundRecord = { name: string; schema: SpecSchema; pointer: string; value: Record<string, unknown> };

/**
 * Walks `value` beside `schema`: every record of a named object schema with listed fields
 * (`records`), how many values of each named schema there are (`counts`, what a field's
 * "n/m records" counts against), and how many are of a named schema without a type (an
 * unpublished shape).
 */
export function walkAnswer(doc: OpenApiDocument, schema: SpecSchema, value: unknown, pointer = '', out = { records: [] as FoundRecord[], counts: new Map<string, number>(), unpublished: 0 }) {
  const name = schema.$ref?.startsWith('#/components/schemas/') ? schema.$ref.slice('#/components/schemas/'.length) : undefined;
  if (name !== undefined) {
    out.counts.set(name, (out.counts.get(name) ?? 0) + 1);
    const next = schemaAt(doc, schema.$ref!);
    // A schema that only names another: its records are the other's too, counted for each name.
    if (next.$ref !== undefined) return walkAnswer(doc, next, value, pointer, out);
  }
  const target = followRefs(doc, schema);
  if (name !== undefined && target.type === undefined && target.properties === undefined) out.unpublished++;
  if (value === null || typeof value !== 'object') return out;
  if (target.properties !== undefined && !Array.isArray(value)) {
    if (name !== undefined) out.records.push({ name, schema: target, pointer, value: value as Record<string, unknown> });
    for (const [key, sub] of Object.entries(target.properties)) if (Object.hasOwn(value, key)) walkAnswer(doc, sub, (value as Record<string, unknown>)[key], `${pointer}/${pointerEscape(key)}`, out);
  }
  if (target.items !== undefined && Array.isArray(value)) value.forEach((item, index) => walkAnswer(doc, target.items!, item, `${pointer}/${index}`, out));
  if (typeof target.additionalProperties === 'object' && !Array.isArray(value)) {
    for (const [key, member] of Object.entries(value)) walkAnswer(doc, target.additionalProperties, member, `${pointer}/${pointerEscape(key)}`, out);
  }
  return out;
}

/** The schema of an operation's 200 JSON answer. */
export function successSchema(doc: OpenApiDocument, method: string, pathTemplate: string): SpecSchema {
  const response = followRefs(doc, (doc.paths[pathTemplate]![method.toLowerCase()]!.responses as Record<string, SpecSchema>)['200']!) as { content: Record<string, { schema: SpecSchema }> };
  return response.content['application/json']!.schema;
}

/**
 * The operation a recorded request was for: the template whose segments the path ends with,
 * each literal equal and each `{parameter}` one segment; a literal wins over a parameter.
 */
export function operationFor(doc: OpenApiDocument, method: string, url: string): { operationId: string; method: string; pathTemplate: string } | undefined {
  const segments = new URL(url).pathname.split('/').slice(1);
  const candidates = Object.entries(doc.paths).flatMap(([pathTemplate, item]) => {
    const operation = (item as Record<string, { operationId: string } | undefined>)[method.toLowerCase()];
    const template = pathTemplate.split('/').slice(1);
    const tail = segments.slice(segments.length - template.length);
    if (!operation || template.length > segments.length || !template.every((t, i) => (t.startsWith('{') ? tail[i] !== '' : t === tail[i]))) return [];
    return [{ operationId: operation.operationId, method, pathTemplate, literals: template.map((t) => !t.startsWith('{')) }];
  });
  candidates.sort((a, b) => {
    for (let i = 0; i < Math.min(a.literals.length, b.literals.length); i++) if (a.literals[i] !== b.literals[i]) return a.literals[i] ? -1 : 1;
    return 0;
  });
  const best = candidates[0];
  return best && { operationId: best.operationId, method: best.method, pathTemplate: best.pathTemplate };
}
