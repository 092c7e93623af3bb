// Load: 2,000 swap creations (LOAD_SWAPS; CI's full lane 10,000) over 100 concurrent connections, each followed by a random
// confirm, cancel, both at once, or nothing. Afterwards every swap is read back: ids are
// unique, every swap is retrievable, the totals are exact and no swap is in two states.
import { Agent } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { sendSigned, type Credentials } from '../support/signed-http.ts';
import { runPool } from './support/pool.ts';
import { countFromEnv } from '../support/count.ts';

// 2,000 by default: some 500 concurrent confirm/cancel pairs and every connection used many
// times over; CI's full lane runs 10,000 (docs/testing.md).
const swaps = countFromEnv('LOAD_SWAPS', 2_000);
const connections = 100;
const tenant: Credentials = { apiKey: 'load-tenant', secret: 'load-secret' };
const validator = new SpecValidator();
const agent = new Agent({ keepAlive: true, maxSockets: connections });

type Action = 'confirm' | 'cancel' | 'both' | 'none';
type Reply = { status: number; body: { status: string; message: string; data: any } };

let sandbox: RunningSandbox;
const counts = { created: 0, requests: 0, serverErrors: 0, invalidBodies: 0, duplicateIds: 0, unreadable: 0, wrongState: 0, pairsWithoutOneWinner: 0, conflicts: 0, socketsUsed: new Set<unknown>(), totals: '', seconds: 0 };

beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true, apiKeys: { [tenant.apiKey]: tenant.secret } });
});
afterAll(async () => {
  agent.destroy();
  await sandbox?.close();
  // Printed whether the test passed or not.
  const rate = counts.seconds > 0 ? Math.round(counts.requests / counts.seconds) : 0;
  console.log(
    `swap load: ${counts.created} swaps created over ${counts.socketsUsed.size} connections, ${counts.requests} requests (${rate} requests/s); ` +
      `${counts.serverErrors} 5xx, ${counts.invalidBodies} bodies invalid, ${counts.duplicateIds} duplicate ids, ${counts.unreadable} unreadable, ` +
      `${counts.wrongState} in the wrong state, ${counts.pairsWithoutOneWinner} concurrent pairs without exactly one winner (of ${counts.conflicts}); final states ${counts.totals}`,
  );
});

async function send(method: string, template: string, path: string, body?: unknown): Promise<Reply> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const response = await sendSigned(sandbox.url, { method, pathWithQuery: path, body: text, contentType: text === undefined ? undefined : 'application/json' }, tenant, agent);
  counts.socketsUsed.add(response.socket);
  const reply = { status: response.status, body: JSON.parse(response.text) as Reply['body'] };
  counts.requests += 1;
  if (reply.status >= 500) counts.serverErrors += 1;
  if (template.startsWith('/api/v1') && !validator.validateResponse(method, template, reply.status, reply.body).valid) counts.invalidBodies += 1;
  return reply;
}

describe('swap load', () => {
  it(`creates ${swaps} swaps over ${connections} connections with random confirm/cancel, losing nothing`, async () => {
    const seed = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);
    const actions = fc.sample(fc.constantFrom<Action>('confirm', 'cancel', 'both', 'none'), { numRuns: swaps, seed });
    const outcome = new Map<string, { action: Action; expected: 'pending' | 'confirmed' | 'cancelled' }>();
    const started = Date.now();

    await runPool(actions, connections, async (action) => {
      const created = await send('POST', '/api/v1/swaps', '/api/v1/swaps', { from: 'usdt', to: 'ngn', amount: 20, password: 'p' });
      expect(created.status).toBe(200);
      counts.created += 1;
      const id = created.body.data.id as string;
      if (outcome.has(id)) counts.duplicateIds += 1;
      expect(outcome.has(id), `duplicate id ${id}`).toBe(false);
      outcome.set(id, { action, expected: 'pending' });
      const move = (verb: 'confirm' | 'cancel') => send('POST', `/api/v1/swaps/{id}/${verb}`, `/api/v1/swaps/${id}/${verb}`);
      if (action === 'confirm' || action === 'cancel') {
        const reply = await move(action);
        expect(reply.status).toBe(200);
        outcome.set(id, { action, expected: action === 'confirm' ? 'confirmed' : 'cancelled' });
      } else if (action === 'both') {
        const [confirm, cancel] = await Promise.all([move('confirm'), move('cancel')]);
        counts.conflicts += 1;
        if ([confirm.status, cancel.status].sort().join() !== '200,409') counts.pairsWithoutOneWinner += 1;
        expect([confirm.status, cancel.status].sort()).toEqual([200, 409]);
        outcome.set(id, { action, expected: confirm.status === 200 ? 'confirmed' : 'cancelled' });
      }
    });
    const seconds = (Date.now() - started) / 1000;

    // Every swap is retrievable one by one, in the state its successful change left it.
    await runPool([...outcome.entries()], connections, async ([id, { expected }]) => {
      const read = await send('GET', '/sandbox/swaps/{id}', `/sandbox/swaps/${id}`);
      if (read.status !== 200) counts.unreadable += 1;
      else if (read.body.data.status !== expected) counts.wrongState += 1;
      expect(read.status, id).toBe(200);
      expect(read.body.data.status, id).toBe(expected);
    });

    // The list holds exactly these swaps, each once, with exact totals per state.
    const list = await send('GET', '/sandbox/swaps', '/sandbox/swaps');
    counts.seconds = (Date.now() - started) / 1000;
    const listed = list.body.data as { id: string; status: string }[];
    expect(listed).toHaveLength(swaps);
    expect(new Set(listed.map((s) => s.id))).toEqual(new Set(outcome.keys()));
    const byState = (records: { status: string }[]) => records.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    const expectedTotals = byState([...outcome.values()].map((o) => ({ status: o.expected })));
    expect(byState(listed)).toEqual(expectedTotals);
    counts.totals = JSON.stringify(byState(listed));

    expect(counts.serverErrors).toBe(0);
    expect(counts.invalidBodies).toBe(0);
    expect(counts.socketsUsed.size).toBeGreaterThan(connections / 2);
    console.log(`swap load: seed ${seed}, ${seconds.toFixed(1)} s for the creations and changes`);
  }, 600_000);
});
