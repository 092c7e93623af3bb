// Starting and stopping the local servers (Prism, the sandbox, the docs server) that
// tests, benchmarks and `npm start` run on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Waits until an HTTP server answers at url (any status), or fails after timeoutMs. */
export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}

/**
 * Node running a TypeScript entry point in one process, with tsx's loader: `[command, args]`.
 * The `tsx` binary instead runs the script in a child and, when that child does not confirm
 * a signal within 30 ms (a loaded machine), kills it with SIGKILL and exits 130, so a
 * command's own clean stop on SIGINT or SIGTERM would be skipped.
 */
export function typeScriptCommand(script: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ['--import', import.meta.resolve('tsx'), script, ...args]];
}

export type RunningProcess = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** Spawns a long-running command in its own process group, keeping its output for diagnostics. */
export function spawnService(command: string, args: string[], env: NodeJS.ProcessEnv = {}): RunningProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 3000).unref();
    });
  return { child, output: () => output, stop };
}
