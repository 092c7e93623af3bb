// createClient's `logger` and `logLevel`: what the client says about its calls, to any logger
// with debug, info, warn and error methods (pino, winston, bunyan, console). Silent unless a
// logger is given. Each line is written as `logger[level](fields, message)`, pino's and
// bunyan's order (console prints both; loggers that take the message first can be wrapped,
// see docs/operating-in-production.md).
//   info   one line per call that succeeded: operation, status, duration, attempts
//   warn   each retry (attempt, delay, why) and each drift finding
//   error  each call that failed: its error kind, status and message
//   debug  each request's headers and body and each answer's headers and body
// Every value that came from a request or an answer goes through the privacy policy
// (packages/sdk/src/privacy): the API key, the signature, passwords and personal identifiers never reach
// the logger, and neither does a message of the provider that quotes them.
import type { Carried, CarriedValue, PrivacyPolicy } from '../privacy/index.ts';
import type { DriftEvent } from './drift/types.ts';
import { describeDrift } from './drift/warnings.ts';
import { ConfigurationError } from './errors.ts';

/** Any logger with these four methods. */
export type Logger = {
  debug: (...args: any[]) => unknown;
  info: (...args: any[]) => unknown;
  warn: (...args: any[]) => unknown;
  error: (...args: any[]) => unknown;
};

/** The least severe level written; `off` writes nothing. Default `info` when a logger is given. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

const levels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];
const severity: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };
type Written = Exclude<LogLevel, 'off'>;

/** One client's logging: undefined when it writes nothing, so a call without it costs nothing. */
export class ClientLog {
  readonly #logger: Logger;
  readonly #least: number;
  readonly #policy: PrivacyPolicy;
  /** Values the client holds that must never be written, even echoed (the API key). */
  readonly #carried: readonly string[];

  constructor(logger: Logger, level: LogLevel, carried: readonly string[], policy: PrivacyPolicy) {
    this.#logger = logger;
    this.#least = severity[level];
    this.#policy = policy;
    this.#carried = carried;
  }

  get debugs(): boolean {
    return this.#least <= severity.debug;
  }

  #write(level: Written, fields: Record<string, unknown>, message: string): void {
    if (severity[level] < this.#least) return;
    try {
      this.#logger[level](fields, message);
    } catch {
      // A logger that throws must not fail the call it reports on.
    }
  }

  /** Text that came from outside (an error message, a URL): through the policy. */
  text(value: string, carried: Carried = []): string {
    return this.#policy.redactText(value, [...this.#carried, ...carried]);
  }

  /** The values a call's request carries in protected fields (its body and parameters): masked wherever a line would show them. */
  carriedBy(request: { body?: unknown; params?: unknown }): CarriedValue[] {
    return this.#policy.carriedBy({ body: [request.body, request.params] });
  }

  succeeded(fields: { operation: string; status: number; durationMs: number; attempts: number }): void {
    this.#write('info', { walletApi: fields }, `${fields.operation} answered HTTP ${fields.status} in ${fields.durationMs.toFixed(1)} ms (${fields.attempts} attempt${fields.attempts === 1 ? '' : 's'})`);
  }

  failed(fields: { operation: string; kind: string; status: number | undefined; durationMs: number; attempts: number; message: string }, carried: Carried = []): void {
    const safe = { ...fields, message: this.text(fields.message, carried) };
    this.#write('error', { walletApi: safe }, `${fields.operation} failed (${fields.kind}${fields.status === undefined ? '' : `, HTTP ${fields.status}`}) after ${fields.durationMs.toFixed(1)} ms and ${fields.attempts} attempt${fields.attempts === 1 ? '' : 's'}: ${safe.message}`);
  }

  retried(fields: { operation: string; attempt: number; delayMs: number; reason: string; retryAfter: boolean }): void {
    this.#write('warn', { walletApi: fields }, `${fields.operation} attempt ${fields.attempt} failed (${fields.reason}); retrying in ${fields.delayMs} ms${fields.retryAfter ? ' as Retry-After asked' : ''}`);
  }

  drift(event: DriftEvent, carried: Carried = []): void {
    // A drift event names no value of the answer but a new state's (masked when personal); through the policy all the same.
    const safe = this.#policy.redactJson(event, [...this.#carried, ...carried]) as Record<string, unknown>;
    this.#write('warn', { walletApi: { operation: event.operation, drift: safe } }, this.text(describeDrift(event), carried));
  }

  /** debug: the request of one attempt as sent, its secret headers masked, its body through the policy. */
  request(fields: { operation: string; attempt: number; method: string; url: string; headers: Headers; body: string | undefined }, carried: Carried): void {
    if (!this.debugs) return;
    const headers = this.#headers(fields.headers, carried);
    const body = fields.body === undefined ? undefined : this.#body(fields.body, carried);
    this.#write('debug', { walletApi: { operation: fields.operation, attempt: fields.attempt, method: fields.method, url: this.text(fields.url, carried), headers, ...(body === undefined ? {} : { body }) } }, `${fields.operation} attempt ${fields.attempt}: request sent`);
  }

  /** debug: the status and headers of one attempt's answer. */
  response(fields: { operation: string; attempt: number; status: number; headers: Headers }, carried: Carried): void {
    if (!this.debugs) return;
    this.#write('debug', { walletApi: { operation: fields.operation, attempt: fields.attempt, status: fields.status, headers: this.#headers(fields.headers, carried) } }, `${fields.operation} attempt ${fields.attempt}: HTTP ${fields.status} answered`);
  }

  /** debug: the answer's body as the call read it (parsed JSON, or text), through the policy. */
  answerBody(fields: { operation: string; status: number; body: unknown }, carried: Carried): void {
    if (!this.debugs) return;
    const body = typeof fields.body === 'string' ? this.text(fields.body, carried) : this.#policy.redactJson(fields.body, [...this.#carried, ...carried]);
    this.#write('debug', { walletApi: { operation: fields.operation, status: fields.status, body } }, `${fields.operation}: answer body read`);
  }

  #headers(headers: Headers, carried: Carried): Record<string, string> {
    const pairs: [string, string][] = [];
    headers.forEach((value, name) => pairs.push([name, value]));
    const object: Record<string, string> = {};
    // Names too: a provider may put a carried value in a header's name.
    for (const [name, value] of this.#policy.redactHeaders(pairs, [...this.#carried, ...carried])) object[name] = this.text(value, carried);
    return object;
  }

  #body(text: string, carried: Carried): unknown {
    try {
      return this.#policy.redactJson(JSON.parse(text) as unknown, [...this.#carried, ...carried]);
    } catch {
      return this.text(text, carried);
    }
  }
}

/** The client's logging from its options, checked, masking with the client's policy (the integrator's rules included); undefined when it writes nothing. */
export function clientLog(logger: unknown, logLevel: unknown, apiKey: string, policy: PrivacyPolicy): ClientLog | undefined {
  if (logLevel !== undefined && !levels.includes(logLevel as LogLevel)) throw new ConfigurationError(`logLevel must be one of ${levels.map((l) => `"${l}"`).join(', ')}`);
  if (logger === undefined) return undefined;
  if (logger === null || (typeof logger !== 'object' && typeof logger !== 'function') || !(['debug', 'info', 'warn', 'error'] as const).every((method) => typeof (logger as Record<string, unknown>)[method] === 'function')) {
    throw new ConfigurationError('logger must have debug, info, warn and error methods (pino, winston, console…)');
  }
  const level = (logLevel ?? 'info') as LogLevel;
  return level === 'off' ? undefined : new ClientLog(logger as Logger, level, [apiKey], policy);
}
