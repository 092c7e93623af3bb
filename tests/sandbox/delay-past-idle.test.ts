// A `delay` (or `dribble`) scenario longer than the sandbox's connection idle timeout answers
// late over HTTP, as it does in process (MSW) and as the README's scenario table says: the
// sandbox does not reset the socket it is deliberately keeping quiet, and the operation runs
// once. The idle timeout is shortened here so the test waits less than a second.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createClient, hmacSha256, unwrap } from '../../packages/sdk/src/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { sendSigned } from '../support/signed-http.ts';

const secret = 'delay-idle-secret';
// Each case runs under an API key of its own, so the two wait side by side: a key's records
// and scenarios (and its /sandbox/reset) are its own.
const keyOf = (name: string) => `delay-idle-key-${name}`;

describe('a scenario that keeps the connection quiet past the idle timeout', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ logger: false, apiKeys: { [keyOf('delay')]: secret, [keyOf('dribble')]: secret }, timeouts: { connectionMs: 150, headersMs: 150, requestMs: 300 } });
  });
  afterAll(() => sandbox.close());

  const helper = async (apiKey: string, method: string, path: string, body?: unknown) =>
    (await sendSigned(sandbox.url, { method, pathWithQuery: path, ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }) }, { apiKey, secret })).json as { data: any };
  const client = (apiKey: string) => createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }), timeoutMs: 20_000 });
  const createSwap = (apiKey: string) => unwrap(client(apiKey).POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } }));

  it.concurrent.for([
    ['delay', { answer: 'delay', delayMs: 600 }],
    ['dribble', { answer: 'dribble', delayMs: 3000 }],
  ] as const)('%s: the answer arrives late, and the operation ran once', async ([name, definition], { expect }) => {
    const apiKey = keyOf(name);
    await helper(apiKey, 'POST', '/sandbox/reset');
    await helper(apiKey, 'POST', '/sandbox/scenarios', { operation: 'createSwap', ...definition });
    await expect(createSwap(apiKey)).resolves.toMatchObject({ status: 'pending' });
    expect((await helper(apiKey, 'GET', '/sandbox/swaps')).data).toHaveLength(1);
  });
});
