// Integrator scripts (ES modules that print what they saw with console.log) run one after
// another in one plain Node process kept for a test file, instead of a Node process each: each
// of those paid for starting Node and for loading the packed sandbox (Fastify, Ajv) again,
// some 0.7 CPU s a script. What a process of its own showed is still checked: a script that
// throws fails its run, and so does one that leaves something keeping Node's event loop alive
// (a server or socket not closed, a timer), which would have kept its own process from ending.
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long the runner waits, after a script, for what it closed to finish closing. */
const settleMs = 5_000;

// The runner, written beside the scripts. Each message names a script and the environment
// variables to add for it; the answer is what it printed, its failure, and what it left
// keeping the event loop alive (compared with before it ran: the IPC channel is the runner's own).
const runnerSource = `import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
// Node opens its standard streams at first use; opened now, they are not taken for a script's.
void process.stdout;
void process.stderr;
const counts = (names) => names.reduce((map, name) => map.set(name, (map.get(name) ?? 0) + 1), new Map());
const leftOver = (before) => {
  const earlier = counts(before);
  return process.getActiveResourcesInfo().filter((name) => {
    const left = earlier.get(name) ?? 0;
    earlier.set(name, left - 1);
    return left <= 0;
  });
};
process.on('message', async ({ script, env }) => {
  const before = process.getActiveResourcesInfo();
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  const printed = [];
  const log = console.log;
  console.log = (...args) => void printed.push(format(...args) + '\\n');
  let failed;
  try {
    await import(pathToFileURL(script).href);
  } catch (error) {
    failed = error instanceof Error ? error.stack : String(error);
  } finally {
    console.log = log;
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  let left = leftOver(before);
  for (let waited = 0; left.length > 0 && waited < ${settleMs}; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = leftOver(before);
  }
  process.send({ stdout: printed.join(''), failed, left });
});
`;

export type ScriptRunner = {
  /** Runs `dir`/`script` with `env` added to the environment; what it printed. */
  run(script: string, options?: { env?: Record<string, string>; timeoutMs?: number }): Promise<string>;
  stop(): void;
};

type Answer = { stdout: string; failed?: string; left: string[] };

/** A runner for the scripts in `dir`, started at its first script: plain Node (none of the test runner's loaders), the test runner's environment. */
export function scriptRunner(dir: string): ScriptRunner {
  let child: ChildProcess | undefined;
  let output = '';
  const stop = () => {
    child?.kill();
    child = undefined;
  };
  const started = () => {
    if (child) return child;
    writeFileSync(join(dir, 'script-runner.mjs'), runnerSource);
    child = fork(join(dir, 'script-runner.mjs'), [], { cwd: dir, execArgv: [], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    // What the scripts write past console.log, kept for the message of a failure.
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-10_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return child;
  };
  return {
    run(script, { env = {}, timeoutMs = 30_000 } = {}) {
      const runner = started();
      return new Promise((resolve, reject) => {
        const done = (error?: Error, stdout?: string) => {
          clearTimeout(timer);
          runner.off('message', answered).off('exit', exited);
          if (error) reject(error);
          else resolve(stdout!);
        };
        const timer = setTimeout(() => {
          // Its answer would come during the next script's run: the next starts a new runner.
          stop();
          done(new Error(`${script} did not finish within ${timeoutMs} ms\n${output}`));
        }, timeoutMs);
        const answered = (answer: Answer) => {
          if (answer.failed) return done(new Error(`${script} failed: ${answer.failed}\n${output}`));
          if (answer.left.length > 0) return done(new Error(`${script} left ${answer.left.join(', ')} keeping Node running: its own process would not have ended`));
          done(undefined, answer.stdout);
        };
        const exited = (code: number | null) => {
          child = undefined;
          done(new Error(`the script runner ended (${code}) during ${script}\n${output}`));
        };
        runner.on('message', answered).on('exit', exited);
        runner.send({ script: join(dir, script), env });
      });
    },
    stop,
  };
}
