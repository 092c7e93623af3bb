// Every request says which SDK and Node version sent it; integrators add to it, never replace it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, createClient, hmacSha256, unwrap, type ClientOptions } from '../../packages/sdk/src/client/index.ts';
import { sdkVersion } from '../../packages/sdk/src/version.ts';
import { renderVersionModule, sdkPackageJsonPath, sdkPackageVersion, versionModulePath } from '../../tools/codegen/sdk-version.ts';
import { startCaptureServer, type CaptureServer } from '../support/capture-server.ts';

let server: CaptureServer;
beforeAll(async () => {
  server = await startCaptureServer();
});
afterAll(() => server.close());

function client(overrides: Partial<ClientOptions> = {}) {
  return createClient({ environment: 'custom', baseUrl: server.url, apiKey: 'k', signer: hmacSha256({ secret: 's' }), ...overrides });
}

const expected = `wallet-api-sdk/${sdkVersion} node/${process.versions.node}`;

describe('User-Agent', () => {
  it('is wallet-api-sdk/<version> node/<version> on every request, GET and POST', async () => {
    await unwrap(client().GET('/api/v1/wallets'));
    await unwrap(client().POST('/api/v1/swaps/{id}/cancel', { params: { path: { id: 's1' } } }));
    expect(server.requests.slice(-2).map((r) => r.headers['user-agent'])).toEqual([expected, expected]);
    expect(expected).toMatch(/^wallet-api-sdk\/\d+\.\d+\.\d+\S* node\/\d+\.\d+\.\d+$/);
  });

  it('takes the integrator\'s tokens after its own, from the userAgent option and from a call\'s headers', async () => {
    const c = client({ userAgent: 'acme-payouts/4.2' });
    await unwrap(c.GET('/api/v1/wallets'));
    await unwrap(c.GET('/api/v1/wallets', { headers: { 'User-Agent': 'nightly-reconcile/1' } }));
    expect(server.requests.slice(-2).map((r) => r.headers['user-agent'])).toEqual([`${expected} acme-payouts/4.2`, `${expected} acme-payouts/4.2 nightly-reconcile/1`]);
  });

  it('refuses a userAgent that is not a header value', () => {
    expect(() => client({ userAgent: 'acme\r\nx-injected: 1' })).toThrow(ConfigurationError);
    expect(() => client({ userAgent: ' padded ' })).toThrow(/userAgent must be a valid HTTP header value/);
  });

  it('takes its version from the SDK\'s package.json, through the committed packages/sdk/src/version.ts', () => {
    expect(sdkVersion, `${versionModulePath} is stale: run \`npm run version:set\``).toBe(sdkPackageVersion());
    expect(readFileSync(versionModulePath, 'utf8')).toBe(renderVersionModule(sdkPackageVersion()));
    expect(JSON.parse(readFileSync(sdkPackageJsonPath(), 'utf8')).name).toBe('@wallet-api/sdk');
  });
});
