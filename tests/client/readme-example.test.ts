import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, swapFlow } from '../../examples/swap-flow.ts';
import { startMock, type RunningMock } from '../../src/mock/prism.ts';
import { readmeBlock } from '../support/readme.ts';
import { repoRoot } from '../support/run.ts';

const examplePath = 'examples/swap-flow.ts';

describe('the README integrator example', () => {
  it('is examples/swap-flow.ts verbatim (which tsc --noEmit type-checks)', () => {
    const block = readmeBlock(examplePath);
    expect(block, 'README has no example block for examples/swap-flow.ts').toBeDefined();
    expect(block).toBe(readFileSync(`${repoRoot}${examplePath}`, 'utf8'));
  });

  describe('against the mock', () => {
    let mock: RunningMock;
    beforeAll(async () => {
      mock = await startMock();
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
});
