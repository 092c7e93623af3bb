import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../packages/sandbox/src/catalog.ts';
import { parseApiKeys, sandboxOptionsFromEnv } from '../../packages/sandbox/src/config.ts';
import { checkData, loadData } from '../../packages/sandbox/src/data.ts';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { parseTimestamp } from '../../packages/sandbox/src/plugins/auth.ts';
import { decimalString, quoteSwap } from '../../packages/sandbox/src/pricing.ts';
import { timestampPattern } from '../../packages/sdk/src/signing/index.ts';
import { checkAgainstSpec, SandboxCaller, specValidator } from '../support/sandbox-caller.ts';

const catalog = new Catalog(loadData());

describe('sandbox pricing', () => {
  it('writes decimal strings the spec accepts, never NaN or Infinity', () => {
    expect(decimalString(0.1 + 0.2)).toBe('0.3');
    expect(decimalString(1e-7)).toBe('1e-7');
    expect(decimalString(1.5e21)).toBe('1.5e+21');
    expect(() => decimalString(Number.NaN)).toThrow(RangeError);
    expect(() => decimalString(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('quotes every market in both directions with the fee taken from the amount received', () => {
    const pairs = catalog.swapPairs();
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.double({ min: 1e-9, max: 1e12, noNaN: true }), (pair, amount) => {
        const quote = quoteSwap(amount, catalog.marketFor(pair.from, pair.to)!, catalog.data.swapFeeRate);
        if (!quote) return;
        expect(specValidator.validateAt('#/components/schemas/SwapQuote', quote)).toEqual({ valid: true });
        const [original, fee, received] = [quote.originalToAmount, quote.fee, quote.toAmount].map(Number) as [number, number, number];
        // Each string carries 12 significant digits, so the identities hold to that relative precision.
        expect(Math.abs(received - (original - fee)) / original).toBeLessThan(1e-11);
        expect(Math.abs(fee / original - catalog.data.swapFeeRate) / catalog.data.swapFeeRate).toBeLessThan(1e-10);
        expect(quote.quotedCurrency).toBe(quote.quotedCurrency.toUpperCase());
      }),
      { numRuns: 300 },
    );
  });

  it('refuses amounts it cannot price', () => {
    const pair = catalog.marketFor('usdt', 'ngn')!;
    expect(quoteSwap(1e308, pair, 0.005)).toBeUndefined();
    expect(quoteSwap(Number.MIN_VALUE, catalog.marketFor('ngn', 'usdt')!, 0.005)).toBeUndefined();
  });
});

describe('sandbox data file', () => {
  it('names every problem of an invalid file', () => {
    const data = structuredClone(loadData());
    data.markets.usdtbtc = { base: 'usdt', quote: 'doge', buy: '1', sell: '1', last: '1' };
    expect(() => checkData(data, 'x.json')).toThrow(/market "usdtbtc" names an unknown asset; market "usdtbtc" must be named base \+ quote/);
    expect(() => checkData({ ...data, swapFeeRate: 1 }, 'x.json')).toThrow(/\/swapFeeRate must be < 1/);
    expect(() => checkData({ assets: [] }, 'x.json')).toThrow(/must have required property 'swapFeeRate'/);
  });

  it('is replaceable: the sandbox serves the markets of another file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-data-'));
    const data = structuredClone(loadData());
    data.markets = { btcusdt: data.markets.btcusdt! };
    writeFileSync(join(dir, 'data.json'), JSON.stringify(data));
    const sandbox = await startSandbox({ validateResponses: true, dataPath: join(dir, 'data.json') });
    try {
      const markets = await new SandboxCaller(sandbox.url, demoCredentials).get('/api/v1/wallets/markets');
      expect(Object.keys(markets.body.data)).toEqual(['btcusdt']);
    } finally {
      await sandbox.close();
    }
    writeFileSync(join(dir, 'broken.json'), '{');
    await expect(startSandbox({ validateResponses: true, dataPath: join(dir, 'broken.json') })).rejects.toThrow(/cannot be read/);
  });
});

describe('sandbox docs page', () => {
  it('serves the given HTML file at GET /docs without credentials, and refuses to start without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-docs-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>API reference</title>');
    const sandbox = await startSandbox({ validateResponses: true, docsHtmlPath: join(dir, 'index.html') });
    try {
      const response = await fetch(`${sandbox.url}/docs`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<title>API reference</title>');
    } finally {
      await sandbox.close();
    }
    await expect(startSandbox({ validateResponses: true, docsHtmlPath: join(dir, 'missing.html') })).rejects.toThrow(/Docs page not found/);
  });
});

describe('sandbox settings from the environment', () => {
  it('parses SANDBOX_API_KEYS without ever repeating a secret in an error', () => {
    expect(parseApiKeys('a:one, b:two:with:colons')).toEqual({ a: 'one', b: 'two:with:colons' });
    for (const bad of ['a', 'a:', ':secret-x', 'a:secret-x,a:secret-y']) {
      let message = '';
      try {
        parseApiKeys(bad);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^SANDBOX_API_KEYS entry \d/);
      expect(message).not.toMatch(/secret-/);
    }
  });

  it('reads port, window, data path and deterministic mode', () => {
    expect(sandboxOptionsFromEnv({})).toEqual({ options: { host: '127.0.0.1', port: 4020, logger: true, logStyle: 'json' }, usesDemoCredentials: true });
    expect(sandboxOptionsFromEnv({ SANDBOX_LOG: 'off' }).options.logger).toBe(false);
    expect(sandboxOptionsFromEnv({ SANDBOX_REJECT_REPLAYS: '1' }).options.rejectReplays).toBe(true);
    expect(sandboxOptionsFromEnv({ SANDBOX_REJECT_REPLAYS: '0' }).options.rejectReplays).toBe(false);
    const { options, usesDemoCredentials } = sandboxOptionsFromEnv({ PORT: '0', SANDBOX_API_KEYS: 'k:s', SANDBOX_TIMESTAMP_WINDOW_SECONDS: '30', SANDBOX_DATA_PATH: '/d.json', SANDBOX_DETERMINISTIC: '1', SANDBOX_LOG: '0' });
    expect(options).toEqual({ host: '127.0.0.1', port: 0, apiKeys: { k: 's' }, timestampWindowSeconds: 30, dataPath: '/d.json', deterministic: true, logger: false, logStyle: 'json' });
    expect(usesDemoCredentials).toBe(false);
    expect(() => sandboxOptionsFromEnv({ PORT: 'http' })).toThrow(/PORT must be an integer/);
    expect(() => sandboxOptionsFromEnv({ SANDBOX_TIMESTAMP_WINDOW_SECONDS: '-1' })).toThrow(/must be a positive number/);
    expect(sandboxOptionsFromEnv({ SANDBOX_VALIDATE_RESPONSES: '1' }).options.validateResponses).toBe(true);
  });

  it('reads the database, its retention and pool, and another listening address only with keys of its own', () => {
    const url = 'postgres://team:pw-123@db.internal:5432/sandbox';
    const { options } = sandboxOptionsFromEnv({ SANDBOX_DATABASE_URL: url, SANDBOX_RETENTION_DAYS: '14', SANDBOX_DATABASE_POOL_SIZE: '4', SANDBOX_HOST: '0.0.0.0', SANDBOX_API_KEYS: 'k:s' });
    expect(options).toMatchObject({ databaseUrl: url, retentionDays: 14, databasePoolSize: 4, host: '0.0.0.0' });
    expect(() => sandboxOptionsFromEnv({ SANDBOX_RETENTION_DAYS: '14' })).toThrow('SANDBOX_RETENTION_DAYS and SANDBOX_DATABASE_POOL_SIZE need SANDBOX_DATABASE_URL');
    expect(() => sandboxOptionsFromEnv({ SANDBOX_DATABASE_URL: url, SANDBOX_RETENTION_DAYS: 'soon' })).toThrow('SANDBOX_RETENTION_DAYS must be a positive number, got "soon"');
    expect(() => sandboxOptionsFromEnv({ SANDBOX_HOST: '0.0.0.0' })).toThrow('SANDBOX_HOST 0.0.0.0 is reachable from other machines: set SANDBOX_API_KEYS too');
    expect(sandboxOptionsFromEnv({ SANDBOX_HOST: '127.0.0.2' }).options.host).toBe('127.0.0.2');
  });
});

describe('the response check used by the sandbox suites', () => {
  it('fails on a body the spec does not allow, such as Fastify’s own error shape', () => {
    const fastifyError = { statusCode: 400, error: 'Bad Request', message: 'body must be object' };
    expect(() => checkAgainstSpec('POST', '/api/v1/wallets/generate-wallet', 400, fastifyError)).toThrow(/does not allow/);
    expect(() => checkAgainstSpec('POST', '/sandbox/reset', 404, fastifyError)).toThrow(/does not allow/);
    expect(() => checkAgainstSpec('GET', '/api/v1/wallets', 200, { status: 'success', message: 'x', data: [{ _id: 1 }] })).toThrow(/does not allow/);
    expect(() => checkAgainstSpec('POST', '/sandbox/transactions/{id}/complete', 200, { status: 'success', message: 'x', data: { _id: 'x' } })).toThrow(/does not allow/);
  });
});

describe('sandbox timestamp parsing', () => {
  /** The plain definition: the pattern, and a value that formats back to itself names a real instant. */
  const reference = (value: string) => {
    if (!timestampPattern.test(value)) return Number.NaN;
    const instant = Date.parse(value);
    return !Number.isNaN(instant) && new Date(instant).toISOString() === value ? instant : Number.NaN;
  };
  const pad = (n: number, width: number) => String(n).padStart(width, '0');

  it('agrees with parse-and-format-back on real and impossible dates', () => {
    const fields = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 999 }));
    fc.assert(
      fc.property(fields, ([y, mo, d, h, mi, s, ms]) => {
        const value = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`;
        expect(parseTimestamp(value)).toBe(reference(value));
      }),
      { numRuns: 5000 },
    );
    for (const value of ['2024-02-29T00:00:00.000Z', '2023-02-29T00:00:00.000Z', '1900-02-29T00:00:00.000Z', '2000-02-29T23:59:59.999Z', '0050-06-01T00:00:00.000Z', '0000-02-29T00:00:00.000Z', '0004-02-29T12:00:00.000Z', '2026-11-21T10:15:30Z', ' 2026-11-21T10:15:30.123Z']) {
      expect(parseTimestamp(value)).toBe(reference(value));
    }
  });
});
