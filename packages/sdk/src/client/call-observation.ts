// One observed call: what the client tells the diagnostics channels (call-channel.ts) and
// its logger (logging.ts) as the call goes. The client makes one only when a channel has a
// subscriber or the client has a logger; otherwise a call carries none and pays nothing.
import { acceptedKinds } from '../envelope/answer.ts';
import { classifyResult } from './envelope.ts';
import { callChannel, driftChannel, retryChannel, type CallMessage, type DriftMessage, type RetryMessage } from './call-channel.ts';
import type { DriftEvent } from './drift/types.ts';
import { WalletApiError } from './errors.ts';
import type { Carried, CarriedValue, PrivacyPolicy } from '../privacy/index.ts';
import type { ClientLog } from './logging.ts';

/** The host and port of a client's base address, as telemetry names the server. */
export type ServerOf = { address: string; port: number };

export function serverOf(baseUrl: string): ServerOf {
  const url = new URL(baseUrl);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  // An IPv6 literal without its brackets, as server.address wants it.
  return { address: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/** Whether a call should be observed at all: one boolean and one field read per call. */
export function observing(log: ClientLog | undefined): boolean {
  return log !== undefined || callChannel.hasSubscribers;
}

export class CallObservation {
  readonly message: CallMessage;
  /**
   * What only the logger reads, made only for a call with a logger: when the call started
   * (telemetry times its own) and the signatures of the attempts made, masked wherever an
   * answer echoes them.
   */
  readonly #logged: { readonly log: ClientLog; readonly started: number; readonly signatures: string[] } | undefined;
  /** What the call's request holds in protected fields (its body and parameters), for the logger. */
  readonly #request: { body?: unknown; params?: unknown } | undefined;
  #requestCarried: CarriedValue[] | undefined;

  constructor(method: 'GET' | 'POST', path: string, server: ServerOf, log: ClientLog | undefined, policy: PrivacyPolicy, request?: { body?: unknown; params?: unknown }) {
    this.message = { method, urlTemplate: path, operation: `${method} ${path}`, serverAddress: server.address, serverPort: server.port, attempts: 0 } as CallMessage;
    // Not enumerable: a subscriber that prints or serialises the message does not print the policy.
    Object.defineProperty(this.message, 'policy', { value: policy, enumerable: false });
    this.#logged = log === undefined ? undefined : { log, started: performance.now(), signatures: [] };
    this.#request = request;
  }

  /**
   * What no line about this call may show, even where the provider echoes it: the request's
   * protected values and every attempt's signature (the API key is the logger's own).
   */
  #carried(): Carried {
    const logged = this.#logged;
    if (logged === undefined) return [];
    this.#requestCarried ??= this.#request ? logged.log.carriedBy(this.#request) : [];
    return [...logged.signatures, ...this.#requestCarried];
  }

  /** Runs the call, published on the tracing channel, in a subscriber's context if one asked. */
  run<T>(execute: (observation: CallObservation) => Promise<T>): Promise<T> {
    const message = this.message;
    const observed = () => {
      const go = () =>
        execute(this).then(
          (result) => {
            this.#succeeded(result);
            return result;
          },
          (error: unknown) => {
            this.#failed(error);
            throw error;
          },
        );
      return message.runInContext ? message.runInContext(go) : go();
    };
    return callChannel.tracePromise(observed, message);
  }

  /** An attempt starts (before signing). */
  attempt(attempt: number): void {
    this.message.attempts = attempt;
  }

  /** The attempt is signed: its signature joins what the logger masks. */
  signed(signature: string): void {
    this.#logged?.signatures.push(signature);
  }

  /** The attempt failed and the GET will be tried again after `delayMs`. */
  retry(attempt: number, delayMs: number, reason: string, retryAfter: boolean): void {
    if (retryChannel.hasSubscribers) retryChannel.publish({ call: this.message, attempt, delayMs, reason, retryAfter } satisfies RetryMessage);
    this.#logged?.log.retried({ operation: this.message.operation, attempt, delayMs, reason, retryAfter });
  }

  /** A finding of the drift watch on the call's answer. */
  drift(event: DriftEvent): void {
    if (driftChannel.hasSubscribers) driftChannel.publish({ call: this.message, event } satisfies DriftMessage);
    this.#logged?.log.drift(event, this.#carried());
  }

  /** Whether request and answer details are wanted (debug logging): reading them costs. */
  get detailed(): boolean {
    return this.#logged?.log.debugs === true;
  }

  sent(request: { method: string; url: string; headers: Headers; body: string | undefined }): void {
    this.#logged?.log.request({ operation: this.message.operation, attempt: this.message.attempts, ...request }, this.#carried());
  }

  answered(status: number, headers: Headers): void {
    this.message.status = status;
    const log = this.#logged?.log;
    if (log?.debugs) log.response({ operation: this.message.operation, attempt: this.message.attempts, status, headers }, this.#carried());
  }

  #succeeded(result: unknown): void {
    const { response, data, error } = result as { response: Response; data?: unknown; error?: unknown };
    const message = this.message;
    message.status = response.status;
    const body = response.ok ? data : error;
    // What `unwrap` will throw for this answer, if anything: its kind, by the same reading.
    const answer = classifyResult({ response, data, error });
    const kind = answer.kind === 'success' ? undefined : acceptedKinds.has(answer.kind) ? 'api' : 'invalid-response';
    // The semantic conventions' error.type of an error answer is its status; a 2xx is failed by what unwrap says.
    if (!response.ok) message.errorType = String(response.status);
    else if (kind !== undefined) message.errorType = kind;
    const logged = this.#logged;
    if (logged === undefined) return;
    const { log } = logged;
    const durationMs = performance.now() - logged.started;
    // What the call carried is gathered only for a line that shows the provider's words: a success at info shows none.
    if (log.debugs) log.answerBody({ operation: message.operation, status: response.status, body }, this.#carried());
    if (kind === undefined) log.succeeded({ operation: message.operation, status: response.status, durationMs, attempts: message.attempts });
    else {
      const reason = kind === 'api' && 'envelope' in answer ? answer.envelope.message : answer.kind === 'redirect' ? 'a redirect, which the client never follows' : answer.kind === 'unknown-status' ? 'an unknown envelope status' : 'the body is not the {status, message, data} envelope';
      log.failed({ operation: message.operation, kind, status: response.status, durationMs, attempts: message.attempts, message: reason }, this.#carried());
    }
  }

  #failed(error: unknown): void {
    const message = this.message;
    message.errorType = error instanceof WalletApiError ? error.kind : '_OTHER';
    const httpStatus = error instanceof WalletApiError ? (error as { httpStatus?: unknown }).httpStatus : undefined;
    if (typeof httpStatus === 'number') message.status = httpStatus;
    const logged = this.#logged;
    logged?.log.failed({
      operation: message.operation,
      kind: message.errorType,
      status: message.status,
      durationMs: performance.now() - logged.started,
      attempts: message.attempts,
      message: error instanceof Error ? error.message : typeof error,
    }, this.#carried());
  }
}
