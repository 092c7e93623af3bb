// The sandbox as MSW handlers (@wallet-api/sandbox/msw): the typed client's whole flow runs
// through msw/node's setupServer in this process (discover, quote, create, confirm, both
// previews, paging, refusals as the client's typed errors, per-key isolation, reset), and
// nothing listens on a socket meanwhile.
import net from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient, hmacSha256, unwrap, type Transaction, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { sandboxHandlers } from '../../packages/sandbox/src/msw/index.ts';
import { specValidator } from '../support/sandbox-caller.ts';

const baseUrl = 'http://sandbox.test';
const apiKeys = { 'team-key': 'team-secret', 'other-key': 'other-secret' };
const listen = vi.spyOn(net.Server.prototype, 'listen');
const sandbox = sandboxHandlers({ baseUrl, apiKeys, deterministic: true, validateResponses: true });
/** Requests no handler answered, by URL; MSW's error strategy still refuses them. */
const unhandled: string[] = [];
const server = setupServer(...sandbox);

/** A client of one key; created after server.listen(): the client takes the global fetch when created. */
const clientOf = (apiKey: keyof typeof apiKeys, secret: string = apiKeys[apiKey]): WalletApiClient =>
  createClient({ environment: 'custom', baseUrl, apiKey, signer: hmacSha256({ secret }) });

const listeningServers = () => (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles().filter((handle) => handle instanceof net.Server);

beforeAll(async () => {
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(request.url);
      print.error();
    },
  });
  await sandbox.ready();
});

afterAll(async () => {
  server.close();
  await sandbox.close();
  listen.mockRestore();
});

describe('sandboxHandlers through msw/node', () => {
  it('runs discover → quote → create → confirm with the client, answers inside the spec, and opens no socket', async () => {
    const client = clientOf('team-key');
    const markets = await unwrap(client.GET('/api/v1/wallets/markets'));
    expect(markets.usdtngn).toBeDefined();
    const quote = await unwrap(client.GET('/api/v1/swaps/quotes', { params: { query: { from: 'usdt', to: 'ngn', amount: 100 } } }));
    expect(specValidator.validateAt('#/components/schemas/SwapQuote', quote)).toEqual({ valid: true });
    expect(Number(quote.originalQuotedPrice)).toBe(Number(markets.usdtngn!.ticker.sell));

    const created = await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } }));
    // Deterministic mode: the first record gets the first counter id.
    expect(created).toMatchObject({ id: '000000000000000000000001', from: 'usdt', to: 'ngn', status: 'pending' });
    expect(await unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: created.id } } }))).toEqual({ id: created.id, status: 'confirmed' });

    // State is kept: the swap is confirmed, so a second confirmation is a conflict.
    const again = await unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: created.id } } })).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ httpStatus: 409, apiMessage: `Swap ${created.id} is confirmed; only a pending swap can be confirmed` });

    expect(listen).not.toHaveBeenCalled();
    expect(listeningServers()).toEqual([]);
  });

  it('records both previews as pending transactions and pages through them with the client', async () => {
    const client = clientOf('team-key');
    const withdrawal = await unwrap(client.POST('/api/v1/wallets/preview-withdraw', { body: { coin: 'usdt', chain: 'ethereum', amount: 25, receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } }));
    expect(specValidator.validateAt('#/components/schemas/WithdrawalPreview', withdrawal)).toEqual({ valid: true });
    for (let payout = 0; payout < 4; payout += 1) {
      await unwrap(client.POST('/api/v1/wallets/preview-withdraw-local-transfer', { body: { coin: 'ngn', amount: 5_000 + payout, accountNumber: '0123456789', bankCode: '058' } }));
    }

    const walked: Transaction[] = [];
    for await (const transaction of client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } } })) walked.push(transaction);
    const pages: number[] = [];
    for await (const page of client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } } }).pages()) pages.push(page.data.length);

    expect(pages).toEqual([2, 2, 1]);
    expect(walked.map((transaction) => transaction.type)).toEqual(['LOCAL_PAYOUT', 'LOCAL_PAYOUT', 'LOCAL_PAYOUT', 'LOCAL_PAYOUT', 'CRYPTO_WITHDRAWAL']);
    expect(walked.map((transaction) => transaction.amount)).toEqual([5_003, 5_002, 5_001, 5_000, 25]);
    expect(walked.every((transaction) => transaction.status === 'pending')).toBe(true);
    expect(listen).not.toHaveBeenCalled();
  });

  it('refuses a wrong signature and an invalid body with the client\'s ApiError, and keeps each key\'s records apart', async () => {
    const forged = await unwrap(clientOf('team-key', 'not-the-secret').GET('/api/v1/transactions')).catch((error: unknown) => error);
    expect(forged).toBeInstanceOf(ApiError);
    expect(forged).toMatchObject({ httpStatus: 401, apiMessage: expect.stringMatching(/signature/i) });

    // A string amount passes no type check of the client: sent anyway, the sandbox refuses it.
    const invalid = await unwrap(clientOf('team-key').POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: '100' as unknown as number, password: 'p' } })).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({ httpStatus: 400, apiMessage: expect.stringContaining('amount') });

    const other = await unwrap(clientOf('other-key').GET('/api/v1/transactions'));
    expect(other).toMatchObject({ data: [], total: 0 });
    const missing = await unwrap(clientOf('other-key').POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: '000000000000000000000001' } } })).catch((error: unknown) => error);
    expect(missing).toMatchObject({ httpStatus: 404 });
  });

  it('forgets every record and restarts deterministic ids on reset()', async () => {
    const client = clientOf('team-key');
    expect((await unwrap(client.GET('/api/v1/transactions'))).total).toBeGreaterThan(0);
    sandbox.reset();
    expect(await unwrap(client.GET('/api/v1/transactions'))).toMatchObject({ data: [], total: 0 });
    const created = await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 10, password: 'p' } }));
    expect(created.id).toBe('000000000000000000000001');
  });

  it('answers armed failure scenarios in process, resets disarm them, and opens no socket', async () => {
    const client = clientOf('team-key');
    sandbox.scenarios.arm({ operation: 'listWallets', answer: 'throttle', status: 429, retryAfterSeconds: 3 }, 'team-key');
    sandbox.scenarios.arm({ operation: 'getRates', answer: 'reset-before-headers', every: true }, 'team-key');
    const throttled = await unwrap(client.GET('/api/v1/wallets')).catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(ApiError);
    expect((throttled as ApiError).headers?.get('retry-after')).toBe('3');
    expect(await unwrap(client.GET('/api/v1/utils/rates')).catch((error: { kind: string }) => error.kind)).toBe('network');
    // The other key's calls are its own.
    expect(await unwrap(clientOf('other-key').GET('/api/v1/utils/rates'))).toBeDefined();
    expect(sandbox.scenarios.list('team-key').map((s) => s.matched)).toEqual([1, 1]);
    sandbox.reset();
    expect(sandbox.scenarios.list('team-key')).toEqual([]);
    expect(await unwrap(client.GET('/api/v1/utils/rates'))).toBeDefined();
    expect(listen).not.toHaveBeenCalled();
    expect(listeningServers()).toEqual([]);
  });

  it('leaves requests outside baseUrl to MSW\'s own handling', async () => {
    await expect(fetch('http://elsewhere.test/api/v1/wallets')).rejects.toThrow();
    expect(unhandled).toEqual(['http://elsewhere.test/api/v1/wallets']);
  });

  it('refuses a baseUrl that is not an origin', () => {
    expect(() => sandboxHandlers({ baseUrl: 'http://sandbox.test/api' })).toThrow('baseUrl must be an http(s) origin');
    expect(() => sandboxHandlers({ baseUrl: 'sandbox.test' })).toThrow('is not a URL');
  });
});
