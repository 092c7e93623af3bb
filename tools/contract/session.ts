// What the contract hooks do to Dredd's transactions, kept out of the hooks file so it
// can be tested without Dredd:
// - order them so every operation that needs an id runs after the one that yields it;
// - chain real ids: the created swap is confirmed, a second created swap is cancelled,
//   and get-by-id reads a transaction id the service returned;
// - sign every request with the shared signer (negative cases leave headers out);
// - skip non-2xx transactions except deliberate negative cases, and every non-GET
//   transaction when the target is read-only (production);
// - check every real response body against the bundled spec's schema for that operation
//   and status with Ajv, because Dredd checks no schemas for OpenAPI 3. Dredd's own body
//   comparison (same keys as the single example) is replaced by that check: the examples
//   illustrate the contract, the schemas are the contract;
// - keep secrets out of what Dredd prints.
import { defaultPolicy, redactedValue } from '../../packages/sdk/src/privacy/index.ts';
import { formatTimestamp, type Signer } from '../../packages/sdk/src/signing/index.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { displayField, readAnswer } from '../../packages/sdk/src/spec/answer-reading.ts';
import type { SpecAnswerChecks } from '../spec/answer-checks.ts';
import { setHeader, removeHeader, type DreddTransaction } from './dredd-transaction.ts';
import type { NegativeCase } from './negative-cases.ts';

export type SessionOptions = {
  validator: SpecValidator;
  /**
   * --strict: the answer reading's checks against the strict reading (objects closed where
   * the interface lists their fields); an answer with a field the spec does not list fails.
   */
  strict?: SpecAnswerChecks;
  signer: Signer;
  apiKey: string;
  /** Skip every non-GET transaction (production). */
  readOnly: boolean;
  /** Title of the negative-case document, and its cases. */
  negative: { title: string; cases: NegativeCase[] };
  /** Base URL of the service under test, for the requests the hooks send themselves. */
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
};

export type Outcome = 'pass' | 'fail' | 'skip';

/** The verdict of one transaction, for the runner's coverage check. */
export type TransactionVerdict = { name: string; operationId: string; negative: boolean; outcome: Outcome; schemaChecked: boolean };

type Kind = { operationId: string; pathTemplate: string; negative?: NegativeCase };

const authHeaders = ['x-api-key', 'x-timestamp', 'x-signature'];
const redacted = redactedValue;

/** Operations that need an id yielded by another operation run after all others. */
const runsLast = new Set(['confirmSwap', 'cancelSwap', 'getTransaction']);

export class ContractSession {
  readonly records: TransactionVerdict[] = [];
  private readonly createdSwapIds: string[] = [];
  private readonly listedTransactionIds: string[] = [];
  private readonly previewTransactionIds: string[] = [];
  private createSwapBody: string | undefined;
  private readonly schemaVerdicts = new WeakMap<DreddTransaction, string | null>();
  /** The headers the hooks set on each transaction's request (what --record redacts as added). */
  private readonly signedHeaders = new WeakMap<DreddTransaction, string[]>();
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly options: SessionOptions) {
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
  }

  /** Which operation of the bundled spec (or which negative case) a transaction exercises. */
  kindOf(transaction: DreddTransaction): Kind {
    const method = transaction.request.method.toUpperCase();
    const pathTemplate = transaction.origin.resourceName;
    const operation = this.options.validator.document.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${pathTemplate} is not an operation of the bundled spec`);
    const negative =
      transaction.origin.apiName === this.options.negative.title
        ? this.options.negative.cases.find((c) => c.method === method && c.path === pathTemplate && c.summary === transaction.origin.actionName)
        : undefined;
    if (transaction.origin.apiName === this.options.negative.title && !negative) {
      throw new Error(`no negative case "${transaction.origin.actionName}" for ${method} ${pathTemplate}`);
    }
    return { operationId: operation.operationId, pathTemplate, ...(negative ? { negative } : {}) };
  }

  /** Reorders in place (Dredd runs the array it passed to beforeAll): id consumers last, otherwise document order. */
  order(transactions: DreddTransaction[]): void {
    const rank = (t: DreddTransaction) => (runsLast.has(this.kindOf(t).operationId) ? 1 : 0);
    const sorted = transactions.map((t, index) => ({ t, index })).sort((a, b) => rank(a.t) - rank(b.t) || a.index - b.index);
    sorted.forEach(({ t }, i) => (transactions[i] = t));
  }

  /** Before the request: skip rules, real ids, signature. */
  async prepare(transaction: DreddTransaction): Promise<void> {
    const kind = this.kindOf(transaction);
    const status = Number(transaction.expected.statusCode);
    if (!kind.negative && !(status >= 200 && status < 300)) {
      transaction.skip = true;
      return;
    }
    if (this.options.readOnly && transaction.request.method.toUpperCase() !== 'GET') {
      transaction.skip = true;
      return;
    }
    if (kind.operationId === 'createSwap') this.createSwapBody = transaction.request.body;
    const id = await this.idFor(kind.operationId);
    if (id === null) {
      transaction.skip = true;
      return;
    }
    if (id !== undefined) usePathId(transaction, kind.pathTemplate, id);
    await this.sign(transaction, kind.negative?.omitHeaders ?? []);
  }

  /** After the response, before Dredd validates: the schema check (and the 4XX range for negative cases). */
  checkResponse(transaction: DreddTransaction): void {
    const kind = this.kindOf(transaction);
    const real = transaction.real;
    if (!real) return;
    // The example-based body comparison of Dredd is replaced by the schema check.
    delete transaction.expected.body;
    delete transaction.expected.bodySchema;
    if (kind.negative && real.statusCode >= 400 && real.statusCode < 500) {
      transaction.expected.statusCode = String(real.statusCode);
    }
    matchMediaTypeParameters(transaction);
    let body: unknown;
    try {
      body = JSON.parse(real.body);
    } catch {
      this.schemaVerdicts.set(transaction, `the ${real.statusCode} response body is not JSON`);
      return;
    }
    const result = this.options.validator.validateResponse(transaction.request.method, kind.pathTemplate, real.statusCode, body);
    let verdict = result.valid ? null : `${real.statusCode} response does not match the spec: ${result.message}`;
    if (verdict === null && this.options.strict) verdict = this.strictVerdict(kind.operationId, real.statusCode, body);
    if (verdict === null && kind.negative) {
      const message = (body as { message?: unknown }).message;
      if (typeof message !== 'string' || !kind.negative.messagePattern.test(message)) {
        verdict = `the error message ${JSON.stringify(message)} does not match ${kind.negative.messagePattern}`;
      }
    }
    this.schemaVerdicts.set(transaction, verdict);
    if (verdict === null && real.statusCode >= 200 && real.statusCode < 300) this.collectIds(kind.operationId, body);
  }

  /**
   * Under --strict, what the answer reading finds that the strict reading refuses: a field
   * the spec does not list in a record whose fields it lists, or any contradiction.
   */
  private strictVerdict(operationId: string, status: number, body: unknown): string | null {
    const { findings } = readAnswer({ status, body }, this.options.strict!.ofOperation(operationId));
    const refused = findings.filter((finding) => finding.class === 'contradiction' || finding.kind === 'unknown-field');
    if (refused.length === 0) return null;
    const words = refused.map((finding) => (finding.kind === 'unknown-field' ? `${finding.schema ?? 'a record'} has ${displayField(finding.field)}, a field the spec does not list (at ${finding.pointer})` : `${finding.kind} at ${finding.pointer || '/'}`));
    return `${status} response does not match the strict reading of the spec: ${words.join('; ')}`;
  }

  /** After validation: fail on a schema mismatch, hide secrets, record the outcome. */
  finish(transaction: DreddTransaction): void {
    const verdict = this.schemaVerdicts.get(transaction);
    const schemaChecked = verdict !== undefined;
    if (!transaction.skip && transaction.real && verdict) {
      transaction.fail = verdict;
      // Dredd prints only its own message when its checks fail too; keep ours visible.
      if (transaction.test) transaction.test.message = `${verdict}\n${transaction.test.message ?? ''}`;
    }
    if (!transaction.skip && transaction.real && !schemaChecked) transaction.fail = 'the response body was not checked against the spec';
    this.redact(transaction);
    let kind: Kind | undefined;
    try {
      kind = this.kindOf(transaction);
    } catch {
      /* reported by the hook that failed */
    }
    const outcome: Outcome = transaction.skip ? 'skip' : transaction.fail || transaction.test?.valid === false || !transaction.real ? 'fail' : 'pass';
    this.records.push({ name: transaction.name, operationId: kind?.operationId ?? '?', negative: Boolean(kind?.negative), outcome, schemaChecked });
  }

  /** Replaces the values of the privacy policy's secret headers in what Dredd reports. */
  redact(transaction: DreddTransaction): void {
    for (const key of Object.keys(transaction.request.headers)) {
      if (defaultPolicy.isSecretHeader(key)) transaction.request.headers[key] = redacted;
    }
  }

  /**
   * The id an operation needs: undefined when it needs none, null when none is available
   * and the run is read-only (nothing may be created), otherwise the id.
   */
  private async idFor(operationId: string): Promise<string | null | undefined> {
    switch (operationId) {
      case 'confirmSwap': {
        const id = this.createdSwapIds.shift();
        if (!id) throw new Error('no swap was created to confirm (createSwap did not return a valid swap)');
        return id;
      }
      case 'cancelSwap':
        // A swap of its own, so confirm and cancel each act on a pending swap.
        return this.createdSwapIds.shift() ?? (await this.createSwap());
      case 'getTransaction': {
        const id = this.listedTransactionIds[0] ?? this.previewTransactionIds[0];
        if (id) return id;
        if (this.options.readOnly) return null;
        throw new Error('no transaction id to read: the transaction list and the previews returned none');
      }
      default:
        return undefined;
    }
  }

  private collectIds(operationId: string, body: unknown): void {
    const data = (body as { data?: unknown }).data as Record<string, unknown> | undefined;
    if (operationId === 'createSwap' && typeof data?.id === 'string') this.createdSwapIds.push(data.id);
    if (operationId === 'listTransactions' && Array.isArray(data?.data)) {
      for (const record of data.data as { _id?: unknown }[]) if (typeof record._id === 'string') this.listedTransactionIds.push(record._id);
    }
    if ((operationId === 'previewWithdrawal' || operationId === 'previewLocalPayout') && typeof data?.transactionId === 'string') {
      this.previewTransactionIds.push(data.transactionId);
    }
  }

  /** Creates a swap outside Dredd's list (same body as the createSwap transaction), checked against the spec. */
  private async createSwap(): Promise<string> {
    if (this.createSwapBody === undefined) throw new Error('no createSwap transaction ran, so there is no swap body to create one to cancel');
    const path = '/api/v1/swaps';
    const url = new URL(this.options.baseUrl);
    const pathWithQuery = `${url.pathname.replace(/\/+$/, '')}${path}`;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    await this.signHeaders(headers, 'POST', pathWithQuery, this.createSwapBody, []);
    const response = await this.fetch(new URL(pathWithQuery, url.origin), { method: 'POST', headers, body: this.createSwapBody, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`creating a swap to cancel: the ${response.status} response body is not JSON`);
    }
    const result = this.options.validator.validateResponse('post', path, response.status, body);
    if (!result.valid) throw new Error(`creating a swap to cancel: ${response.status} response does not match the spec: ${result.message}`);
    if (response.status !== 200) throw new Error(`creating a swap to cancel: expected 200, got ${response.status}`);
    return (body as { data: { id: string } }).data.id;
  }

  /** The names of the headers the hooks added to a transaction's request. */
  addedHeaders(transaction: DreddTransaction): readonly string[] {
    return this.signedHeaders.get(transaction) ?? [];
  }

  private async sign(transaction: DreddTransaction, omit: string[]): Promise<void> {
    this.signedHeaders.set(transaction, authHeaders.filter((name) => !omit.includes(name)));
    await this.signHeaders(transaction.request.headers, transaction.request.method, transaction.fullPath, transaction.request.body ?? '', omit);
  }

  private async signHeaders(headers: Record<string, string>, method: string, pathWithQuery: string, body: string, omit: string[]): Promise<void> {
    const timestamp = formatTimestamp(this.now());
    const apiKey = this.options.apiKey;
    const signature = await this.options.signer({ method: method.toUpperCase(), pathWithQuery, body, timestamp, apiKey });
    const values: Record<string, string> = { 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': signature };
    for (const name of authHeaders) {
      if (omit.includes(name)) removeHeader(headers, name);
      else setHeader(headers, name, values[name]!);
    }
  }
}

/** Puts a real id into the single path parameter of a transaction's URI (and the id Dredd prints). */
export function usePathId(transaction: DreddTransaction, pathTemplate: string, id: string): void {
  const uri = pathTemplate.replace(/\{[^}]+\}/, encodeURIComponent(id));
  const prefix = transaction.fullPath.slice(0, transaction.fullPath.length - transaction.request.uri.length);
  transaction.id = transaction.id.replace(transaction.request.uri, uri);
  transaction.request.uri = uri;
  transaction.fullPath = prefix + uri;
}

const mediaType = (value: string) => value.split(';')[0]!.trim().toLowerCase();

/**
 * Dredd compares Content-Type as an exact string, so `application/json; charset=utf-8`
 * fails against `application/json`. Both are the same media type (RFC 9110: parameters
 * such as charset qualify it), so when the media types are equal the expected value takes
 * the real one's parameters; a different media type still fails.
 */
export function matchMediaTypeParameters(transaction: DreddTransaction): void {
  const expectedKey = Object.keys(transaction.expected.headers).find((k) => k.toLowerCase() === 'content-type');
  const realKey = Object.keys(transaction.real?.headers ?? {}).find((k) => k.toLowerCase() === 'content-type');
  if (!expectedKey || !realKey) return;
  const real = transaction.real!.headers[realKey]!;
  if (mediaType(real) === mediaType(transaction.expected.headers[expectedKey]!)) transaction.expected.headers[expectedKey] = real;
}
