// The spec read strictly. The published spec keeps every response object open, so that an
// answer carrying more than the interface shows never fails a check; that also means a check
// against it never notices such an answer. The strict reading closes every object whose
// fields the interface lists (a schema with `properties` and no `additionalProperties`),
// and leaves open exactly the objects the spec marks as having more fields than it shows
// (`additionalProperties: true`, beside an x-undocumented marker saying so) and the shapes
// it does not publish at all (no `type`). Checks of recorded traffic and of answers in
// production read it to find what the provider sends beyond the interface.
// No dependencies: it shapes plain data, and Ajv (or generated validators) do the checking.
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

/** Keys whose values are instances (examples, samples), never schemas, so they are not walked. */
const instanceKeys = new Set(['example', 'examples', 'value', 'default', 'const', 'enum', 'x-codeSamples', 'x-values-seen', 'x-observed']);

/** True for an object schema that lists its fields and says nothing of others. */
export function listsItsFieldsOnly(schema: Record<string, unknown>): boolean {
  return typeof schema.properties === 'object' && schema.properties !== null && !('additionalProperties' in schema);
}

/**
 * A deep copy of a document in which `edit` has seen every schema object: it gets the copy
 * (its own members already copied and edited) and the original. Instances (examples,
 * enums, values seen) are copied as they are, and a schema's `properties` map is a map of
 * schemas, so a field named "properties" stays a field.
 */
export function editSchemas(node: unknown, edit: (copy: Record<string, unknown>, original: Record<string, unknown>) => void): unknown {
  if (Array.isArray(node)) return node.map((item) => editSchemas(item, edit));
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (instanceKeys.has(key)) copy[key] = value;
    else if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, editSchemas(schema, edit)]));
    } else copy[key] = editSchemas(value, edit);
  }
  edit(copy, record);
  return copy;
}

/** A copy of the document with every object that lists its fields closed to others (the document itself is not changed). */
export function strictReading(doc: OpenApiDocument): OpenApiDocument {
  return editSchemas(doc, (copy, original) => {
    if (listsItsFieldsOnly(original)) copy.additionalProperties = false;
  }) as OpenApiDocument;
}

const valuesSeenKey = 'x-values-seen';

/**
 * What answers are checked against to find everything the interface does not show (the
 * traffic report, the drift watch's generated validators, the SDK's build): the strict
 * reading with the open records closed too, and every open string whose values the
 * interface lists (x-values-seen) held to those values. A departure from it is not yet a
 * verdict: the answer reading (answer-reading.ts) checks the same answer against the
 * published spec, and what that refuses is a contradiction, not a learning.
 */
export function detectionReading(doc: OpenApiDocument): OpenApiDocument {
  return editSchemas(strictReading(doc), (copy, original) => {
    if (original.additionalProperties === true && typeof original.properties === 'object') copy.additionalProperties = false;
    if (Array.isArray(original[valuesSeenKey]) && original.type === 'string' && !('enum' in original)) copy.enum = original[valuesSeenKey];
  }) as OpenApiDocument;
}
