// One throwaway PostgreSQL cluster for the whole run (tools/support/postgres-cluster.ts),
// started by the first test file that asks for a database (tests/support/postgres.ts), so a
// run of files that need none starts none, and the run does not wait for initdb before its
// first file. Test files get this run's directory with inject('postgresRun'); the first to
// need the cluster starts it and writes its URL there, the others wait for that file; each
// then makes a database of its own on it, so files running side by side never meet. After
// the last file this stops the cluster, if one was started.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory where the run's cluster, once started, is described (cluster.json). */
    postgresRun: string;
  }
}

/** What the file that started the cluster wrote: its URL, the server's process id and the cluster's directory. */
export type RunCluster = { url: string; pid: number; dir: string };

export const clusterFile = (run: string) => join(run, 'cluster.json');

export default function setup(project: TestProject): () => Promise<void> {
  const run = mkdtempSync(join(tmpdir(), 'wallet-api-test-postgres-'));
  project.provide('postgresRun', run);
  return async () => {
    if (existsSync(clusterFile(run))) await stopCluster(JSON.parse(readFileSync(clusterFile(run), 'utf8')) as RunCluster);
    rmSync(run, { recursive: true, force: true });
  };
}

/** PostgreSQL's fast shutdown (SIGINT to the server, as `pg_ctl stop -m fast` sends), then its directory removed. */
async function stopCluster({ pid, dir }: RunCluster): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  rmSync(dir, { recursive: true, force: true });
}
