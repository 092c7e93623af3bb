// PgBouncer (Debian's `pgbouncer`) in transaction mode in front of a test database: the way a
// team sandbox often reaches its PostgreSQL. It refuses to run as root, so as root it runs as
// the `postgres` user; its files are in a temporary directory that user can read.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tools/support/process.ts';

export const pgBouncerBinary = '/usr/sbin/pgbouncer';

export type PgBouncer = { url: string; stop(): Promise<void> };

/** Starts PgBouncer in transaction mode with `serverConnections` connections to the database of `databaseUrl`. */
export async function startPgBouncer(databaseUrl: string, serverConnections: number): Promise<PgBouncer> {
  if (!existsSync(pgBouncerBinary)) throw new Error(`PgBouncer is not installed: no ${pgBouncerBinary} (apt-get install pgbouncer)`);
  const upstream = new URL(databaseUrl);
  const database = upstream.pathname.slice(1);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${password}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${upstream.hostname} port=${upstream.port} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = scram-sha-256',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 100',
      'ignore_startup_parameters = extra_float_digits,statement_timeout',
      '',
    ].join('\n'),
  );
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const file of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(join(dir, file), uid, gid);
  }
  const child = spawn(pgBouncerBinary, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PgBouncer did not start: ${stderr}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not listen within 10 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = new URL(databaseUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
