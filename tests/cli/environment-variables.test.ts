// The command line reads WALLET_API_ENVIRONMENT as the client does: set to staging or
// production it is --env; set to custom, WALLET_API_BASE_URL is a local sandbox or mock, as
// --base-url is. --env and --base-url win over it, and production POSTs still need
// --confirm-production. No value of a variable is printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../packages/sdk/src/cli/main.ts';
import { resolveTarget, UsageError } from '../../packages/sdk/src/cli/target.ts';
import { startCaptureServer, type CaptureServer } from '../support/capture-server.ts';

const credentials = { WALLET_API_KEY: 'cli-env-key-5b2e', WALLET_API_SIGNING_SECRET: 'cli-env-secret-0d7c' };
const remote = 'https://wallet-api-cli-env.invalid';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('the target was resolved');
}

describe('resolveTarget and WALLET_API_ENVIRONMENT', () => {
  const none = { baseUrl: undefined, env: undefined };

  it.each(['staging', 'production'] as const)('WALLET_API_ENVIRONMENT=%s is the same as --env with it: the address in WALLET_API_BASE_URL', (environment) => {
    const env = { ...credentials, WALLET_API_ENVIRONMENT: environment, WALLET_API_BASE_URL: remote };
    const fromVariable = resolveTarget(none, env, '/');
    const fromFlag = resolveTarget({ baseUrl: undefined, env: environment }, { ...credentials, WALLET_API_BASE_URL: remote }, '/');
    expect(fromVariable).toMatchObject({ environment, baseUrl: remote, apiKey: credentials.WALLET_API_KEY, demoNotice: undefined });
    expect({ ...fromVariable, signer: undefined }).toEqual({ ...fromFlag, signer: undefined });
  });

  it('WALLET_API_ENVIRONMENT=custom is --base-url WALLET_API_BASE_URL: a loopback address only', () => {
    const env = { ...credentials, WALLET_API_ENVIRONMENT: 'custom', WALLET_API_BASE_URL: 'http://127.0.0.1:4020' };
    expect(resolveTarget(none, env, '/')).toMatchObject({ environment: 'custom', baseUrl: 'http://127.0.0.1:4020', demoNotice: undefined });
    const message = refusal(() => resolveTarget(none, { ...env, WALLET_API_BASE_URL: remote }, '/'));
    expect(message).toMatch(/^WALLET_API_BASE_URL is for a local sandbox or mock, at a loopback address, when WALLET_API_ENVIRONMENT is custom/);
    expect(message).not.toContain('wallet-api-cli-env');
  });

  it('names WALLET_API_BASE_URL when the environment is set and the address is not', () => {
    for (const environment of ['staging', 'production', 'custom']) {
      expect(refusal(() => resolveTarget(none, { ...credentials, WALLET_API_ENVIRONMENT: environment }, '/'))).toMatch(/^missing WALLET_API_BASE_URL for /);
    }
  });

  it('names WALLET_API_ENVIRONMENT holding no environment, without quoting it', () => {
    const message = refusal(() => resolveTarget(none, { ...credentials, WALLET_API_ENVIRONMENT: 'sandbox-9f3a', WALLET_API_BASE_URL: remote }, '/'));
    expect(message).toMatch(/^WALLET_API_ENVIRONMENT must be staging, production or custom/);
    expect(message).not.toContain('sandbox-9f3a');
  });

  it('lets --env and --base-url win over WALLET_API_ENVIRONMENT', () => {
    const env = { ...credentials, WALLET_API_ENVIRONMENT: 'production', WALLET_API_BASE_URL: remote };
    expect(resolveTarget({ baseUrl: undefined, env: 'staging' }, env, '/').environment).toBe('staging');
    expect(resolveTarget({ baseUrl: 'http://127.0.0.1:4020', env: undefined }, env, '/')).toMatchObject({ environment: 'custom', baseUrl: 'http://127.0.0.1:4020' });
    // An unknown value is not read when an option decides the target.
    expect(resolveTarget({ baseUrl: undefined, env: 'staging' }, { ...env, WALLET_API_ENVIRONMENT: 'sandbox' }, '/').environment).toBe('staging');
  });

  it('still refuses WALLET_API_BASE_URL with neither --env nor WALLET_API_ENVIRONMENT', () => {
    expect(refusal(() => resolveTarget(none, { ...credentials, WALLET_API_BASE_URL: remote }, '/'))).toMatch(/WALLET_API_BASE_URL is set but --env is not, nor WALLET_API_ENVIRONMENT/);
  });
});

describe('wallet-api with WALLET_API_ENVIRONMENT', () => {
  let server: CaptureServer;
  beforeAll(async () => {
    server = await startCaptureServer();
  });
  afterAll(() => server.close());

  async function run(args: string[], env: Record<string, string>) {
    const sent: string[] = [];
    const stdout: string[] = [];
    const stderr: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    const code = await main(args, { stdout: (t) => void stdout.push(t), stderr: (t) => void stderr.push(t), env, cwd: process.cwd(), fetch: fetchSpy });
    return { code, sent, stdout: stdout.join(''), stderr: stderr.join('') };
  }

  it('keeps the production guard: a POST to production set by the variable needs --confirm-production, and nothing is sent', async () => {
    const env = { ...credentials, WALLET_API_ENVIRONMENT: 'production', WALLET_API_BASE_URL: remote };
    const { code, sent, stderr } = await run(['confirmSwap', '--path', 'id=swap-1'], env);
    expect(code).toBe(2);
    expect(sent).toEqual([]);
    expect(stderr).toBe('wallet-api: confirmSwap is a POST to production and was not sent: POSTs move value, so production needs --confirm-production\n');
  });

  it('calls the local sandbox or mock that WALLET_API_ENVIRONMENT=custom and WALLET_API_BASE_URL name, with the credentials of the environment, printing none of them', async () => {
    const env = { ...credentials, WALLET_API_ENVIRONMENT: 'custom', WALLET_API_BASE_URL: server.url };
    const { code, sent, stdout, stderr } = await run(['listWallets'], env);
    expect(code).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.startsWith(server.url)).toBe(true);
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe(credentials.WALLET_API_KEY);
    for (const value of Object.values(credentials)) expect(stdout + stderr).not.toContain(value);
  });
});
