// A database of its own for a test file, on the run's PostgreSQL cluster
// (tests/support/postgres-global-setup.ts), and the stores the behaviour suites run against.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Creates an empty database on the run's cluster and returns its URL. */
export async function freshDatabase(label: string): Promise<string> {
  const admin = inject('postgresUrl');
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
