// What the report checks answers against to find everything the interface does not show.
// The strict reading keeps open the records the spec says have more fields (Swap,
// Transaction); to list those fields, the detection reading closes them too, and holds every
// open string whose values the interface lists (x-values-seen) to those values. A finding
// against it is not yet a verdict: classify.ts says whether it fills a marked unknown or
// contradicts the interface.
import type { OpenApiDocument } from '../spec/openapi.ts';
import { strictReading } from '../spec/strict-reading.ts';

const valuesSeenKey = 'x-values-seen';

function closeAll(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeAll);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    // Instances (examples) are not schemas; a properties map holds schemas under field names.
    if (key === 'example' || key === 'examples' || key === 'x-codeSamples' || key === valuesSeenKey || key === 'enum' || key === 'const') copy[key] = value;
    else if (key === 'properties' && value !== null && typeof value === 'object') {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, closeAll(schema)]));
    } else copy[key] = closeAll(value);
  }
  if (copy.additionalProperties === true && typeof record.properties === 'object') copy.additionalProperties = false;
  if (Array.isArray(record[valuesSeenKey]) && record.type === 'string' && !('enum' in record)) copy.enum = record[valuesSeenKey];
  return copy;
}

/** The strict reading with the open records closed and open strings held to the values seen. */
export function detectionReading(doc: OpenApiDocument): OpenApiDocument {
  return closeAll(strictReading(doc)) as OpenApiDocument;
}
