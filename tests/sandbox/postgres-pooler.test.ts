// The PostgreSQL store behind a pooler in transaction mode (PgBouncer), where a team sandbox
// often runs: each statement may reach another server connection than the one before it, so
// the store must not rely on a statement prepared on one connection being there on the next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../packages/sandbox/src/store/postgres.ts';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer.ts';
import { freshDatabase } from '../support/postgres.ts';

describe('the PostgreSQL store behind PgBouncer in transaction mode', () => {
  let pooler: PgBouncer;
  let store: PostgresStore;
  beforeAll(async () => {
    const url = await freshDatabase('behind a pooler');
    // Two server connections for four client connections: statements of one client move between them.
    pooler = await startPgBouncer(url, 2);
    // Opened through the pooler: the migrations under the start lock too.
    store = await PostgresStore.open({ url: pooler.url, poolSize: 4 });
  });
  afterAll(async () => {
    await store?.close();
    await pooler?.stop();
  });

  it('starts a second time through the pooler: the start lock went with its transaction', async () => {
    const again = await PostgresStore.open({ url: pooler.url, poolSize: 2 });
    await again.close();
  });

  it('answers every statement, whichever server connection runs it', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => store.nextCount(`counter-${i % 4}`)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => Math.floor(i / 4) + 1).sort((a, b) => a - b));
    const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => store.claimRequest('key', `2026-01-01T00:00:00.${String(i % 20).padStart(3, '0')}Z`, 'signature', Date.now() + 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(20);
  });
});
