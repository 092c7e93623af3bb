import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { formatTimestamp, hmacSha256 } from '../../packages/sdk/src/signing/index.ts';
import { SandboxCaller, type CallOptions } from '../support/sandbox-caller.ts';

const alpha = { apiKey: 'alpha-key', secret: 'alpha-secret-value' };
const beta = { apiKey: 'beta-key', secret: 'beta-secret-value' };
const windowSeconds = 60;

let sandbox: RunningSandbox;
let asAlpha: SandboxCaller;
let asBeta: SandboxCaller;

beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true, apiKeys: { [alpha.apiKey]: alpha.secret, [beta.apiKey]: beta.secret }, timestampWindowSeconds: windowSeconds });
  asAlpha = new SandboxCaller(sandbox.url, alpha);
  asBeta = asAlpha.as(beta);
});
afterAll(() => sandbox.close());

describe('sandbox authentication', () => {
  const refused: [label: string, options: CallOptions, message: string][] = [
    ['no x-api-key', { auth: { 'x-api-key': null } }, 'No API key was provided'],
    ['an empty x-api-key', { auth: { 'x-api-key': '' } }, 'No API key was provided'],
    ['an unknown key', { auth: { 'x-api-key': 'stranger-key' } }, 'The API key is not recognised'],
    ['no x-timestamp', { auth: { 'x-timestamp': null } }, 'No x-timestamp header was provided'],
    ['a timestamp without milliseconds', { auth: { 'x-timestamp': '2026-11-21T10:15:30Z' } }, 'x-timestamp must be an ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:30.123Z'],
    ['an impossible date', { auth: { 'x-timestamp': '2026-13-45T10:15:30.123Z' } }, 'x-timestamp must be an ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:30.123Z'],
    ['a timestamp too old', { timestampOffsetSeconds: -windowSeconds - 5 }, `x-timestamp is outside the accepted window of ±${windowSeconds} seconds`],
    ['a timestamp too far ahead', { timestampOffsetSeconds: windowSeconds + 5 }, `x-timestamp is outside the accepted window of ±${windowSeconds} seconds`],
    ['no x-signature', { auth: { 'x-signature': null } }, 'No x-signature header was provided'],
    ['a signature made with another secret', { signWith: beta.secret }, 'x-signature does not match the request'],
    ['a signature of another request', { auth: { 'x-signature': 'a'.repeat(64) } }, 'x-signature does not match the request'],
    ['a day that does not exist (30 February)', { auth: { 'x-timestamp': '2026-02-30T12:00:00.000Z' } }, 'x-timestamp must be an ISO 8601 UTC date-time with milliseconds, e.g. 2026-11-21T10:15:30.123Z'],
    ['a bad body and no key', { auth: { 'x-api-key': null }, rawBody: '{not json' }, 'No API key was provided'],
    ['a body over the size limit and no key', { auth: { 'x-api-key': null }, rawBody: JSON.stringify({ token: 'usdt', name: 'n'.repeat(1_200_000) }) }, 'No API key was provided'],
    ['a body over the size limit and a stale timestamp', { timestampOffsetSeconds: -windowSeconds - 5, rawBody: JSON.stringify({ token: 'usdt', name: 'n'.repeat(1_200_000) }) }, `x-timestamp is outside the accepted window of ±${windowSeconds} seconds`],
    ['a wrong content-type and a wrong signature', { signWith: 'x', rawBody: 'a=1', contentType: 'text/plain' }, 'x-signature does not match the request'],
  ];

  it.each(refused)('refuses %s with 401 and the envelope, naming no secret', async (_label, options, message) => {
    const { status, body } = await asAlpha.post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt' }, ...options });
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'error', message, data: null });
    for (const secret of [alpha.apiKey, alpha.secret, beta.secret]) expect(body.message).not.toContain(secret);
  });

  it('refuses a signature over a different body, path or query than the one sent', async () => {
    const sign = hmacSha256({ secret: alpha.secret });
    const timestamp = new Date();
    const base = { method: 'GET', body: '', timestamp: formatTimestamp(timestamp), apiKey: alpha.apiKey };
    const forOtherQuery = await sign({ ...base, pathWithQuery: '/api/v1/transactions?page=1' });
    const tampered = await asAlpha.get('/api/v1/transactions', { query: 'page=2', timestamp, auth: { 'x-signature': forOtherQuery } });
    expect(tampered.status).toBe(401);
    const forOtherBody = await sign({ ...base, method: 'POST', pathWithQuery: '/api/v1/wallets/generate-wallet', body: '{"token":"btc"}' });
    const swapped = await asAlpha.post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt' }, timestamp, auth: { 'x-signature': forOtherBody } });
    expect(swapped.status).toBe(401);
    expect((await asAlpha.get('/api/v1/wallets')).body.data).toEqual([]);
  });

  it('accepts a timestamp inside the window and refuses the demo key when keys are configured', async () => {
    expect((await asAlpha.get('/api/v1/wallets', { timestampOffsetSeconds: -windowSeconds + 10 })).status).toBe(200);
    expect((await asAlpha.get('/api/v1/wallets', { timestampOffsetSeconds: windowSeconds - 10 })).status).toBe(200);
    expect((await asAlpha.as(demoCredentials).get('/api/v1/wallets')).status).toBe(401);
  });

  it('protects the test helpers the same way', async () => {
    const { status, body } = await asAlpha.post('/sandbox/reset', { auth: { 'x-api-key': null } });
    expect(status).toBe(401);
    expect(body.message).toBe('No API key was provided');
  });

  it('uses a ±300 second window by default', async () => {
    const defaults = await startSandbox({ validateResponses: true });
    try {
      const demo = new SandboxCaller(defaults.url, demoCredentials);
      expect((await demo.get('/api/v1/wallets', { timestampOffsetSeconds: -290 })).status).toBe(200);
      expect((await demo.get('/api/v1/wallets', { timestampOffsetSeconds: -310 })).status).toBe(401);
    } finally {
      await defaults.close();
    }
  });
});

describe('sandbox tenant isolation', () => {
  it('keeps every wallet, preview, swap and transaction to the key that made it', async () => {
    await asAlpha.post('/api/v1/wallets/generate-wallet', { body: { token: 'btc' } });
    const preview = await asAlpha.post('/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 5000, coin: 'ngn' } });
    const transactionId = preview.body.data.transactionId as string;
    const swapId = (await asAlpha.post('/api/v1/swaps', { body: { from: 'btc', to: 'usdt', amount: 1, password: 'p' } })).body.data.id as string;
    const alphaAddress = (await asAlpha.get('/api/v1/wallets/deposit-address', { query: { coin: 'btc', chain: 'bitcoin' } })).body.data.address;

    expect((await asBeta.get('/api/v1/wallets')).body.data).toEqual([]);
    expect((await asBeta.get('/api/v1/transactions')).body.data).toMatchObject({ total: 0, data: [] });
    for (const [method, template, params] of [
      ['GET', '/api/v1/transactions/{id}', { id: transactionId }],
      ['POST', '/api/v1/swaps/{id}/confirm', { id: swapId }],
      ['POST', '/api/v1/swaps/{id}/cancel', { id: swapId }],
      ['POST', '/sandbox/transactions/{id}/complete', { id: transactionId }],
      ['POST', '/sandbox/transactions/{id}/fail', { id: transactionId }],
    ] as const) {
      const { status, body } = await asBeta.call(method, template, { params });
      expect({ template, status, data: body.data }).toEqual({ template, status: 404, data: null });
    }
    expect((await asBeta.get('/api/v1/wallets/deposit-address', { query: { coin: 'btc', chain: 'bitcoin' } })).body.data.address).not.toBe(alphaAddress);
    await asBeta.post('/sandbox/reset');

    // Nothing beta did reached alpha's records.
    expect((await asAlpha.get('/api/v1/wallets')).body.data).toHaveLength(1);
    expect((await asAlpha.get('/api/v1/transactions/{id}', { params: { id: transactionId } })).body.data.status).toBe('pending');
    expect((await asAlpha.post('/api/v1/swaps/{id}/confirm', { params: { id: swapId } })).body.data).toEqual({ id: swapId, status: 'confirmed' });
  });
});
