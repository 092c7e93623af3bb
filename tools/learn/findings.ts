// What one recorded exchange tells about the provider, against the spec: the answer reading
// (packages/sdk/src/spec/answer-reading.ts) on its answer, the one the drift watch and the contract run
// use, and what the verdict teaches about the request. Each finding is a learning (it fills
// something the interface leaves open, or adds to it), a contradiction (the published spec
// itself refuses the answer) or inconclusive (the provider did not decide on the request:
// throttled, a server error, a redirect, a timeout), which teaches nothing.
import { deref, operationMatcher, type OpenApiDocument, type OperationEntry } from '../../packages/sdk/src/spec/openapi.ts';
import { jsonType, notJson, readAnswer, shapeOf, type ContradictionKind, type InconclusiveKind } from '../../packages/sdk/src/spec/answer-reading.ts';
import { SpecAnswerChecks } from '../spec/answer-checks.ts';
import { answerRecords, visitRecords } from '../../packages/sdk/src/spec/record-locations.ts';
import { controlProbe, observedKey, observedWindow, type ObservedAcceptance, type ObservedRefusals, type ObservedWindow } from './observed.ts';

/** One request and its answer, as recorded. */
export type Exchange = {
  /** Where it was recorded: the file and the index of its entry. */
  source: { file: string; entry: number };
  method: string;
  url: string;
  /** The HTTP status; 0 when no answer came (a timeout, as HAR writes it). */
  status: number;
  /** The answer's Retry-After header, when it has one. */
  retryAfter?: string;
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

export type { ContradictionKind, InconclusiveKind };
export { jsonType, shapeOf } from '../../packages/sdk/src/spec/answer-reading.ts';

type FindingBase = { operationId: string; status: number; evidence: Exchange['source']; at: string | undefined };

export type Finding = FindingBase &
  (
    /** `sample`: the field's value in this answer, as recorded (a proposal's example). */
    | { class: 'learning'; kind: 'unknown-field'; schema: string | undefined; field: string; type: string; pointer: string; sample: unknown }
    | { class: 'learning'; kind: 'value-not-seen'; schema: string | undefined; field: string; value: string; pointer: string }
    /** `sample`: the record itself, as recorded (what a proposal infers the schema from). */
    | { class: 'learning'; kind: 'unpublished-shape'; schema: string; shape: string; pointer: string; sample: unknown }
    | { class: 'learning'; kind: 'refusal'; message: string; probe: string | undefined }
    /** A deliberately wrong request (a probe other than the control) answered with success. */
    | { class: 'learning'; kind: 'accepted-probe'; probe: string }
    /** A request whose x-timestamp was this far from the clock, and whether it was accepted. */
    | { class: 'learning'; kind: 'timestamp-skew'; skewSeconds: number; accepted: boolean }
    | { class: 'contradiction'; kind: ContradictionKind; schema: string | undefined; field: string | undefined; pointer: string; detail: string }
    /** An answer the provider did not decide on; `skewSeconds` when it answered a skewed timestamp. */
    | { class: 'inconclusive'; kind: InconclusiveKind; detail: string; probe: string | undefined; skewSeconds: number | undefined; pointer: '' }
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
  private readonly checks: SpecAnswerChecks;
  /** The operation a request was for (the spec's templates, literal segments before parameters). */
  readonly operationOf: (method: string, url: string) => OperationEntry | undefined;
  /** The timestamp window a reviewed proposal documented: skews it already explains teach nothing. */
  private readonly knownWindow: ObservedWindow | undefined;

  constructor(readonly document: OpenApiDocument) {
    this.checks = new SpecAnswerChecks(document);
    this.knownWindow = observedWindow(document);
    // Recorded traffic asks for the same few addresses over and over: each is matched once.
    const match = operationMatcher(document);
    const matched = new Map<string, OperationEntry | undefined>();
    this.operationOf = (method, url) => {
      const key = `${method} ${url}`;
      if (matched.has(key)) return matched.get(key);
      const entry = match(method, url);
      if (matched.size < 10_000) matched.set(key, entry);
      return entry;
    };
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
    let body: unknown;
    try {
      body = exchange.responseText === undefined || exchange.responseText === '' ? undefined : JSON.parse(exchange.responseText);
    } catch {
      body = notJson;
    }
    const checks = this.checks.of(entry);
    const reading = readAnswer({ status: exchange.status === 0 ? undefined : exchange.status, body, retryAfter: exchange.retryAfter }, checks);
    const skew = exchange.probe === undefined ? null : skewProbe.exec(exchange.probe);
    const skewSeconds = skew ? Number(skew[1]) : undefined;
    const findings: Finding[] = [];
    for (const deviation of reading.findings) {
      switch (deviation.class) {
        case 'inconclusive':
          findings.push(findingOn(base, { class: 'inconclusive', kind: deviation.kind, detail: deviation.detail, probe: exchange.probe, skewSeconds, pointer: '' }));
          break;
        case 'contradiction':
          // A recording may quote the provider's message; the drift watch never does.
          findings.push(findingOn(base, { class: 'contradiction', kind: deviation.kind, schema: deviation.schema, field: deviation.field, pointer: deviation.pointer, detail: deviation.kind === 'error-status-on-2xx' ? `HTTP ${exchange.status} with status "error": ${String((body as { message: unknown }).message)}` : deviation.detail }));
          break;
        default:
          // A skewed timestamp asks one thing: was it let in. What the answer holds is the walk's business elsewhere.
          if (skew) break;
          if (deviation.kind === 'unknown-field') findings.push(findingOn(base, { class: 'learning', kind: 'unknown-field', schema: deviation.schema, field: deviation.field, type: jsonType(deviation.value), pointer: deviation.pointer, sample: deviation.value }));
          else if (deviation.kind === 'value-not-seen') findings.push(findingOn(base, { class: 'learning', kind: 'value-not-seen', schema: deviation.schema, field: deviation.field, value: String(deviation.value), pointer: deviation.pointer }));
          else findings.push(findingOn(base, { class: 'learning', kind: 'unpublished-shape', schema: deviation.schema, shape: shapeOf(deviation.value), pointer: deviation.pointer, sample: deviation.value }));
      }
    }
    // Only a decided answer is evidence of a rule: a refusal, or a request let in.
    if (reading.verdict === 'inconclusive') return { matched: true, findings, recordCounts };
    const accepted = reading.verdict === 'accepted';
    if (skewSeconds !== undefined) {
      const known = this.knownWindow !== undefined && (accepted ? Math.abs(skewSeconds) <= (this.knownWindow.acceptedUpToSeconds ?? -1) : Math.abs(skewSeconds) >= (this.knownWindow.refusedFromSeconds ?? Infinity));
      if (!known) findings.push(findingOn(base, { class: 'learning', kind: 'timestamp-skew', skewSeconds, accepted }));
      return { matched: true, findings, recordCounts };
    }
    if (!accepted) {
      const message = String((body as { message: unknown }).message);
      if (!this.documentsRefusal(entry, exchange.status, message, exchange.probe)) findings.push(findingOn(base, { class: 'learning', kind: 'refusal', message, probe: exchange.probe }));
      return { matched: true, findings, recordCounts };
    }
    for (const location of this.allLocations(entry)) {
      visitRecords(body, location.path, () => recordCounts.set(location.schema, (recordCounts.get(location.schema) ?? 0) + 1));
    }
    // A deliberately wrong request let in is a rule learned too (no maximum amount, an empty page past the end).
    if (exchange.probe !== undefined && exchange.probe !== controlProbe && !this.documentsAcceptance(entry, exchange.probe)) {
      findings.push(findingOn(base, { class: 'learning', kind: 'accepted-probe', probe: exchange.probe }));
    }
    return { matched: true, findings, recordCounts };
  }

  private readonly locations = new Map<string, ReturnType<typeof answerRecords>['all']>();

  /** Every component schema's place in the operation's success answer, read once per operation. */
  private allLocations(entry: OperationEntry): ReturnType<typeof answerRecords>['all'] {
    let found = this.locations.get(entry.operationId);
    if (!found) {
      found = answerRecords(this.document, entry.operationId).all;
      this.locations.set(entry.operationId, found);
    }
    return found;
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
    if (response === undefined) return this.documentsSharedRefusal(status, message, probe);
    const observed = response[observedKey] as ObservedRefusals | undefined;
    if (observed === undefined) return true;
    return observed.conditions.some((condition) => condition.message === message && (probe === undefined || condition.probe === probe));
  }

  /** True when a reviewed proposal put this refusal on the shared error response (the authentication layer's, for every operation). */
  private documentsSharedRefusal(status: number, message: string, probe: string | undefined): boolean {
    const shared = (this.document.components?.responses as Record<string, unknown> | undefined)?.[sharedRefusalResponse(status)] as Record<string, unknown> | undefined;
    const observed = shared?.[observedKey] as ObservedRefusals | undefined;
    return observed?.conditions.some((condition) => condition.status === status && condition.message === message && (probe === undefined || condition.probe === probe)) ?? false;
  }
}

/** The shared response (components/responses) every operation's answers of this status refer to. */
export function sharedRefusalResponse(status: number): string {
  return status >= 500 ? 'ServerError' : 'ClientError';
}
