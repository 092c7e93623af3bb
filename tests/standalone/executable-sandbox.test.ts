// Every way a sandbox executable can fail to start is an error naming the cause within the
// start limit, and leaves no process behind; a working one (here the repository's own sandbox
// command, behind a script as an executable would be) answers once healthy and stops on close.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startExecutableSandbox } from '../../tools/standalone/executable-sandbox.ts';
import { repoRoot } from '../../tools/support/repo.ts';

const folder = mkdtempSync(join(tmpdir(), 'executable-sandbox-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function executable(name: string, text: string | Buffer, mode = 0o755): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

const apiKeys = { 'key-under-test': 'secret-under-test' };
const start = (bin: string, more: { port?: number; startTimeoutMs?: number } = {}) => startExecutableSandbox({ bin, option: '--sandbox-bin', apiKeys, ...more });

function isRunning(pid: number): boolean {
  try {
    // A zombie waiting for its parent to reap it runs no more.
    return !/^Z/.test(execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  } catch {
    return false;
  }
}

/** The repository's sandbox command as an executable file: what the single executable does. */
const sandboxCommand = executable('repo-sandbox', `#!/bin/sh\ncd ${JSON.stringify(repoRoot)} && exec node --import tsx scripts/sandbox.ts\n`);

describe('a sandbox executable that cannot start', () => {
  it('a missing file is named with where to get one', async () => {
    await expect(start(join(folder, 'nothing'))).rejects.toThrow(`--sandbox-bin ${join(folder, 'nothing')}: no such file (npm run build:standalone builds dist/standalone/wallet-api-sandbox-linux-x64)`);
  });

  it('a file without the executable bit is refused', async () => {
    const path = executable('plain', '#!/bin/sh\n', 0o644);
    await expect(start(path)).rejects.toThrow(`--sandbox-bin ${path}: not executable (chmod +x it)`);
  });

  it('a file no system can run is named', async () => {
    const path = executable('garbage', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]));
    await expect(start(path)).rejects.toThrow(new RegExp(`^--sandbox-bin ${path} could not be run \\(E[A-Z]+\\)$|stopped \\(exit code \\d+\\) before it was ready`));
  });

  it('a port in use: the sandbox says so, and the error carries it', async () => {
    const taken: Server = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(start(sandboxCommand, { port })).rejects.toThrow(new RegExp(`stopped \\(exit code 1\\) before it was ready: Sandbox did not start: listen EADDRINUSE: address already in use 127\\.0\\.0\\.1:${port}`));
    } finally {
      taken.close();
    }
  });

  it('a silent one is stopped at the limit', async () => {
    const pidFile = join(folder, 'silent.pid');
    const path = executable('silent', `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 60\n`);
    await expect(start(path, { startTimeoutMs: 500 })).rejects.toThrow(`--sandbox-bin ${path} did not start within 0.5 s: it printed nothing`);
    expect(isRunning(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('one that listens but never turns healthy is stopped at the limit', async () => {
    const path = executable('unhealthy', '#!/bin/sh\necho "Sandbox listening on http://127.0.0.1:9"\nexec sleep 60\n');
    await expect(start(path, { startTimeoutMs: 700 })).rejects.toThrow(`--sandbox-bin ${path} listened on http://127.0.0.1:9 but was not ready within 0.7 s`);
  });
});

it('a working one answers once healthy, with the keys it was given, and stops on close', async () => {
  const sandbox = await start(sandboxCommand);
  try {
    expect((await fetch(`${sandbox.url}/sandbox/health`)).status).toBe(200);
    // Signed by nobody: the key it was given is the one it checks.
    const refused = await fetch(`${sandbox.url}/api/v1/wallets`, { headers: { 'x-api-key': 'sandbox-demo-key' } });
    expect(refused.status).toBe(401);
  } finally {
    await sandbox.close();
  }
  expect(isRunning(sandbox.pid)).toBe(false);
}, 30_000);
