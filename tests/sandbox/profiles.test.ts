// The sandbox playing a provider: each fixture profile started in process, every entry of
// it seen in real signed HTTP calls; without a profile, the same answers byte for byte as
// before profiles existed; and random valid profiles all start and keep their answers
// within the spec but for what they break on purpose.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../packages/sandbox/src/app.ts';
import { sandboxOptionsFromEnv } from '../../packages/sandbox/src/config.ts';
import { withSandboxDefaults } from '../../packages/sandbox/src/defaults.ts';
import { demoCredentials, startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { loadProfile, profileSchemaProblems } from '../../packages/sandbox/src/profile/load.ts';
import { refusalClasses, type ProviderProfile, type RefusalClass } from '../../packages/sandbox/src/profile/types.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { rawAnswer, recordTranscript, transcriptSandboxOptions, type TranscriptEntry } from '../support/answer-transcript.ts';
import { providerProfiles } from '../support/profiles.ts';
import { repoRoot } from '../support/run.ts';
import { SandboxCaller, specValidator, type CallResult } from '../support/sandbox-caller.ts';
import { sendSigned } from '../support/signed-http.ts';
import { countFromEnv } from '../support/count.ts';

// Random profiles the last test draws: a few by default, CI's full-count lane 15 (PROFILE_PROPERTY_RUNS=15).
const randomProfiles = countFromEnv('PROFILE_PROPERTY_RUNS', 4);

const fixturePath = (name: string) => join(repoRoot, 'tests/fixtures/providers', name);
const readProfile = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as ProviderProfile;
const withdrawal = { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x0000000000000000000000000000000000000001' };
const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };

/** A signed call whose answer is read as it is, for answers that break the spec on purpose. */
async function rawCall(baseUrl: string, method: string, pathWithQuery: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const response = await sendSigned(baseUrl, { method, pathWithQuery, ...(text === undefined ? {} : { body: text, contentType: 'application/json' }) }, demoCredentials);
  return { status: response.status, text: response.text, json: response.json as Record<string, any> };
}

describe('without a profile', () => {
  it('answers byte for byte as the sandbox did before provider profiles existed', async () => {
    // Recorded with this walk from the sandbox of commit 89146d1, the last one without profiles.
    const before = JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/sandbox/answers-without-profile.json'), 'utf8')) as TranscriptEntry[];
    const sandbox = await startSandbox({ ...transcriptSandboxOptions, validateResponses: true });
    try {
      expect(await recordTranscript(sandbox.url, demoCredentials)).toEqual(before);
    } finally {
      await sandbox.close();
    }
  });
});

describe('a sandbox playing fills-unknowns.json', () => {
  const path = fixturePath('fills-unknowns.json');
  const profile = readProfile(path);
  let sandbox: RunningSandbox;
  let api: SandboxCaller;

  beforeAll(async () => {
    sandbox = await startSandbox({ profile: path, validateResponses: true, deterministic: true, rejectReplays: true });
    // The caller also checks every answer against the spec: this profile contradicts nothing.
    api = new SandboxCaller(sandbox.url, demoCredentials);
  });
  afterAll(() => sandbox.close());

  it('is the profile the sandbox names', () => {
    expect(sandbox.profile).toBe('Acme Pay (unknowns filled)');
  });

  it('gives every Swap and Transaction record the extra fields, beside the documented ones', async () => {
    const created = await api.post('/api/v1/swaps', { body: swap });
    expect(created.body.data).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), from: 'usdt', to: 'ngn', status: 'pending', ...profile.extraFields!.Swap });
    await api.post('/api/v1/wallets/preview-withdraw', { body: withdrawal });
    await api.post('/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 50000, coin: 'ngn' } });
    const records = (await api.get('/api/v1/transactions')).body.data.data as Record<string, unknown>[];
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toMatchObject({ ...profile.extraFields!.Transaction, _id: expect.any(String), uid: expect.stringMatching(/^TRX-\d+$/), amount: expect.any(Number) });
      expect(Object.keys(record)).toHaveLength(15 + Object.keys(profile.extraFields!.Transaction!).length);
    }
  });

  it('gives records the listed values in turn by weight, in answers only', async () => {
    // A sandbox of its own, so the turns start at the first value.
    const own = await startSandbox({ profile: path, validateResponses: true, deterministic: true });
    try {
      const caller = new SandboxCaller(own.url, demoCredentials);
      for (let i = 0; i < 4; i++) await caller.post('/api/v1/wallets/preview-withdraw', { body: withdrawal });
      const records = (await caller.get('/api/v1/transactions')).body.data.data as Record<string, string>[];
      expect(records.map((r) => r.status)).toEqual(['processing', 'processing', 'failed', 'processing']);
      expect(records.map((r) => r.type)).toEqual(['CRYPTO_WITHDRAWAL', 'FIAT_PAYOUT', 'CRYPTO_WITHDRAWAL', 'FIAT_PAYOUT']);
      expect(records.map((r) => r.payoutStatus)).toEqual(['initiated', 'processing', 'initiated', 'processing']);
      // The turns go on from one answer to the next.
      const next = (await caller.get('/api/v1/transactions', { query: { limit: 2 } })).body.data.data as Record<string, string>[];
      expect(next.map((r) => r.status)).toEqual(['processing', 'failed']);
      // The sandbox's state is its own: every preview is still pending, so each can be completed.
      for (const record of records) {
        const completed = await caller.post('/sandbox/transactions/{id}/complete', { params: { id: record._id! } });
        expect(completed.body.data).toMatchObject({ status: 'completed', payoutStatus: 'completed', type: 'CRYPTO_WITHDRAWAL' });
      }

      for (const token of ['usdt', 'bitcoin', 'naira']) {
        const created = await caller.post('/api/v1/wallets/generate-wallet', { body: { token } });
        // A created wallet is another schema (CreatedWallet): the profile does not name it.
        expect(created.body.data.status).toBe('active');
      }
      const wallets = (await caller.get('/api/v1/wallets')).body.data as Record<string, string>[];
      expect(wallets.map((w) => w.status)).toEqual(['inactive', 'frozen', 'inactive']);
    } finally {
      await own.close();
    }
  });

  it('answers the profile’s shapes as the data of the operations whose shape the spec leaves unpublished', async () => {
    const preview = await api.post('/api/v1/wallets/preview-withdraw', { body: withdrawal });
    const answers: Record<string, CallResult> = {
      getRates: await api.get('/api/v1/utils/rates'),
      getDepositAddress: await api.get('/api/v1/wallets/deposit-address', { query: { coin: 'usdt', chain: 'polygon' } }),
      getSwapMarket: await api.get('/api/v1/swaps/market'),
      getTransaction: await api.get('/api/v1/transactions/{id}', { params: { id: preview.body.data.transactionId } }),
    };
    expect(Object.keys(answers).sort()).toEqual(Object.keys(profile.shapes!).sort());
    for (const [operationId, answer] of Object.entries(answers)) {
      expect(answer).toEqual({ status: 200, body: { status: 'success', message: expect.any(String), data: profile.shapes![operationId] } });
    }
    // The request is still judged first, and refused as the profile says.
    const unknownCoin = await api.get('/api/v1/wallets/deposit-address', { query: { coin: 'doge', chain: 'polygon' } });
    expect(unknownCoin).toEqual({ status: 422, body: { status: 'error', message: 'The given data was invalid.', data: null } });
    const unknownId = await api.get('/api/v1/transactions/{id}', { params: { id: 'no-such-transaction' } });
    expect(unknownId).toEqual({ status: 404, body: { status: 'error', message: 'Resource not found', data: null } });
  });

  const refusals: [RefusalClass, () => Promise<CallResult>][] = [
    ['missingApiKey', () => api.get('/api/v1/wallets', { auth: { 'x-api-key': null } })],
    ['unknownApiKey', () => api.get('/api/v1/wallets', { auth: { 'x-api-key': 'stranger-key' } })],
    ['missingTimestamp', () => api.get('/api/v1/wallets', { auth: { 'x-timestamp': null } })],
    ['malformedTimestamp', () => api.get('/api/v1/wallets', { auth: { 'x-timestamp': '2026-11-21T10:15:30Z' } })],
    ['timestampOutsideWindow', () => api.get('/api/v1/wallets', { timestampOffsetSeconds: -40 })],
    ['missingSignature', () => api.get('/api/v1/wallets', { auth: { 'x-signature': null } })],
    ['invalidSignature', () => api.get('/api/v1/wallets', { signWith: 'another-secret' })],
    [
      'replayedRequest',
      async () => {
        const timestamp = new Date();
        expect((await api.get('/api/v1/wallets', { timestamp })).status).toBe(200);
        return api.get('/api/v1/wallets', { timestamp });
      },
    ],
    ['invalidInput', () => api.post('/api/v1/wallets/generate-wallet', { body: {} })],
    ['notFound', () => api.post('/api/v1/swaps/{id}/confirm', { params: { id: 'no-such-swap' } })],
    [
      'conflict',
      async () => {
        const { id } = (await api.post('/api/v1/swaps', { body: swap })).body.data;
        expect((await api.post('/api/v1/swaps/{id}/cancel', { params: { id } })).status).toBe(200);
        return api.post('/api/v1/swaps/{id}/cancel', { params: { id } });
      },
    ],
  ];

  it('is tried below on a refusal of every class', () => {
    expect(refusals.map(([refusalClass]) => refusalClass)).toEqual(refusalClasses);
  });

  it.each(refusals)('answers a refusal of class %s with the profile’s status and message, exactly', async (refusalClass, call) => {
    const { status, message } = profile.refusals![refusalClass]!;
    expect(await call()).toEqual({ status, body: { status: 'error', message, data: null } });
  });

  it('answers invalid input met before a handler (a malformed URL or request, a body too large) and unknown routes as the profile says', async () => {
    const invalid = profile.refusals!.invalidInput!;
    const badUrl = await rawCall(sandbox.url, 'GET', '/api/v1/wallets/%E0%A4%A');
    expect({ status: badUrl.status, json: badUrl.json }).toEqual({ status: invalid.status, json: { status: 'error', message: invalid.message, data: null } });
    const tooLarge = await api.post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt', name: 'n'.repeat(1_100_000) } });
    expect(tooLarge).toEqual({ status: invalid.status, body: { status: 'error', message: invalid.message, data: null } });
    const unknownRoute = await api.get('/api/v2/wallets');
    expect(unknownRoute).toEqual({ status: 404, body: { status: 'error', message: profile.refusals!.notFound!.message, data: null } });
    const raw = await rawAnswer(sandbox.url, 'GET /api/v1/wallets HTTP/1.1\r\nHost: sandbox\r\nBroken header line\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 422 Unprocessable Entity\r\n/);
    expect(raw.endsWith(JSON.stringify({ status: 'error', message: invalid.message, data: null }))).toBe(true);
  });

  it('accepts an x-timestamp within the profile’s 30 seconds and refuses one beyond', async () => {
    expect((await api.get('/api/v1/wallets', { timestampOffsetSeconds: -20 })).status).toBe(200);
    expect((await api.get('/api/v1/wallets', { timestampOffsetSeconds: -35 })).body.message).toBe('Request expired');
  });

  it('lets a window set explicitly, by option or environment, win over the profile’s', async () => {
    const wide = await startSandbox({ profile: path, timestampWindowSeconds: 300, validateResponses: true });
    try {
      expect((await new SandboxCaller(wide.url, demoCredentials).get('/api/v1/wallets', { timestampOffsetSeconds: -60 })).status).toBe(200);
    } finally {
      await wide.close();
    }
    const windowFrom = (env: NodeJS.ProcessEnv) => withSandboxDefaults(sandboxOptionsFromEnv(env).options).settings.timestampWindowSeconds;
    expect(windowFrom({ SANDBOX_PROFILE: path })).toBe(30);
    expect(windowFrom({ SANDBOX_PROFILE: path, SANDBOX_TIMESTAMP_WINDOW_SECONDS: '300' })).toBe(300);
    expect(windowFrom({ SANDBOX_PROFILE: fixturePath('contradicts.json') })).toBe(60);
    expect(windowFrom({})).toBe(300);
  });
});

describe('a sandbox playing contradicts.json', () => {
  const path = fixturePath('contradicts.json');
  const profile = readProfile(path);
  let sandbox: RunningSandbox;
  let plain: RunningSandbox;
  const call = (method: string, pathWithQuery: string, body?: unknown) => rawCall(sandbox.url, method, pathWithQuery, body);

  beforeAll(async () => {
    // The self-check stays on: only what the profile breaks on purpose may pass it.
    sandbox = await startSandbox({ profile: path, validateResponses: true, deterministic: true });
    plain = await startSandbox({ validateResponses: true, deterministic: true });
  });
  afterAll(async () => {
    await sandbox.close();
    await plain.close();
  });

  it('leaves out Transaction.payoutStatus and sends Transaction.amount as a string: the spec is broken there and nowhere else', async () => {
    await call('POST', '/api/v1/wallets/preview-withdraw', withdrawal);
    await call('POST', '/api/v1/wallets/preview-withdraw-local-transfer', { amount: 50000, coin: 'ngn' });
    const { status, json } = await call('GET', '/api/v1/transactions');
    expect(status).toBe(200);
    const records = json.data.data as Record<string, unknown>[];
    expect(records.map((r) => [r.amount, 'payoutStatus' in r, r.status])).toEqual([['50000', false, 'processing'], ['25', false, 'processing']]);
    const verdict = specValidator.validateResponse('get', '/api/v1/transactions', 200, json);
    expect(verdict.valid).toBe(false);
    expect(verdict.valid ? '' : verdict.message).toContain("body/data/data/0 must have required property 'payoutStatus'");
    const repaired = structuredClone(json);
    for (const record of repaired.data.data) Object.assign(record, { payoutStatus: 'pending', amount: Number(record.amount) });
    expect(specValidator.validateResponse('get', '/api/v1/transactions', 200, repaired)).toEqual({ valid: true });
  });

  it('sends MarketTicker.at as its decimal string', async () => {
    const { json } = await call('GET', '/api/v1/wallets/markets');
    const tickers = Object.values(json.data) as { at: unknown }[];
    expect(tickers.map((t) => t.at)).toEqual(tickers.map(() => '1767225600'));
    const repaired = structuredClone(json);
    for (const ticker of Object.values(repaired.data) as { at: unknown }[]) ticker.at = Number(ticker.at);
    expect(specValidator.validateResponse('get', '/api/v1/wallets/markets', 200, repaired)).toEqual({ valid: true });
  });

  it('answers a quote as its data alone, without the envelope', async () => {
    const { status, json } = await call('GET', '/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100');
    expect(status).toBe(200);
    expect(json).toEqual({ quotedPrice: '1531.305', originalQuotedPrice: '1539', fee: '769.5', quotedCurrency: 'NGN', toAmount: '153130.5', originalToAmount: '153900' });
  });

  it('answers a swap cancellation with the error envelope under HTTP 200, the swap being cancelled all the same', async () => {
    const created = await call('POST', '/api/v1/swaps', swap);
    expect(created.json.data).toMatchObject(profile.extraFields!.Swap!);
    const id = created.json.data.id as string;
    expect(await call('POST', `/api/v1/swaps/${id}/cancel`)).toMatchObject({ status: 200, json: { status: 'error', message: 'Swap cancellation failed', data: null } });
    expect((await call('GET', `/sandbox/swaps/${id}`)).json.data.status).toBe('cancelled');
    // A refusal is no success answer: it stays the refusal the profile sets.
    expect(await call('POST', `/api/v1/swaps/${id}/cancel`)).toMatchObject({ status: 409, json: { status: 'error', message: profile.refusals!.conflict!.message, data: null } });
  });

  it('fills the unknowns it names as well', async () => {
    expect((await call('GET', '/api/v1/utils/rates')).json).toEqual({ status: 'success', message: 'Rates retrieved', data: profile.shapes!.getRates });
    expect(await call('POST', '/api/v1/wallets/generate-wallet', {})).toMatchObject({ status: 422, json: { message: 'The given data was invalid.' } });
    expect(await call('GET', '/api/v1/wallets', undefined)).toMatchObject({ status: 200 });
  });

  it('answers the operations it does not touch byte for byte as the sandbox without a profile', async () => {
    for (const pathWithQuery of ['/api/v1/utils/usdt/networks', '/api/v1/wallets/minimum-withdrawal-amount?coin=btc', '/api/v1/swaps/market']) {
      const [played, own] = await Promise.all([call('GET', pathWithQuery), rawCall(plain.url, 'GET', pathWithQuery)]);
      expect(played.text).toBe(own.text);
    }
  });

  it('answers the same bytes with the self-check off', async () => {
    const unchecked = await startSandbox({ profile: path, deterministic: true });
    try {
      for (const pathWithQuery of ['/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100', '/api/v1/wallets/markets', '/api/v1/utils/rates']) {
        const [checked, own] = await Promise.all([call('GET', pathWithQuery), rawCall(unchecked.url, 'GET', pathWithQuery)]);
        expect(own.text).toBe(checked.text);
      }
    } finally {
      await unchecked.close();
    }
  });

  it('still has its self-check catch what the profile does not break on purpose', async () => {
    // The spec served requires a remark of at least 3 characters, which the sandbox's own
    // previews (remark "") do not have: that break is the sandbox's, not the profile's.
    const document = structuredClone(loadBundledDocument());
    const schemas = document.components.schemas as Record<string, { properties: Record<string, object> }>;
    schemas.Transaction!.properties.remark = { type: 'string', minLength: 3 };
    const app = await buildSandboxApp({ apiKeys: { [demoCredentials.apiKey]: demoCredentials.secret }, timestampWindowSeconds: 60, profile: loadProfile(path), document, validateResponses: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      await rawCall(url, 'POST', '/api/v1/wallets/preview-withdraw', withdrawal);
      const { status, json } = await rawCall(url, 'GET', '/api/v1/transactions');
      expect(status).toBe(500);
      expect(json.message).toContain('body/data/data/0/remark must NOT have fewer than 3 characters');
      expect(json.message).not.toMatch(/payoutStatus|amount must/);
    } finally {
      await app.close();
    }
  });
});

describe('random provider profiles', () => {
  it('each loads, starts the sandbox, and keeps every answer within the spec but for what it breaks on purpose', async () => {
    await fc.assert(
      fc.asyncProperty(providerProfiles(), async (profile) => {
        expect(profileSchemaProblems(profile)).toEqual([]);
        const sandbox = await startSandbox({ profile, validateResponses: true, deterministic: true, logger: false });
        try {
          expect(sandbox.profile).toBe(profile.name);
          const call = (method: string, pathWithQuery: string, body?: unknown) => rawCall(sandbox.url, method, pathWithQuery, body);
          const answers = [
            await call('POST', '/api/v1/wallets/generate-wallet', { token: 'usdt' }),
            await call('GET', '/api/v1/wallets'),
            await call('POST', '/api/v1/wallets/preview-withdraw', withdrawal),
            await call('POST', '/api/v1/wallets/preview-withdraw-local-transfer', { amount: 50000, coin: 'ngn' }),
            await call('GET', '/api/v1/transactions'),
            await call('GET', '/api/v1/transactions/000000000000000000000002'),
            await call('GET', '/api/v1/wallets/markets'),
            await call('GET', '/api/v1/utils/rates'),
            await call('GET', '/api/v1/utils/usdt/networks'),
            await call('GET', '/api/v1/wallets/minimum-withdrawal-amount?coin=usdt'),
            await call('GET', '/api/v1/wallets/deposit-address?coin=usdt&chain=polygon'),
            await call('GET', '/api/v1/swaps/market'),
            await call('GET', '/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100'),
            await call('POST', '/api/v1/swaps', swap),
            await call('POST', '/api/v1/swaps/000000000000000000000005/confirm'),
            await call('POST', '/api/v1/swaps', swap),
            await call('POST', '/api/v1/swaps/000000000000000000000006/cancel'),
          ];
          expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
        } finally {
          await sandbox.close();
        }
      }),
      { numRuns: randomProfiles },
    );
  });
});
