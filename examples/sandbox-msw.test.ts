// A unit test of your own code against the sandbox in-process: MSW answers the client's
// fetch with the real sandbox (signatures verified, records kept), with no port and no
// server to start. Here the code under test is the swap flow of examples/swap-flow.ts.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@wallet-api/sdk';
import { demoCredentials } from '@wallet-api/sandbox';
import { sandboxHandlers } from '@wallet-api/sandbox/msw';
import { connect, swapFlow } from './swap-flow.ts';

const baseUrl = 'http://wallet-api.test'; // any origin: nothing resolves it, nothing listens
const sandbox = sandboxHandlers({ baseUrl, deterministic: true });
const server = setupServer(...sandbox);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset(); // every test starts with no records, and ids count from 1 again
});
afterAll(async () => {
  server.close();
  await sandbox.close();
});

// Build clients inside the tests, after server.listen(): a client takes the global fetch when created.
const order = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };

describe('swapFlow', () => {
  it('confirms the swap the user accepts', async () => {
    const client = connect(baseUrl, demoCredentials.apiKey, demoCredentials.secret);
    const result = await swapFlow(client, order, async (quote) => Number(quote.toAmount) > 0);
    expect(result).toMatchObject({ outcome: 'confirmed', swap: { id: '000000000000000000000001', status: 'confirmed' } });
  });

  it('moves nothing when the user declines the quote', async () => {
    const client = connect(baseUrl, demoCredentials.apiKey, demoCredentials.secret);
    const result = await swapFlow(client, order, async () => false);
    expect(result.outcome).toBe('declined');
    // Declined before creating: the next swap created is still the first.
    expect(await client.createSwap(order)).toMatchObject({ id: '000000000000000000000001', status: 'pending' });
  });

  it('fails with an ApiError when the signing secret is wrong', async () => {
    const client = connect(baseUrl, demoCredentials.apiKey, 'not-the-secret');
    const failure = await swapFlow(client, order, async () => true).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ httpStatus: 401 });
  });
});
