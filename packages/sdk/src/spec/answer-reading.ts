// The one reading of an answer against the spec: its status, its envelope, its body and
// its headers, in that order, into findings of one vocabulary and one verdict on the
// request. `npm run learn` (tools/learn/findings.ts, with Ajv), the client's drift watch
// (packages/sdk/src/client/drift, with the validators generated at build time), `npm run contract --
// --strict` and the provider probe's verdicts all call it, so that one answer reads the
// same wherever it is read. Each schema check is a function listing violations, so this
// module needs no validator library and ships in the SDK.
//
// The verdict says what an answer tells about the request: `accepted` (a success code),
// `refused` (a refusal status the operation documents, or one a reviewed proposal observed,
// with the error envelope: the only answers that are evidence of a rule), or `inconclusive`
// (throttled: 429 or 503, with or without Retry-After; a server error; a redirect; a
// timeout): the provider did not decide on the request, so nothing about it is learned.
//
// A body is checked twice. What the published spec refuses contradicts the interface (a
// documented field missing, a value of another type). What only the detection reading
// refuses (strict-reading.ts, detectionReading: every record closed, open strings held to
// the values seen) is what the interface did not show: a learning. The shapes the interface
// does not publish at all (schemas without a type) are learnings wherever they appear.
import { classifyAnswer, notJson, type AnswerClass } from '../envelope/answer.ts';
import { pointerKey, pointerSegment } from './pointer.ts';
import { responseKeyFor } from './openapi.ts';
import { visitRecords, type RecordLocation } from './record-locations.ts';

/**
 * One schema violation, as Ajv reports it (`message` only where the validator kept
 * messages). Written out rather than taken from Ajv's types, so that the answer reading
 * and the generated validators need no validator library.
 */
export type SchemaViolation = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };

/** The violations of one schema by a body; empty when it conforms. */
export type SchemaCheck = (body: unknown) => readonly SchemaViolation[];

/** The two readings of one answer's schema. */
export type AnswerChecks = { published: SchemaCheck; detection: SchemaCheck };

/** Where an operation's answer holds records: those of object schemas (what fields belong to) and of unpublished shapes. */
export type AnswerLayout = { objects: readonly RecordLocation[]; unpublished: readonly RecordLocation[] };

export type LearningKind = 'unknown-field' | 'value-not-seen' | 'unpublished-shape';
export type ContradictionKind = 'missing-field' | 'wrong-type' | 'not-envelope' | 'error-status-on-2xx' | 'undocumented-status' | 'other-violation';
/** Answers on which the provider did not decide: nothing about the request is learned from them. */
export type InconclusiveKind = 'throttled' | 'server-error' | 'redirect' | 'timeout';
/** The one vocabulary of findings on an answer. */
export type FindingKind = LearningKind | ContradictionKind | InconclusiveKind;
export const learningKinds: readonly LearningKind[] = ['unknown-field', 'value-not-seen', 'unpublished-shape'];
export const contradictionKinds: readonly ContradictionKind[] = ['missing-field', 'wrong-type', 'not-envelope', 'error-status-on-2xx', 'undocumented-status', 'other-violation'];
export const inconclusiveKinds: readonly InconclusiveKind[] = ['throttled', 'server-error', 'redirect', 'timeout'];

/**
 * One finding on an answer. `pointer` is where it is in the body and `field` where it is in
 * its record (both RFC 6901 JSON pointers: a provider's field named `meta.version` is
 * `/meta.version`, one segment); `value` is the value found there (a learning's field,
 * value or record), for the caller to keep or leave: recordings keep samples, the drift
 * watch never passes values on.
 */
export type Deviation =
  | { class: 'learning'; kind: 'unknown-field'; schema: string | undefined; field: string; pointer: string; value: unknown }
  | { class: 'learning'; kind: 'value-not-seen'; schema: string | undefined; field: string; pointer: string; value: unknown }
  | { class: 'learning'; kind: 'unpublished-shape'; schema: string; pointer: string; value: unknown }
  | { class: 'contradiction'; kind: ContradictionKind; schema: string | undefined; field: string | undefined; pointer: string; detail: string }
  | { class: 'inconclusive'; kind: InconclusiveKind; pointer: ''; detail: string };

/** A field pointer (`/network/fee`, `/meta.version`) as people read it: `network.fee`, `["meta.version"]`. */
export function displayField(field: string): string {
  return field
    .split('/')
    .slice(1)
    .map(pointerKey)
    .map((key, index) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${index === 0 ? '' : '.'}${key}` : `[${JSON.stringify(key)}]`))
    .join('');
}

/** The keys of a JSON pointer (`/a~1b/c` is `a/b`, `c`). */
export function pointerKeys(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map(pointerKey);
}

/** The records of one answer: each record's pointer, and the schema it is a record of. */
type RecordsAt = Map<string, string>;

/**
 * The record a pointer falls in, and the field's path inside it: `/data/data/0/status` in a
 * Transaction record at `/data/data/0` is Transaction's `status`. A schema path cannot say
 * this (it is relative to whichever schema was compiled apart); the answer's own layout can.
 * The innermost record is the longest of the pointer's prefixes that is one, so it is found
 * in as many look-ups as the pointer has segments, whatever the number of records.
 */
function locate(records: RecordsAt, instancePath: string): { schema: string | undefined; field: string | undefined } {
  for (let end = instancePath.length; end >= 0; end = end === 0 ? -1 : instancePath.lastIndexOf('/', end - 1)) {
    const schema = records.get(instancePath.slice(0, end));
    if (schema === undefined) continue;
    const rest = instancePath.slice(end);
    return { schema, field: rest === '' ? undefined : rest };
  }
  return { schema: undefined, field: undefined };
}

/** The last segment of a pointer, still escaped, as a one-segment pointer. */
const lastSegment = (pointer: string) => (pointer === '' ? '' : `/${pointer.split('/').pop()!}`);

/** The value at a pointer of a body (the pointers here come from the body's own checks, so they resolve). */
function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const segment of pointer.split('/').slice(1)) value = (value as Record<string, unknown> | undefined)?.[pointerKey(segment)];
  return value;
}

/**
 * A violation in words, without the value that caused it: Ajv's message when the check
 * kept messages, else one built from the keyword (the generated validators keep none, to
 * stay small).
 */
export function describeViolation(error: SchemaViolation): string {
  if (error.message !== undefined) return error.message;
  const params = error.params;
  switch (error.keyword) {
    case 'type': return `must be ${String(params.type)}`;
    case 'enum': return 'must be equal to one of the allowed values';
    case 'const': return 'must be equal to constant';
    case 'pattern': return `must match pattern "${String(params.pattern)}"`;
    case 'format': return `must match format "${String(params.format)}"`;
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return `must be ${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength': return `must NOT have fewer than ${String(params.limit)} characters`;
    case 'maxLength': return `must NOT have more than ${String(params.limit)} characters`;
    case 'minItems': return `must NOT have fewer than ${String(params.limit)} items`;
    case 'maxItems': return `must NOT have more than ${String(params.limit)} items`;
    default: return `must pass "${error.keyword}"`;
  }
}

const notEnvelopeDetail = { empty: 'the body is empty', 'not-utf8': 'the body is not JSON', 'not-json': 'the body is not JSON', 'not-envelope': 'the body is not the {status, message, data} envelope' } as const;

/**
 * What is wrong with an answer as an envelope before its schema is read (the one reading of
 * what an answer is, packages/sdk/src/envelope/answer.ts): not JSON, empty, not `{status, message, data}`,
 * or a success code carrying `status: "error"`; undefined when its body is an envelope to
 * hold to its schema (an unknown `status` is the schema's to refuse).
 */
export function envelopeContradiction(answer: AnswerClass): { kind: ContradictionKind; detail: string } | undefined {
  if (answer.kind === 'not-envelope') return { kind: 'not-envelope', detail: notEnvelopeDetail[answer.reason] };
  if (answer.kind === 'error-on-2xx') return { kind: 'error-status-on-2xx', detail: 'a success code with status "error"' };
  return undefined;
}

/** A JSON value's type as the report names it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The shape of a value without its values: `{coin: string, memo: null}`, `[{pair: string}]`. */
export function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${[...new Set(value.map(shapeOf))].join(' | ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([key, member]) => `${key}: ${shapeOf(member)}`).join(', ')}}`;
  return jsonType(value);
}

/** Stands for a body that could not be parsed as JSON (the readers of answers hand it on). */
export { notJson };

/**
 * Every departure of an envelope body from its schema. `layout` places the records; without
 * the published check failing or the detection check failing, only unpublished shapes are
 * looked for, so a body that matches costs one check.
 */
export function readAnswerBody(body: unknown, checks: AnswerChecks, layout: AnswerLayout): Deviation[] {
  const deviations: Deviation[] = [];
  const detected = checks.detection(body);
  if (detected.length > 0) {
    const records: RecordsAt = new Map();
    // Where two schemas' records share a place (a schema that only names another), the first listed is the record's.
    for (const location of layout.objects) visitRecords(body, location.path, (_record, at) => {
      if (!records.has(at)) records.set(at, location.schema);
    });
    // What the published spec refuses contradicts the interface. The detection reading is
    // stricter in every way, so the published check runs only when that one found something.
    const refused = new Set<string>();
    for (const error of checks.published(body)) {
      const { schema, field } = locate(records, error.instancePath);
      refused.add(error.instancePath);
      if (error.keyword === 'required') {
        const missing = String(error.params.missingProperty);
        deviations.push({ class: 'contradiction', kind: 'missing-field', schema, field: `${field ?? ''}/${pointerSegment(missing)}`, pointer: `${error.instancePath}/${pointerSegment(missing)}`, detail: `${missing} is missing` });
      } else if (error.keyword === 'type') {
        deviations.push({ class: 'contradiction', kind: 'wrong-type', schema, field: field ?? lastSegment(error.instancePath), pointer: error.instancePath, detail: `must be ${String(error.params.type)}` });
      } else {
        deviations.push({ class: 'contradiction', kind: 'other-violation', schema, field, pointer: error.instancePath, detail: describeViolation(error) });
      }
    }
    // What only the detection reading refuses is what the interface did not show.
    for (const error of detected) {
      if (error.keyword === 'additionalProperties') {
        const { schema, field } = locate(records, error.instancePath);
        const member = String(error.params.additionalProperty);
        const pointer = `${error.instancePath}/${pointerSegment(member)}`;
        deviations.push({ class: 'learning', kind: 'unknown-field', schema, field: `${field ?? ''}/${pointerSegment(member)}`, pointer, value: valueAt(body, pointer) });
      } else if (error.keyword === 'enum' && !refused.has(error.instancePath)) {
        const { schema, field } = locate(records, error.instancePath);
        deviations.push({ class: 'learning', kind: 'value-not-seen', schema, field: field ?? lastSegment(error.instancePath), pointer: error.instancePath, value: valueAt(body, error.instancePath) });
      }
    }
  }
  // The shapes the interface does not publish at all: what they turned out to be.
  for (const location of layout.unpublished) {
    visitRecords(body, location.path, (record, pointer) => deviations.push({ class: 'learning', kind: 'unpublished-shape', schema: location.schema, pointer, value: record }));
  }
  return deviations;
}

/** What an answer says about the request it answers. */
export type Verdict = 'accepted' | 'refused' | 'inconclusive';

/** An operation's checks: per response key (`200`, `4XX`), its two readings, and where its success answer holds records. */
export type OperationChecks = { responses: Readonly<Record<string, AnswerChecks>>; layout: AnswerLayout };

/**
 * One answer as the reading takes it. `status` is undefined when none came (a timeout, a
 * connection dropped); `body` is the parsed JSON, `notJson`, or undefined when empty.
 * `retryAfter` is the Retry-After header's value, when the answer has one.
 */
export type AnswerInput = { status: number | undefined; body: unknown; retryAfter?: string | undefined };

/** `retryAfterSeconds`: how long a throttled answer asked the caller to wait, when it said. */
export type AnswerReading = { verdict: Verdict; findings: Deviation[]; retryAfterSeconds?: number };

/**
 * Retry-After in seconds from now: a whole number of seconds, or an HTTP date (RFC 9110
 * 10.2.3); undefined when absent or neither.
 */
export function retryAfterSeconds(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The kind of an answer the provider did not decide on, from its status alone; undefined
 * for one it decided on (a success or a refusal). 429 and 503 are throttling whether or not
 * they say when to come back; 408 and no answer at all are timeouts.
 */
export function inconclusiveKindOf(status: number | undefined): InconclusiveKind | undefined {
  if (status === undefined || status === 408) return 'timeout';
  if (status === 429 || status === 503) return 'throttled';
  if (status >= 500) return 'server-error';
  if (status >= 300 && status < 400) return 'redirect';
  return undefined;
}

const inconclusiveWords: Record<InconclusiveKind, string> = { throttled: 'throttled', 'server-error': 'a server error', redirect: 'a redirect', timeout: 'a timeout' };

/** An inconclusive answer in words: `throttled (HTTP 429, retry after 30 s)`, `a timeout (no answer)`. */
export function describeInconclusive(kind: InconclusiveKind, status: number | undefined, retryAfter?: number): string {
  const parts = [status === undefined ? 'no answer' : `HTTP ${status}`, ...(retryAfter === undefined ? [] : [`retry after ${retryAfter} s`])];
  return `${inconclusiveWords[kind]} (${parts.join(', ')})`;
}

/**
 * The reading of one answer of an operation: first its status (an answer the provider did
 * not decide on is read no further; a status the operation describes no answer for is a
 * contradiction), then its envelope, then its body against the response's schema (a success
 * answer's records against the detection reading too). The verdict is `refused` only for a
 * 4xx the operation describes (every 4xx where it describes `4XX`, or a status a reviewed
 * proposal added) answered with an error envelope its schema holds.
 */
export function readAnswer(answer: AnswerInput, operation: OperationChecks): AnswerReading {
  const { status, body } = answer;
  const inconclusive = inconclusiveKindOf(status);
  if (inconclusive !== undefined) {
    const retryAfter = inconclusive === 'throttled' ? retryAfterSeconds(answer.retryAfter) : undefined;
    return {
      verdict: 'inconclusive',
      findings: [{ class: 'inconclusive', kind: inconclusive, pointer: '', detail: describeInconclusive(inconclusive, status, retryAfter) }],
      ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
    };
  }
  const code = status!;
  const ok = code >= 200 && code < 300;
  const key = responseKeyFor(operation.responses, code);
  if (key === undefined) {
    return { verdict: ok ? 'accepted' : 'inconclusive', findings: [{ class: 'contradiction', kind: 'undocumented-status', schema: undefined, field: undefined, pointer: '', detail: `the operation describes no HTTP ${code} answer` }] };
  }
  const answerClass = classifyAnswer(code, body);
  const contradiction = envelopeContradiction(answerClass);
  if (contradiction !== undefined) {
    // A success code is the provider letting the request in, whatever its body; an error status on it is no verdict.
    const verdict: Verdict = ok && contradiction.kind !== 'error-status-on-2xx' ? 'accepted' : 'inconclusive';
    return { verdict, findings: [{ class: 'contradiction', kind: contradiction.kind, schema: undefined, field: undefined, pointer: '', detail: contradiction.detail }] };
  }
  const findings = readAnswerBody(body, operation.responses[key]!, ok ? operation.layout : noRecords);
  // A refusal is a 4xx answered with the error envelope (packages/sdk/src/envelope/answer.ts) its schema holds.
  const refusal = code >= 400 && code < 500 && answerClass.kind === 'error' && answerClass.envelope.status === 'error' && !findings.some((finding) => finding.class === 'contradiction');
  const verdict: Verdict = ok ? 'accepted' : refusal ? 'refused' : 'inconclusive';
  return { verdict, findings };
}

const noRecords: AnswerLayout = { objects: [], unpublished: [] };
