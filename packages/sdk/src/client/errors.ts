// The errors the client throws. Each has a `kind` to switch on and says which operation
// (method and path template) failed. An error is a writer like the recorder and the logger:
// integrators log it every way there is (its message, `toString`, its stack, `JSON.stringify`,
// `util.inspect` with or without hidden properties, spreading it, `Object.entries`, pino's
// `err` serializer), so every text and field of it that came from outside the client (the
// provider's message, envelope and headers, a failed connection's cause, a body) goes through
// the privacy policy, with the values the call's request carried and the client's credentials
// (the API key, the call's signature) masked wherever the provider echoes them. What the
// provider sent stays available, unmasked, only through a method call (`rawEnvelope()`,
// `rawHeaders()`, `rawBody()`, `rawCause()`): a property, even a hidden one, is printed by
// `util.inspect` with `showHidden`.
import type { AnyEnvelope, ErrorEnvelope } from '../envelope/index.ts';
import { defaultPolicy, type Carried, type PrivacyPolicy } from '../privacy/index.ts';
import { signingHeaderNames } from '../signing/index.ts';
import type { DriftEvent } from './drift/types.ts';

export type ClientErrorKind = 'api' | 'invalid-response' | 'network' | 'timeout' | 'aborted' | 'signing' | 'configuration';

/**
 * What an error masks with: the values the call's request carried (its protected fields, its
 * API key and signatures) and the policy of the client (with the integrator's rules).
 */
export type ErrorPrivacy = { carried?: Carried; policy?: PrivacyPolicy };

/** How an error masks what came from outside: texts, JSON values, headers. */
type Masker = { text: (value: string) => string; json: (value: unknown) => unknown; headers: (headers: Headers | undefined) => Headers };

/** Base class of every error the client throws. */
export abstract class WalletApiError extends Error {
  abstract readonly kind: ClientErrorKind;
  /** "METHOD /path/template" of the failed call, when there was one. */
  readonly operation: string | undefined;
  readonly #carried: Carried;
  readonly #policy: PrivacyPolicy;

  /**
   * `privacy`: what the error masks with, given once, when it is made (the client gives the
   * call's carried values and its policy): an error is never masked again after the fact.
   */
  protected constructor(operation: string | undefined, privacy: ErrorPrivacy | undefined) {
    // The message is set by `show` once the subclass has masked what it says.
    super('');
    this.name = new.target.name;
    this.operation = operation;
    this.#carried = privacy?.carried ?? [];
    this.#policy = privacy?.policy ?? defaultPolicy;
  }

  /** Masks every field and the message from the raw values the error keeps; the subclass's constructor calls it last, once. */
  protected abstract render(): void;

  /** The policy with the call's carried values, as the subclasses apply it to what came from outside. */
  protected get mask(): Masker {
    const policy = this.#policy;
    const carried = this.#carried;
    return {
      text: (value) => policy.redactText(value, carried),
      json: (value) => policy.redactJson(value, carried),
      headers: (headers) => maskedHeaders(headers, policy, carried),
    };
  }

  /**
   * The message, set once by the constructor before anything reads the stack: V8 writes the
   * stack's first line from the message when the stack is first read.
   */
  protected show(message: string): void {
    this.message = message;
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
  /** The envelope's message, through the privacy policy. */
  declare readonly apiMessage: string;
  /** The envelope, through the privacy policy (`rawEnvelope()` for it as received). */
  declare readonly envelope: ErrorEnvelope | AnyEnvelope;
  /**
   * The response headers (e.g. Retry-After), their names and values through the privacy
   * policy, less any named like the authentication headers (a gateway that echoes them would
   * otherwise put the key or signature here). The provider publishes no request-id header.
   */
  declare readonly headers: Headers;
  readonly #envelope: AnyEnvelope;
  readonly #headers: Headers | undefined;

  constructor(init: { operation: string; httpStatus: number; envelope: AnyEnvelope; headers?: Headers; privacy?: ErrorPrivacy }) {
    super(init.operation, init.privacy);
    this.httpStatus = init.httpStatus;
    this.#envelope = init.envelope;
    this.#headers = init.headers;
    this.render();
  }

  protected render(): void {
    const mask = this.mask;
    const apiMessage = mask.text(String(this.#envelope.message));
    field(this, 'apiMessage', apiMessage);
    field(this, 'envelope', mask.json(this.#envelope));
    field(this, 'headers', mask.headers(this.#headers));
    this.show(`${this.operation} failed with HTTP ${this.httpStatus}: ${apiMessage}`);
  }

  /** The envelope exactly as the provider sent it: raw, it may quote secrets and personal values. Never log it. */
  rawEnvelope(): ErrorEnvelope | AnyEnvelope {
    return this.#envelope;
  }

  /** The answer's headers as received, less the authentication headers: raw, they may quote secrets. Never log them. */
  rawHeaders(): Headers {
    return withoutCredentials(this.#headers);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), httpStatus: this.httpStatus, apiMessage: this.apiMessage, envelope: this.envelope, headers: Object.fromEntries(this.headers) };
  }
}

/** The answer is not the `{status, message, data}` envelope: not JSON, empty, or another shape. */
export class InvalidResponseError extends WalletApiError {
  readonly kind = 'invalid-response';
  readonly httpStatus: number;
  /** What is wrong with the answer, in words (the end of the message), through the privacy policy. */
  declare readonly reason: string;
  /**
   * Under the drift watch's `strict` mode: the findings by which the answer contradicts the
   * spec (the reason starts "that drifted from the spec"). They name places, never values.
   */
  declare readonly drift?: readonly DriftEvent[];
  readonly #reason: string;
  readonly #body: unknown;
  readonly #drift: readonly DriftEvent[] | undefined;

  constructor(init: { operation: string; httpStatus: number; reason: string; body: unknown; drift?: readonly DriftEvent[]; privacy?: ErrorPrivacy }) {
    super(init.operation, init.privacy);
    this.httpStatus = init.httpStatus;
    this.#reason = init.reason;
    this.#body = init.body;
    this.#drift = init.drift;
    this.render();
  }

  protected render(): void {
    const mask = this.mask;
    const reason = mask.text(this.#reason);
    field(this, 'reason', reason);
    if (this.#drift !== undefined) field(this, 'drift', mask.json(this.#drift));
    this.show(`${this.operation} answered HTTP ${this.httpStatus} ${reason}`);
  }

  /** What the server sent, as the call read it, through the privacy policy (`rawBody()` for it as sent). */
  get body(): unknown {
    return typeof this.#body === 'string' ? this.mask.text(this.#body) : this.mask.json(this.#body);
  }

  /** What the server sent, as the call read it: raw, it may quote secrets and personal values. Never log it. */
  rawBody(): unknown {
    return this.#body;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), httpStatus: this.httpStatus, ...(this.drift ? { drift: this.drift } : {}) };
  }
}

/** The request never got an answer: connection refused, reset, DNS failure… */
export class NetworkError extends WalletApiError {
  readonly kind = 'network';
  /** What failed, its message through the privacy policy (`rawCause()` for it as thrown). */
  declare readonly cause: Error;
  readonly #cause: unknown;

  constructor(operation: string, cause: unknown, privacy?: ErrorPrivacy) {
    super(operation, privacy);
    this.#cause = cause;
    this.render();
  }

  protected render(): void {
    const mask = this.mask;
    const cause = maskedCause(this.#cause, mask);
    Object.defineProperty(this, 'cause', { value: cause, enumerable: false, configurable: true, writable: true });
    this.show(`${this.operation} failed before an answer arrived: ${describeCause(cause)}`);
  }

  /** What fetch threw, as thrown: raw, its message may quote what the request carried. Never log it. */
  rawCause(): unknown {
    return this.#cause;
  }
}

/** No complete answer arrived within the timeout. */
export class TimeoutError extends WalletApiError {
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(operation: string, timeoutMs: number, privacy?: ErrorPrivacy) {
    super(operation, privacy);
    this.timeoutMs = timeoutMs;
    this.render();
  }

  protected render(): void {
    this.show(`${this.operation} timed out after ${this.timeoutMs} ms`);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs };
  }
}

/** The caller's AbortSignal cancelled the request. */
export class AbortedError extends WalletApiError {
  readonly kind = 'aborted';
  constructor(operation: string, privacy?: ErrorPrivacy) {
    super(operation, privacy);
    this.render();
  }

  protected render(): void {
    this.show(`${this.operation} was aborted by the caller`);
  }
}

/**
 * The signer failed: it threw, or returned no signature or one that cannot be sent as a
 * header. What it threw or returned is deliberately not attached: it may quote the secret,
 * the canonical string or the signature itself.
 */
export class SigningError extends WalletApiError {
  readonly kind = 'signing';
  readonly #what: string;
  constructor(operation: string, problem: { thrown: unknown } | { returned: unknown } | { notHeaderValue: string }, privacy?: ErrorPrivacy) {
    super(operation, privacy);
    this.#what =
      'thrown' in problem
        ? `the signer threw (${problem.thrown instanceof Error ? problem.thrown.name : typeof problem.thrown}; its message is withheld because it may contain secrets)`
        : 'notHeaderValue' in problem
          ? `the signer returned a signature that is not a valid HTTP header value (${problem.notHeaderValue}; the value is withheld)`
          : `the signer returned ${typeof problem.returned === 'string' ? 'an empty string' : typeof problem.returned} instead of a signature`;
    this.render();
  }

  protected render(): void {
    this.show(`${this.operation} was not sent: ${this.#what}`);
  }
}

/** createClient was given options it cannot work with. */
export class ConfigurationError extends WalletApiError {
  readonly kind = 'configuration';
  readonly #problem: string;
  constructor(message: string) {
    super(undefined, undefined);
    this.#problem = message;
    this.render();
  }

  protected render(): void {
    this.show(`createClient: ${this.#problem}`);
  }
}

/** A masked field, enumerable as a class field is, read-only. */
function field(error: WalletApiError, name: string, value: unknown): void {
  Object.defineProperty(error, name, { value, enumerable: true, configurable: true, writable: false });
}

/** The answer's headers less the policy's secret headers and any named like a signing header. */
function withoutCredentials(headers: Headers | undefined): Headers {
  const kept = new Headers();
  headers?.forEach((value, name) => {
    if (!defaultPolicy.isSecretHeader(name) && !signingHeaderNames.includes(name)) kept.append(name, value);
  });
  return kept;
}

/** The answer's headers less the credentials, their names and values through the policy. */
function maskedHeaders(headers: Headers | undefined, policy: PrivacyPolicy, carried: Carried): Headers {
  const pairs: [string, string][] = [];
  withoutCredentials(headers).forEach((value, name) => pairs.push([name, value]));
  const masked = new Headers();
  let renamed = 0;
  policy.redactHeaders(pairs, carried).forEach(([name, value], index) => {
    // A name the policy masked is replaced whole: a Headers name is an RFC 9110 token, which
    // cannot hold the mask's brackets, and what is left of the name around a mask would still
    // say what it held (`x-pin-1234` masked to `x-pin-redacted` keeps the letters of the mask
    // beside the name's own).
    masked.append(name === pairs[index]![0] ? name : `redacted-header-${++renamed}`, value);
  });
  return masked;
}

/** A cause as an error may show it: its name, message and code through the policy, the rest (the cause's own cause too) left out. */
function maskedCause(cause: unknown, mask: Masker): Error {
  const original = cause instanceof Error ? cause : undefined;
  const masked = new Error(mask.text(original ? original.message : String(cause)));
  masked.name = original ? original.name : 'Error';
  const inner = (original as { cause?: unknown } | undefined)?.cause;
  const code = inner && typeof inner === 'object' && 'code' in inner ? String((inner as { code: unknown }).code) : undefined;
  if (code !== undefined) Object.defineProperty(masked, 'code', { value: mask.text(code), enumerable: true });
  masked.stack = `${masked.name}: ${masked.message}`;
  return masked;
}

function describeCause(cause: Error): string {
  const code = (cause as { code?: unknown }).code;
  return code === undefined ? cause.message : `${cause.message} (${String(code)})`;
}
