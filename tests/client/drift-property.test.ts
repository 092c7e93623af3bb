// The drift watch holds to 100 % detection: answers built from the spec's own examples,
// mutated by every kind of finding (a field added, a required field dropped, a value of
// another type, a new value of a field whose values the interface lists, an undocumented
// status, a body that is not an envelope, an error under 200, an answer the provider did
// not decide on), each give exactly the finding of the mutation, through the client; the
// examples themselves give none but the shapes of the answers the interface does not
// publish (which are learnings by definition). The records mutated are found by this test
// walking the bundled spec's schemas beside each example, not by the reading's own helpers;
// the expected finding of each mutation is written here. And `npm run learn` reads every
// generated answer, success or error, exactly as the drift watch does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, hmacSha256, type DriftEvent, type DriftKind } from '../../packages/sdk/src/client/index.ts';
import { readDrift } from '../../packages/sdk/src/client/drift/read-answer.ts';
import { ExchangeAnalyser } from '../../tools/learn/findings.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { notJson } from '../../packages/sdk/src/spec/answer-reading.ts';
import { exampleRequest, modelOperations, type OperationModel } from '../support/operations.ts';
import { followRefs, pointerEscape, successSchema, walkAnswer, type FoundRecord } from '../support/spec-records.ts';

const doc = loadBundledDocument();

// The test's own reading of the spec (tests/support/spec-records.ts): records found by walking its schemas beside each example.
const escape = pointerEscape;
/** A JSON value's type, by JSON Schema's names. */
const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value);

type Record_ = FoundRecord;
type Case = { model: OperationModel; operation: string; example: unknown; records: Record_[]; unpublished: number };

const cases: Case[] = modelOperations(doc).map((model) => {
  const { records, unpublished } = walkAnswer(doc, successSchema(doc, model.method, model.pathTemplate), model.successExample);
  return { model, operation: `${model.method} ${model.pathTemplate}`, example: model.successExample, records, unpublished };
});
const withRecords = cases.filter((c) => c.records.length > 0);
const propertyOf = (record: Record_, field: string) => followRefs(doc, record.schema.properties![field]!);

type Mutation = { case: Case; status: number; text: string; expected: { class: 'learning' | 'contradiction' | 'inconclusive'; kind: DriftKind; pointer: string; value?: string } };

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
  fc.tuple(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('meta.version', 'a/b', 'til~de')).filter((name) => !(name in (record.schema.properties ?? {})) && !(name in record.value) && name !== '__proto__'), fc.jsonValue({ maxDepth: 2 })).map(([name, value]): Mutation => ({
    case: c,
    status: 200,
    text: editRecord(c, record, (copy) => void (copy[name] = value)),
    expected: { class: 'learning', kind: 'unknown-field', pointer: `${record.pointer}/${escape(name)}` },
  })),
);

const missingField = pickRecord
  .filter(({ record }) => (record.schema.required ?? []).some((field) => field in record.value))
  .chain(({ c, record }) =>
    fc.constantFrom(...(record.schema.required ?? []).filter((field) => field in record.value)).map((field): Mutation => ({
      case: c,
      status: 200,
      text: editRecord(c, record, (copy) => void delete copy[field]),
      expected: { class: 'contradiction', kind: 'missing-field', pointer: `${record.pointer}/${escape(field)}` },
    })),
  );

/** One value of each JSON type, to replace a field's value by one of another. */
const valuesByType: Record<string, unknown> = { string: 'drifted', integer: 7, number: 1.5, boolean: true, null: null, object: {}, array: [] };
const allows = (types: string[], value: unknown) => types.includes(jsonType(value)) || (jsonType(value) === 'integer' && types.includes('number'));
const typedFields = (record: Record_) =>
  Object.keys(record.value).filter((field) => {
    const property = record.schema.properties?.[field];
    return property !== undefined && propertyOf(record, field).type !== undefined;
  });

const wrongType = pickRecord
  .filter(({ record }) => typedFields(record).length > 0)
  .chain(({ c, record }) =>
    fc.constantFrom(...typedFields(record)).chain((field) => {
      const declared = propertyOf(record, field).type!;
      const types = Array.isArray(declared) ? declared : [declared];
      return fc.constantFrom(...Object.values(valuesByType).filter((value) => !allows(types, value))).map((value): Mutation => ({
        case: c,
        status: 200,
        text: editRecord(c, record, (copy) => void (copy[field] = value)),
        expected: { class: 'contradiction', kind: 'wrong-type', pointer: `${record.pointer}/${escape(field)}` },
      }));
    }),
  );

const listedFields = (record: Record_) => Object.keys(record.value).filter((field) => record.schema.properties?.[field] !== undefined && propertyOf(record, field)['x-values-seen'] !== undefined);

const valueNotSeen = pickRecord
  .filter(({ record }) => listedFields(record).length > 0)
  .chain(({ c, record }) =>
    fc.constantFrom(...listedFields(record)).chain((field) => {
      const property = propertyOf(record, field);
      return fc
        .stringMatching(/^[a-zA-Z_]{1,16}$/)
        .filter((value) => !property['x-values-seen']!.includes(value))
        .map((value): Mutation => ({
          case: c,
          status: 200,
          text: editRecord(c, record, (copy) => void (copy[field] = value)),
          expected: { class: 'learning', kind: 'value-not-seen', pointer: `${record.pointer}/${escape(field)}`, value },
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
  .tuple(pickCase, fc.constantFrom(200, 400, 404, 422), fc.constantFrom('data alone', 'not JSON', 'an array', 'no status', 'empty', 'a JSON string'))
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

/** Answers the provider did not decide on: what each status is, written here. Whatever the body, nothing else is read. */
const inconclusiveStatuses: Record<number, DriftKind> = { 301: 'redirect', 302: 'redirect', 307: 'redirect', 308: 'redirect', 408: 'timeout', 429: 'throttled', 503: 'throttled', 500: 'server-error', 502: 'server-error', 504: 'server-error' };
const inconclusive = fc
  .tuple(pickCase, fc.constantFrom(...Object.keys(inconclusiveStatuses).map(Number)), fc.constantFrom('envelope', 'html', 'empty', 'example'))
  .map(([c, status, how]): Mutation => ({
    case: c,
    status,
    text: { envelope: JSON.stringify({ status: 'error', message: 'Too many requests', data: null }), html: '<html>Moved</html>', empty: '', example: JSON.stringify(c.example) }[how],
    expected: { class: 'inconclusive', kind: inconclusiveStatuses[status]!, pointer: '' },
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
      // Exactly one unpublished shape per value of a schema without a type: for most operations, nothing at all.
      expect(unpublishedOnly(events), c.operation).toEqual([]);
      expect(events.length, c.operation).toBe(c.unpublished);
      shapes += events.length;
    }
    // The comparison is not vacuous: some answers carry records, some unpublished shapes, and both kinds of case exist.
    expect(shapes).toBeGreaterThan(0);
    expect(cases.filter((c) => c.unpublished === 0).length).toBeGreaterThan(10);
    expect(withRecords.length).toBeGreaterThan(10);
  });

  it('finds exactly the finding of each mutation, of every kind', async () => {
    const seenKinds = new Set<DriftKind>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(unknownField, missingField, wrongType, valueNotSeen, undocumentedStatus, notEnvelope, errorUnder200, inconclusive), async (mutation) => {
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
    expect([...seenKinds].sort()).toEqual(['error-status-on-2xx', 'missing-field', 'not-envelope', 'redirect', 'server-error', 'throttled', 'timeout', 'undocumented-status', 'unknown-field', 'value-not-seen', 'wrong-type']);
  }, 60_000);

  it('reads every generated answer, success or error, as npm run learn reads it', () => {
    const analyser = new ExchangeAnalyser(doc);
    /** Error answers: envelopes with and without their documented members, of every kind of status. */
    const errorAnswer = fc.tuple(pickCase, fc.constantFrom(400, 401, 403, 404, 409, 422, 429, 500, 503), fc.record({ status: fc.constantFrom('error', 'success', 7), message: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), data: fc.constantFrom(null, {}, 'x') }, { requiredKeys: [] })).map(([c, status, body]) => ({ case: c, status, text: JSON.stringify(body) }));
    const answers = fc.oneof(unknownField, missingField, wrongType, valueNotSeen, undocumentedStatus, notEnvelope, errorUnder200, inconclusive, errorAnswer);
    let checked = 0;
    const readingKinds = new Set(['unknown-field', 'value-not-seen', 'unpublished-shape', 'missing-field', 'wrong-type', 'not-envelope', 'error-status-on-2xx', 'undocumented-status', 'other-violation', 'throttled', 'server-error', 'redirect', 'timeout']);
    fc.assert(
      fc.property(answers, (answer) => {
        let body: unknown;
        try {
          body = answer.text === '' ? undefined : JSON.parse(answer.text);
        } catch {
          body = notJson;
        }
        const watched = readDrift(answer.case.operation, answer.status, body).map(key).sort();
        const request = exampleRequest(answer.case.model);
        const learned = analyser
          .read({ source: { file: 'generated', entry: 0 }, method: answer.case.model.method, url: `https://provider.test${request.pathWithQuery}`, status: answer.status, responseText: answer.text })
          .findings.filter((finding) => readingKinds.has(finding.kind))
          .map((finding) => key({ class: finding.class as DriftEvent['class'], kind: finding.kind as DriftKind, pointer: 'pointer' in finding ? finding.pointer : '' }))
          .sort();
        expect(learned).toEqual(watched);
        checked++;
      }),
      { numRuns: 2000 },
    );
    // How many answers were compared, for the record of this run.
    process.stdout.write(`learn and the drift watch agreed on ${checked} generated answers\n`);
    expect(checked).toBe(2000);
  }, 120_000);
});
