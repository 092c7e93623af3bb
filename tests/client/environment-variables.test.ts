// createClient reads WALLET_API_ENVIRONMENT, WALLET_API_BASE_URL, WALLET_API_KEY and
// WALLET_API_SIGNING_SECRET for the options not given (one .env drives every language's
// client): explicit options win one by one, and a value needed and neither given nor set, or
// set but invalid, is a ConfigurationError naming the variable and quoting no value.
import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, createClient, hmacSha256, type ClientOptions } from '../../packages/sdk/src/client/index.ts';
import { useCaptureServer } from '../support/capture-server.ts';

const envKey = 'env-key-7d1f';
const envSecret = 'env-secret-c92a';
const capture = useCaptureServer();

/** All four variables, pointing at the test's capture server. */
const fullEnv = () => ({ WALLET_API_ENVIRONMENT: 'custom', WALLET_API_BASE_URL: capture.server.url, WALLET_API_KEY: envKey, WALLET_API_SIGNING_SECRET: envSecret });

/** The one request the server received: which key it carried, and whether the signature is an HMAC with `secret` (node:crypto, not the client's signer). */
function sentWith(secret: string): { apiKey: unknown; signedWithSecret: boolean } {
  expect(capture.server.requests).toHaveLength(1);
  const request = capture.server.requests[0]!;
  const target = new URL(request.url, 'http://x').pathname + new URL(request.url, 'http://x').search;
  const canonical = `${String(request.headers['x-timestamp'])}\n${request.method}\n${target}\n${request.body.toString('utf8')}`;
  return { apiKey: request.headers['x-api-key'], signedWithSecret: request.headers['x-signature'] === createHmac('sha256', secret).update(canonical).digest('hex') };
}

/** What createClient threw, with every way a caller or a log may render it. */
function refusal(options: ClientOptions): { error: ConfigurationError; renderings: string } {
  try {
    createClient(options);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    const e = error as ConfigurationError;
    return { error: e, renderings: [e.message, String(e), e.stack ?? '', JSON.stringify(e), inspect(e, { showHidden: true, getters: true, depth: 8 })].join('\n') };
  }
  throw new Error('the client was created');
}

describe('createClient and the WALLET_API_* variables', () => {
  it('takes every option from the environment record when none is given, and signs with its key and secret', async () => {
    const client = createClient({ env: fullEnv() });
    expect(client.environment).toBe('custom');
    expect(client.baseUrl).toBe(capture.server.url);
    await client.listWallets();
    expect(sentWith(envSecret)).toEqual({ apiKey: envKey, signedWithSecret: true });
  });

  describe('reads process.env by default', () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const name of Object.keys(process.env)) if (name.startsWith('WALLET_API_') && !(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    });

    it('with no options at all', async () => {
      Object.assign(process.env, fullEnv());
      await createClient().listWallets();
      expect(sentWith(envSecret)).toEqual({ apiKey: envKey, signedWithSecret: true });
    });
  });

  it('lets each explicit option win over its variable, one by one', async () => {
    const env = { ...fullEnv(), WALLET_API_BASE_URL: 'http://127.0.0.1:9/', WALLET_API_KEY: 'env-key-never-sent' };
    const client = createClient({ env, baseUrl: capture.server.url, apiKey: 'explicit-key' });
    await client.listWallets();
    // The explicit key and base URL, the environment's secret.
    expect(sentWith(envSecret)).toEqual({ apiKey: 'explicit-key', signedWithSecret: true });
  });

  it('lets an explicit signer win over WALLET_API_SIGNING_SECRET, and an explicit environment over WALLET_API_ENVIRONMENT', async () => {
    const env = { ...fullEnv(), WALLET_API_ENVIRONMENT: 'production', WALLET_API_SIGNING_SECRET: 'env-secret-never-used' };
    const client = createClient({ env, environment: 'custom', signer: hmacSha256({ secret: 'explicit-secret' }) });
    await client.listWallets();
    expect(client.environment).toBe('custom');
    expect(sentWith('explicit-secret')).toEqual({ apiKey: envKey, signedWithSecret: true });
  });

  it('treats an empty variable as not set', () => {
    expect(refusal({ env: { ...fullEnv(), WALLET_API_KEY: '' } }).error.message).toMatch(/^createClient: WALLET_API_KEY is not set and no apiKey was given/);
  });

  it.each([
    ['WALLET_API_ENVIRONMENT', 'environment'],
    ['WALLET_API_BASE_URL', 'baseUrl'],
    ['WALLET_API_KEY', 'apiKey'],
    ['WALLET_API_SIGNING_SECRET', 'signer'],
  ])('names %s when it is missing and no %s was given, quoting none of the values the environment holds', (variable, option) => {
    const env: Record<string, string> = fullEnv();
    delete env[variable];
    const { error, renderings } = refusal({ env });
    expect(error.message).toMatch(new RegExp(`^createClient: ${variable} is not set and no ${option} was given`));
    for (const value of [envKey, envSecret, capture.server.url]) expect(renderings).not.toContain(value);
  });

  it.each([
    ['an unknown environment', { WALLET_API_ENVIRONMENT: 'sandbox' }, /^createClient: WALLET_API_ENVIRONMENT must be one of "staging", "production", "custom"/, 'sandbox'],
    ['production over http', { WALLET_API_ENVIRONMENT: 'production', WALLET_API_BASE_URL: 'http://wallet-api-env.invalid' }, /^createClient: WALLET_API_BASE_URL of the production environment must use https:/, 'wallet-api-env.invalid'],
    ['a base URL that is not a URL', { WALLET_API_BASE_URL: 'wallet-api-env.invalid/api' }, /^createClient: WALLET_API_BASE_URL of the custom environment must be an absolute URL/, 'wallet-api-env.invalid'],
    ['an API key that is no header value', { WALLET_API_KEY: 'env-key-part\nsecond-part' }, /^createClient: WALLET_API_KEY is not a valid HTTP header value/, 'env-key-part'],
  ])('names the variable holding %s, without quoting it', (_label, change, message, value) => {
    const { error, renderings } = refusal({ env: { ...fullEnv(), ...change } });
    expect(error.message).toMatch(message);
    expect(renderings).not.toContain(value);
  });

  it('names the option, not the variable, when the invalid value was given explicitly', () => {
    expect(refusal({ env: fullEnv(), environment: 'production', baseUrl: 'http://wallet-api.invalid' }).error.message).toMatch(/^createClient: baseUrl of the production environment must use https:/);
  });

  it('never defaults to production: with nothing set, the environment is refused first', () => {
    expect(refusal({ env: {} }).error.message).toMatch(/^createClient: WALLET_API_ENVIRONMENT is not set and no environment was given/);
  });

  it('refuses an env option that is not a record of variables', () => {
    expect(refusal({ env: 'WALLET_API_KEY=k' as unknown as Record<string, string> }).error.message).toMatch(/^createClient: env must be an object of environment variables/);
  });
});
