// Every operation of the spec called once through the client against the Prism mock
// (request validation on), each answer checked against the spec.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, hmacSha256, unwrap, type CallResult, type SignatureInput, type WalletApiClient } from '../../src/client/index.ts';
import { startMock, type RunningMock } from '../../src/mock/prism.ts';
import { listOperations, loadBundledDocument } from '../../src/spec/document.ts';
import { SpecValidator } from '../../src/spec/validator.ts';

let mock: RunningMock;
let client: WalletApiClient;
const signed: SignatureInput[] = [];
const validator = new SpecValidator();

beforeAll(async () => {
  mock = await startMock();
  const sign = hmacSha256({ secret: 'prism-test-secret' });
  client = createClient({ environment: 'custom', baseUrl: mock.url, apiKey: 'prism-test-key', signer: (input) => (signed.push(input), sign(input)) });
});
afterAll(() => mock?.close());

const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };

/** One call per operation id; the test below fails when the spec gains an operation this table lacks. */
const calls: Record<string, (c: WalletApiClient) => Promise<CallResult>> = {
  previewWithdrawal: (c) =>
    c.POST('/api/v1/wallets/preview-withdraw', { body: { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } }),
  previewLocalPayout: (c) =>
    c.POST('/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 50000, coin: 'ngn', accountNumber: '0123456789', bankCode: '058' } }),
  listWallets: (c) => c.GET('/api/v1/wallets'),
  createWallet: (c) => c.POST('/api/v1/wallets/generate-wallet', { body: { token: 'usdt', name: 'Treasury' } }),
  getDepositAddress: (c) => c.GET('/api/v1/wallets/deposit-address', { params: { query: { coin: 'usdt', chain: 'ethereum' } } }),
  listMarkets: (c) => c.GET('/api/v1/wallets/markets'),
  getMinimumWithdrawalAmount: (c) => c.GET('/api/v1/wallets/minimum-withdrawal-amount', { params: { query: { coin: 'usdt' } } }),
  listCoinNetworks: (c) => c.GET('/api/v1/utils/{coin}/networks', { params: { path: { coin: 'usdt' } } }),
  getRates: (c) => c.GET('/api/v1/utils/rates'),
  getSwapQuote: (c) => c.GET('/api/v1/swaps/quotes', { params: { query: { from: 'usdt', to: 'ngn', amount: 100 } } }),
  getSwapMarket: (c) => c.GET('/api/v1/swaps/market'),
  createSwap: (c) => c.POST('/api/v1/swaps', { body: swap }),
  confirmSwap: (c) => c.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: '665f1c2a9b1e4a0012ab34cd' } } }),
  cancelSwap: (c) => c.POST('/api/v1/swaps/{id}/cancel', { params: { path: { id: '665f1c2a9b1e4a0012ab34cd' } } }),
  listTransactions: (c) => c.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 1 } } }),
  getTransaction: (c) => c.GET('/api/v1/transactions/{id}', { params: { path: { id: '665f0b7e9b1e4a0012ab1234' } } }),
};

const operations = listOperations(loadBundledDocument());

describe('the client against the Prism mock', () => {
  it('has a call for every operation of the spec', () => {
    expect(Object.keys(calls).sort()).toEqual(operations.map((o) => o.operation.operationId).sort());
  });

  it.each(operations.map((o) => [o.operation.operationId, o.method, o.path] as const))('%s (%s %s) answers a spec-valid success', async (id, method, path) => {
    const before = signed.length;
    const result = await calls[id]!(client);
    expect(result.response.status, JSON.stringify(result.error)).toBe(200);
    expect(validator.validateResponse(method, path, 200, result.data)).toEqual({ valid: true });
    expect(await unwrap(result)).toEqual((result.data as { data: unknown }).data);
    expect(signed.length).toBe(before + 1);
    expect(signed.at(-1)!.method).toBe(method.toUpperCase());
  });

  it('turns an error envelope into an ApiError with status, message, operation and envelope', async () => {
    const error = await unwrap(client.GET('/api/v1/wallets', { headers: { Prefer: 'code=422, example=invalidRequest' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 422,
      operation: 'GET /api/v1/wallets',
      apiMessage: "Invalid request: body must have required property 'amount'",
      envelope: { status: 'error', message: "Invalid request: body must have required property 'amount'", data: null },
    });
  });

  it('turns a request the mock rejects into an ApiError', async () => {
    // Deliberately invalid: the required coin is missing (the types would not allow it).
    const invalid = client.GET as unknown as (path: string) => Promise<CallResult>;
    const error = await unwrap(invalid('/api/v1/wallets/minimum-withdrawal-amount')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBeGreaterThanOrEqual(400);
    expect((error as ApiError).envelope).toMatchObject({ status: 'error', data: null });
  });

  it('surfaces the missing-API-key answer as an ApiError', async () => {
    // A proxy that drops x-api-key on the way: the only way to get a key-less request out of this client.
    const dropKey: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('x-api-key');
      return fetch(input, { ...init, headers });
    };
    const keyless = createClient({ environment: 'custom', baseUrl: mock.url, apiKey: 'k', signer: () => 'sig', fetch: dropKey });
    const error = await unwrap(keyless.GET('/api/v1/wallets')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 401, apiMessage: 'No API key was provided' });
    expect(() => createClient({ environment: 'custom', baseUrl: mock.url, apiKey: '', signer: () => 'sig' })).toThrow(/apiKey is required/);
  });
});
