// When the drift watch itself fails (its validators do not load, its reading throws): in
// `report` mode the call's outcome is what it would be without the watch, with one warning
// per client; in `strict` the call fails with an error that says the watch failed, not the
// network. And a strict error's `body` is the text received.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, hmacSha256, InvalidResponseError, unwrap, type ClientOptions } from '../../packages/sdk/src/client/index.ts';
import { driftReading } from '../../packages/sdk/src/client/drift/watch.ts';

const rates = JSON.stringify({ status: 'success', message: 'ok', data: [{ pair: 'usdt/ngn', rate: 1500 }] });
const clientAnswering = (text: string, drift: ClientOptions['drift']) =>
  createClient({ environment: 'custom', baseUrl: 'http://provider.test', apiKey: 'key-watch-failure-1', signer: hmacSha256({ secret: 's' }), fetch: async () => new Response(text, { headers: { 'content-type': 'application/json' } }), drift });

afterEach(() => vi.restoreAllMocks());

const failures = {
  'its validators fail to load': () => vi.spyOn(driftReading, 'load').mockRejectedValue(Object.assign(new Error('Cannot find module drift-validators.js quoting secret-ish text'), { code: 'ERR_MODULE_NOT_FOUND' })),
  'its reading throws': () =>
    vi.spyOn(driftReading, 'load').mockResolvedValue({
      readDrift: () => {
        throw new TypeError('cannot read properties of undefined');
      },
    } as never),
};

describe('a failure of the drift watch itself', () => {
  it.each(Object.entries(failures))('report, when %s: the call returns what it would without the watch, with one warning per client', async (_, fail) => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation((() => {}) as typeof process.emitWarning);
    fail();
    const client = clientAnswering(rates, 'report');
    expect(await unwrap(client.GET('/api/v1/utils/rates'))).toEqual([{ pair: 'usdt/ngn', rate: 1500 }]);
    expect(await unwrap(client.GET('/api/v1/utils/rates'))).toEqual([{ pair: 'usdt/ngn', rate: 1500 }]);
    const watchWarnings = warnings.mock.calls.filter(([message]) => String(message).startsWith('the drift watch failed'));
    expect(watchWarnings).toHaveLength(1);
    // Its name and code, never its message.
    expect(String(watchWarnings[0]![0])).not.toContain('secret-ish');
    // Another client warns once too.
    await clientAnswering(rates, 'report').GET('/api/v1/utils/rates');
    expect(warnings.mock.calls.filter(([message]) => String(message).startsWith('the drift watch failed'))).toHaveLength(2);
  });

  it.each(Object.entries(failures))('strict, when %s: the error says the watch failed, not the network, and keeps the text received', async (_, fail) => {
    fail();
    const error = await clientAnswering(rates, 'strict').GET('/api/v1/utils/rates').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    const invalid = error as InvalidResponseError;
    expect(invalid.kind).toBe('invalid-response');
    expect(invalid.message).toMatch(/^GET \/api\/v1\/utils\/rates answered HTTP 200 that the drift watch could not check: the watch itself failed \((Error ERR_MODULE_NOT_FOUND|TypeError)\), not the network or the answer$/);
    expect(invalid.body).toBe(rates);
  });
});

describe("a strict drift error's body", () => {
  it('is the text received, for JSON that contradicts the spec and for a body that is not JSON', async () => {
    const wrongType = JSON.stringify({ status: 'success', data: [] });
    const contradicted = await clientAnswering(wrongType, 'strict').GET('/api/v1/utils/rates').catch((e: unknown) => e);
    expect(contradicted).toBeInstanceOf(InvalidResponseError);
    expect((contradicted as InvalidResponseError).reason).toMatch(/^that drifted from the spec/);
    expect((contradicted as InvalidResponseError).body).toBe(wrongType);
    const html = '<html><body>502 Bad Gateway</body></html>';
    const notJson = await clientAnswering(html, 'strict').GET('/api/v1/utils/rates').catch((e: unknown) => e);
    expect((notJson as InvalidResponseError).reason).toMatch(/^that drifted from the spec \(not-envelope/);
    expect((notJson as InvalidResponseError).body).toBe(html);
  });
});
