import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, teardown } from '../../examples/sandbox-setup.ts';
import { connect, swapFlow } from '../../examples/swap-flow.ts';
import { readmeBlock } from '../support/readme.ts';
import { repoRoot } from '../support/run.ts';

const examplePath = 'examples/sandbox-setup.ts';
const variables = ['WALLET_API_BASE_URL', 'WALLET_API_KEY', 'WALLET_API_SIGNING_SECRET'] as const;
const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));

afterEach(async () => {
  await teardown();
  for (const name of variables) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the README sandbox test setup', () => {
  it('is examples/sandbox-setup.ts verbatim (which tsc --noEmit type-checks)', () => {
    const block = readmeBlock(examplePath, 'packages/sandbox/README.md');
    expect(block, 'packages/sandbox/README.md has no example block for examples/sandbox-setup.ts').toBeDefined();
    expect(block).toBe(readFileSync(`${repoRoot}${examplePath}`, 'utf8'));
  });

  it('starts a sandbox the README swap flow runs against, and stops it', async () => {
    await setup();
    const baseUrl = process.env.WALLET_API_BASE_URL!;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = connect(baseUrl, process.env.WALLET_API_KEY!, process.env.WALLET_API_SIGNING_SECRET!);
    const result = await swapFlow(client, { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' }, async () => true);
    // Deterministic mode: the first record's id is the first counter id.
    expect(result).toMatchObject({ outcome: 'confirmed', swap: { id: '000000000000000000000001', status: 'confirmed' } });
    await teardown();
    await expect(fetch(`${baseUrl}/api/v1/wallets`)).rejects.toThrow();
  });
});
