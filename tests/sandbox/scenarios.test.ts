// Failure scenarios armed through /sandbox/scenarios, startSandbox().scenarios and
// SANDBOX_SCENARIOS: bad definitions are refused naming the field and arm nothing; which
// calls a scenario picks (operation, times, every, after, a body predicate, a later call of a
// stateful flow); what a refused call leaves (nothing) and what a delayed one does (once);
// the bounds; listing, clearing, reset, and one API key's scenarios never touching another's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient, hmacSha256, unwrap, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { readScenarioFile, sandboxOptionsFromEnv } from '../../packages/sandbox/src/config.ts';
import { startSandbox, type RunningSandbox, type RunningSharedSandbox, type ScenarioView } from '../../packages/sandbox/src/index.ts';
import { storeVariants } from '../support/postgres.ts';
import { sendSigned } from '../support/signed-http.ts';

const apiKeys = { 'scenario-key': 'scenario-secret', 'other-key': 'other-secret' } as const;
type Key = keyof typeof apiKeys;
// The store variants run side by side, each against a sandbox and a store of its own (the
// delayed answers of one wait while the other works); within a variant the tests run one
// after another, as they share its API keys and reset them after each test.
describe.concurrent.each(storeVariants)('failure scenarios ($name)', ({ name: storeName, options: storeOptions }) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;

  beforeAll(async () => {
    // The real clock (not deterministic), so that a record's createdAt says when its operation ran.
    sandbox = await startSandbox({ ...(await storeOptions('failure scenarios')), logger: false, validateResponses: true, apiKeys: { ...apiKeys } });
  });
  afterAll(() => sandbox.close());
  afterEach(async () => {
    for (const key of Object.keys(apiKeys) as Key[]) await helper(key, 'POST', '/sandbox/reset');
  });

  const clientOf = (key: Key = 'scenario-key', timeoutMs?: number): WalletApiClient =>
    createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey: key, signer: hmacSha256({ secret: apiKeys[key] }), ...(timeoutMs ? { timeoutMs } : {}) });

  async function helper(key: Key, method: string, path: string, body?: unknown) {
    const response = await sendSigned(sandbox.url, { method, pathWithQuery: path, ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }) }, { apiKey: key, secret: apiKeys[key] });
    return { status: response.status, body: response.json as { status: string; message: string; data: any } };
  }
  const arm = (definition: unknown, key: Key = 'scenario-key') => helper(key, 'POST', '/sandbox/scenarios', definition);
  const listed = async (key: Key = 'scenario-key') => (await helper(key, 'GET', '/sandbox/scenarios')).body.data as ScenarioView[];
  const swaps = async (key: Key = 'scenario-key') => (await helper(key, 'GET', '/sandbox/swaps')).body.data as { id: string; status: string; createdAt: string }[];
  const createSwap = (client: WalletApiClient, amount = 100) => unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount, password: 'customer-authorization-value' } }));
  const outcome = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: unknown) => (error instanceof ApiError ? `api ${error.httpStatus}` : `${(error as { kind?: string }).kind}`));

  describe.sequential('arming', () => {
    it.each([
      [{}, "body must have the property 'answer'"],
      [{ answer: 'explode' }, 'body.answer must be equal to one of the allowed values'],
      [{ answer: 'error' }, "body must have the property 'status'"],
      [{ answer: 'error', status: 302 }, 'body.status must be >= 400'],
      [{ answer: 'throttle', status: 500, retryAfterSeconds: 1 }, 'body.status must be equal to one of the allowed values'],
      [{ answer: 'throttle', status: 429 }, "body must have the property 'retryAfterSeconds'"],
      [{ answer: 'delay' }, "body must have the property 'delayMs'"],
      [{ answer: 'delay', delayMs: 60_000 }, 'body.delayMs must be <= 30000'],
      [{ answer: 'error', status: 500, operation: 'deleteEverything' }, 'body.operation must be equal to one of the allowed values'],
      [{ answer: 'error', status: 500, times: 2, every: true }, 'body.times must not be given here'],
      [{ answer: 'error', status: 500, times: 0 }, 'body.times must be >= 1'],
      [{ answer: 'error', status: 500, when: { field: 'amount', op: '~', value: 1 } }, 'body.when.op must be equal to one of the allowed values'],
      [{ answer: 'error', status: 500, when: { field: 'a.b', op: '=', value: 1 } }, 'body.when.field must match pattern'],
      [{ answer: 'error', status: 500, message: 'x'.repeat(501) }, 'body.message must NOT have more than 500 characters'],
      [{ answer: 'error', status: 500, colour: 'red' }, "body must not have the property 'colour'"],
    ])('refuses %j with a 400 naming the field, and arms nothing', async (definition, named) => {
      const { status, body } = await arm(definition);
      expect(status).toBe(400);
      expect(body.status).toBe('error');
      expect(body.data).toBeNull();
      expect(body.message).toContain(named);
      expect(await listed()).toEqual([]);
    });

    it('lists what it armed with its counts, clears one or all, and /sandbox/reset clears them too', async () => {
      const first = await arm({ operation: 'createSwap', answer: 'error', status: 402, message: 'Insufficient balance' });
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ id: 'scenario-1', operation: 'createSwap', answer: 'error', status: 402, message: 'Insufficient balance', matched: 0, answered: 0, remaining: 1 });
      await arm({ answer: 'throttle', status: 503, retryAfterSeconds: 2, every: true });
      expect((await listed()).map((s) => [s.id, s.remaining])).toEqual([['scenario-1', 1], ['scenario-2', 'every']]);
      expect((await helper('scenario-key', 'DELETE', '/sandbox/scenarios/scenario-1')).status).toBe(200);
      expect((await helper('scenario-key', 'DELETE', '/sandbox/scenarios/scenario-1')).status).toBe(404);
      expect((await listed()).map((s) => s.id)).toEqual(['scenario-2']);
      await helper('scenario-key', 'DELETE', '/sandbox/scenarios');
      expect(await listed()).toEqual([]);
      await arm({ answer: 'error', status: 500 });
      await helper('scenario-key', 'POST', '/sandbox/reset');
      expect(await listed()).toEqual([]);
      expect(await outcome(unwrap(clientOf().GET('/api/v1/wallets')))).toBe('ok');
    });

    it('holds at most 20 per API key, spent ones included, and refuses the next with 409', async () => {
      for (let n = 0; n < 20; n++) expect((await arm({ operation: 'getRates', answer: 'error', status: 500 })).status).toBe(200);
      const refused = await arm({ answer: 'error', status: 500 });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^At most 20 scenarios can be armed at once/);
      expect(await listed()).toHaveLength(20);
      // Another key has its own room.
      expect((await arm({ answer: 'error', status: 500 }, 'other-key')).status).toBe(200);
    });

    it("never touches another API key's calls", async () => {
      await arm({ answer: 'error', status: 500, every: true }, 'other-key');
      expect(await outcome(unwrap(clientOf('scenario-key').GET('/api/v1/wallets')))).toBe('ok');
      expect(await outcome(unwrap(clientOf('other-key').GET('/api/v1/wallets')))).toBe('api 500');
    });
  });

  describe.sequential('which calls a scenario picks', () => {
    it('the next `times` calls of its operation, then none', async () => {
      await arm({ operation: 'listWallets', answer: 'error', status: 500, times: 2 });
      const client = clientOf();
      expect(await outcome(unwrap(client.GET('/api/v1/utils/rates')))).toBe('ok');
      const results = [];
      for (let n = 0; n < 3; n++) results.push(await outcome(unwrap(client.GET('/api/v1/wallets'))));
      expect(results).toEqual(['api 500', 'api 500', 'ok']);
      expect(await listed()).toMatchObject([{ matched: 3, answered: 2, remaining: 0 }]);
    });

    it('every call of every operation, after letting the first K pass', async () => {
      await arm({ answer: 'error', status: 503, every: true, after: 2 });
      const client = clientOf();
      const results = [];
      for (const path of ['/api/v1/wallets', '/api/v1/utils/rates', '/api/v1/wallets/markets', '/api/v1/wallets'] as const) results.push(await outcome(unwrap(client.GET(path))));
      expect(results).toEqual(['ok', 'ok', 'api 503', 'api 503']);
    });

    it('calls whose body matches its predicate, numbers compared as numbers', async () => {
      await arm({ operation: 'createSwap', answer: 'error', status: 402, message: 'Amount over the limit', every: true, when: { field: 'amount', op: '>=', value: '1000' } });
      const client = clientOf();
      expect(await outcome(createSwap(client, 999))).toBe('ok');
      expect(await outcome(createSwap(client, 1000))).toBe('api 402');
      expect(await outcome(createSwap(client, 5000))).toBe('api 402');
      expect((await swaps()).length).toBe(1);
    });

    it('the third call of a quote → create → confirm flow, which then goes on', async () => {
      await arm({ operation: 'confirmSwap', answer: 'throttle', status: 503, retryAfterSeconds: 1 });
      const client = clientOf();
      await unwrap(client.GET('/api/v1/swaps/quotes', { params: { query: { from: 'usdt', to: 'ngn', amount: 100 } } }));
      const created = await createSwap(client);
      const confirm = () => unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: created.id } } }));
      expect(await outcome(confirm())).toBe('api 503');
      expect((await swaps()).map((s) => s.status)).toEqual(['pending']);
      expect(await confirm()).toEqual({ id: created.id, status: 'confirmed' });
    });
  });

  describe.sequential('what a call answered by a scenario leaves', () => {
    it.each([
      ['error', { answer: 'error', status: 500 }],
      ['throttle', { answer: 'throttle', status: 429, retryAfterSeconds: 0 }],
      ['error-on-200', { answer: 'error-on-200', message: 'Swap could not be created' }],
      ['not-json', { answer: 'not-json' }],
      ['reset-before-headers', { answer: 'reset-before-headers' }],
    ])('%s: no state changed', async (_name, definition) => {
      await arm({ operation: 'createSwap', ...definition });
      expect(await outcome(createSwap(clientOf()))).not.toBe('ok');
      expect(await swaps()).toEqual([]);
    });

    it('delay: the operation runs once, after the wait, even when the caller gave up', async () => {
      // The sandbox keeps the real clock, so the record's own createdAt tells when the operation
      // ran: after the wait, however slow the machine is to look.
      await arm({ operation: 'createSwap', answer: 'delay', delayMs: 1000 });
      const sentAt = Date.now();
      expect(await outcome(createSwap(clientOf('scenario-key', 200)))).toBe('timeout');
      await vi.waitFor(async () => expect(await swaps()).toHaveLength(1), { timeout: 30_000, interval: 100 });
      // Timers count whole milliseconds on another clock than Date.now(): one either way.
      expect(Date.parse((await swaps())[0]!.createdAt) - sentAt).toBeGreaterThanOrEqual(1000 - 1);
      // A delayed call that arrives in time is the operation's own answer.
      await arm({ operation: 'createSwap', answer: 'delay', delayMs: 100 });
      expect(await createSwap(clientOf())).toMatchObject({ status: 'pending' });
      expect(await swaps()).toHaveLength(2);
    });

    it.each([
      ['dribble', { answer: 'dribble', delayMs: 300 }, 'ok'],
      ['truncated', { answer: 'truncated' }, 'invalid-response'],
      ['reset-after-headers', { answer: 'reset-after-headers' }, 'network'],
    ])('%s: the operation ran once', async (_name, definition, expected) => {
      await arm({ operation: 'createSwap', ...definition });
      expect(await outcome(createSwap(clientOf()))).toBe(expected);
      expect(await swaps()).toHaveLength(1);
    });
  });

  describe.sequential('arming from Node', () => {
    if (storeName === 'in memory') {
      it('startSandbox().scenarios arms, lists and clears for an API key, refusing a bad definition naming the field', async () => {
        const scenarios = (sandbox as RunningSandbox).scenarios;
        expect(() => scenarios.arm({ answer: 'error' } as never, 'scenario-key')).toThrow("Invalid scenario: scenario must have the property 'status'");
        expect(() => scenarios.arm({ answer: 'error', status: 500 })).toThrow('Name the API key: the sandbox serves 2');
        expect(() => scenarios.arm({ answer: 'error', status: 500 }, 'nobody')).toThrow('Unknown API key');
        expect(scenarios.arm({ operation: 'listWallets', answer: 'error', status: 418 }, 'scenario-key')).toMatchObject({ id: 'scenario-1', remaining: 1 });
        expect(await outcome(unwrap(clientOf().GET('/api/v1/wallets')))).toBe('api 418');
        expect(scenarios.list('scenario-key')).toMatchObject([{ matched: 1, answered: 1, remaining: 0 }]);
        scenarios.clear();
        expect(scenarios.list('scenario-key')).toEqual([]);
      });
    } else {
      it('startSandbox({ databaseUrl }).scenarios arms, lists and clears for an API key once the database has, refusing a bad definition naming the field', async () => {
        const scenarios = (sandbox as RunningSharedSandbox).scenarios;
        await expect(scenarios.arm({ answer: 'error' } as never, 'scenario-key')).rejects.toThrow("Invalid scenario: scenario must have the property 'status'");
        await expect(scenarios.arm({ answer: 'error', status: 500 })).rejects.toThrow('Name the API key: the sandbox serves 2');
        await expect(scenarios.arm({ answer: 'error', status: 500 }, 'nobody')).rejects.toThrow('Unknown API key');
        expect(await scenarios.arm({ operation: 'listWallets', answer: 'error', status: 418 }, 'scenario-key')).toMatchObject({ id: 'scenario-1', remaining: 1 });
        expect(await outcome(unwrap(clientOf().GET('/api/v1/wallets')))).toBe('api 418');
        expect(await scenarios.list('scenario-key')).toMatchObject([{ matched: 1, answered: 1, remaining: 0 }]);
        await scenarios.clear();
        expect(await scenarios.list('scenario-key')).toEqual([]);
      });
    }

    it('SANDBOX_SCENARIOS arms a file of scenarios for every API key at start, and a bad entry stops the start naming it', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
      writeFileSync(join(dir, 'good.json'), JSON.stringify([{ operation: 'getRates', answer: 'error', status: 503, every: true }]));
      writeFileSync(join(dir, 'bad.json'), JSON.stringify([{ answer: 'delay', delayMs: 5 }, { answer: 'error' }]));
      writeFileSync(join(dir, 'broken.json'), '{');
      const { options } = sandboxOptionsFromEnv({ SANDBOX_SCENARIOS: join(dir, 'good.json'), SANDBOX_API_KEYS: 'scenario-key:scenario-secret', PORT: '0' });
      const started = await startSandbox({ ...options, logger: false });
      try {
        const client = createClient({ environment: 'custom', baseUrl: started.url, apiKey: 'scenario-key', signer: hmacSha256({ secret: 'scenario-secret' }) });
        expect(await outcome(unwrap(client.GET('/api/v1/utils/rates')))).toBe('api 503');
      } finally {
        await started.close();
      }
      await expect(startSandbox({ logger: false, scenarios: readScenarioFile(join(dir, 'bad.json')) })).rejects.toThrow("scenarios[1]: Invalid scenario: scenario must have the property 'status'");
      expect(() => readScenarioFile(join(dir, 'broken.json'))).toThrow(/SANDBOX_SCENARIOS .*broken\.json is not JSON/);
      expect(() => readScenarioFile(join(dir, 'missing.json'))).toThrow(/cannot be read \(ENOENT\)/);
    });
  });
});
