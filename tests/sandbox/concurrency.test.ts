import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { storeVariants } from '../support/postgres.ts';
import { SandboxCaller } from '../support/sandbox-caller.ts';

// In memory every pair races on one event loop; in PostgreSQL every pair races in the database, a round trip each.
const pairsOn = (store: string) => (store === 'in memory' ? 1000 : 250);

describe.each(storeVariants)('swap state under concurrency ($name)', ({ name, options: storeOptions }) => {
  const pairs = pairsOn(name);
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let api: SandboxCaller;

  beforeAll(async () => {
    sandbox = await startSandbox({ ...(await storeOptions('swap state under concurrency')), validateResponses: true });
    api = new SandboxCaller(sandbox.url, demoCredentials);
  });
  afterAll(() => sandbox.close());

  describe('sandbox swap state under concurrency', () => {
    it(`ends each of ${pairs} swaps hit by a concurrent confirm and cancel in exactly one state`, async () => {
      const created = await Promise.all(Array.from({ length: pairs }, () => api.post('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 20, password: 'p' } })));
      const ids = created.map((r) => r.body.data.id as string);
      expect(new Set(ids).size).toBe(pairs);

      // Both requests of a pair are in flight together; which one is sent first alternates.
      const outcomes = await Promise.all(
        ids.map(async (id, index) => {
          const confirm = () => api.post('/api/v1/swaps/{id}/confirm', { params: { id } });
          const cancel = () => api.post('/api/v1/swaps/{id}/cancel', { params: { id } });
          const [first, second] = index % 2 === 0 ? [confirm(), cancel()] : [cancel(), confirm()];
          const [a, b] = await Promise.all([first, second]);
          return index % 2 === 0 ? { id, confirm: a, cancel: b } : { id, confirm: b, cancel: a };
        }),
      );

      let confirmedCount = 0;
      for (const { id, confirm, cancel } of outcomes) {
        const statuses = [confirm.status, cancel.status].sort();
        expect({ id, statuses }).toEqual({ id, statuses: [200, 409] });
        const winner = confirm.status === 200 ? 'confirmed' : 'cancelled';
        if (winner === 'confirmed') confirmedCount++;
        const loser = confirm.status === 200 ? cancel : confirm;
        expect(loser.body.message).toBe(`Swap ${id} is ${winner}; only a pending swap can be ${winner === 'confirmed' ? 'cancelled' : 'confirmed'}`);
      }

      // The state each swap kept is the winner's: a third attempt reports it.
      const after = await Promise.all(ids.map((id) => api.post('/api/v1/swaps/{id}/cancel', { params: { id } })));
      after.forEach((response, index) => {
        const expected = outcomes[index]!.confirm.status === 200 ? 'confirmed' : 'cancelled';
        expect(response.status).toBe(409);
        expect(response.body.message).toMatch(new RegExp(`is ${expected};`));
      });
      expect(confirmedCount).toBeGreaterThan(0);
      expect(confirmedCount).toBeLessThan(pairs);
    }, 60_000);
  });
});
