// What one recorded exchange tells about the provider, against the spec. Each finding is a
// learning (it fills something the interface leaves open, or adds to it) or a contradiction
// (the published spec itself refuses the answer: a documented field missing, a wrong type,
// a body that is not an envelope, a 2xx with `status: "error"`).
import { isEnvelope } from '../envelope/index.ts';
import { deref, listOperations, resolvePointer, type OpenApiDocument, type OperationEntry } from '../spec/openapi.ts';
import { pointerKey, pointerSegment } from '../spec/pointer.ts';
import { recordLocations, visitRecords, type RecordLocation } from '../spec/record-locations.ts';
import { SpecValidator } from '../spec/validator.ts';
import { detectionReading } from './detection-reading.ts';
import { controlProbe, observedKey, observedWindow, type ObservedAcceptance, type ObservedRefusals, type ObservedWindow } from './observed.ts';

/** One request and its answer, as recorded. */
export type Exchange = {
  /** Where it was recorded: the file and the index of its entry. */
  source: { file: string; entry: number };
  method: string;
  url: string;
  status: number;
  /** The answer's body as text; undefined when none was recorded. */
  responseText: string | undefined;
  /** When the request was sent (ISO 8601), when the recording says. */
  startedDateTime?: string;
  /**
   * The deliberately wrong request it answers, when a probe sent it: a refusal class
   * (`invalidSignature`), or `timestampSkew:<seconds>` for a request whose x-timestamp was
   * moved that far from the clock.
   */
  probe?: string;
};

const skewProbe = /^timestampSkew:(-?\d+(?:\.\d+)?)$/;

export type ContradictionKind = 'missing-field' | 'wrong-type' | 'not-envelope' | 'error-status-on-2xx' | 'other-violation';

type FindingBase = { operationId: string; status: number; evidence: Exchange['source']; at: string | undefined };

export type Finding = FindingBase &
  (
    /** `sample`: the field's value in this answer, as recorded (a proposal's example). */
    | { class: 'learning'; kind: 'unknown-field'; schema: string | undefined; field: string; type: string; pointer: string; sample: unknown }
    | { class: 'learning'; kind: 'value-not-seen'; schema: string | undefined; field: string; value: string; pointer: string }
    /** `sample`: the record itself, as recorded (what a proposal infers the schema from). */
    | { class: 'learning'; kind: 'unpublished-shape'; schema: string; shape: string; sample: unknown }
    | { class: 'learning'; kind: 'refusal'; message: string; probe: string | undefined }
    /** A deliberately wrong request (a probe other than the control) answered with success. */
    | { class: 'learning'; kind: 'accepted-probe'; probe: string }
    /** A request whose x-timestamp was this far from the clock, and whether it was accepted. */
    | { class: 'learning'; kind: 'timestamp-skew'; skewSeconds: number; accepted: boolean }
    | { class: 'contradiction'; kind: ContradictionKind; schema: string | undefined; field: string | undefined; pointer: string; detail: string }
  );

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What a finding says beyond the exchange it is about. */
type FindingDetails = DistributiveOmit<Finding, keyof FindingBase>;

/**
 * A finding on the exchange `base` describes, its fields copied one by one. Not
 * `{ ...base, ...details }`: in Node 20's V8 an object literal that starts with a spread and
 * adds more fields takes microseconds, tens of times this, and one answer listing 20
 * transactions gives over a hundred findings: that literal was half the time of reading it.
 */
function findingOn(base: FindingBase, details: FindingDetails): Finding {
  return Object.assign({ operationId: base.operationId, status: base.status, evidence: base.evidence, at: base.at }, details);
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

const componentPrefix = '#/components/schemas/';

/** The records of one answer: each record's instance pointer, and the schema it is a record of. */
type RecordsAt = Map<string, string>;

type OperationLocations = { all: RecordLocation[]; objects: RecordLocation[]; unpublished: RecordLocation[] };

/** What one exchange shows (ExchangeAnalyser.read). */
export type ExchangeReading = { matched: boolean; findings: Finding[]; recordCounts: Map<string, number> };

/**
 * The record an instance pointer falls in, and the field's path inside it: `/data/data/0/status`
 * in a Transaction record at `/data/data/0` is Transaction's `status`. Ajv's schemaPath cannot
 * say this (it is relative to whichever schema Ajv compiled apart), the answer's own layout can.
 * The innermost record is the longest of the pointer's prefixes that is one, so it is found
 * in as many look-ups as the pointer has segments, whatever the number of records (a list
 * answer has dozens, and each of its findings is located).
 */
function locate(records: RecordsAt, instancePath: string): { schema: string | undefined; field: string | undefined } {
  for (let end = instancePath.length; end >= 0; end = end === 0 ? -1 : instancePath.lastIndexOf('/', end - 1)) {
    const schema = records.get(instancePath.slice(0, end));
    if (schema === undefined) continue;
    const rest = instancePath.slice(end).split('/').filter(Boolean).map(pointerKey);
    return { schema, field: rest.length ? rest.join('.') : undefined };
  }
  return { schema: undefined, field: undefined };
}

const lastSegment = (pointer: string) => pointerKey(pointer.split('/').pop() ?? '');

/** Reads exchanges against one document: the published spec, and its detection reading. */
export class ExchangeAnalyser {
  private readonly published: SpecValidator;
  private readonly detection: SpecValidator;
  private readonly operations: { entry: OperationEntry; pattern: RegExp }[];
  private readonly locations = new Map<string, OperationLocations>();
  /** The timestamp window a reviewed proposal documented: skews it already explains teach nothing. */
  private readonly knownWindow: ObservedWindow | undefined;

  constructor(readonly document: OpenApiDocument) {
    this.published = new SpecValidator(document);
    this.detection = new SpecValidator(detectionReading(document));
    this.knownWindow = observedWindow(document);
    this.operations = listOperations(document).map((entry) => ({
      entry,
      // A template's parameters match one path segment; the base address may add a prefix.
      pattern: new RegExp(`${entry.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** The operation a request was for, from its method and path; undefined for none of the spec's. */
  operationOf(method: string, url: string): OperationEntry | undefined {
    const path = new URL(url, 'http://recorded.invalid').pathname;
    return this.operations.find(({ entry, pattern }) => entry.method === method.toLowerCase() && pattern.test(path))?.entry;
  }

  /**
   * Where an operation's answer holds records, read once per operation: every component
   * schema's place (what a field's "14/14 Swap records" counts against), the object schemas'
   * (the records fields belong to; a field typed by a named scalar such as DecimalString stays
   * a field of its record) and the unpublished shapes' (no `type`: what they turned out to be).
   */
  private locationsOf(operationId: string): OperationLocations {
    let found = this.locations.get(operationId);
    if (!found) {
      const all = recordLocations(this.document, operationId);
      const schemaOf = (location: RecordLocation) => resolvePointer(this.document, `${componentPrefix}${location.schema}`) as Record<string, unknown>;
      found = {
        all,
        objects: all.filter((l) => schemaOf(l).type === 'object' || schemaOf(l).properties !== undefined),
        unpublished: all.filter((l) => !('type' in schemaOf(l)) && !('$ref' in schemaOf(l))),
      };
      this.locations.set(operationId, found);
    }
    return found;
  }

  /**
   * What one exchange shows: its findings, and how many records of each component schema its
   * success answer carries; `matched` is false for a request the spec has no operation for.
   */
  read(exchange: Exchange): ExchangeReading {
    const recordCounts = new Map<string, number>();
    const entry = this.operationOf(exchange.method, exchange.url);
    if (!entry) return { matched: false, findings: [], recordCounts };
    const base: FindingBase = { operationId: entry.operationId, status: exchange.status, evidence: exchange.source, at: exchange.startedDateTime };
    const ok = exchange.status >= 200 && exchange.status < 300;
    const skew = exchange.probe === undefined ? null : skewProbe.exec(exchange.probe);
    // A skewed timestamp asks one thing: was it let in. What the answer holds is the walk's business elsewhere.
    if (skew) {
      const skewSeconds = Number(skew[1]);
      const known = this.knownWindow !== undefined && (ok ? Math.abs(skewSeconds) <= (this.knownWindow.acceptedUpToSeconds ?? -1) : Math.abs(skewSeconds) >= (this.knownWindow.refusedFromSeconds ?? Infinity));
      return { matched: true, findings: known ? [] : [findingOn(base, { class: 'learning', kind: 'timestamp-skew', skewSeconds, accepted: ok })], recordCounts };
    }
    const contradiction = (kind: ContradictionKind, detail: string, pointer = '', schema?: string, field?: string): Finding => findingOn(base, { class: 'contradiction', kind, schema, field, pointer, detail });
    let body: unknown;
    try {
      body = exchange.responseText === undefined || exchange.responseText === '' ? undefined : JSON.parse(exchange.responseText);
    } catch {
      return { matched: true, findings: [contradiction('not-envelope', 'the body is not JSON')], recordCounts };
    }
    if (!isEnvelope(body)) return { matched: true, findings: [contradiction('not-envelope', body === undefined ? 'the body is empty' : 'the body is not the {status, message, data} envelope')], recordCounts };
    if (ok && body.status === 'error') return { matched: true, findings: [contradiction('error-status-on-2xx', `HTTP ${exchange.status} with status "error": ${String(body.message)}`)], recordCounts };
    if (!ok) return { matched: true, findings: this.refusal(entry, base, exchange, body, contradiction), recordCounts };
    for (const location of this.locationsOf(entry.operationId).all) {
      visitRecords(body, location.path, () => recordCounts.set(location.schema, (recordCounts.get(location.schema) ?? 0) + 1));
    }
    const findings = this.success(entry, base, body, contradiction);
    // A deliberately wrong request let in is a rule learned too (no maximum amount, an empty page past the end).
    if (exchange.probe !== undefined && exchange.probe !== controlProbe && !this.documentsAcceptance(entry, exchange.probe)) {
      findings.push(findingOn(base, { class: 'learning', kind: 'accepted-probe', probe: exchange.probe }));
    }
    return { matched: true, findings, recordCounts };
  }

  private refusal(entry: OperationEntry, base: FindingBase, exchange: Exchange, body: { message?: unknown }, contradiction: (kind: ContradictionKind, detail: string) => Finding): Finding[] {
    const pointer = this.published.responseSchemaPointer(entry.method, entry.path, exchange.status);
    const violations = pointer ? this.published.errorsAt(pointer, body) : [];
    if (violations.length > 0) return violations.map((error) => contradiction('other-violation', `${error.instancePath || '(body)'} ${error.message ?? error.keyword}`));
    const message = String(body.message);
    if (this.documentsRefusal(entry, exchange.status, message, exchange.probe)) return [];
    return [findingOn(base, { class: 'learning', kind: 'refusal', message, probe: exchange.probe })];
  }

  /** True when a reviewed proposal documented that the operation lets this probe in. */
  private documentsAcceptance(entry: OperationEntry, probe: string): boolean {
    const observed = (entry.operation as Record<string, unknown>)[observedKey] as ObservedAcceptance | undefined;
    return observed?.accepted?.some((accepted) => accepted.probe === probe) ?? false;
  }

  /**
   * True when the operation already names this status: as the interface does (nothing to
   * learn), or as a reviewed proposal did, for this condition (the same message, and the same
   * probe when the request was one).
   */
  private documentsRefusal(entry: OperationEntry, status: number, message: string, probe: string | undefined): boolean {
    const response = deref(this.document, entry.operation.responses[String(status)]) as Record<string, unknown> | undefined;
    if (response === undefined) return false;
    const observed = response[observedKey] as ObservedRefusals | undefined;
    if (observed === undefined) return true;
    return observed.conditions.some((condition) => condition.message === message && (probe === undefined || condition.probe === probe));
  }

  private success(entry: OperationEntry, base: FindingBase, body: unknown, contradiction: (kind: ContradictionKind, detail: string, pointer?: string, schema?: string, field?: string) => Finding): Finding[] {
    const pointer = this.published.responseSchemaPointer(entry.method, entry.path, base.status);
    if (!pointer) return [contradiction('other-violation', `the spec describes no ${base.status} answer`)];
    const findings: Finding[] = [];
    const locations = this.locationsOf(entry.operationId);
    const records: RecordsAt = new Map();
    // Where two schemas' records share a place (a schema that only names another), the first listed is the record's.
    for (const location of locations.objects) visitRecords(body, location.path, (_record, at) => {
      if (!records.has(at)) records.set(at, location.schema);
    });
    // What the published spec refuses contradicts the interface.
    const refused = new Set<string>();
    for (const error of this.published.errorsAt(pointer, body)) {
      const { schema, field } = locate(records, error.instancePath);
      refused.add(error.instancePath);
      if (error.keyword === 'required') {
        const missing = String(error.params.missingProperty);
        findings.push(contradiction('missing-field', `${missing} is missing`, `${error.instancePath}/${missing}`, schema, field === undefined ? missing : `${field}.${missing}`));
      } else if (error.keyword === 'type') {
        findings.push(contradiction('wrong-type', `must be ${String(error.params.type)}`, error.instancePath, schema, field ?? lastSegment(error.instancePath)));
      } else {
        findings.push(contradiction('other-violation', `${error.message ?? error.keyword}`, error.instancePath, schema, field));
      }
    }
    // What only the detection reading refuses is what the interface did not show.
    for (const error of this.detection.errorsAt(pointer, body)) {
      const { schema, field } = locate(records, error.instancePath);
      if (error.keyword === 'additionalProperties') {
        const member = String(error.params.additionalProperty);
        const name = field === undefined ? member : `${field}.${member}`;
        const at = `${error.instancePath}/${pointerSegment(member)}`;
        const value = resolvePointer(body, `#${at}`);
        findings.push(findingOn(base, { class: 'learning', kind: 'unknown-field', schema, field: name, type: jsonType(value), pointer: at, sample: value }));
      } else if (error.keyword === 'enum' && !refused.has(error.instancePath)) {
        const value = resolvePointer(body, `#${error.instancePath}`);
        findings.push(findingOn(base, { class: 'learning', kind: 'value-not-seen', schema, field: field ?? lastSegment(error.instancePath), value: String(value), pointer: error.instancePath }));
      }
    }
    // The shapes the interface does not publish at all: what they turned out to be.
    for (const location of locations.unpublished) {
      visitRecords(body, location.path, (record) => findings.push(findingOn(base, { class: 'learning', kind: 'unpublished-shape', schema: location.schema, shape: shapeOf(record), sample: record })));
    }
    return findings;
  }
}
