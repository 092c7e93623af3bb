// Two sandbox processes (the command integrators deploy) on one PostgreSQL database, as
// behind a load balancer: they agree on every state change, on a scenario's count, on the
// reset; each API key sees only its own records; both survive their database going away
// under load, answering 503 meanwhile, and come back by themselves with nothing half-written;
// a restart loses nothing; and they agree on the replay guard. One pair of replicas on a
// cluster of this file's own serves the tests in turn, and the pair started after it (with
// the replay guard on) serves the last two (each start of a replica costs a second of CPU):
// the database going away needs a cluster that can be stopped, and the run's shared one must
// stay up for the other files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../tools/support/postgres-cluster.ts';
import { freePort, spawnService, typeScriptCommand, waitForHttp, type RunningProcess } from '../../tools/support/process.ts';
import { formatTimestamp } from '../../packages/sdk/src/signing/index.ts';
import { queryDatabase } from '../support/postgres.ts';
import { repoRoot } from '../support/run.ts';
import { SandboxCaller } from '../support/sandbox-caller.ts';
import { sendSigned } from '../support/signed-http.ts';

const script = `${repoRoot}scripts/sandbox.ts`;
const team = { apiKey: 'team-key', secret: 'team-secret' };
const other = { apiKey: 'other-team-key', secret: 'other-team-secret' };
let amounts = 0;
/** A swap request of its own: no two are the same request, so none is mistaken for a replay. */
const swap = () => ({ from: 'usdt', to: 'ngn', amount: 20 + ++amounts, password: 'customer-authorization-value' });

type Replica = { url: string; process: RunningProcess };

/** The sandbox command on a free port with its state in the database. */
async function startReplica(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<Replica> {
  const port = await freePort();
  const process = spawnService(...typeScriptCommand(script), { SANDBOX_DATABASE_URL: databaseUrl, SANDBOX_API_KEYS: `${team.apiKey}:${team.secret},${other.apiKey}:${other.secret}`, SANDBOX_LOG: 'off', PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/sandbox/health/live`, 30_000, process.child);
  return { url, process };
}

/** A test helper (/sandbox/…) of a replica, signed; its answers are not the spec's operations. */
async function helper(url: string, method: string, path: string, body?: unknown, credentials = team): Promise<{ status: number; body: Record<string, any> }> {
  const response = await sendSigned(url, { method, pathWithQuery: path, ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }) }, credentials);
  return { status: response.status, body: response.json as Record<string, any> };
}

describe('two sandbox replicas on one PostgreSQL database', () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let a: Replica;
  let b: Replica;
  let onA: SandboxCaller;
  let onB: SandboxCaller;
  let guarded: Promise<Replica[]> | undefined;
  /** Two replicas with the replay guard on, started by the first test that needs them. */
  const guardedPair = () => (guarded ??= Promise.all([startReplica(databaseUrl, { SANDBOX_REJECT_REPLAYS: '1' }), startReplica(databaseUrl, { SANDBOX_REJECT_REPLAYS: '1' })]));

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    databaseUrl = cluster.url;
    // Started together: both migrate an empty database at once, and only one does.
    [a, b] = await Promise.all([startReplica(databaseUrl), startReplica(databaseUrl)]);
    onA = new SandboxCaller(a.url, team);
    onB = new SandboxCaller(b.url, team);
  }, 60_000);
  afterAll(async () => {
    const replicas = [a, b, ...((await guarded?.catch(() => [])) ?? [])];
    await Promise.all(replicas.map((replica) => replica?.process.stop()));
    await cluster?.stop();
  });

  it('migrated the empty database once, though both started together', async () => {
    expect(await queryDatabase(databaseUrl, 'SELECT version FROM sandbox_schema')).toEqual([{ version: 1 }]);
    for (const replica of [a, b]) expect(replica.process.output()).toContain('State is in PostgreSQL at 127.0.0.1:');
  });

  it('of 200 swaps each confirmed on one replica and cancelled on the other at once, exactly one wins each, and both replicas tell the same', async () => {
    const races = 200;
    const created = await Promise.all(Array.from({ length: races }, (_, i) => (i % 2 ? onA : onB).post('/api/v1/swaps', { body: swap() })));
    const ids = created.map((r) => r.body.data.id as string);
    expect(new Set(ids).size).toBe(races);
    const outcomes = await Promise.all(
      ids.map(async (id, i) => {
        // Which replica confirms, and which request leaves first, alternate.
        const [confirmer, canceller] = i % 2 ? [onA, onB] : [onB, onA];
        const confirm = () => confirmer.post('/api/v1/swaps/{id}/confirm', { params: { id } });
        const cancel = () => canceller.post('/api/v1/swaps/{id}/cancel', { params: { id } });
        const [first, second] = i % 4 < 2 ? [confirm(), cancel()] : [cancel(), confirm()];
        const [x, y] = await Promise.all([first, second]);
        return i % 4 < 2 ? { id, confirm: x, cancel: y } : { id, confirm: y, cancel: x };
      }),
    );
    let confirmed = 0;
    for (const { id, confirm, cancel } of outcomes) {
      expect({ id, statuses: [confirm.status, cancel.status].sort() }).toEqual({ id, statuses: [200, 409] });
      const winner = confirm.status === 200 ? 'confirmed' : 'cancelled';
      if (winner === 'confirmed') confirmed++;
      expect((confirm.status === 200 ? cancel : confirm).body.message).toMatch(new RegExp(`^Swap ${id} is ${winner};`));
    }
    // Both replicas read each swap in the winner's state.
    const [listedA, listedB] = await Promise.all([helper(a.url, 'GET', '/sandbox/swaps'), helper(b.url, 'GET', '/sandbox/swaps')]);
    const stateOf = (list: { body: Record<string, any> }) => new Map((list.body.data as { id: string; status: string }[]).map((s) => [s.id, s.status]));
    for (const { id, confirm } of outcomes) {
      const expected = confirm.status === 200 ? 'confirmed' : 'cancelled';
      expect([stateOf(listedA).get(id), stateOf(listedB).get(id)]).toEqual([expected, expected]);
    }
    expect(confirmed).toBeGreaterThan(0);
    expect(confirmed).toBeLessThan(races);
  }, 120_000);

  it('a scenario armed for times: 1 answers exactly one of 40 concurrent calls spread over both replicas', async () => {
    const armed = await helper(a.url, 'POST', '/sandbox/scenarios', { operation: 'createSwap', answer: 'error', status: 418, message: 'armed once', times: 1 });
    expect(armed.status).toBe(200);
    const before = (await helper(a.url, 'GET', '/sandbox/swaps')).body.data.length;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? onA : onB).post('/api/v1/swaps', { body: swap() })));
    expect(answers.filter((r) => r.status === 418)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(39);
    expect((await helper(b.url, 'GET', '/sandbox/swaps')).body.data).toHaveLength(before + 39);
    // The other replica lists the same counts.
    expect((await helper(b.url, 'GET', '/sandbox/scenarios')).body.data).toMatchObject([{ id: armed.body.data.id, matched: 40, answered: 1, remaining: 0 }]);
    await helper(b.url, 'DELETE', '/sandbox/scenarios');
    expect((await helper(a.url, 'GET', '/sandbox/scenarios')).body.data).toEqual([]);
  });

  it("keeps each API key's records its own, and a reset through one replica is seen by the other", async () => {
    const theirs = new SandboxCaller(b.url, other);
    const wallet = await onA.post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt', name: 'Shared' } });
    const mine = await onA.post('/api/v1/swaps', { body: swap() });
    expect((await onB.get('/api/v1/wallets')).body.data.map((w: { _id: string }) => w._id)).toContain(wallet.body.data._id);
    expect((await theirs.get('/api/v1/wallets')).body.data).toEqual([]);
    expect((await theirs.post('/api/v1/swaps/{id}/confirm', { params: { id: mine.body.data.id } })).status).toBe(404);
    await theirs.post('/api/v1/swaps', { body: swap() });

    expect((await helper(b.url, 'POST', '/sandbox/reset')).status).toBe(200);
    expect((await onA.get('/api/v1/wallets')).body.data).toEqual([]);
    expect((await helper(a.url, 'GET', '/sandbox/swaps')).body.data).toEqual([]);
    // The other key's records are untouched.
    expect((await helper(b.url, 'GET', '/sandbox/swaps', undefined, other)).body.data).toHaveLength(1);
  });

  it('with the database stopped and started again under load, answers 503 with the error envelope while it is away, says not ready, never crashes, recovers by itself, and leaves nothing half-written', async () => {
    const replicas = [a, b];
    // Swaps the tests before this one left (some cancelled): judged by those tests, not by this one's last check.
    const earlier = new Set((await queryDatabase<{ id: string }>(databaseUrl, 'SELECT id FROM sandbox_swaps')).map((row) => row.id));
    const callers = replicas.map((r) => new SandboxCaller(r.url, team));
    const acknowledged: { id: string; confirmed: boolean }[] = [];
    const unavailable: Record<string, any>[] = [];
    const other: number[] = [];
    let stop = false;
    // Each worker creates a swap and confirms it, again and again, on alternating replicas.
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const caller = callers[(n + i) % 2]!;
        const created = await caller.post('/api/v1/swaps', { body: swap() });
        if (created.status === 503) {
          unavailable.push(created.body);
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        if (created.status !== 200) {
          other.push(created.status);
          continue;
        }
        const entry = { id: created.body.data.id as string, confirmed: false };
        acknowledged.push(entry);
        const confirmed = await callers[(n + i + 1) % 2]!.post('/api/v1/swaps/{id}/confirm', { params: { id: entry.id } });
        if (confirmed.status === 200) entry.confirmed = true;
        else if (confirmed.status === 503) unavailable.push(confirmed.body);
        else other.push(confirmed.status);
      }
    };
    const health = async (url: string) => (await fetch(`${url}/sandbox/health`)).status;
    const workers = Array.from({ length: 6 }, (_, n) => worker(n));
    // Each phase lasts until what it is for has happened, not a fixed time: the workers
    // hammer both replicas meanwhile, so every idle second cost CPU the suite lacks.
    const until = async (what: string, done: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 20_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`not in 20 s: ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    await until('a swap acknowledged', () => acknowledged.length > 0);
    const before = acknowledged.length;
    expect(before).toBeGreaterThan(0);
    await cluster.pause();
    // Away until both replicas say so and the workers have had six refusals (one per worker, were they spread evenly).
    const refusedBefore = unavailable.length;
    await until('both replicas not ready and six refusals', async () => unavailable.length >= refusedBefore + workers.length && (await Promise.all(replicas.map((r) => health(r.url)))).every((s) => s === 503));
    expect(await Promise.all(replicas.map((r) => health(r.url)))).toEqual([503, 503]);
    const downBody = await (await fetch(`${replicas[0]!.url}/sandbox/health`)).json();
    expect(downBody).toEqual({ status: 'error', message: "Not ready: the sandbox's database cannot be reached", data: null });
    expect(unavailable.length).toBeGreaterThan(0);
    await cluster.start();
    // Recovery by itself: ready again, and calls succeed on both replicas.
    const deadline = Date.now() + 20_000;
    while ((await Promise.all(replicas.map((r) => health(r.url)))).some((s) => s !== 200)) {
      if (Date.now() > deadline) throw new Error('the replicas did not become ready again');
      await new Promise((r) => setTimeout(r, 200));
    }
    const recoveredAt = acknowledged.length;
    await until('a swap acknowledged after the recovery', () => acknowledged.length > recoveredAt);
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThan(recoveredAt);

    // Never crashed.
    for (const replica of replicas) expect(replica.process.child.exitCode).toBeNull();
    // Every refusal while away was the 503 envelope, and nothing else went wrong.
    expect(other).toEqual([]);
    expect(unavailable.every((body) => body.status === 'error' && body.data === null && /database cannot be reached/.test(body.message))).toBe(true);
    expect(JSON.stringify(unavailable)).not.toContain(cluster.password);
    // Nothing half-written: every swap acknowledged is stored, and in the state its last acknowledged answer gave it.
    const stored = new Map(
      (await queryDatabase<{ id: string; status: string }>(cluster.url, 'SELECT id, status FROM sandbox_swaps')).map((row) => [row.id, row.status]),
    );
    for (const { id, confirmed } of acknowledged) {
      expect(stored.has(id), id).toBe(true);
      if (confirmed) expect(stored.get(id), id).toBe('confirmed');
    }
    // And nothing this test stored is in a state no answer could have left it in.
    const storedNow = [...stored].filter(([id]) => !earlier.has(id));
    expect(storedNow.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(storedNow.every(([, status]) => status === 'pending' || status === 'confirmed')).toBe(true);
  }, 90_000);

  it('loses nothing when both replicas stop and new ones start', async () => {
    const created = await onA.post('/api/v1/swaps', { body: swap() });
    await onB.post('/api/v1/swaps/{id}/confirm', { params: { id: created.body.data.id } });
    const preview = await onB.post('/api/v1/wallets/preview-withdraw', { body: { chain: 'polygon', amount: 50, coin: 'usdt', receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } });
    await Promise.all([a.process.stop(), b.process.stop()]);
    // The new ones are the replay-guarded pair the next test uses (the guard changes nothing read here).
    const [fresh] = await guardedPair();
    const onFresh = new SandboxCaller(fresh!.url, team);
    expect((await helper(fresh!.url, 'GET', `/sandbox/swaps/${created.body.data.id}`)).body.data).toMatchObject({ status: 'confirmed' });
    expect((await onFresh.get('/api/v1/transactions/{id}', { params: { id: preview.body.data.transactionId } })).body.data).toMatchObject({ status: 'pending', amount: 50 });
    // The restarted replica goes on from where the records are: the swap is still refused a second move.
    expect((await onFresh.post('/api/v1/swaps/{id}/cancel', { params: { id: created.body.data.id } })).status).toBe(409);
  }, 60_000);

  it('with the replay guard on, refuses on one replica a signed request already received by the other, and creates nothing', async () => {
    const pair = await guardedPair();
    const timestamp = formatTimestamp(new Date());
    const body = JSON.stringify(swap());
    const send = (url: string) => sendSigned(url, { method: 'POST', pathWithQuery: '/api/v1/swaps', body, contentType: 'application/json', auth: { timestamp } }, team);
    const count = async () => (await helper(pair[0]!.url, 'GET', '/sandbox/swaps')).body.data.length;
    expect((await send(pair[0]!.url)).status).toBe(200);
    const before = await count();
    const again = await send(pair[1]!.url);
    expect(again.status).toBe(401);
    expect(again.json).toMatchObject({ status: 'error', message: expect.stringMatching(/^Replay refused/), data: null });
    expect(await count()).toBe(before);
    // What the guard keeps is a digest: neither the key nor the signature is in the database.
    const stored = JSON.stringify(await queryDatabase(databaseUrl, 'SELECT * FROM sandbox_requests'));
    expect(stored).not.toContain(again.signature);
    expect(stored).not.toContain(team.apiKey);
  }, 60_000);
});
