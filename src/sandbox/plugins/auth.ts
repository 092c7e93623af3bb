// Authentication of every request of its context: the API key must be known, the
// timestamp well-formed and inside the window, and the signature must be the shared
// HMAC-SHA256 signer's output over the exact request. Runs before the body is checked,
// so an unauthenticated caller learns nothing about the request's validity. Messages
// name the problem but never echo a key, secret or signature.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hmacSha256, signaturesMatch, timestampPattern, type Signer } from '../../signing/index.ts';
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

export const authPlugin = shared<AuthOptions>(async (app: FastifyInstance, { apiKeys, timestampWindowSeconds }) => {
  const signers = new Map<string, Signer>(Object.entries(apiKeys).map(([key, secret]) => [key, hmacSha256({ secret })]));
  const windowMs = timestampWindowSeconds * 1000;
  app.decorateRequest('apiKey', '');

  app.addHook('preValidation', async (request) => {
    const apiKey = singleHeader(request, 'x-api-key');
    if (apiKey === undefined) throw unauthorized('No API key was provided');
    const signer = signers.get(apiKey);
    if (!signer) throw unauthorized('The API key is not recognised');

    const timestamp = singleHeader(request, 'x-timestamp');
    if (timestamp === undefined) throw unauthorized('No x-timestamp header was provided');
    const sentAt = timestampPattern.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
    if (Number.isNaN(sentAt)) throw unauthorized('x-timestamp must be an ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:30.123Z');
    if (Math.abs(Date.now() - sentAt) > windowMs) throw unauthorized(`x-timestamp is outside the accepted window of ±${timestampWindowSeconds} seconds`);

    const signature = singleHeader(request, 'x-signature');
    if (signature === undefined) throw unauthorized('No x-signature header was provided');
    const expected = await signer({ method: request.method, pathWithQuery: request.url, body: request.rawBody ?? '', timestamp, apiKey });
    if (!signaturesMatch(expected, signature)) throw unauthorized('x-signature does not match the request');

    request.apiKey = apiKey;
  });
});
