// What one recorded exchange tells about the provider, against the spec. Each finding is a
// learning (it fills something the interface leaves open, or adds to it) or a contradiction
// (the published spec itself refuses the answer: a documented field missing, a wrong type,
// a body that is not an envelope, a 2xx with `status: "error"`).
import { deref, listOperations, type OpenApiDocument, type OperationEntry } from '../spec/openapi.ts';
import { jsonType, notJson, readEnvelope, readAnswerBody, shapeOf, type AnswerChecks, type ContradictionKind } from '../spec/answer-reading.ts';
import { answerRecords, visitRecords, type AnswerRecords } from '../spec/record-locations.ts';
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

export type { ContradictionKind };
export { jsonType, shapeOf } from '../spec/answer-reading.ts';

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

/** What one exchange shows (ExchangeAnalyser.read). */
export type ExchangeReading = { matched: boolean; findings: Finding[]; recordCounts: Map<string, number> };

/** Reads exchanges against one document: the published spec, and its detection reading. */
export class ExchangeAnalyser {
  private readonly published: SpecValidator;
  private readonly detection: SpecValidator;
  private readonly operations: { entry: OperationEntry; pattern: RegExp }[];
  private readonly locations = new Map<string, AnswerRecords>();
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

  /** Where an operation's answer holds records, read once per operation. */
  private locationsOf(operationId: string): AnswerRecords {
    let found = this.locations.get(operationId);
    if (!found) {
      found = answerRecords(this.document, operationId);
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
      body = notJson;
    }
    const read = readEnvelope(ok, body);
    if (!('envelope' in read)) {
      // A recording may quote the provider's message; the drift watch never does.
      const detail = read.kind === 'error-status-on-2xx' ? `HTTP ${exchange.status} with status "error": ${String((body as { message: unknown }).message)}` : read.detail;
      return { matched: true, findings: [contradiction(read.kind, detail)], recordCounts };
    }
    if (!ok) return { matched: true, findings: this.refusal(entry, base, exchange, read.envelope, contradiction), recordCounts };
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
    if (!pointer) return [contradiction('undocumented-status', `the operation describes no HTTP ${base.status} answer`)];
    const checks: AnswerChecks = { published: (value) => this.published.errorsAt(pointer, value), detection: (value) => this.detection.errorsAt(pointer, value) };
    return readAnswerBody(body, checks, this.locationsOf(entry.operationId)).map((deviation) => {
      switch (deviation.kind) {
        case 'unknown-field':
          return findingOn(base, { class: 'learning', kind: 'unknown-field', schema: deviation.schema, field: deviation.field, type: jsonType(deviation.value), pointer: deviation.pointer, sample: deviation.value });
        case 'value-not-seen':
          return findingOn(base, { class: 'learning', kind: 'value-not-seen', schema: deviation.schema, field: deviation.field, value: String(deviation.value), pointer: deviation.pointer });
        case 'unpublished-shape':
          return findingOn(base, { class: 'learning', kind: 'unpublished-shape', schema: deviation.schema, shape: shapeOf(deviation.value), sample: deviation.value });
        default:
          return contradiction(deviation.kind, deviation.detail, deviation.pointer, deviation.schema, deviation.field);
      }
    });
  }
}
