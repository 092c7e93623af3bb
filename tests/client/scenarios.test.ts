// The client on the provider's bad days, rehearsed with the sandbox's failure scenarios: GET
// retries wait what a real 429 or 503 asks (Retry-After) and stop at their limit; a POST is
// never sent twice, even when every answer is a 503 and retries are on; the timeout fires
// under a delay within timeoutMs and a margin. Arrivals are counted by the sandbox itself
// (how many calls each scenario picked).
import { afterAll, beforeAll, describe, it, type TestContext } from 'vitest';
import { ApiError, createClient, hmacSha256, TimeoutError, unwrap, type RetryOptions } from '../../packages/sdk/src/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';

// The tests run side by side, each mostly waiting (Retry-After, timeouts): each calls under an
// API key of its own, so the scenarios it arms answer only its calls and the counts it reads
// are its own.
const secret = 'retry-secret';
const apiKeys = ['retry-key', 'retry-key-429', 'retry-key-503', 'retry-key-limit', 'retry-key-post', 'retry-key-delay', 'retry-key-dribble'] as const;
type ApiKey = (typeof apiKeys)[number];
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ logger: false, deterministic: true, apiKeys: Object.fromEntries(apiKeys.map((key) => [key, secret])) });
  // The sandbox answers in this process: its first answer to an operation, which compiles the
  // operation's schemas, would hold up the client's timer in the timeout test, which runs
  // beside the tests that call listWallets.
  await unwrap(clientWith('retry-key').GET('/api/v1/utils/rates'));
  await unwrap(clientWith('retry-key').GET('/api/v1/wallets'));
});
afterAll(() => sandbox.close());

/** Arms a scenario for this test's API key only, disarmed when the test ends. */
const armFor = (apiKey: ApiKey, { onTestFinished }: TestContext, definition: Parameters<RunningSandbox['scenarios']['arm']>[0]) => {
  sandbox.scenarios.arm(definition, apiKey);
  onTestFinished(() => sandbox.scenarios.clear(apiKey));
};
const clientWith = (apiKey: ApiKey, retry?: RetryOptions, timeoutMs?: number) =>
  createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }), ...(retry ? { retry } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
const arrivals = (apiKey: ApiKey) => sandbox.scenarios.list(apiKey).reduce((total, scenario) => total + scenario.matched, 0);

describe.concurrent('the client against failure scenarios', () => {
  it.for([429, 503] as const)('a GET retried after %i waits the Retry-After it was sent, and succeeds when the provider recovers', async (status, context) => {
    const { expect } = context;
    const key = status === 429 ? 'retry-key-429' : 'retry-key-503';
    armFor(key, context, { operation: 'listWallets', answer: 'throttle', status, retryAfterSeconds: 1, times: 2 });
    // Backoff alone would retry after 10 and 20 ms; the answers ask for a second each.
    const client = clientWith(key, { attempts: 3, initialDelayMs: 10, maxDelayMs: 5000 });
    const started = performance.now();
    expect(await unwrap(client.GET('/api/v1/wallets'))).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1950);
    expect(arrivals(key)).toBe(3);
  });

  it('a GET stops retrying at its limit, with the last answer as the error', async (context) => {
    const { expect } = context;
    armFor('retry-key-limit', context, { operation: 'listWallets', answer: 'throttle', status: 503, retryAfterSeconds: 0, every: true });
    const error = await unwrap(clientWith('retry-key-limit', { attempts: 4, initialDelayMs: 1 }).GET('/api/v1/wallets')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(503);
    expect((error as ApiError).headers?.get('retry-after')).toBe('0');
    expect(arrivals('retry-key-limit')).toBe(4);
  });

  it('a POST is sent once, whatever the answer, retries on or not', async (context) => {
    const { expect } = context;
    armFor('retry-key-post', context, { operation: 'createSwap', answer: 'throttle', status: 503, retryAfterSeconds: 0, every: true });
    const client = clientWith('retry-key-post', { attempts: 5, initialDelayMs: 1 });
    const error = await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(503);
    expect(arrivals('retry-key-post')).toBe(1);
  });

  it('the timeout fires under a delay within timeoutMs and a margin', async (context) => {
    const { expect } = context;
    armFor('retry-key-delay', context, { operation: 'getRates', answer: 'delay', delayMs: 5000 });
    const timeoutMs = 300;
    const started = performance.now();
    const error = await unwrap(clientWith('retry-key-delay', undefined, timeoutMs).GET('/api/v1/utils/rates')).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 5);
    expect(elapsed).toBeLessThan(timeoutMs + 700);
  });

  it('the timeout also covers a body dribbled past it', async (context) => {
    const { expect } = context;
    armFor('retry-key-dribble', context, { operation: 'getRates', answer: 'dribble', delayMs: 3000 });
    const error = await unwrap(clientWith('retry-key-dribble', undefined, 300).GET('/api/v1/utils/rates')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});
