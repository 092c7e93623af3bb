// The answers of @wallet-api/sandbox/msw are the HTTP sandbox's, byte for byte: the same
// signed requests (same headers, same body bytes) go to a sandbox started with startSandbox
// over loopback and, through msw/node, to sandboxHandlers with the same options, in the same
// order; status, status text, headers and body bytes must be equal. Only what describes the
// connection differs (date, connection, keep-alive): in-process there is none.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp, hmacSha256 } from '../../packages/sdk/src/signing/index.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { sandboxHandlers } from '../../packages/sandbox/src/msw/index.ts';

const inProcessUrl = 'http://sandbox.test';
const apiKeys = { 'team-key': 'team-secret' };
const options = { apiKeys, deterministic: true, validateResponses: true };
const connectionHeaders = new Set(['date', 'connection', 'keep-alive']);

type Case = { name: string; method: string; pathWithQuery: string; body?: string; contentType?: string; sign?: 'right' | 'wrong' | 'none' };

/** Successes and refusals of every class the sandbox answers, in an order that builds state. */
const cases: Case[] = [
  { name: 'markets', method: 'GET', pathWithQuery: '/api/v1/wallets/markets' },
  { name: 'quote', method: 'GET', pathWithQuery: '/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100' },
  { name: 'create swap', method: 'POST', pathWithQuery: '/api/v1/swaps', body: '{"from":"usdt","to":"ngn","amount":100,"password":"p"}', contentType: 'application/json' },
  { name: 'confirm', method: 'POST', pathWithQuery: '/api/v1/swaps/000000000000000000000001/confirm' },
  { name: 'confirm again (409)', method: 'POST', pathWithQuery: '/api/v1/swaps/000000000000000000000001/confirm' },
  { name: 'payout preview', method: 'POST', pathWithQuery: '/api/v1/wallets/preview-withdraw-local-transfer', body: '{"coin":"ngn","amount":5000,"accountNumber":"0123456789","bankCode":"058"}', contentType: 'application/json' },
  { name: 'transactions, paged', method: 'GET', pathWithQuery: '/api/v1/transactions?limit=1&page=1' },
  { name: 'unknown swap (404)', method: 'POST', pathWithQuery: '/api/v1/swaps/nothing%20here/cancel' },
  { name: 'extra field (400)', method: 'POST', pathWithQuery: '/api/v1/swaps', body: '{"from":"usdt","to":"ngn","amount":1,"password":"p","extra":1}', contentType: 'application/json' },
  { name: 'bad JSON (400)', method: 'POST', pathWithQuery: '/api/v1/swaps', body: '{"from":', contentType: 'application/json' },
  { name: 'wrong content type (400)', method: 'POST', pathWithQuery: '/api/v1/swaps', body: 'from=usdt', contentType: 'text/plain' },
  { name: 'wrong signature (401)', method: 'GET', pathWithQuery: '/api/v1/wallets', sign: 'wrong' },
  { name: 'no credentials (401)', method: 'GET', pathWithQuery: '/api/v1/wallets', sign: 'none' },
  { name: 'unknown route (404)', method: 'GET', pathWithQuery: '/api/v1/nothing' },
  { name: 'test helper', method: 'GET', pathWithQuery: '/sandbox/swaps' },
];

type Answer = { status: number; statusText: string; headers: [string, string][]; body: Buffer };

async function headersOf(request: Case, timestamp: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = request.contentType ? { 'content-type': request.contentType } : {};
  if (request.sign === 'none') return headers;
  const secret = request.sign === 'wrong' ? 'not-the-secret' : apiKeys['team-key'];
  const signature = await hmacSha256({ secret })({ method: request.method, pathWithQuery: request.pathWithQuery, body: request.body ?? '', timestamp, apiKey: 'team-key' });
  return { ...headers, 'x-api-key': 'team-key', 'x-timestamp': timestamp, 'x-signature': signature };
}

async function send(baseUrl: string, request: Case, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${baseUrl}${request.pathWithQuery}`, { method: request.method, headers, body: request.body });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers].filter(([name]) => !connectionHeaders.has(name)),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

let http: RunningSandbox;
const inProcess = sandboxHandlers({ baseUrl: inProcessUrl, ...options });
// The loopback requests to the HTTP sandbox pass through MSW untouched.
const server = setupServer(...inProcess);

beforeAll(async () => {
  http = await startSandbox({ ...options, logger: false });
  server.listen({ onUnhandledRequest: 'bypass' });
});

afterAll(async () => {
  server.close();
  await inProcess.close();
  await http?.close();
});

describe('sandboxHandlers answers as the HTTP sandbox does', () => {
  it('with the same status, headers and body bytes for every request, success or refusal', async () => {
    const differences: string[] = [];
    const statuses = new Set<number>();
    for (const request of cases) {
      const headers = await headersOf(request, formatTimestamp(new Date()));
      const overHttp = await send(http.url, request, headers);
      const throughMsw = await send(inProcessUrl, request, headers);
      expect(overHttp.body.length, request.name).toBeGreaterThan(0);
      statuses.add(overHttp.status);
      if (JSON.stringify({ ...overHttp, body: overHttp.body.toString('base64') }) !== JSON.stringify({ ...throughMsw, body: throughMsw.body.toString('base64') })) {
        differences.push(`${request.name}:\n  http ${JSON.stringify({ ...overHttp, body: overHttp.body.toString() })}\n  msw  ${JSON.stringify({ ...throughMsw, body: throughMsw.body.toString() })}`);
      }
    }
    expect(differences).toEqual([]);
    // The cases reach a success and every class of refusal.
    expect([...statuses].sort()).toEqual([200, 400, 401, 404, 409]);
  });
});
