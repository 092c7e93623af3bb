// The errors the client throws. Each has a `kind` to switch on and says which operation
// (method and path template) failed. None of them carries request headers, so the API
// key and signature cannot leak through a message, `toString`, `JSON.stringify` or
// `util.inspect`.
import type { AnyEnvelope, ErrorEnvelope } from '../envelope/index.ts';
import { defaultPolicy } from '../privacy/index.ts';
import { signingHeaderNames } from '../traffic/exchange.ts';
import type { DriftEvent } from './drift/types.ts';

export type ClientErrorKind = 'api' | 'invalid-response' | 'network' | 'timeout' | 'aborted' | 'signing' | 'configuration';

/** Base class of every error the client throws. */
export abstract class WalletApiError extends Error {
  abstract readonly kind: ClientErrorKind;
  /** "METHOD /path/template" of the failed call, when there was one. */
  readonly operation: string | undefined;

  protected constructor(message: string, operation?: string) {
    super(message);
    this.name = new.target.name;
    this.operation = operation;
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, kind: this.kind, message: this.message, operation: this.operation };
  }
}

/** The service answered with an error: a non-2xx status, or a 2xx whose envelope says `status: "error"`. */
export class ApiError extends WalletApiError {
  readonly kind = 'api';
  /** HTTP status code of the answer. */
  readonly httpStatus: number;
  /** The envelope's message. */
  readonly apiMessage: string;
  /** The envelope as received. */
  readonly envelope: ErrorEnvelope | AnyEnvelope;
  /**
   * The response headers (e.g. Retry-After), less any named like the authentication
   * headers (a gateway that echoes them would otherwise put the key or signature here).
   * The provider publishes no request-id header.
   */
  readonly headers: Headers;

  constructor(init: { operation: string; httpStatus: number; envelope: AnyEnvelope; headers?: Headers }) {
    // The message is what logs keep: the provider's words through the privacy policy (an
    // address or a `password: …` it quotes is masked); apiMessage and envelope stay as received.
    super(`${init.operation} failed with HTTP ${init.httpStatus}: ${defaultPolicy.redactText(String(init.envelope.message))}`, init.operation);
    this.httpStatus = init.httpStatus;
    this.apiMessage = init.envelope.message;
    this.envelope = init.envelope;
    this.headers = withoutCredentials(init.headers);
  }

  override toJSON(): Record<string, unknown> {
    // What JSON.stringify writes to a log goes through the privacy policy.
    return { ...super.toJSON(), httpStatus: this.httpStatus, apiMessage: defaultPolicy.redactText(String(this.apiMessage)), envelope: defaultPolicy.redactJson(this.envelope), headers: headersObject(this.headers) };
  }
}

/** The answer is not the `{status, message, data}` envelope: not JSON, empty, or another shape. */
export class InvalidResponseError extends WalletApiError {
  readonly kind = 'invalid-response';
  readonly httpStatus: number;
  /** What is wrong with the answer, in words: the end of the message. */
  readonly reason: string;
  /**
   * Under the drift watch's `strict` mode: the findings by which the answer contradicts the
   * spec (the reason starts "that drifted from the spec"). They name places, never values.
   */
  readonly drift?: readonly DriftEvent[];
  declare readonly body: unknown;

  constructor(init: { operation: string; httpStatus: number; reason: string; body: unknown; drift?: readonly DriftEvent[] }) {
    super(`${init.operation} answered HTTP ${init.httpStatus} ${init.reason}`, init.operation);
    this.httpStatus = init.httpStatus;
    this.reason = init.reason;
    if (init.drift !== undefined) this.drift = init.drift;
    // Kept for debugging but not enumerable: it is whatever the server sent.
    Object.defineProperty(this, 'body', { value: init.body, enumerable: false });
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), httpStatus: this.httpStatus, ...(this.drift ? { drift: this.drift } : {}) };
  }
}

/** The request never got an answer: connection refused, reset, DNS failure… */
export class NetworkError extends WalletApiError {
  readonly kind = 'network';
  constructor(operation: string, cause: unknown) {
    super(`${operation} failed before an answer arrived: ${describeCause(cause)}`, operation);
    Object.defineProperty(this, 'cause', { value: cause, enumerable: false });
  }
}

/** No complete answer arrived within the timeout. */
export class TimeoutError extends WalletApiError {
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(operation: string, timeoutMs: number) {
    super(`${operation} timed out after ${timeoutMs} ms`, operation);
    this.timeoutMs = timeoutMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs };
  }
}

/** The caller's AbortSignal cancelled the request. */
export class AbortedError extends WalletApiError {
  readonly kind = 'aborted';
  constructor(operation: string) {
    super(`${operation} was aborted by the caller`, operation);
  }
}

/**
 * The signer failed: it threw, or returned no signature or one that cannot be sent as a
 * header. What it threw or returned is deliberately not attached: it may quote the secret,
 * the canonical string or the signature itself.
 */
export class SigningError extends WalletApiError {
  readonly kind = 'signing';
  constructor(operation: string, problem: { thrown: unknown } | { returned: unknown } | { notHeaderValue: string }) {
    const what =
      'thrown' in problem
        ? `the signer threw (${problem.thrown instanceof Error ? problem.thrown.name : typeof problem.thrown}; its message is withheld because it may contain secrets)`
        : 'notHeaderValue' in problem
          ? `the signer returned a signature that is not a valid HTTP header value (${problem.notHeaderValue}; the value is withheld)`
          : `the signer returned ${typeof problem.returned === 'string' ? 'an empty string' : typeof problem.returned} instead of a signature`;
    super(`${operation} was not sent: ${what}`, operation);
  }
}

/** createClient was given options it cannot work with. */
export class ConfigurationError extends WalletApiError {
  readonly kind = 'configuration';
  constructor(message: string) {
    super(`createClient: ${message}`);
  }
}

/** The answer's headers less the policy's secret headers and any named like a signing header. */
function withoutCredentials(headers: Headers | undefined): Headers {
  const kept = new Headers();
  headers?.forEach((value, name) => {
    if (!defaultPolicy.isSecretHeader(name) && !signingHeaderNames.includes(name)) kept.append(name, value);
  });
  return kept;
}

/** The headers as toJSON writes them, their values through the policy. */
function headersObject(headers: Headers): Record<string, string> {
  const object: Record<string, string> = {};
  headers.forEach((value, name) => {
    object[name] = defaultPolicy.redactText(value);
  });
  return object;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  const code = inner && typeof inner === 'object' && 'code' in inner ? String((inner as { code: unknown }).code) : undefined;
  return code ? `${cause.message} (${code})` : cause.message;
}
