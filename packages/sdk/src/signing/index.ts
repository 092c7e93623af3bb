// Request signing shared by the client (which signs), the sandbox (which verifies) and
// the contract-test hooks (which sign Dredd's requests). The provider has not published
// its signature algorithm, so the signer is a callback; `hmacSha256` is our opt-in
// default and the scheme the sandbox verifies.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/** Everything a signer may sign. */
export type SignatureInput = {
  /** Upper-case HTTP method. */
  method: string;
  /** Path with query string exactly as sent, e.g. "/api/v1/transactions?limit=20&page=1". */
  pathWithQuery: string;
  /** The exact body string sent; '' when there is none. */
  body: string;
  /** The x-timestamp header value (ISO 8601 UTC with milliseconds). */
  timestamp: string;
  /** The x-api-key header value. */
  apiKey: string;
};

/** Computes the x-signature header value. */
export type Signer = (input: SignatureInput) => string | Promise<string>;

export type SignatureEncoding = 'hex' | 'base64' | 'base64url';

export type HmacSha256Options = {
  /** The signing secret issued with the API key. */
  secret: string;
  /** The string that is signed. Default: timestamp, method, path with query and body, joined by newlines. */
  canonicalString?: (input: SignatureInput) => string;
  /** Encoding of the digest. Default: hex. */
  encoding?: SignatureEncoding;
};

/** The default canonical string: `${timestamp}\n${METHOD}\n${pathWithQuery}\n${body}`. */
export function defaultCanonicalString(input: SignatureInput): string {
  return `${input.timestamp}\n${input.method.toUpperCase()}\n${input.pathWithQuery}\n${input.body}`;
}

/**
 * An HMAC-SHA256 signer. The provider's algorithm is not published: confirm the
 * canonical string and encoding with the provider before using it against staging or
 * production. The sandbox verifies exactly this default.
 */
export function hmacSha256(options: HmacSha256Options): Signer {
  return hmacSha256Sync(options);
}

/** The same signer, typed as synchronous for callers that must not wait (the sandbox's hooks). */
export function hmacSha256Sync({ secret, canonicalString = defaultCanonicalString, encoding = 'hex' }: HmacSha256Options): (input: SignatureInput) => string {
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('hmacSha256 needs a non-empty signing secret');
  // The key is imported once, not on every signature.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return (input) => createHmac('sha256', key).update(canonicalString(input)).digest(encoding);
}

/** Compares a received signature with the expected one in constant time. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The x-timestamp format: ISO 8601 UTC with milliseconds, e.g. 2026-11-21T10:15:30.123Z. */
export const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Formats a clock reading as an x-timestamp value. */
export function formatTimestamp(date: Date): string {
  return date.toISOString();
}

/**
 * A clock that never gives the same millisecond twice: `now`, or a millisecond after the
 * last instant it gave when `now` has not moved past it. x-timestamp has millisecond
 * resolution, so two identical requests signed within one millisecond would carry the same
 * x-timestamp and x-signature, and a provider that refuses replays would refuse the second.
 */
export function distinctInstants(now: () => Date = () => new Date()): () => Date {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    last = Math.max(now().getTime(), last + 1);
    return new Date(last);
  };
}

/**
 * The process's instants on the system clock: every client built without its own `now`, and
 * every other signer of this process (the conformance runner's, the command line's), signs at
 * one of these, so no two requests of the process carry the same x-timestamp. JavaScript runs
 * one thread per isolate: a worker thread has its own sequence, as another process does.
 */
export const processInstants: () => Date = distinctInstants();

/** The next x-timestamp of this process (processInstants). */
export function nextTimestamp(): string {
  return formatTimestamp(processInstants());
}

/** The headers the service's signing scheme adds to every request (see the Authentication part of the interface). */
export const signingHeaderNames: readonly string[] = ['x-api-key', 'x-timestamp', 'x-signature'];
