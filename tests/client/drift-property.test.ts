// The drift watch holds to 100 % detection: answers built from the spec's own examples,
// mutated by every kind of finding (a field added, a required field dropped, a value of
// another type, a new value of a field whose values the interface lists, an undocumented
// status, a body that is not an envelope, an error under 200), each give exactly the
// finding of the mutation, through the client; the examples themselves give none but the
// shapes of the answers the interface does not publish (which are learnings by definition).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, hmacSha256, type DriftEvent, type DriftKind } from '../../src/client/index.ts';
import { jsonType } from '../../src/spec/answer-reading.ts';
import { loadBundledDocument } from '../../src/spec/document.ts';
import { deref, resolvePointer, type Schema } from '../../src/spec/openapi.ts';
import { pointerSegment } from '../../src/spec/pointer.ts';
import { answerRecords, visitRecords } from '../../src/spec/record-locations.ts';
import { exampleRequest, modelOperations, type OperationModel } from '../support/operations.ts';

const doc = loadBundledDocument();
type Property = Schema & { type?: string | string[]; enum?: unknown[]; pattern?: string; 'x-values-seen'?: string[] };
const schemaNamed = (name: string) => deref(doc, resolvePointer(doc, `#/components/schemas/${name}`)) as Schema & { properties?: Record<string, Property>; required?: string[] };
const propertyOf = (name: string, field: string) => deref(doc, schemaNamed(name).properties![field]) as Property;

type Record_ = { schema: string; pointer: string; value: Record<string, unknown> };
type Case = { model: OperationModel; operation: string; example: unknown; records: Record_[] };

const cases: Case[] = modelOperations(doc).map((model) => {
  const records: Record_[] = [];
  for (const location of answerRecords(doc, model.operationId).objects) {
    // Records of a schema with listed fields: a map schema (MarketTickers) has records of its own inside.
    if (schemaNamed(location.schema).properties === undefined) continue;
    visitRecords(model.successExample, location.path, (value, pointer) => {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) records.push({ schema: location.schema, pointer, value: value as Record<string, unknown> });
    });
  }
  return { model, operation: `${model.method} ${model.pathTemplate}`, example: model.successExample, records };
});
const withRecords = cases.filter((c) => c.records.length > 0);

type Mutation = { case: Case; status: number; text: string; expected: { class: 'learning' | 'contradiction'; kind: DriftKind; pointer: string; value?: string } };

const editRecord = (c: Case, record: Record_, edit: (copy: Record<string, unknown>) => void): string => {
  const body = structuredClone(c.example) as Record<string, unknown>;
  const segments = record.pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let target: any = body;
  for (const segment of segments) target = target[segment];
  edit(target as Record<string, unknown>);
  return JSON.stringify(body);
};

const pickRecord = fc.constantFrom(...withRecords).chain((c) => fc.constantFrom(...c.records).map((record) => ({ c, record })));

const unknownField = pickRecord.chain(({ c, record }) =>
  fc.tuple(fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !(name in (schemaNamed(record.schema).properties ?? {})) && !(name in record.value) && name !== '__proto__'), fc.jsonValue({ maxDepth: 2 })).map(([name, value]): Mutation => ({
    case: c,
    status: 200,
    text: editRecord(c, record, (copy) => void (copy[name] = value)),
    expected: { class: 'learning', kind: 'unknown-field', pointer: `${record.pointer}/${pointerSegment(name)}` },
  })),
);

const missingField = pickRecord
  .filter(({ record }) => (schemaNamed(record.schema).required ?? []).some((field) => field in record.value))
  .chain(({ c, record }) =>
    fc.constantFrom(...(schemaNamed(record.schema).required ?? []).filter((field) => field in record.value)).map((field): Mutation => ({
      case: c,
      status: 200,
      text: editRecord(c, record, (copy) => void delete copy[field]),
      expected: { class: 'contradiction', kind: 'missing-field', pointer: `${record.pointer}/${pointerSegment(field)}` },
    })),
  );

/** One value of each JSON type, to replace a field's value by one of another. */
const valuesByType: Record<string, unknown> = { string: 'drifted', integer: 7, number: 1.5, boolean: true, null: null, object: {}, array: [] };
const allows = (types: string[], value: unknown) => types.includes(jsonType(value)) || (jsonType(value) === 'integer' && types.includes('number'));
const typedFields = (record: Record_) =>
  Object.keys(record.value).filter((field) => {
    const property = schemaNamed(record.schema).properties?.[field];
    return property !== undefined && propertyOf(record.schema, field).type !== undefined;
  });

const wrongType = pickRecord
  .filter(({ record }) => typedFields(record).length > 0)
  .chain(({ c, record }) =>
    fc.constantFrom(...typedFields(record)).chain((field) => {
      const declared = propertyOf(record.schema, field).type!;
      const types = Array.isArray(declared) ? declared : [declared];
      return fc.constantFrom(...Object.values(valuesByType).filter((value) => !allows(types, value))).map((value): Mutation => ({
        case: c,
        status: 200,
        text: editRecord(c, record, (copy) => void (copy[field] = value)),
        expected: { class: 'contradiction', kind: 'wrong-type', pointer: `${record.pointer}/${pointerSegment(field)}` },
      }));
    }),
  );

const listedFields = (record: Record_) => Object.keys(record.value).filter((field) => schemaNamed(record.schema).properties?.[field] !== undefined && propertyOf(record.schema, field)['x-values-seen'] !== undefined);

const valueNotSeen = pickRecord
  .filter(({ record }) => listedFields(record).length > 0)
  .chain(({ c, record }) =>
    fc.constantFrom(...listedFields(record)).chain((field) => {
      const property = propertyOf(record.schema, field);
      return fc
        .stringMatching(/^[a-zA-Z_]{1,16}$/)
        .filter((value) => !property['x-values-seen']!.includes(value))
        .map((value): Mutation => ({
          case: c,
          status: 200,
          text: editRecord(c, record, (copy) => void (copy[field] = value)),
          expected: { class: 'learning', kind: 'value-not-seen', pointer: `${record.pointer}/${pointerSegment(field)}`, value },
        }));
    }),
  );

const pickCase = fc.constantFrom(...cases);

const undocumentedStatus = fc.tuple(pickCase, fc.constantFrom(201, 202, 203, 206, 207, 208, 226)).map(([c, status]): Mutation => ({
  case: c,
  status,
  text: JSON.stringify(c.example),
  expected: { class: 'contradiction', kind: 'undocumented-status', pointer: '' },
}));

const notEnvelope = fc
  .tuple(pickCase, fc.constantFrom(200, 400, 404, 422, 500, 503), fc.constantFrom('data alone', 'not JSON', 'an array', 'no status', 'empty', 'a JSON string'))
  .map(([c, status, how]): Mutation => {
    const envelope = c.example as { status: string; message: string; data: unknown };
    const text = {
      'data alone': JSON.stringify(envelope.data),
      'not JSON': '<html><body>Bad gateway</body></html>',
      'an array': JSON.stringify([envelope]),
      'no status': JSON.stringify({ message: envelope.message, data: envelope.data }),
      empty: '',
      'a JSON string': JSON.stringify('Service unavailable'),
    }[how];
    return { case: c, status, text, expected: { class: 'contradiction', kind: 'not-envelope', pointer: '' } };
  });

const errorUnder200 = fc.tuple(pickCase, fc.string({ maxLength: 40 })).map(([c, message]): Mutation => ({
  case: c,
  status: 200,
  text: JSON.stringify({ status: 'error', message, data: null }),
  expected: { class: 'contradiction', kind: 'error-status-on-2xx', pointer: '' },
}));

/** The events of one call whose answer is `text` with `status`, through a client in report mode. */
async function eventsOf(c: Case, status: number, text: string): Promise<DriftEvent[]> {
  const events: DriftEvent[] = [];
  const client = createClient({
    environment: 'custom',
    baseUrl: 'http://provider.test',
    apiKey: 'property-key',
    signer: hmacSha256({ secret: 'property-secret' }),
    drift: { mode: 'report', onDrift: (event) => events.push(event) },
    fetch: async () => new Response(text === '' ? null : text, { status, headers: { 'content-type': 'application/json' } }),
  });
  const request = exampleRequest(c.model);
  const method = client[c.model.method as 'GET' | 'POST'] as unknown as (path: string, init: unknown) => Promise<unknown>;
  await method(c.model.pathTemplate, { params: { path: request.pathParams, query: request.queryParams }, ...(request.body ? { body: request.body } : {}) }).catch(() => undefined);
  return events;
}

const unpublishedOnly = (events: DriftEvent[]) => events.filter((e) => e.kind !== 'unpublished-shape');
const key = (e: Pick<DriftEvent, 'class' | 'kind' | 'pointer'>) => `${e.class} ${e.kind} ${e.pointer}`;

describe('the drift watch on mutated answers', () => {
  it('finds nothing in the spec\'s own examples but the shapes the interface does not publish', async () => {
    let shapes = 0;
    for (const c of cases) {
      const events = await eventsOf(c, 200, JSON.stringify(c.example));
      expect(unpublishedOnly(events), c.operation).toEqual([]);
      const unpublished = answerRecords(doc, c.model.operationId).unpublished;
      expect(events.length > 0, c.operation).toBe(unpublished.length > 0);
      shapes += events.length;
    }
    // The comparison is not vacuous: some answers carry records, some unpublished shapes, and both kinds of case exist.
    expect(shapes).toBeGreaterThan(0);
    expect(cases.filter((c) => answerRecords(doc, c.model.operationId).unpublished.length === 0).length).toBeGreaterThan(10);
    expect(withRecords.length).toBeGreaterThan(10);
  });

  it('finds exactly the finding of each mutation, of every kind', async () => {
    const seenKinds = new Set<DriftKind>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(unknownField, missingField, wrongType, valueNotSeen, undocumentedStatus, notEnvelope, errorUnder200), async (mutation) => {
        const baseline = new Set((await eventsOf(mutation.case, 200, JSON.stringify(mutation.case.example))).map(key));
        const events = await eventsOf(mutation.case, mutation.status, mutation.text);
        const wholeBody = mutation.expected.pointer === '';
        const added = wholeBody ? events : events.filter((e) => !baseline.has(key(e)));
        expect(added.map(key)).toEqual([key(mutation.expected)]);
        expect(added[0]!.status).toBe(mutation.status);
        expect(added[0]!.operation).toBe(mutation.case.operation);
        if (mutation.expected.value !== undefined) expect(added[0]!.value).toBe(mutation.expected.value);
        seenKinds.add(mutation.expected.kind);
      }),
      { numRuns: 400 },
    );
    expect([...seenKinds].sort()).toEqual(['error-status-on-2xx', 'missing-field', 'not-envelope', 'undocumented-status', 'unknown-field', 'value-not-seen', 'wrong-type']);
  }, 60_000);
});
