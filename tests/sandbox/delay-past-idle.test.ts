// A `delay` (or `dribble`) scenario longer than the sandbox's connection idle timeout answers
// late over HTTP, as it does in process (MSW) and as the README's scenario table says: the
// sandbox does not reset the socket it is deliberately keeping quiet, and the operation runs
// once. The idle timeout is shortened here so the test waits less than a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap } from '../../src/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { sendSigned } from '../support/signed-http.ts';

const apiKey = 'delay-idle-key';
const secret = 'delay-idle-secret';

describe('a scenario that keeps the connection quiet past the idle timeout', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ logger: false, apiKeys: { [apiKey]: secret }, timeouts: { connectionMs: 150, headersMs: 150, requestMs: 300 } });
  });
  afterAll(() => sandbox.close());

  const helper = async (method: string, path: string, body?: unknown) =>
    (await sendSigned(sandbox.url, { method, pathWithQuery: path, ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }) }, { apiKey, secret })).json as { data: any };
  const client = () => createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }), timeoutMs: 20_000 });
  const createSwap = () => unwrap(client().POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } }));

  it.each([
    ['delay', { answer: 'delay', delayMs: 600 }],
    ['dribble', { answer: 'dribble', delayMs: 3000 }],
  ])('%s: the answer arrives late, and the operation ran once', async (_name, definition) => {
    await helper('POST', '/sandbox/reset');
    await helper('POST', '/sandbox/scenarios', { operation: 'createSwap', ...definition });
    await expect(createSwap()).resolves.toMatchObject({ status: 'pending' });
    expect((await helper('GET', '/sandbox/swaps')).data).toHaveLength(1);
  });
});
