// Runs a sandbox executable (the single executable of `npm run build:standalone`, or any
// command that behaves as the `wallet-api-sandbox` bin) as a child process and waits until it
// is ready: for the conformance matrix's --sandbox-bin and the standalone bench. Every way it
// can fail to start is an error naming the cause, within the start limit: never a hang.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

export type ExecutableSandboxOptions = {
  /** The executable (checked before it is run). */
  bin: string;
  /** What names the executable in errors, e.g. `--sandbox-bin`. */
  option: string;
  /** API key → signing secret, given as SANDBOX_API_KEYS (never printed). */
  apiKeys: Record<string, string>;
  /** 0 (default): a free port. */
  port?: number;
  /** From launch to a 200 on /sandbox/health. Default 30 s. */
  startTimeoutMs?: number;
  /** More environment for the sandbox. */
  env?: NodeJS.ProcessEnv;
};

export type ExecutableSandbox = { url: string; pid: number; close(): Promise<void> };

/** Refuses a path that is missing, a folder, or not executable, naming the option. */
export function checkExecutable(bin: string, option: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(bin).isFile();
  } catch {
    throw new Error(`${option} ${bin}: no such file (npm run build:standalone builds dist/standalone/wallet-api-sandbox-linux-x64)`);
  }
  if (!isFile) throw new Error(`${option} ${bin}: not a file`);
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    throw new Error(`${option} ${bin}: not executable (chmod +x it)`);
  }
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((done) => {
    const pid = child.pid!;
    const killer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(killer);
      done();
    }
  });
}

async function healthy(url: string, signal: AbortSignal): Promise<void> {
  for (;;) {
    try {
      const answer = await fetch(`${url}/sandbox/health`, { signal });
      await answer.arrayBuffer();
      if (answer.status === 200) return;
    } catch (error) {
      if (signal.aborted) throw error;
    }
    await new Promise((wait) => setTimeout(wait, 50));
    if (signal.aborted) throw new Error('aborted');
  }
}

/** Starts the executable with PORT, SANDBOX_HOST 127.0.0.1, SANDBOX_LOG off and the keys; resolves once /sandbox/health is 200. */
export async function startExecutableSandbox(options: ExecutableSandboxOptions): Promise<ExecutableSandbox> {
  checkExecutable(options.bin, options.option);
  const limitMs = options.startTimeoutMs ?? 30_000;
  const apiKeys = Object.entries(options.apiKeys).map(([key, secret]) => `${key}:${secret}`).join(',');
  const child = spawn(options.bin, [], {
    env: { ...process.env, ...options.env, PORT: String(options.port ?? 0), SANDBOX_HOST: '127.0.0.1', SANDBOX_LOG: 'off', SANDBOX_API_KEYS: apiKeys },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: close() ends it and whatever it started.
    detached: true,
  });
  const printed: string[] = [];
  const remember = (line: string) => {
    if (printed.length < 40) printed.push(line);
  };
  createInterface({ input: child.stderr! }).on('line', remember);
  const said = () => (printed.length > 0 ? printed.join('\n') : 'it printed nothing');
  const aborter = new AbortController();
  // One limit for the whole start; what it says depends on how far the start got.
  let url: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, failed) => {
    timer = setTimeout(() => {
      failed(new Error(url === undefined
        ? `${options.option} ${options.bin} did not start within ${limitMs / 1000} s: ${said()}`
        : `${options.option} ${options.bin} listened on ${url} but was not ready within ${limitMs / 1000} s`));
    }, limitMs);
  });
  const stopped = new Promise<never>((_, failed) => {
    child.once('error', (error: NodeJS.ErrnoException) => failed(new Error(`${options.option} ${options.bin} could not be run (${error.code ?? error.message})`)));
    child.once('exit', (code, signal) => {
      // The output's last lines arrive around the exit: give them a moment.
      setTimeout(() => failed(new Error(`${options.option} ${options.bin} stopped (${signal ?? `exit code ${code}`}) before it was ready: ${said()}`)), 50);
    });
  });
  try {
    url = await Promise.race([
      new Promise<string>((found) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const listening = /^Sandbox listening on (\S+)/.exec(line);
          if (listening) found(listening[1]!);
          else remember(line);
        });
      }),
      stopped,
      deadline,
    ]);
    await Promise.race([healthy(url, aborter.signal), stopped, deadline]);
    stopped.catch(() => {});
    return { url, pid: child.pid!, close: () => stopGroup(child) };
  } catch (error) {
    aborter.abort();
    stopped.catch(() => {});
    deadline.catch(() => {});
    await stopGroup(child);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
