import { describe, expect, it } from 'vitest';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';

const doc = loadBundledDocument();
const validator = new SpecValidator(doc);

const expectedOperations = [
  ['post', '/api/v1/wallets/preview-withdraw', 'previewWithdrawal'],
  ['post', '/api/v1/wallets/preview-withdraw-local-transfer', 'previewLocalPayout'],
  ['get', '/api/v1/wallets', 'listWallets'],
  ['post', '/api/v1/wallets/generate-wallet', 'createWallet'],
  ['get', '/api/v1/wallets/deposit-address', 'getDepositAddress'],
  ['get', '/api/v1/wallets/markets', 'listMarkets'],
  ['get', '/api/v1/wallets/minimum-withdrawal-amount', 'getMinimumWithdrawalAmount'],
  ['get', '/api/v1/utils/{coin}/networks', 'listCoinNetworks'],
  ['get', '/api/v1/utils/rates', 'getRates'],
  ['get', '/api/v1/swaps/quotes', 'getSwapQuote'],
  ['get', '/api/v1/swaps/market', 'getSwapMarket'],
  ['post', '/api/v1/swaps', 'createSwap'],
  ['post', '/api/v1/swaps/{id}/confirm', 'confirmSwap'],
  ['post', '/api/v1/swaps/{id}/cancel', 'cancelSwap'],
  ['get', '/api/v1/transactions', 'listTransactions'],
  ['get', '/api/v1/transactions/{id}', 'getTransaction'],
];

const operations = listOperations(doc);

describe('the bundled document', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('has exactly the 16 operations of the service interface', () => {
    const actual = operations.map((o) => [o.method, o.path, o.operation.operationId]);
    expect(actual.sort()).toEqual([...expectedOperations].sort());
  });

  it.each(operations.map((o) => [o.operation.operationId, o] as const))('%s has summary, tag, 200 envelope and 4XX/5XX error envelopes', (_, entry) => {
    const { operation, method, path } = entry;
    expect(operation.summary).toMatch(/^[A-Z]/);
    expect(operation.tags).toHaveLength(1);
    const declaredTags = (doc.tags as { name: string }[]).map((t) => t.name);
    expect(declaredTags).toContain(operation.tags[0]);

    const success = validator.responseSchemaPointer(method, path, 200)!;
    expect(success).toContain('/responses/200/');
    expect(validator.validateAt(success, { status: 'success', message: 'ok' }).valid).toBe(false);
    expect(validator.validateAt(success, { status: 'error', message: 'x', data: null }).valid).toBe(false);

    for (const status of [400, 401, 404, 409, 500, 503]) {
      const pointer = validator.responseSchemaPointer(method, path, status);
      expect(pointer).toMatch(/#\/components\/responses\/(ClientError|ServerError)\//);
      expect(validator.validateAt(pointer!, { status: 'error', message: 'No API key was provided', data: null })).toEqual({ valid: true });
      expect(validator.validateAt(pointer!, { status: 'error', message: 'x', data: {} }).valid).toBe(false);
      expect(validator.validateAt(pointer!, { status: 'success', message: 'x', data: null }).valid).toBe(false);
    }
  });

  it('requires all three auth headers together on every operation', () => {
    expect(doc.security).toEqual([{ ApiKey: [], Timestamp: [], Signature: [] }]);
    const schemes = doc.components.securitySchemes as Record<string, { in: string; name: string; type: string }>;
    expect(Object.values(schemes).map((s) => [s.type, s.in, s.name])).toEqual([
      ['apiKey', 'header', 'x-api-key'],
      ['apiKey', 'header', 'x-timestamp'],
      ['apiKey', 'header', 'x-signature'],
    ]);
    for (const { operation } of operations) expect(operation.security).toBeUndefined();
  });

  it('declares production and staging with server variables after the loopback servers, so no tool defaults to production', () => {
    const servers = doc.servers as { url: string; variables?: object }[];
    expect(servers.map((s) => s.url)).toEqual(['http://127.0.0.1:4020', 'http://127.0.0.1:4010', '{staging_base_url}', '{base_url}']);
    expect(servers.filter((s) => s.variables).map((s) => s.url)).toEqual(['{staging_base_url}', '{base_url}']);
  });
});

describe('the limits of the interface', () => {
  const schema = (name: string) => `#/components/schemas/${name}`;

  it('wallet name is at most 80 characters', () => {
    expect(validator.validateAt(schema('CreateWalletRequest'), { token: 'usdt', name: 'n'.repeat(80) }).valid).toBe(true);
    expect(validator.validateAt(schema('CreateWalletRequest'), { token: 'usdt', name: 'n'.repeat(81) }).valid).toBe(false);
  });

  it('amounts are positive numbers', () => {
    const body = { from: 'usdt', to: 'ngn', password: 'p' };
    expect(validator.validateAt(schema('CreateSwapRequest'), { ...body, amount: 0.0001 }).valid).toBe(true);
    expect(validator.validateAt(schema('CreateSwapRequest'), { ...body, amount: 0 }).valid).toBe(false);
    expect(validator.validateAt(schema('CreateSwapRequest'), { ...body, amount: '5' }).valid).toBe(false);
  });

  it('decimal strings accept exponent notation and refuse numbers and words', () => {
    for (const ok of ['1545.5', '0', '1e-7', '7.8225e+2', '-3.5E10']) expect(validator.validateAt(schema('DecimalString'), ok).valid, ok).toBe(true);
    for (const bad of ['', 'abc', '1.', '1e', 12]) expect(validator.validateAt(schema('DecimalString'), bad).valid, String(bad)).toBe(false);
  });

  it('uid is a prefix, a hyphen and digits; timestamps are date-times', () => {
    const uid = (doc.components.schemas as Record<string, { properties: Record<string, object> }>).Transaction!.properties.uid!;
    expect(uid).toMatchObject({ pattern: expect.any(String) });
    const re = new RegExp((uid as { pattern: string }).pattern);
    expect(re.test('TRX-10234')).toBe(true);
    expect(re.test('TRX10234')).toBe(false);
    expect(re.test('TRX-12a')).toBe(false);
  });

  it('market tickers are an object keyed by lower-case market name with integer Unix seconds', () => {
    const ticker = { at: 1763719200, ticker: { buy: '1', sell: '2', last: '3' } };
    expect(validator.validateAt(schema('MarketTickers'), { usdtngn: ticker }).valid).toBe(true);
    expect(validator.validateAt(schema('MarketTickers'), { USDTNGN: ticker }).valid).toBe(false);
    expect(validator.validateAt(schema('MarketTickers'), { usdtngn: { ...ticker, at: 1.5 } }).valid).toBe(false);
    expect(validator.validateAt(schema('MarketTickers'), { usdtngn: { ...ticker, at: '2026-11-21T00:00:00Z' } }).valid).toBe(false);
  });

  it('request bodies refuse unknown fields; unpublished shapes stay open', () => {
    expect(validator.validateAt(schema('CreateWalletRequest'), { token: 'usdt', colour: 'red' }).valid).toBe(false);
    for (const open of ['DepositAddress', 'Rates', 'SwapMarket', 'TransactionDetail']) {
      for (const value of [{}, { anything: [1, 2] }, 'text', null]) expect(validator.validateAt(schema(open), value).valid).toBe(true);
    }
    expect(validator.validateAt(schema('Swap'), { id: '1', from: 'usdt', to: 'ngn', status: 'pending', extra: 1 }).valid).toBe(true);
  });

  it('has no closed enums: coins, chains, markets and open status sets are free strings', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"enum"');
  });
});
