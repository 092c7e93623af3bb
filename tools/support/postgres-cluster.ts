// A throwaway PostgreSQL cluster for the tests and the bench: Debian's `postgresql` package
// (its binaries under /usr/lib/postgresql/<version>/bin), a temporary data directory, a free
// loopback port, stopped and deleted when done. initdb and postgres refuse to run as root,
// so as root they run as the `postgres` user (runuser), in a directory that user owns.
// Durability is traded for speed (no fsync): the cluster is thrown away anyway.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './process.ts';

const run = promisify(execFile);

export type PostgresCluster = {
  /** postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres: the superuser, with a password (connections over TCP need it). */
  url: string;
  port: number;
  password: string;
  /** Stops the server, keeping its data: start() brings it back on the same port. */
  pause(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
  /** The server's process id (its backends are its children), for CPU accounting. */
  serverPid(): number;
};

/** The directory of initdb and pg_ctl: the newest Debian install, else PATH's. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions[0]) return join(root, versions[0], 'bin');
  throw new Error('PostgreSQL is not installed: no /usr/lib/postgresql/<version>/bin/initdb (apt-get install postgresql)');
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-postgres-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const password = randomBytes(12).toString('hex');
  writeFileSync(join(dir, 'password'), `${password}\n`);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const path of [dir, join(dir, 'password')]) chownSync(path, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(dir, 0o700);
  /** A PostgreSQL binary, as the postgres user when this process is root. */
  const pgBinary = (name: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args));

  await pgBinary('initdb', ['-D', data, '-U', 'postgres', '--pwfile', join(dir, 'password'), '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const settings = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=300'].join(' ');
  const start = async () => {
    try {
      await pgBinary('pg_ctl', ['-w', '-t', '60', '-D', data, '-l', log, '-o', settings, 'start']);
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-10).join('\n') : '';
      throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${tail}`);
    }
  };
  const pause = async () => {
    await pgBinary('pg_ctl', ['-w', '-t', '60', '-D', data, '-m', 'fast', 'stop']);
  };
  await start();
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    password,
    pause,
    start,
    serverPid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      if (stopped) return;
      stopped = true;
      await pause().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
