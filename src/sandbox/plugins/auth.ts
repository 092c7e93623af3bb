// Authentication of every request of its context: the API key must be known, the
// timestamp well-formed and inside the window, and the signature must be the shared
// HMAC-SHA256 signer's output over the exact request. Runs before the body is judged,
// so an unauthenticated caller learns nothing about the request's validity. Messages
// name the problem but never echo a key, secret or signature.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hmacSha256Sync, signaturesMatch, timestampPattern, type SignatureInput } from '../../signing/index.ts';
import { unauthorized } from '../errors.ts';
import { shared } from './shared.ts';

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
};

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The instant an x-timestamp names, or NaN unless it is a real ISO 8601 UTC date-time with milliseconds. */
function parseTimestamp(value: string): number {
  if (!timestampPattern.test(value)) return Number.NaN;
  const instant = Date.parse(value);
  // Date.parse rolls impossible dates forward (2026-02-30 → 2026-03-02): only a value
  // that formats back to itself names a real instant.
  return !Number.isNaN(instant) && new Date(instant).toISOString() === value ? instant : Number.NaN;
}

export const authPlugin = shared<AuthOptions>(async (app: FastifyInstance, { apiKeys, timestampWindowSeconds }) => {
  // The sandbox's own signer is synchronous; the hooks rely on that.
  const signers = new Map<string, (input: SignatureInput) => string>(Object.entries(apiKeys).map(([key, secret]) => [key, hmacSha256Sync({ secret })]));
  const windowMs = timestampWindowSeconds * 1000;
  app.decorateRequest('apiKey', '');

  /** The first problem with the request's auth headers, or undefined when they may be verified. */
  function headerProblem(request: FastifyRequest): string | undefined {
    const apiKey = singleHeader(request, 'x-api-key');
    if (apiKey === undefined) return 'No API key was provided';
    if (!signers.has(apiKey)) return 'The API key is not recognised';

    const timestamp = singleHeader(request, 'x-timestamp');
    if (timestamp === undefined) return 'No x-timestamp header was provided';
    const sentAt = parseTimestamp(timestamp);
    if (Number.isNaN(sentAt)) return 'x-timestamp must be an ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:30.123Z';
    if (Math.abs(Date.now() - sentAt) > windowMs) return `x-timestamp is outside the accepted window of ±${timestampWindowSeconds} seconds`;

    if (singleHeader(request, 'x-signature') === undefined) return 'No x-signature header was provided';
    return undefined;
  }

  // The headers are checked as soon as the request arrives, before its body is read, so
  // that an unauthenticated caller gets 401 however large or broken the body is. Both
  // hooks are callback-style: they run on every request, and an async hook costs a
  // promise and a microtask turn each.
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = headerProblem(request);
    done(problem === undefined ? undefined : unauthorized(problem));
  });

  // The signature covers the exact body, so it is verified once the body has been read
  // and before anything about the body is judged.
  app.addHook('preValidation', (request, _reply, done) => {
    const apiKey = singleHeader(request, 'x-api-key')!;
    const timestamp = singleHeader(request, 'x-timestamp')!;
    const signature = singleHeader(request, 'x-signature')!;
    const expected = signers.get(apiKey)!({ method: request.method, pathWithQuery: request.url, body: request.rawBody ?? '', timestamp, apiKey });
    if (typeof expected !== 'string' || !signaturesMatch(expected, signature)) return done(unauthorized('x-signature does not match the request'));
    request.apiKey = apiKey;
    done();
  });
});
