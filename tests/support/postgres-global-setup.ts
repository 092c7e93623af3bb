// One throwaway PostgreSQL cluster for the whole run (src/support/postgres-cluster.ts),
// started before the first test file and stopped after the last. Test files get its URL
// with inject('postgresUrl') and each makes a database of its own on it
// (tests/support/postgres.ts), so files running side by side never meet.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../../src/support/postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
