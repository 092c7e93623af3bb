// The report on recorded traffic: every finding grouped under the marker (the
// `x-undocumented` statement of `npm run unknowns`) whose question it answers, or under its
// operation when no marker covers it, with counts and the evidence (file and entry) of each;
// contradictions apart, as JSON for machines (markdown.ts renders it for people). Every finding goes through
// the privacy policy (redactFinding) before the report keeps anything of it, so nothing the
// report holds, and so nothing rendered or proposed from it, can carry a value the policy masks.
import { defaultPolicy, type Carried, type PrivacyPolicy } from '../../packages/sdk/src/privacy/index.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../packages/sdk/src/spec/pointer.ts';
import { displayField, pointerKeys, type InconclusiveKind } from '../../packages/sdk/src/spec/answer-reading.ts';
import { collectUnknowns } from '../spec/unknowns.ts';
import { ExchangeAnalyser, type Exchange, type Finding } from './findings.ts';
import { summarise, summariseInconclusive } from './summaries.ts';

export type { ContradictionItem, InconclusiveItem, LearnedItem, MarkerSection, TrafficReport } from './report-types.ts';
import type { ContradictionItem, Evidence, InconclusiveItem, LearnedItem, MarkerSection, TrafficReport } from './report-types.ts';

const evidenceLimit = 5;
const skewLimit = 20;
const timestampMarker = '#/components/securitySchemes/Timestamp';
const amountMarker = '#/components/schemas/PositiveAmount';

/** An exchange as the report reads it: `carried`, what its request carried in protected fields (a recording from another tool keeps them). */
export type ReportedExchange = Exchange & { carried?: Carried };

/**
 * A finding with every text of the answer in it (a field name, a pointer, a value, a
 * message, a shape, a detail) put through the policy, with what the request carried: the
 * traffic read may not come from the kit's recorder, and the report is written out. The
 * samples are left to `redactSample`, which only the first finding of an item needs.
 */
function redactFinding(finding: Finding, policy: PrivacyPolicy, carried: Carried | undefined): Finding {
  // A new object only when the policy changed something: most findings name nothing personal.
  switch (finding.kind) {
    case 'unknown-field': {
      const field = policy.redactPointer(finding.field, carried);
      const pointer = policy.redactPointer(finding.pointer, carried);
      return field === finding.field && pointer === finding.pointer ? finding : { ...finding, field, pointer };
    }
    case 'value-not-seen': {
      const field = policy.redactPointer(finding.field, carried);
      const pointer = policy.redactPointer(finding.pointer, carried);
      const value = String(policy.redactField(finding.field, finding.value, carried));
      return field === finding.field && pointer === finding.pointer && value === finding.value ? finding : { ...finding, field, pointer, value };
    }
    case 'unpublished-shape': {
      const shape = policy.redactName(finding.shape, carried);
      return shape === finding.shape ? finding : { ...finding, shape };
    }
    case 'refusal': {
      const message = policy.redactText(finding.message, carried);
      return message === finding.message ? finding : { ...finding, message };
    }
    case 'accepted-probe':
    case 'timestamp-skew':
      return finding;
    default: {
      if (finding.class === 'inconclusive') {
        const detail = policy.redactText(finding.detail, carried);
        return detail === finding.detail ? finding : { ...finding, detail };
      }
      const field = finding.field === undefined ? undefined : policy.redactPointer(finding.field, carried);
      const pointer = policy.redactPointer(finding.pointer, carried);
      const detail = policy.redactText(finding.detail, carried);
      return field === finding.field && pointer === finding.pointer && detail === finding.detail ? finding : { ...finding, field, pointer, detail };
    }
  }
}

/** What the policy changed of what an item shows of its first finding, if anything. */
function maskedBy(raw: Finding, item: LearnedItem): LearnedItem['masked'] {
  const changed = (yes: boolean) => (yes ? 'value' : undefined);
  switch (raw.kind) {
    case 'value-not-seen':
      return item.field !== raw.field ? 'name' : changed(item.value !== raw.value);
    case 'unknown-field':
      return item.field !== raw.field ? 'name' : changed(JSON.stringify(item.example) !== JSON.stringify(raw.sample));
    case 'unpublished-shape':
      return changed(item.shape !== raw.shape || JSON.stringify(item.example) !== JSON.stringify(raw.sample));
    case 'refusal':
      return changed(item.message !== raw.message);
    default:
      return undefined;
  }
}

/** Keeps the first few entries that showed an item, each once (an answer can show it in several records). */
function addEvidence(list: Evidence[], evidence: Evidence): void {
  if (list.length < evidenceLimit && !list.some((e) => e.file === evidence.file && e.entry === evidence.entry)) list.push(evidence);
}

/**
 * Which marker a finding answers: for a refusal, the one on the HTTP status of each
 * condition; otherwise the record's schema-level one first (it asks about fields and values),
 * then the field's own, then the operation's (a swap market whose whole answer is unpublished).
 */
function markerOf(finding: Finding, markers: Set<string>, operationPointers: Map<string, string>): string | undefined {
  if (finding.class !== 'learning') return undefined;
  const ofOperation = () => {
    const pointer = operationPointers.get(finding.operationId);
    return pointer !== undefined && markers.has(pointer) ? pointer : undefined;
  };
  if (finding.kind === 'timestamp-skew') return markers.has(timestampMarker) ? timestampMarker : undefined;
  // An amount let in tells about the published limits of amounts; anything else, about its operation.
  if (finding.kind === 'accepted-probe') return /amount/i.test(finding.probe) && markers.has(amountMarker) ? amountMarker : ofOperation();
  if (finding.kind === 'refusal') {
    const pointer = `#/components/responses/${finding.status >= 500 ? 'ServerError' : 'ClientError'}`;
    return markers.has(pointer) ? pointer : undefined;
  }
  if (finding.schema === undefined) return ofOperation();
  const schemaPointer = `#/components/schemas/${finding.schema}`;
  if (markers.has(schemaPointer)) return schemaPointer;
  if ('field' in finding && finding.field !== undefined) {
    const fieldPointer = `${schemaPointer}${pointerKeys(finding.field).map((key) => `/properties/${pointerSegment(key)}`).join('')}`;
    if (markers.has(fieldPointer)) return fieldPointer;
  }
  return ofOperation();
}

function keyOf(finding: Finding): string {
  switch (finding.kind) {
    case 'unknown-field':
      return `field ${finding.schema ?? finding.operationId} ${finding.field}`;
    case 'value-not-seen':
      return `value ${finding.schema ?? finding.operationId} ${finding.field} ${finding.value}`;
    case 'unpublished-shape':
      return `shape ${finding.schema} ${finding.shape}`;
    case 'refusal':
      return `refusal ${finding.operationId} ${finding.probe ?? ''} ${finding.status} ${finding.message}`;
    case 'timestamp-skew':
      // Every skewed request brackets the one window.
      return 'timestamp-window';
    case 'accepted-probe':
      return `accepted ${finding.operationId} ${finding.probe} ${finding.status}`;
    default:
      // Every skewed request asks of the one window: their inconclusive answers are one item of each kind.
      if (finding.class === 'inconclusive') return `inconclusive ${finding.kind} ${finding.operationId} ${finding.skewSeconds === undefined ? (finding.probe ?? '') : 'timestampSkew'}`;
      return `contradiction ${finding.kind} ${finding.operationId} ${finding.schema ?? ''} ${finding.field ?? ''} ${finding.detail}`;
  }
}

/** Reads every exchange and groups what it shows. */
export function buildReport(doc: OpenApiDocument, exchanges: Iterable<ReportedExchange>, policy: PrivacyPolicy = defaultPolicy): TrafficReport {
  const builder = new ReportBuilder(doc, policy);
  for (const exchange of exchanges) builder.add(exchange);
  return builder.finish();
}

/** What one answer showed: its findings, each through the privacy policy and keyed, and its records per schema. */
type AnswerReading = { recordCounts: Map<string, number>; findings: { raw: Finding; finding: Finding; key: string }[] };

/** Answers remembered for the ones alike to come: at most this many, of bodies up to this long, this many characters in all. */
const answerLimit = 2000;
const answerTextLimit = 256 * 1024;
const answerCharacterLimit = 8 * 1024 * 1024;
/** The body key of an answer that has none (a body is a string; this one is no JSON a provider sends alone). */
const noBody = '\u0000no body';

/**
 * The report built one exchange at a time, as recordings are read: it keeps what the report
 * shows (counts, the first few pieces of evidence, an example per item) and nothing of an
 * exchange once read, so its memory follows the findings, not the traffic.
 */
export class ReportBuilder {
  readonly #analyser: ExchangeAnalyser;
  readonly #policy: PrivacyPolicy;
  readonly #unknowns: ReturnType<typeof collectUnknowns>;
  readonly #markerPointers: Set<string>;
  readonly #operationPointers: Map<string, string>;
  readonly #records = new Map<string, number>();
  readonly #learned = new Map<string, { marker: string | undefined; item: LearnedItem; lastAnswer: number }>();
  readonly #contradictions = new Map<string, ContradictionItem>();
  readonly #inconclusive = new Map<string, InconclusiveItem>();
  /** Readings by body, then by operation, status, probe, Retry-After and what the request carried. */
  readonly #answers = new Map<string, Map<string, AnswerReading>>();
  #answerCharacters = 0;
  #answersReadAgain = 0;
  #exchanges = 0;
  #unmatched = 0;

  constructor(doc: OpenApiDocument, policy: PrivacyPolicy = defaultPolicy) {
    this.#analyser = new ExchangeAnalyser(doc);
    this.#policy = policy;
    this.#unknowns = collectUnknowns(doc);
    this.#markerPointers = new Set(this.#unknowns.map((u) => u.pointer));
    this.#operationPointers = new Map(listOperations(doc).map((o) => [o.operationId, `#/paths/${pointerSegment(o.path)}/${o.method}`]));
  }

  /** Reads one exchange into the report. */
  add(exchange: ReportedExchange): void {
    // Several records of one answer are one answer: each item remembers the last answer that counted.
    const answer = ++this.#exchanges;
    const operation = this.#analyser.operationOf(exchange.method, exchange.url);
    if (!operation) {
      this.#unmatched++;
      return;
    }
    // What an answer shows depends on its operation, status, probe, Retry-After, body and what
    // its request carried, never on when or where it was recorded: an answer read before is not read again.
    const text = exchange.responseText;
    const carriedKey = exchange.carried?.length ? JSON.stringify(exchange.carried) : '';
    // Keyed by the body first, then the rest: a body is looked up as it was read, not copied into a longer key.
    const bodyKey = text === undefined ? noBody : text;
    const restKey = `${operation.operationId}\u0000${exchange.status}\u0000${exchange.probe === undefined ? 'u' : `p${exchange.probe}`}\u0000${exchange.retryAfter === undefined ? 'u' : `r${exchange.retryAfter}`}\u0000${carriedKey}`;
    const remembered = bodyKey.length <= answerTextLimit;
    let reading = remembered ? this.#answers.get(bodyKey)?.get(restKey) : undefined;
    if (reading) this.#answersReadAgain++;
    else {
      reading = this.#readAnswer(exchange);
      if (remembered) this.#remember(bodyKey, restKey, reading);
    }
    this.#count(reading, exchange, answer);
  }

  /** Answers read again from what an earlier identical one showed (`add`), of the exchanges added. */
  get answersReadAgain(): number {
    return this.#answersReadAgain;
  }

  /** What one answer shows, its findings through the privacy policy and keyed. */
  #readAnswer(exchange: ReportedExchange): AnswerReading {
    const { findings, recordCounts } = this.#analyser.read(exchange);
    return { recordCounts, findings: findings.map((raw) => {
      const finding = redactFinding(raw, this.#policy, exchange.carried);
      return { raw, finding, key: keyOf(finding) };
    }) };
  }

  /** Keeps a reading for answers alike to come, the oldest bodies let go past the bounds. */
  #remember(bodyKey: string, restKey: string, reading: AnswerReading): void {
    let readings = this.#answers.get(bodyKey);
    if (!readings) {
      readings = new Map();
      this.#answers.set(bodyKey, readings);
      this.#answerCharacters += bodyKey.length;
    }
    readings.set(restKey, reading);
    for (const [oldest] of this.#answers) {
      if (this.#answers.size <= answerLimit && this.#answerCharacters <= answerCharacterLimit) break;
      this.#answers.delete(oldest);
      this.#answerCharacters -= oldest.length;
    }
  }

  /** Counts what one exchange's answer showed; its evidence and date are the exchange's own. */
  #count(reading: AnswerReading, exchange: ReportedExchange, answer: number): void {
    const policy = this.#policy;
    const evidence = exchange.source;
    const at = exchange.startedDateTime;
    const records = this.#records;
    for (const [schema, count] of reading.recordCounts) records.set(schema, (records.get(schema) ?? 0) + count);
    for (const { raw, finding, key } of reading.findings) {
      if (finding.class === 'inconclusive') {
        const probe = finding.skewSeconds === undefined ? finding.probe : 'timestampSkew';
        const item = this.#inconclusive.get(key) ?? { kind: finding.kind, operationId: finding.operationId, ...(probe === undefined ? {} : { probe }), statuses: [], summary: '', count: 0, evidence: [] };
        item.count++;
        if (!item.statuses.includes(finding.status)) item.statuses.push(finding.status);
        if (finding.skewSeconds !== undefined) {
          // The first few skews are listed; the others are counted, so that the item stays small whatever the traffic.
          if ((item.skews ??= []).length < skewLimit) item.skews.push(finding.skewSeconds);
          else item.skewsLeftOut = (item.skewsLeftOut ?? 0) + 1;
        }
        addEvidence(item.evidence, evidence);
        this.#inconclusive.set(key, item);
        continue;
      }
      if (finding.class === 'contradiction') {
        const item = this.#contradictions.get(key) ?? { kind: finding.kind, operationId: finding.operationId, schema: finding.schema, field: finding.field, detail: finding.detail, count: 0, evidence: [] };
        item.count++;
        addEvidence(item.evidence, evidence);
        this.#contradictions.set(key, item);
        continue;
      }
      let entry = this.#learned.get(key);
      if (!entry) {
        const item: LearnedItem = { kind: finding.kind === 'timestamp-skew' ? 'timestamp-window' : finding.kind, summary: '', seen: 0, answers: 0, evidence: [], sources: [] };
        if (finding.kind === 'timestamp-skew') item.window = { acceptedUpTo: undefined, refusedFrom: undefined };
        else if (finding.kind === 'refusal') Object.assign(item, { operationId: finding.operationId, status: finding.status, message: finding.message, probe: finding.probe });
        else if (finding.kind === 'accepted-probe') Object.assign(item, { operationId: finding.operationId, status: finding.status, probe: finding.probe });
        else if (finding.kind === 'unpublished-shape') Object.assign(item, { schema: finding.schema, shape: finding.shape, operationId: finding.operationId, example: policy.redactJson((raw as typeof finding).sample, exchange.carried) });
        else Object.assign(item, { schema: finding.schema, field: finding.field, operationId: finding.operationId, ...(finding.kind === 'value-not-seen' ? { value: finding.value } : { types: {}, example: policy.redactField((raw as typeof finding).field, (raw as typeof finding).sample, exchange.carried) }) });
        const masked = maskedBy(raw, item);
        if (masked) item.masked = masked;
        entry = { marker: markerOf(finding, this.#markerPointers, this.#operationPointers), item, lastAnswer: 0 };
        this.#learned.set(key, entry);
      }
      const { item } = entry;
      item.seen++;
      if (entry.lastAnswer !== answer) {
        entry.lastAnswer = answer;
        item.answers++;
      }
      if (finding.kind === 'unknown-field') item.types![finding.type] = (item.types![finding.type] ?? 0) + 1;
      if (finding.kind === 'timestamp-skew') {
        const distance = Math.abs(finding.skewSeconds);
        const window = item.window!;
        if (finding.accepted) window.acceptedUpTo = Math.max(window.acceptedUpTo ?? 0, distance);
        else window.refusedFrom = Math.min(window.refusedFrom ?? Infinity, distance);
      }
      addEvidence(item.evidence, evidence);
      if (!item.sources.includes(evidence.file)) item.sources.push(evidence.file);
      if (at !== undefined) {
        if (item.from === undefined || at < item.from) item.from = at;
        if (item.to === undefined || at > item.to) item.to = at;
      }
    }
  }

  /** The report on every exchange added so far. */
  finish(): TrafficReport {
    const unknowns = this.#unknowns;
    for (const { item } of this.#learned.values()) {
      if (item.schema && (item.kind === 'unknown-field' || item.kind === 'value-not-seen' || item.kind === 'unpublished-shape')) item.of = this.#records.get(item.schema);
      item.summary = summarise(item);
    }

    const markers: MarkerSection[] = [];
    const unmarked: Record<string, LearnedItem[]> = {};
    for (const { marker, item } of this.#learned.values()) {
      if (marker === undefined) {
        (unmarked[item.operationId ?? '(none)'] ??= []).push(item);
        continue;
      }
      let section = markers.find((m) => m.pointer === marker);
      if (!section) {
        const statements = unknowns.filter((u) => u.pointer === marker);
        section = { pointer: marker, location: statements[0]!.location, missing: statements.map((u) => u.missing), items: [] };
        markers.push(section);
      }
      section.items.push(item);
    }
    // Markers in the order `npm run unknowns` lists them.
    const order = unknowns.map((u) => u.pointer);
    markers.sort((a, b) => order.indexOf(a.pointer) - order.indexOf(b.pointer));
    for (const item of this.#inconclusive.values()) item.summary = summariseInconclusive(item);
    return { exchanges: this.#exchanges, unmatched: this.#unmatched, markers, unmarked, contradictions: [...this.#contradictions.values()], inconclusive: [...this.#inconclusive.values()] };
  }
}
