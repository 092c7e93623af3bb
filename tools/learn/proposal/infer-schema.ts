// A schema for what an unpublished shape turned out to be, from the records seen, claiming
// no more than they show: each JSON type seen (never a format, a pattern or an enum), an
// object's members as properties, required only when every record had them, and every
// object left open to members not yet seen. A value seen only as null says nothing about
// its type, so it gets none.
import { jsonType } from '../findings.ts';

export type Schema = Record<string, unknown>;

/** The JSON Schema types of a set of report types: integer and number merge into number. */
export function schemaTypes(types: Iterable<string>): string[] {
  const set = new Set(types);
  if (set.has('integer') && set.has('number')) set.delete('integer');
  return [...set].sort();
}

/** `type` for a set of types: none for null alone, one name, or a list. */
export function typeKeyword(types: Iterable<string>): Schema {
  const list = schemaTypes(types);
  if (list.length === 0 || (list.length === 1 && list[0] === 'null')) return {};
  return { type: list.length === 1 ? list[0] : list };
}

/** The schema of every value in `values` (each a record seen; values may repeat). */
export function inferSchema(values: readonly unknown[]): Schema {
  const types = new Set(values.map(jsonType));
  const schema: Schema = typeKeyword(types);
  const objects = values.filter((v): v is Record<string, unknown> => jsonType(v) === 'object');
  if (objects.length > 0) {
    const names = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    schema.properties = Object.fromEntries(names.map((name) => [name, inferSchema(objects.filter((o) => Object.hasOwn(o, name)).map((o) => o[name]))]));
    const required = names.filter((name) => objects.every((o) => Object.hasOwn(o, name)));
    if (required.length > 0) schema.required = required;
    schema.additionalProperties = true;
  }
  const items = values.filter(Array.isArray).flat();
  if (items.length > 0) schema.items = inferSchema(items);
  return schema;
}
