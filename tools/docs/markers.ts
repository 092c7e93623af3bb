// Redoc shows vendor extensions only on parameters and schema properties, so the
// "not published by the provider" markers on operations, schemas, responses, security
// schemes and the document itself would be invisible in the docs. The docs are built from
// a copy of the bundle in which every marker is also written into the description of the
// object that carries it (the document's own markers go to the API description).
import { resolvePointer, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { collectUnknowns } from '../spec/unknowns.ts';

/** The label that starts every visible marker in the docs. */
export const visibleMarkerLabel = 'Not published:';

export function withVisibleMarkers(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc);
  for (const unknown of collectUnknowns(doc)) {
    const holder = (unknown.pointer === '#' ? copy.info : resolvePointer(copy, unknown.pointer)) as { description?: string } | undefined;
    if (!holder || typeof holder !== 'object') throw new Error(`marker at ${unknown.pointer} has no object to describe`);
    const note = `**${visibleMarkerLabel}** ${unknown.missing}`;
    holder.description = holder.description ? `${holder.description.trimEnd()}\n\n${note}` : note;
  }
  return copy;
}
