// A database of its own for a test file, on the run's PostgreSQL cluster
// (tests/support/postgres-global-setup.ts), and the stores the behaviour suites run against.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { startPostgresCluster } from '../../tools/support/postgres-cluster.ts';
import { clusterFile, type RunCluster } from './postgres-global-setup.ts';

let cluster: Promise<string> | undefined;

/**
 * The URL of the run's cluster: the first file of the run to ask starts it (holding a lock,
 * an atomic mkdir) and writes it down for the others, which wait for that; each worker asks
 * once. The global setup stops it after the run.
 */
function clusterUrl(): Promise<string> {
  cluster ??= (async () => {
    const run = inject('postgresRun');
    const described = clusterFile(run);
    const failed = join(run, 'failed');
    let starter = false;
    try {
      mkdirSync(join(run, 'lock'));
      starter = true;
    } catch {
      // Another file of this run is starting it (or has).
    }
    if (starter) {
      try {
        const started = await startPostgresCluster();
        const pid = started.serverPid();
        // The server runs in its data directory, inside the cluster's own temporary directory.
        const record: RunCluster = { url: started.url, pid, dir: dirname(readlinkSync(`/proc/${pid}/cwd`)) };
        // Written whole, then renamed: a waiting file never reads half of it.
        writeFileSync(`${described}.part`, JSON.stringify(record));
        renameSync(`${described}.part`, described);
      } catch (error) {
        writeFileSync(failed, String((error as Error).message));
        throw error;
      }
    }
    const deadline = Date.now() + 120_000;
    while (!existsSync(described)) {
      if (existsSync(failed)) throw new Error(`the run's PostgreSQL cluster did not start: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`the run's PostgreSQL cluster was not started in time (${run})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (JSON.parse(readFileSync(described, 'utf8')) as RunCluster).url;
  })();
  return cluster;
}

/** Creates an empty database on the run's cluster and returns its URL. */
export async function freshDatabase(label: string): Promise<string> {
  const admin = await clusterUrl();
  const name = `${label.replace(/[^a-z0-9]+/gi, '_').toLowerCase().slice(0, 40)}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a database, for tests that look at what the store wrote. */
export async function queryDatabase<Row extends object>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

export type StoreVariant = { name: string; options: (label: string) => Promise<{ databaseUrl?: string }> };

/** The two stores every behaviour suite runs against. */
export const storeVariants: StoreVariant[] = [
  { name: 'in memory', options: async () => ({}) },
  { name: 'in PostgreSQL', options: async (label) => ({ databaseUrl: await freshDatabase(label) }) },
];
