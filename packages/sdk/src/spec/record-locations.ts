// Where the records of each component schema sit in an operation's success answer, read
// from the document alone: `listTransactions` answers `Transaction` records at
// `data.data[*]`, `listMarkets` `MarketTicker` records at `data.*`, `createSwap` a `Swap` at
// `data`. The sandbox's provider profiles edit records there, and whatever reads recorded
// traffic finds them the same way, so both agree on what a record of a schema is.
// No dependencies beyond the document reader (openapi.ts and the pointer escaping it uses).
import { deref, listOperations, localRef, resolvePointer, type OpenApiDocument, type Schema } from './openapi.ts';
import { pointerSegment } from './pointer.ts';

/** One step from a value to the values inside it. */
export type PathStep =
  /** The member of that name of an object. */
  | { kind: 'property'; name: string }
  /** Every item of an array. */
  | { kind: 'item' }
  /** Every member of an object whose members are all of one schema (`additionalProperties`). */
  | { kind: 'value' };

export type RecordLocation = {
  /** The name of the schema in `components.schemas`. */
  schema: string;
  /** The steps from the answer's body to the records; empty when the body itself is one. */
  path: PathStep[];
};

const componentSchemaPrefix = '#/components/schemas/';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The operation's 200 JSON answer schema as the document writes it (perhaps a `$ref`); undefined when it describes none. */
function successSchemaOf(doc: OpenApiDocument, operationId: string): unknown {
  const entry = listOperations(doc).find((candidate) => candidate.operationId === operationId);
  if (!entry) throw new Error(`the spec has no operation ${operationId}`);
  const response = deref(doc, entry.operation.responses['200']) as { content?: Record<string, { schema?: unknown }> } | undefined;
  return response?.content?.['application/json']?.schema;
}

/** The schema of the operation's 200 JSON answer, `$ref`s followed; undefined when the spec describes none. */
export function successBodySchema(doc: OpenApiDocument, operationId: string): Schema | undefined {
  const schema = successSchemaOf(doc, operationId);
  return schema === undefined ? undefined : deref(doc, schema as Schema);
}

/**
 * Every place in the operation's 200 answer where the records of a component schema sit,
 * in document order, found by following `$ref`s through `properties`, `items` and
 * schema-valued `additionalProperties`. A schema named through a chain of `$ref`s
 * (`A: {$ref: B}`) has its records at the same place as the schema it names. A schema met
 * again inside itself is not entered a second time, so recursive schemas end.
 */
export function recordLocations(doc: OpenApiDocument, operationId: string): RecordLocation[] {
  const locations: RecordLocation[] = [];
  const walk = (schema: unknown, path: PathStep[], entered: ReadonlySet<string>): void => {
    const ref = localRef(schema);
    if (ref !== undefined) {
      if (entered.has(ref)) return;
      if (ref.startsWith(componentSchemaPrefix)) locations.push({ schema: ref.slice(componentSchemaPrefix.length), path });
      const target = resolvePointer(doc, ref);
      if (target === undefined) throw new Error(`the spec has no ${ref}`);
      return walk(target, path, new Set([...entered, ref]));
    }
    if (!isObject(schema)) return;
    if (isObject(schema.properties)) {
      for (const [name, sub] of Object.entries(schema.properties)) walk(sub, [...path, { kind: 'property', name }], entered);
    }
    if (isObject(schema.items)) walk(schema.items, [...path, { kind: 'item' }], entered);
    if (isObject(schema.additionalProperties)) walk(schema.additionalProperties, [...path, { kind: 'value' }], entered);
  };
  const schema = successSchemaOf(doc, operationId);
  if (schema !== undefined) walk(schema, [], new Set());
  return locations;
}

/** A path as people write it: `data.data[*]`, `data.*`, `data`; the body itself is `(body)`. */
export function describePath(path: readonly PathStep[]): string {
  let text = '';
  for (const step of path) {
    if (step.kind === 'item') text += '[*]';
    else text += `${text === '' ? '' : '.'}${step.kind === 'value' ? '*' : step.name}`;
  }
  return text === '' ? '(body)' : text;
}

/**
 * Calls `visit` with every value of `body` at `path` and its JSON pointer (`/data/data/0`,
 * `/data/btcusdt`, RFC 6901 escaped), in order. Where the body does not have the shape the
 * path expects (no such member, not an array), nothing is visited there.
 */
export function visitRecords(body: unknown, path: readonly PathStep[], visit: (record: unknown, pointer: string) => void): void {
  const descend = (value: unknown, depth: number, pointer: string): void => {
    const step = path[depth];
    if (step === undefined) return visit(value, pointer);
    if (step.kind === 'item') {
      if (Array.isArray(value)) value.forEach((item, index) => descend(item, depth + 1, `${pointer}/${index}`));
      return;
    }
    if (!isObject(value)) return;
    if (step.kind === 'value') {
      for (const [key, member] of Object.entries(value)) descend(member, depth + 1, `${pointer}/${pointerSegment(key)}`);
    } else if (Object.hasOwn(value, step.name)) {
      descend(value[step.name], depth + 1, `${pointer}/${pointerSegment(step.name)}`);
    }
  };
  descend(body, 0, '');
}

/** Where an operation's success answer holds records, sorted by what the records are. */
export type AnswerRecords = {
  /** Every component schema's place (what a field's "14/14 Swap records" counts against). */
  all: RecordLocation[];
  /** The object schemas' places: the records fields belong to (a field typed by a named scalar such as DecimalString stays a field of its record). */
  objects: RecordLocation[];
  /** The places of the shapes the interface does not publish (a schema without a type): what they turned out to be. */
  unpublished: RecordLocation[];
};

export function answerRecords(doc: OpenApiDocument, operationId: string): AnswerRecords {
  const all = recordLocations(doc, operationId);
  const schemaOf = (location: RecordLocation) => resolvePointer(doc, `${componentSchemaPrefix}${location.schema}`) as Record<string, unknown>;
  return {
    all,
    objects: all.filter((l) => schemaOf(l).type === 'object' || schemaOf(l).properties !== undefined),
    unpublished: all.filter((l) => !('type' in schemaOf(l)) && !('$ref' in schemaOf(l))),
  };
}
