// What the report checks answers against to find everything the interface does not show.
// The strict reading keeps open the records the spec says have more fields (Swap,
// Transaction); to list those fields, the detection reading closes them too, and holds every
// open string whose values the interface lists (x-values-seen) to those values. A finding
// against it is not yet a verdict: findings.ts checks the same answer against the published
// spec, and what that refuses is a contradiction, not a learning.
import type { OpenApiDocument } from '../spec/openapi.ts';
import { editSchemas, strictReading } from '../spec/strict-reading.ts';

const valuesSeenKey = 'x-values-seen';

/** The strict reading with the open records closed and open strings held to the values seen. */
export function detectionReading(doc: OpenApiDocument): OpenApiDocument {
  return editSchemas(strictReading(doc), (copy, original) => {
    if (original.additionalProperties === true && typeof original.properties === 'object') copy.additionalProperties = false;
    if (Array.isArray(original[valuesSeenKey]) && original.type === 'string' && !('enum' in original)) copy.enum = original[valuesSeenKey];
  }) as OpenApiDocument;
}
