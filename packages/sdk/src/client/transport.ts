// Sending one call: time out, sign, retry GETs, classify failures.
//
// The request arrives as openapi-fetch built it (or as middleware left it): its URL, method,
// headers and serialised body string, which the signer signs as it is and fetch sends. The
// authentication headers go on the call's own Headers, which no middleware ever holds.
import { formatTimestamp, type SignatureInput } from '../signing/index.ts';
import { AbortedError, InvalidResponseError, NetworkError, SigningError, TimeoutError, type ErrorPrivacy } from './errors.ts';
import { headerValueRule, isHeaderValue } from './header-value.ts';
import type { CallObservation } from './call-observation.ts';
import type { ResolvedOptions } from './options.ts';
import { requestTarget } from './request-target.ts';

/** A request as openapi-fetch built it, before authentication; `send` adds the authentication headers to `headers`. */
export type PreparedRequest = {
  readonly url: string;
  readonly method: string;
  /** The call owns these: middleware never sees them. */
  readonly headers: Headers;
  readonly body: string | undefined;
};

/** Per-call settings the transport needs. */
export type CallContext = {
  operation: string;
  /**
   * What the call's errors mask with, made when one is: the client's policy and what the call
   * carried (its protected values, its API key, the signature of the attempt that answered).
   */
  privacy: () => ErrorPrivacy;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  retry: ResolvedOptions['retry'];
  /** The armed deadline of the current attempt, if any. */
  deadline?: Deadline;
  /** The status of the answer `send` returned, once it has. */
  answeredStatus?: number;
  /** The signature of the attempt that answered (what the drift watch masks if an answer echoes it). */
  signature?: string;
  /** Present only when the call is observed (a channel subscriber or a logger): see call-observation.ts. */
  observation?: CallObservation;
  /** Set under the drift watch's `strict` mode: the answer's text is kept (read from a clone) for its error's `body`. */
  keepAnswerText?: boolean;
  answerText?: Promise<string | undefined>;
};

/**
 * The timeout of one attempt: an AbortController aborted by a plain timer (and by the
 * caller's signal). AbortSignal.timeout and AbortSignal.any would do the same at several
 * times the cost per request. A class rather than closures: one is armed per attempt.
 */
export class Deadline {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #caller: AbortSignal | undefined;
  #onCallerAbort: (() => void) | undefined;
  timedOut = false;

  constructor(timeoutMs: number, caller: AbortSignal | undefined) {
    this.#timer = setTimeout(expire, timeoutMs, this, timeoutMs);
    this.#timer.unref();
    this.#caller = caller;
    if (caller?.aborted) this.#controller.abort(caller.reason);
    else if (caller) {
      this.#onCallerAbort = () => this.#controller.abort(caller.reason);
      caller.addEventListener('abort', this.#onCallerAbort, { once: true });
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Ends the attempt with a TimeoutError reason. */
  expire(timeoutMs: number): void {
    this.timedOut = true;
    this.#controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }

  disarm(): void {
    clearTimeout(this.#timer);
    if (this.#onCallerAbort) this.#caller!.removeEventListener('abort', this.#onCallerAbort);
  }
}

function expire(deadline: Deadline, timeoutMs: number): void {
  deadline.expire(timeoutMs);
}

/** Arms the timeout of one attempt and records it on the call. */
export function armTimeout(ctx: CallContext): Deadline {
  const deadline = new Deadline(ctx.timeoutMs, ctx.signal);
  ctx.deadline = deadline;
  return deadline;
}

/** Sends a prepared request with authentication headers; retries only when ctx.retry is set (GETs). */
export async function send(options: ResolvedOptions, prepared: PreparedRequest, ctx: CallContext): Promise<Response> {
  const url = prepared.url;
  // What the server sees on the request line: the URL after WHATWG normalisation.
  const pathWithQuery = requestTarget(url);
  const body = prepared.body ?? '';
  const headers = prepared.headers;
  // resolveOptions refused a key that is not a valid header value, so this cannot throw.
  headers.set('x-api-key', options.apiKey);
  // A User-Agent of the call (or of middleware) is kept, after the client's own tokens.
  const addedAgent = headers.get('user-agent');
  headers.set('user-agent', addedAgent ? `${options.userAgent} ${addedAgent}` : options.userAgent);
  const attempts = ctx.retry?.attempts ?? 1;

  for (let attempt = 1; ; attempt++) {
    let delayMs: number | undefined;
    /** Why this attempt is retried: `status 503`, or the error kind. */
    let reason = '';
    // Armed before signing: a signer may call a key store, and a slow or hung one must
    // end in the timeout or the caller's abort like a slow server does.
    const deadline = armTimeout(ctx);
    const observation = ctx.observation;
    observation?.attempt(attempt);
    try {
      // x-timestamp has millisecond resolution: every attempt of every call is signed at a
      // distinct one (signingInstant), so no two requests are the same signed request, however
      // soon one follows another (a retry after `Retry-After: 0`, identical calls in a loop).
      const timestamp = formatTimestamp(options.signingInstant());
      const signed = sign(options, { method: prepared.method, pathWithQuery, body, timestamp, apiKey: options.apiKey }, deadline.signal, ctx.operation);
      const signature = typeof signed === 'string' ? signed : await signed;
      headers.set('x-timestamp', timestamp);
      headers.set('x-signature', signature);
      ctx.signature = signature;
      observation?.signed(signature);
      if (observation?.detailed) observation.sent({ method: prepared.method, url, headers, body: prepared.body });
      // redirect: 'manual' so credentials are never replayed to another address.
      // The global fetch is looked up now, not when the client was made: MSW and test stubs replace it later.
      const response = await (options.fetch ?? globalThis.fetch)(url, { method: prepared.method, headers, body: prepared.body, signal: deadline.signal, redirect: 'manual' });
      observation?.answered(response.status, response.headers);
      if (attempt >= attempts || !ctx.retry!.retryOnStatus.includes(response.status)) {
        const limited = limitBodySize(response, options.maxResponseBytes, ctx);
        // The deadline stays armed while the body is read; the caller disarms it.
        ctx.answeredStatus = limited.status;
        if (ctx.keepAnswerText) ctx.answerText = limited.clone().text().catch(() => undefined);
        return limited;
      }
      deadline.disarm();
      delayMs = retryAfterMs(response, options.now(), ctx.retry!.maxDelayMs);
      reason = `status ${response.status}`;
      await response.body?.cancel();
    } catch (error) {
      deadline.disarm();
      // A signer that fails will fail again, and an oversized answer is no network fault: never retried.
      if (error instanceof SigningError || error instanceof InvalidResponseError) throw error;
      const failure = classify(error, ctx);
      if (failure instanceof AbortedError || attempt >= attempts) throw failure;
      reason = failure.kind;
    }
    const wait = delayMs ?? backoff(ctx.retry!, attempt);
    observation?.retry(attempt, wait, reason, delayMs !== undefined);
    await pause(wait, ctx.signal, ctx.operation);
  }
}

/**
 * Holds a response body to `maxBytes`. A declared Content-Length over the limit is refused
 * at once and the body is not read. A body without one (chunked) is counted as it streams
 * and errors with InvalidResponseError at the first byte past the limit, which also cancels
 * the download. A body with an acceptable Content-Length and no content coding is passed
 * through untouched (the HTTP client reads no more than it declares), so the usual answer
 * costs nothing extra; a compressed one is counted as fetch inflates it.
 */
export function limitBodySize(response: Response, maxBytes: number, ctx: Pick<CallContext, 'operation' | 'privacy'>): Response {
  if (response.body === null) return response;
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim())) {
    // A declared length over the limit is over it inflated too. Under it, only an identity
    // body is held by it: fetch inflates a gzip, deflate or br body, whose Content-Length
    // counts the compressed bytes, so what it yields is counted below like a chunked body.
    if (Number(declared) > maxBytes) {
      void response.body.cancel().catch(() => {});
      throw oversized(response, maxBytes, ctx, declared.trim());
    }
    if (!encoded(response)) return response;
  }
  let received = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(oversized(response, maxBytes, ctx, `more than ${maxBytes}`));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** True when the body has a content coding fetch undoes (anything but identity). */
function encoded(response: Response): boolean {
  const coding = response.headers.get('content-encoding');
  return coding !== null && coding.trim() !== '' && coding.trim().toLowerCase() !== 'identity';
}

/** Statuses whose answer carries no body (RFC 9110 §15). */
const bodilessStatuses = new Set([101, 204, 205, 304]);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The answer with its body read whole and checked to be UTF-8, the only encoding JSON has
 * (RFC 8259 §8.1): `Response.json()` and `.text()` would put U+FFFD in place of bad bytes
 * and hand back data the provider never sent. Read under the attempt's deadline, after the
 * size limit; the bytes are handed on as they came.
 */
export async function utf8Answer(response: Response, ctx: CallContext): Promise<Response> {
  if (response.body === null || bodilessStatuses.has(response.status)) return response;
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    // The size limit's own error as it is; a stalled, cancelled or reset body by its cause.
    throw error instanceof InvalidResponseError ? error : classify(error, ctx);
  }
  try {
    strictUtf8.decode(bytes);
  } catch {
    throw new InvalidResponseError({ operation: ctx.operation, httpStatus: response.status, reason: 'with a body that is not UTF-8, the encoding JSON is written in', body: undefined, privacy: ctx.privacy() });
  }
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function oversized(response: Response, maxBytes: number, ctx: Pick<CallContext, 'operation' | 'privacy'>, bytes: string): InvalidResponseError {
  return new InvalidResponseError({ operation: ctx.operation, httpStatus: response.status, reason: `with a body of ${bytes} bytes, over the client's limit of ${maxBytes} bytes (maxResponseBytes)`, body: undefined, privacy: ctx.privacy() });
}

/**
 * Calls the signer and checks what it returns. An asynchronous signer is raced against the
 * attempt's signal: it cannot be cancelled, but its late answer is ignored and nothing is sent.
 * A synchronous signer's signature (hmacSha256's) is returned as it is, not in a promise.
 */
function sign(options: ResolvedOptions, input: SignatureInput, signal: AbortSignal, operation: string): string | Promise<string> {
  if (signal.aborted) throw signal.reason;
  let returned: unknown;
  try {
    returned = options.signer(input);
  } catch (thrown) {
    throw new SigningError(operation, { thrown });
  }
  if (typeof returned === 'string') return checkedSignature(returned, operation);
  return settledUnlessAborted(returned, signal, operation).then((signature) => checkedSignature(signature, operation));
}

function checkedSignature(signature: unknown, operation: string): string {
  if (typeof signature !== 'string' || signature === '') throw new SigningError(operation, { returned: signature });
  // fetch would throw a TypeError quoting the signature (or trim it); refuse it here instead.
  if (!isHeaderValue(signature)) throw new SigningError(operation, { notHeaderValue: headerValueRule });
  return signature;
}

/** What the signer's promise settles to, or the signal's reason if it aborts first. */
function settledUnlessAborted(returned: unknown, signal: AbortSignal, operation: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(returned).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (thrown: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(new SigningError(operation, { thrown }));
      },
    );
  });
}

type WalletFailure = NetworkError | TimeoutError | AbortedError;

/** Maps what fetch (or reading the body) threw to the client's error kinds. */
export function classify(error: unknown, ctx: CallContext): WalletFailure {
  if (ctx.deadline?.timedOut) return new TimeoutError(ctx.operation, ctx.timeoutMs);
  if (ctx.signal?.aborted) return new AbortedError(ctx.operation);
  return new NetworkError(ctx.operation, error, ctx.privacy());
}

/** Exponential backoff with jitter in [50 %, 100 %] of the step, capped. */
export function backoff(retry: NonNullable<CallContext['retry']>, attempt: number, random: () => number = Math.random): number {
  const step = Math.min(retry.maxDelayMs, retry.initialDelayMs * 2 ** (attempt - 1));
  return Math.round(step * (0.5 + random() / 2));
}

/** Statuses whose Retry-After says when to come back (RFC 9110 §10.2.3). */
const retryAfterStatuses = new Set([429, 503]);

/**
 * The wait a 429 or 503 asks for in Retry-After (delay-seconds or an HTTP date), capped by
 * maxDelayMs; undefined when there is none or it cannot be read, so backoff applies.
 */
export function retryAfterMs(response: Response, now: Date, maxDelayMs: number): number | undefined {
  if (!retryAfterStatuses.has(response.status)) return undefined;
  // As the header arrived (fetch already dropped the whitespace around it): delay-seconds is
  // ASCII digits and nothing else, so `²`, `1.5`, `-1` or a digit beside a no-break space
  // fall back to the backoff like any value that is neither it nor an HTTP date.
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  let wait: number;
  if (/^[0-9]+$/.test(value)) wait = Number(value) * 1000;
  else {
    // Every HTTP-date form names the month ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse alone would take "-5" as a year.
    const at = /[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) return undefined;
    wait = Math.max(0, at - now.getTime());
  }
  return Math.min(wait, maxDelayMs);
}

function pause(ms: number, signal: AbortSignal | undefined, operation: string): Promise<void> {
  if (signal?.aborted) return Promise.reject(new AbortedError(operation));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError(operation));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
