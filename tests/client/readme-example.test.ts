import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, swapFlow } from '../../examples/swap-flow.ts';
import { unwrap } from '../../packages/sdk/src/client/index.ts';
import { startApiMock, type RunningApiMock } from '../../tools/mock/index.ts';
import { demoCredentials, startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { readmeBlock } from '../support/readme.ts';
import { repoRoot } from '../support/run.ts';

const examplePath = 'examples/swap-flow.ts';

describe('the README integrator example', () => {
  it('is examples/swap-flow.ts verbatim (which tsc --noEmit type-checks)', () => {
    const block = readmeBlock(examplePath, 'docs/client.md');
    expect(block, 'docs/client.md has no example block for examples/swap-flow.ts').toBeDefined();
    expect(block).toBe(readFileSync(`${repoRoot}${examplePath}`, 'utf8'));
  });

  describe('against the mock', () => {
    let mock: RunningApiMock;
    beforeAll(async () => {
      mock = await startApiMock();
    });
    afterAll(() => mock?.close());
    const order = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };

    it('runs discover → quote → create → confirm → transactions', async () => {
      const result = await swapFlow(connect(mock.url, 'example-key', 'example-secret'), order, async (quote) => quote.quotedCurrency === 'NGN');
      expect(result).toMatchObject({ outcome: 'confirmed', swap: { status: 'confirmed' }, transactions: { page: 1 } });
    });

    it('stops after the quote when the user declines', async () => {
      const result = await swapFlow(connect(mock.url, 'example-key', 'example-secret'), order, async () => false);
      expect(result.outcome).toBe('declined');
    });

    it('refuses a market the environment does not list', async () => {
      await expect(swapFlow(connect(mock.url, 'k', 's'), { ...order, to: 'xyz' }, async () => true)).rejects.toThrow(/no usdt\/xyz market/);
    });
  });

  describe('against the sandbox', () => {
    let sandbox: RunningSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ validateResponses: true, port: 0, deterministic: true, logger: false });
    });
    afterAll(() => sandbox?.close());

    it('finds a market listed in the other order: buys USDT with NGN on the usdtngn market', async () => {
      const client = connect(sandbox.url, demoCredentials.apiKey, demoCredentials.secret);
      const markets = await unwrap(client.GET('/api/v1/wallets/markets'));
      expect(Object.keys(markets)).toContain('usdtngn');
      expect(Object.keys(markets)).not.toContain('ngnusdt');
      const result = await swapFlow(client, { from: 'ngn', to: 'usdt', amount: 154_550, password: 'customer-authorization-value' }, async () => true);
      expect(result).toMatchObject({ outcome: 'confirmed', quote: { quotedCurrency: 'NGN' }, swap: { status: 'confirmed' } });
    });
  });
});
