// Drives `npm run dev` from outside, as a spec owner would, for its test and its benchmark:
// a throw-away copy of the repository (its own git history, so the gate has a last
// commit), the command started there in its own process group, and the live-reload stream
// read the way the docs page reads it.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eventsPath, type DevStatus } from './live-reload.ts';

/** A copy of the repository's tracked and unignored files, sharing its node_modules, committed once. */
export function copyRepository(root: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-dev-copy-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      copyFileSync(join(root, file), join(dir, file));
    } catch (error) {
      // A file deleted in the working tree but still tracked.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=dev', '-c', 'user.email=dev@localhost', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'copy');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Statuses from the live-reload stream, each with the time it arrived. */
export class StatusStream {
  private readonly seen: (DevStatus & { receivedAt: number })[] = [];
  private readonly waiting = new Set<() => void>();
  private closeRequest: () => void = () => {};

  constructor(url: string) {
    const req = request(`${url}${eventsPath}`, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          if (!/^event: status$/m.test(event) || !data) continue;
          this.seen.push({ ...(JSON.parse(data.slice(6)) as DevStatus), receivedAt: performance.now() });
          for (const wake of this.waiting) wake();
        }
      });
    });
    req.on('error', () => undefined);
    req.end();
    this.closeRequest = () => req.destroy();
  }

  /** The first status after `since` (a performance.now() time) that matches. */
  async next(matches: (status: DevStatus) => boolean, { since = 0, timeoutMs = 60_000 } = {}): Promise<DevStatus & { receivedAt: number }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.seen.find((status) => status.receivedAt >= since && matches(status));
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no matching status within ${timeoutMs} ms; seen: ${JSON.stringify(this.seen.slice(-3))}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
  }

  close(): void {
    this.closeRequest();
  }
}

export type DevCommand = {
  url: string;
  /** Everything the command printed so far. */
  output: () => string;
  /**
   * Sends `signal` to the command's process group, as Ctrl-C sends SIGINT to the terminal's
   * foreground group, waits for npm to exit (npm itself ends by the signal it got), and lists
   * what is still running.
   */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null; leftover: string[] }>;
};

/** Starts `npm run dev` in `dir` on a free port and waits for its banner. */
export async function startDevCommand(dir: string, { env = {}, timeoutMs = 120_000 }: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<DevCommand> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'dev'], {
    cwd: dir,
    env: { ...process.env, PORT: '0', SANDBOX_LOG: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run dev printed no address within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const look = () => {
      const match = /^Docs: (http:\/\/\S+)\/docs$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`npm run dev exited (${code ?? signal}) before serving:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async stop(signal = 'SIGINT') {
      process.kill(-child.pid!, signal);
      const exit = await exited;
      return { ...exit, leftover: await processesLeft(child.pid!, dir) };
    },
  };
}

/** Processes still in the group, or running from the copy (a child that left the group), after a short grace period. */
async function processesLeft(group: number, dir: string): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const left = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
          const cwd = readlinkSync(`/proc/${pid}/cwd`);
          return pgid === group || cwd.startsWith(dir) ? [`${pid} (${cwd})`] : [];
        } catch {
          return []; // gone meanwhile, or not ours to read
        }
      });
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
