// Drives `npm run dev` from outside, as a spec owner would, for its tests and its benchmark:
// the command started in its own process group, stopped as Ctrl-C stops it, and what it
// left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

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
