// Walks every media type of the document (request bodies and responses) and yields its
// named examples with the pointer of the schema they must satisfy.
import { listOperations, resolvePointer, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../packages/sdk/src/spec/pointer.ts';

// scripts/bench-target.ts reads pointers through this module.
export { resolvePointer };

export type MediaExample = {
  /** Where the example is used, e.g. "createSwap 200 pendingSwap". */
  label: string;
  name: string;
  summary: string | undefined;
  value: unknown;
  schemaPointer: string;
};

type MediaType = { schema?: unknown; examples?: Record<string, { $ref?: string; summary?: string; value?: unknown }> };
type WithContent = { $ref?: string; content?: Record<string, MediaType> };

export type MediaTypeEntry = { label: string; pointer: string; media: MediaType };

/** Every JSON media type of every request body and response, with the pointer of its object. */
export function listMediaTypes(doc: OpenApiDocument): MediaTypeEntry[] {
  const entries: MediaTypeEntry[] = [];
  for (const { method, path, operation } of listOperations(doc)) {
    const base = `#/paths/${pointerSegment(path)}/${method}`;
    const holders: [string, string, WithContent | undefined][] = [
      ['request', `${base}/requestBody`, operation.requestBody as WithContent | undefined],
      ...Object.entries(operation.responses).map(([code, r]): [string, string, WithContent] => [code, `${base}/responses/${code}`, r as WithContent]),
    ];
    for (const [what, pointer, holder] of holders) {
      if (!holder) continue;
      const resolvedPointer = holder.$ref ?? pointer;
      const resolved = (holder.$ref ? resolvePointer(doc, holder.$ref) : holder) as WithContent;
      for (const [type, media] of Object.entries(resolved.content ?? {})) {
        entries.push({ label: `${operation.operationId} ${what}`, pointer: `${resolvedPointer}/content/${pointerSegment(type)}`, media });
      }
    }
  }
  return entries;
}

/** Every named example of every media type, resolved, with its schema pointer. */
export function listMediaExamples(doc: OpenApiDocument): MediaExample[] {
  return listMediaTypes(doc).flatMap(({ label, pointer, media }) =>
    Object.entries(media.examples ?? {}).map(([name, example]) => {
      const resolved = (example.$ref ? resolvePointer(doc, example.$ref) : example) as { summary?: string; value?: unknown };
      return { label: `${label} ${name}`, name, summary: resolved.summary, value: resolved.value, schemaPointer: `${pointer}/schema` };
    }),
  );
}

/**
 * The other examples of the document: every `example` of a parameter (checked against its
 * schema) and every item of a schema's `examples` list (checked against that schema).
 */
export function listSchemaAndParameterExamples(doc: OpenApiDocument): MediaExample[] {
  const found: MediaExample[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((child, index) => visit(child, `${pointer}/${index}`));
      return;
    }
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.examples)) {
      record.examples.forEach((value, index) =>
        found.push({ label: `${pointer} examples[${index}]`, name: String(index), summary: undefined, value, schemaPointer: pointer }),
      );
    }
    if ('example' in record && 'schema' in record && 'in' in record) {
      found.push({ label: `${pointer} example`, name: 'example', summary: undefined, value: record.example, schemaPointer: `${pointer}/schema` });
    }
    for (const [key, child] of Object.entries(record)) visit(child, `${pointer}/${pointerSegment(key)}`);
  };
  visit(doc, '#');
  return found;
}
