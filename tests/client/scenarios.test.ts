// The client on the provider's bad days, rehearsed with the sandbox's failure scenarios: GET
// retries wait what a real 429 or 503 asks (Retry-After) and stop at their limit; a POST is
// never sent twice, even when every answer is a 503 and retries are on; the timeout fires
// under a delay within timeoutMs and a margin. Arrivals are counted by the sandbox itself
// (how many calls each scenario picked).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, hmacSha256, TimeoutError, unwrap, type RetryOptions } from '../../src/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';

const apiKey = 'retry-key';
const secret = 'retry-secret';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ logger: false, deterministic: true, apiKeys: { [apiKey]: secret } });
  // The sandbox answers in this process: its first answer to an operation, which compiles the
  // operation's schemas, would hold up the client's timer in the timeout test.
  await unwrap(clientWith().GET('/api/v1/utils/rates'));
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.scenarios.clear());

const clientWith = (retry?: RetryOptions, timeoutMs?: number) =>
  createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }), ...(retry ? { retry } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
const arrivals = () => sandbox.scenarios.list().reduce((total, scenario) => total + scenario.matched, 0);

describe('the client against failure scenarios', () => {
  it.each([429, 503] as const)('a GET retried after %i waits the Retry-After it was sent, and succeeds when the provider recovers', async (status) => {
    sandbox.scenarios.arm({ operation: 'listWallets', answer: 'throttle', status, retryAfterSeconds: 1, times: 2 });
    // Backoff alone would retry after 10 and 20 ms; the answers ask for a second each.
    const client = clientWith({ attempts: 3, initialDelayMs: 10, maxDelayMs: 5000 });
    const started = performance.now();
    expect(await unwrap(client.GET('/api/v1/wallets'))).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1950);
    expect(arrivals()).toBe(3);
  });

  it('a GET stops retrying at its limit, with the last answer as the error', async () => {
    sandbox.scenarios.arm({ operation: 'listWallets', answer: 'throttle', status: 503, retryAfterSeconds: 0, every: true });
    const error = await unwrap(clientWith({ attempts: 4, initialDelayMs: 1 }).GET('/api/v1/wallets')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(503);
    expect((error as ApiError).headers?.get('retry-after')).toBe('0');
    expect(arrivals()).toBe(4);
  });

  it('a POST is sent once, whatever the answer, retries on or not', async () => {
    sandbox.scenarios.arm({ operation: 'createSwap', answer: 'throttle', status: 503, retryAfterSeconds: 0, every: true });
    const client = clientWith({ attempts: 5, initialDelayMs: 1 });
    const error = await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(503);
    expect(arrivals()).toBe(1);
  });

  it('the timeout fires under a delay within timeoutMs and a margin', async () => {
    sandbox.scenarios.arm({ operation: 'getRates', answer: 'delay', delayMs: 5000 });
    const timeoutMs = 300;
    const started = performance.now();
    const error = await unwrap(clientWith(undefined, timeoutMs).GET('/api/v1/utils/rates')).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 5);
    expect(elapsed).toBeLessThan(timeoutMs + 700);
  });

  it('the timeout also covers a body dribbled past it', async () => {
    sandbox.scenarios.arm({ operation: 'getRates', answer: 'dribble', delayMs: 3000 });
    const error = await unwrap(clientWith(undefined, 300).GET('/api/v1/utils/rates')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});
