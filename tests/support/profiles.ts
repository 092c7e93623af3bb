// Random provider profiles that the sandbox must accept, over every class of deviation:
// extra fields, values, shapes, refusals, a timestamp window and every kind of
// contradiction. Every name is drawn from what the bundled spec offers (never written down
// here), and the draws that would cancel each other out are left out: a profile where an
// entry could never show in an answer is refused by the sandbox, so it is not a valid draw.
import fc from 'fast-check';
import { refusalClasses, type Contradiction, type JsonValue, type ProviderProfile } from '../../packages/sandbox/src/profile/types.ts';
import { ProfileTargets } from '../../packages/sandbox/src/profile/targets.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

type FieldContradiction = Extract<Contradiction, { field: string }>;
type OperationContradiction = Exclude<Contradiction, FieldContradiction>;

/** A JSON value as a profile file holds it: what JSON.parse gives back (no -0). */
const jsonValue: fc.Arbitrary<JsonValue> = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as JsonValue);

/** Field names and values as a provider writes them. */
const word = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,11}$/);

/** Keywords that would make a drawn string break the field's schema. */
const stringLimits = ['pattern', 'format', 'enum', 'const', 'minLength', 'maxLength'];

const isTypeOf = (type: unknown, ...types: string[]) => typeof type === 'string' && types.includes(type);

function distinctEntries<Key extends string, Value>(keys: readonly Key[], value: (key: Key) => fc.Arbitrary<Value>, maxLength: number): fc.Arbitrary<Record<string, Value>> {
  if (keys.length === 0) return fc.constant({});
  return fc
    .uniqueArray(fc.constantFrom(...keys), { maxLength })
    .chain((chosen) => fc.tuple(...chosen.map((key) => value(key).map((v) => [key, v] as const))))
    .map((entries) => Object.fromEntries(entries));
}

/** Valid provider profiles for the document (the bundled spec by default). */
export function providerProfiles(document: OpenApiDocument = loadBundledDocument()): fc.Arbitrary<ProviderProfile> {
  const targets = new ProfileTargets(document);
  const recordSchemas = targets.answeredSchemas().filter((name) => targets.isObjectSchema(name));
  const openSchemas = recordSchemas.filter((name) => targets.acceptsOtherFields(name));
  const fields = recordSchemas.flatMap((record) => targets.fields(record).map((field) => ({ record, ...field })));
  const openStrings = fields.filter((f) => f.schema.type === 'string' && stringLimits.every((keyword) => f.schema[keyword] === undefined)).map((f) => `${f.record}.${f.field}`);
  // Only fields that hold no records are dropped, so no other entry loses its records with them.
  const fieldContradictions: FieldContradiction[] = fields.flatMap(({ record, field, schema, required }): FieldContradiction[] => [
    ...(required && isTypeOf(schema.type, 'string', 'number', 'integer', 'boolean') ? [{ kind: 'dropField' as const, schema: record, field }] : []),
    ...(isTypeOf(schema.type, 'string', 'number', 'integer') ? [{ kind: 'wrongType' as const, schema: record, field, as: schema.type === 'string' ? ('number' as const) : ('string' as const) }] : []),
  ]);
  const operationContradiction = fc.record({ operationId: fc.constantFrom(...targets.operationIds), kind: fc.constantFrom('notEnvelope' as const, 'errorStatusOn2xx' as const), message: fc.string({ minLength: 1, maxLength: 40 }) }).map(
    ({ operationId, kind, message }): OperationContradiction => (kind === 'notEnvelope' ? { kind, operationId } : { kind, operationId, message }),
  );

  return fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 30 }),
      description: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
      extraFields: distinctEntries(openSchemas, (schema) => fc.dictionary(word.filter((field) => targets.field(schema, field) === undefined), jsonValue, { minKeys: 1, maxKeys: 3 }), 3),
      values: distinctEntries(openStrings, () => fc.dictionary(word, fc.integer({ min: 1, max: 5 }), { minKeys: 1, maxKeys: 4 }), 4),
      shapes: distinctEntries(targets.unpublishedData, () => jsonValue, 4),
      refusals: distinctEntries(refusalClasses, () => fc.record({ status: fc.integer({ min: 400, max: 599 }), message: fc.string({ minLength: 1, maxLength: 60 }) }), refusalClasses.length),
      timestampWindowSeconds: fc.option(fc.integer({ min: 5, max: 3600 }), { nil: undefined }),
      fieldContradictions: fc.uniqueArray(fc.constantFrom(...fieldContradictions), { maxLength: 4, selector: (c) => `${c.schema}.${c.field}` }),
      operationContradictions: fc.uniqueArray(operationContradiction, { maxLength: 3, selector: (c) => c.operationId }),
    })
    .map(({ name, description, extraFields, values, shapes, refusals, timestampWindowSeconds, fieldContradictions: byField, operationContradictions: byOperation }) => {
      // What an error envelope answer hides: its shape, and the records only it carries.
      const erroring = new Set(byOperation.filter((c) => c.kind === 'errorStatusOn2xx').map((c) => c.operationId));
      const shown = (schema: string) => [...targets.locations].some(([operationId, locations]) => !erroring.has(operationId) && locations.some((l) => l.schema === schema));
      const changed = new Set(byField.map((c) => `${c.schema}.${c.field}`));
      const keep = <Value>(entries: Record<string, Value>, visible: (key: string) => boolean) => Object.fromEntries(Object.entries(entries).filter(([key]) => visible(key)));
      const profile: ProviderProfile = {
        name,
        ...(description === undefined ? {} : { description }),
        extraFields: keep(extraFields, shown),
        values: keep(values, (key) => shown(key.split('.')[0]!) && !changed.has(key)),
        shapes: keep(shapes, (operationId) => !erroring.has(operationId)),
        refusals,
        ...(timestampWindowSeconds === undefined ? {} : { timestampWindowSeconds }),
        contradictions: [...byField.filter((c) => shown(c.schema)), ...byOperation],
      };
      return profile;
    });
}
