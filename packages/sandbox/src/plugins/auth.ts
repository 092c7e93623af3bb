// Authentication of every request of its context: the API key must be known, the
// timestamp well-formed and inside the window, and the signature must be the shared
// HMAC-SHA256 signer's output over the exact request. Runs before the body is judged,
// so an unauthenticated caller learns nothing about the request's validity. Messages
// name the problem but never echo a key, secret or signature.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmacSha256Sync, signaturesMatch, timestampPattern, type SignatureInput } from '../../../sdk/src/signing/index.ts';
import { SandboxError } from '../errors.ts';
import type { SandboxStore } from '../store/store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated API key: the tenant every record of the request belongs to. */
    apiKey: string;
  }
}

export type AuthOptions = {
  /** API key → signing secret. */
  apiKeys: Record<string, string>;
  timestampWindowSeconds: number;
  /** Refuse a second request with the same API key, timestamp and signature inside the window, remembered in this store. */
  replays?: Pick<SandboxStore, 'claimRequest'>;
};

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Days of each month of a common year; February gains one in leap years. */
const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The number written by the digits of value from start to end (the pattern has checked they are digits). */
function digits(value: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n = n * 10 + value.charCodeAt(i) - 48;
  return n;
}

/**
 * The instant an x-timestamp names, or NaN unless it is a real ISO 8601 UTC date-time with
 * milliseconds. Date.parse would roll impossible dates forward (2026-02-30 → 2026-03-02),
 * so the fields are range-checked here; this runs on every request, so it reads the
 * digits in place instead of parsing and formatting the date back.
 */
export function parseTimestamp(value: string): number {
  if (!timestampPattern.test(value)) return Number.NaN;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  const hour = digits(value, 11, 13);
  const minute = digits(value, 14, 16);
  const second = digits(value, 17, 19);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  if (day > (month === 2 && isLeapYear(year) ? 29 : monthDays[month - 1]!)) return Number.NaN;
  const milliseconds = digits(value, 20, 23);
  if (year >= 100) return Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
  // Date.UTC reads years 0–99 as 1900–1999 (and would roll 0000-02-29 over, 1900 being no
  // leap year); setUTCFullYear takes the year as written. Such a date is refused by the
  // window anyway, but the instant must still be the one written.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, milliseconds);
  return date.getTime();
}

export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, { apiKeys, timestampWindowSeconds, replays }) => {
  // The sandbox's own signer is synchronous; the hooks rely on that.
  const signers = new Map<string, (input: SignatureInput) => string>(Object.entries(apiKeys).map(([key, secret]) => [key, hmacSha256Sync({ secret })]));
  const windowMs = timestampWindowSeconds * 1000;
  app.decorateRequest('apiKey', '');

  /** The refusal of the request's auth headers, or undefined when they may be verified. */
  function headerProblem(request: FastifyRequest): SandboxError | undefined {
    const apiKey = singleHeader(request, 'x-api-key');
    if (apiKey === undefined) return new SandboxError('missingApiKey', 'No API key was provided');
    if (!signers.has(apiKey)) return new SandboxError('unknownApiKey', 'The API key is not recognised');

    const timestamp = singleHeader(request, 'x-timestamp');
    if (timestamp === undefined) return new SandboxError('missingTimestamp', 'No x-timestamp header was provided');
    const sentAt = parseTimestamp(timestamp);
    if (Number.isNaN(sentAt)) return new SandboxError('malformedTimestamp', 'x-timestamp must be an ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:30.123Z');
    if (Math.abs(Date.now() - sentAt) > windowMs) return new SandboxError('timestampOutsideWindow', `x-timestamp is outside the accepted window of ±${timestampWindowSeconds} seconds`);

    if (singleHeader(request, 'x-signature') === undefined) return new SandboxError('missingSignature', 'No x-signature header was provided');
    return undefined;
  }

  // The headers are checked as soon as the request arrives, before its body is read, so
  // that an unauthenticated caller gets 401 however large or broken the body is. Both
  // hooks are callback-style: they run on every request, and an async hook costs a
  // promise and a microtask turn each.
  app.addHook('onRequest', (request, _reply, done) => {
    done(headerProblem(request));
  });

  // The signature covers the exact body, so it is verified once the body has been read
  // and before anything about the body is judged.
  app.addHook('preValidation', (request, _reply, done) => {
    const apiKey = singleHeader(request, 'x-api-key')!;
    const timestamp = singleHeader(request, 'x-timestamp')!;
    const signature = singleHeader(request, 'x-signature')!;
    const expected = signers.get(apiKey)!({ method: request.method, pathWithQuery: request.url, body: request.rawBody ?? '', timestamp, apiKey });
    if (typeof expected !== 'string' || !signaturesMatch(expected, signature)) return done(new SandboxError('invalidSignature', 'x-signature does not match the request'));
    if (!replays) {
      request.apiKey = apiKey;
      return done();
    }
    // Only authentic requests are remembered, so forged ones cannot fill the table. An entry
    // is useless once its timestamp has left the window, so it expires then (replays.ts).
    const decide = (fresh: boolean) => {
      if (!fresh) return done(new SandboxError('replayedRequest', 'Replay refused: this API key, x-timestamp and x-signature were already received; sign every request with a fresh x-timestamp'));
      request.apiKey = apiKey;
      done();
    };
    const claimed = replays.claimRequest(apiKey, timestamp, signature, parseTimestamp(timestamp) + windowMs);
    if (claimed instanceof Promise) claimed.then(decide, done);
    else decide(claimed);
  });
}, { name: 'sandbox-auth', dependencies: ['sandbox-errors'] });
