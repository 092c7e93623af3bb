// JSON is UTF-8 (RFC 8259 §8.1): an answer whose bytes are not is refused as an invalid
// response, not handed on with U+FFFD where the provider's bytes were; UTF-8 of every width
// arrives as sent, and an answer without a body keeps its meaning.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256, InvalidResponseError, unwrap } from '../../packages/sdk/src/client/index.ts';

const answers: Record<string, { status: number; body: Buffer }> = {
  '/api/v1/wallets/markets': { status: 200, body: Buffer.concat([Buffer.from('{"status":"success","message":"OK","data":{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}}')]) },
  '/api/v1/utils/rates': { status: 200, body: Buffer.from(JSON.stringify({ status: 'success', message: 'OK', data: { ngn: 'Naira ₦', yo: 'Ọjà', emoji: '🚀' } }), 'utf8') },
  '/api/v1/wallets': { status: 502, body: Buffer.from([0x3c, 0x68, 0x31, 0x3e, 0xe9, 0x3c]) },
};

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = answers[request.url ?? '']!;
    response.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': answer.body.length });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => createClient({ environment: 'custom', baseUrl, apiKey: 'encoding-key', signer: hmacSha256({ secret: 'encoding-secret' }) });

describe('an answer that is not UTF-8', () => {
  it('is an invalid response naming the encoding, never data with replacement characters', async () => {
    const failure = await client().listMarkets().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect(failure).toMatchObject({ httpStatus: 200, reason: expect.stringContaining('not UTF-8') });
  });

  it('is an invalid response for an error status too', async () => {
    const failure = await unwrap(client().GET('/api/v1/wallets')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect(failure).toMatchObject({ httpStatus: 502 });
  });
});

describe('an answer in UTF-8', () => {
  it('arrives as sent, characters of two, three and four bytes included', async () => {
    expect(await client().getRates()).toEqual({ ngn: 'Naira ₦', yo: 'Ọjà', emoji: '🚀' });
  });
});
