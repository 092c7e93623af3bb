// The PostgreSQL store at its smallest pool, and a start-up that fails half way: a pool of
// one connection starts with scenarios to arm (the start lock is not held on the only
// connection the arming needs), and a first retention purge that fails closes the pool it
// opened instead of leaving its connections to the database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient, hmacSha256, unwrap } from '../../packages/sdk/src/client/index.ts';
import { startSandbox, type RunningSharedSandbox } from '../../packages/sandbox/src/index.ts';
import { PostgresStore } from '../../packages/sandbox/src/store/postgres.ts';
import { freshDatabase, queryDatabase } from '../support/postgres.ts';

const apiKey = 'small-pool-key';
const secret = 'small-pool-secret';

/** Connections to the database besides the one asking. */
const connectionsTo = async (url: string) =>
  (await queryDatabase<{ n: number }>(url, 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'))[0]!.n;

describe('a sandbox on PostgreSQL with a pool of one connection', () => {
  let sandbox: RunningSharedSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ logger: false, apiKeys: { [apiKey]: secret }, databaseUrl: await freshDatabase('small pool'), databasePoolSize: 1, scenarios: [{ operation: 'listWallets', answer: 'error', status: 418, message: 'armed at start' }] });
  });
  afterAll(() => sandbox?.close());

  it('starts with its start-up scenarios armed, and answers with them', async () => {
    const client = createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }) });
    const error = await unwrap(client.GET('/api/v1/wallets')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 418, apiMessage: 'armed at start' });
    await expect(unwrap(client.GET('/api/v1/wallets'))).resolves.toEqual([]);
  });
});

describe('a first retention purge that fails', () => {
  it('fails the start and closes the pool it opened', async () => {
    const url = await freshDatabase('failed purge');
    // More days than PostgreSQL's integer holds: the purge's statement fails, after the migrations ran.
    await expect(PostgresStore.open({ url, retentionDays: 2 ** 40 })).rejects.toThrow();
    await vi.waitFor(async () => expect(await connectionsTo(url)).toBe(0), { timeout: 10_000, interval: 100 });
  });
});
