// The PostgreSQL store's own duties, in process: readiness without credentials (both
// stores), a clear refusal when the database cannot be used at start (its host named, its
// password never), a schema newer than the code refused, the retention purge, and ids that
// never collide between sandboxes sharing a database, deterministic ones included.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { PostgresStore } from '../../packages/sandbox/src/store/postgres.ts';
import { freePort } from '../../tools/support/process.ts';
import { freshDatabase, queryDatabase, storeVariants } from '../support/postgres.ts';
import { repoRoot } from '../support/run.ts';
import { SandboxCaller } from '../support/sandbox-caller.ts';

const swap = (amount = 20) => ({ from: 'usdt', to: 'ngn', amount, password: 'customer-authorization-value' });

describe.each(storeVariants)('GET /sandbox/health ($name)', ({ options }) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ ...(await options('health')), validateResponses: true, logger: false });
  });
  afterAll(() => sandbox.close());

  it('answers ready and live without credentials, and carries no data', async () => {
    for (const [path, message] of [['/sandbox/health', 'Ready'], ['/sandbox/health/live', 'Live']] as const) {
      const response = await fetch(`${sandbox.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'success', message, data: null });
    }
    // Every other /sandbox route still needs the signature.
    expect((await fetch(`${sandbox.url}/sandbox/swaps`)).status).toBe(401);
  });
});

describe('the PostgreSQL store at start', () => {
  const password = 'never-print-this-9f2c';

  it('refuses a database it cannot reach, naming its host and port, never its password; the command exits 1 saying so', async () => {
    const port = await freePort();
    const url = `postgres://team:${password}@127.0.0.1:${port}/sandbox`;
    const error = await startSandbox({ databaseUrl: url, logger: false }).then(() => undefined, (e: Error) => e);
    expect(error?.message).toMatch(new RegExp(`^Cannot use the sandbox database at 127\\.0\\.0\\.1:${port}/sandbox: ECONNREFUSED: nothing is listening there$`));
    expect(error?.message).not.toContain(password);

    const run = promisify(execFile);
    const failed = await run(`${repoRoot}node_modules/.bin/tsx`, [`${repoRoot}scripts/sandbox.ts`], { env: { ...process.env, SANDBOX_DATABASE_URL: url, PORT: '0' } }).then(
      () => undefined,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(new RegExp(`^Sandbox did not start: Cannot use the sandbox database at 127\\.0\\.0\\.1:${port}/sandbox: ECONNREFUSED`));
    expect(`${failed?.stdout}${failed?.stderr}`).not.toContain(password);
  }, 30_000);

  it('refuses credentials the database rejects without repeating them', async () => {
    const url = new URL(await freshDatabase('wrong password'));
    url.password = password;
    const error = await startSandbox({ databaseUrl: url.toString(), logger: false }).then(() => undefined, (e: Error) => e);
    expect(error?.message).toMatch(new RegExp(`^Cannot use the sandbox database at 127\\.0\\.0\\.1:${url.port}${url.pathname}: 28P01: the database refused the credentials$`));
    expect(error?.message).not.toContain(password);
  });

  it('migrates an empty database, starts again on a migrated one, and refuses one whose schema is newer than the code', async () => {
    const databaseUrl = await freshDatabase('schema');
    await (await startSandbox({ databaseUrl, logger: false })).close();
    await (await startSandbox({ databaseUrl, logger: false })).close();
    expect(await queryDatabase(databaseUrl, 'SELECT version, name FROM sandbox_schema')).toEqual([{ version: 1, name: 'records, scenarios, replay guard and counters' }]);
    await queryDatabase(databaseUrl, "INSERT INTO sandbox_schema (version, name) VALUES (2, 'written by a newer sandbox')");
    await expect(startSandbox({ databaseUrl, logger: false })).rejects.toThrow(
      new RegExp(`^The sandbox database at 127\\.0\\.0\\.1:\\d+/\\w+ has schema version 2, newer than this sandbox's 1: a newer sandbox migrated it`),
    );
  });

  it('purges records older than retentionDays at start and keeps the newer ones', async () => {
    const databaseUrl = await freshDatabase('retention');
    const first = await startSandbox({ databaseUrl, logger: false });
    const api = new SandboxCaller(first.url, demoCredentials);
    const old = (await api.post('/api/v1/swaps', { body: swap(21) })).body.data.id as string;
    const recent = (await api.post('/api/v1/swaps', { body: swap(22) })).body.data.id as string;
    const oldPreview = (await api.post('/api/v1/wallets/preview-withdraw', { body: { chain: 'polygon', amount: 50, coin: 'usdt', receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } })).body.data.transactionId as string;
    await first.close();
    await queryDatabase(databaseUrl, "UPDATE sandbox_swaps SET created_at = now() - interval '8 days' WHERE id = $1", [old]);
    await queryDatabase(databaseUrl, "UPDATE sandbox_transactions SET created_at = now() - interval '8 days' WHERE id = $1", [oldPreview]);
    const second = await startSandbox({ databaseUrl, logger: false, retentionDays: 7 });
    try {
      const again = new SandboxCaller(second.url, demoCredentials);
      expect((await again.post('/api/v1/swaps/{id}/confirm', { params: { id: old } })).status).toBe(404);
      expect((await again.get('/api/v1/transactions/{id}', { params: { id: oldPreview } })).status).toBe(404);
      expect((await again.post('/api/v1/swaps/{id}/confirm', { params: { id: recent } })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('never hands out the same id twice across sandboxes sharing a database, deterministic ids included', async () => {
    for (const deterministic of [false, true]) {
      const databaseUrl = await freshDatabase(`ids ${deterministic}`);
      const replicas = await Promise.all([startSandbox({ databaseUrl, deterministic, logger: false }), startSandbox({ databaseUrl, deterministic, logger: false })]);
      try {
        const created = await Promise.all(Array.from({ length: 60 }, (_, i) => new SandboxCaller(replicas[i % 2]!.url, demoCredentials).post('/api/v1/swaps', { body: swap(20 + i) })));
        const ids = created.map((r) => r.body.data.id as string);
        expect(new Set(ids).size).toBe(60);
        if (deterministic) expect(ids.map((id) => parseInt(id, 16)).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      } finally {
        await Promise.all(replicas.map((r) => r.close()));
      }
    }
  });
});

describe('the PostgreSQL replay guard keeps one clock', () => {
  it("sweeps with the sandbox's clock, the one it claims with: an entry still live for the sandbox is never swept, whatever the database's clock says", async () => {
    const url = await freshDatabase('replay clock');
    const store = await PostgresStore.open({ url });
    try {
      // The sandbox's clock two hours behind the database's: the entry expires a minute from the
      // sandbox's now, long before the database's now.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 2 * 3_600_000 });
      const expiresAt = Date.now() + 60_000;
      expect(await store.claimRequest('key', '2026-01-01T00:00:00.000Z', 'signature', expiresAt)).toBe(true);
      await store.sweepExpiredRequests();
      // Still live for the sandbox: the same request again is a replay.
      expect(await store.claimRequest('key', '2026-01-01T00:00:00.000Z', 'signature', expiresAt)).toBe(false);
      // Once the sandbox's clock passes the expiry, the sweep takes it.
      vi.setSystemTime(expiresAt + 1);
      await store.sweepExpiredRequests();
      vi.useRealTimers();
      expect(await queryDatabase(url, 'SELECT count(*)::int AS n FROM sandbox_requests')).toEqual([{ n: 0 }]);
    } finally {
      vi.useRealTimers();
      await store.close();
    }
  });
});
