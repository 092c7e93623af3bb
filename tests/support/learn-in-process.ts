// `npm run learn` in the test's own process: scripts/learn.ts is a script (its work is its
// module's body), so each run loads a fresh instance of it, with the command line in
// process.argv, and collects what it writes and the exit code it sets. Its imports (the spec,
// the report, the stream reader) are the worker's already-loaded modules, so a run costs the
// report alone instead of a Node process, tsx and every module loaded again. What only a real
// process shows (the exit code through the shell, streams piped) stays with one real run per
// test file.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { repoRoot } from './run.ts';

export type LearnRun = { code: number; stdout: string; stderr: string };

const script = pathToFileURL(join(repoRoot, 'scripts/learn.ts')).href;
let runs = 0;

/** Runs `npm run learn -- ...args` in process; puts back argv, the exit code and the output streams when done. */
export async function learnInProcess(...args: string[]): Promise<LearnRun> {
  const saved = { argv: process.argv, exitCode: process.exitCode, stdout: process.stdout.write, stderr: process.stderr.write };
  const collected = { stdout: '', stderr: '' };
  const collect = (stream: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      collected[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      // A write's callback, when given, is called as the stream would.
      const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof process.stdout.write;
  process.argv = [process.execPath, join(repoRoot, 'scripts/learn.ts'), ...args];
  process.exitCode = undefined;
  process.stdout.write = collect('stdout');
  process.stderr.write = collect('stderr');
  try {
    // A new query each run: a new instance of the module, so its body runs again.
    await import(/* @vite-ignore */ `${script}?run=${++runs}`);
    return { code: Number(process.exitCode ?? 0), ...collected };
  } finally {
    process.argv = saved.argv;
    process.exitCode = saved.exitCode;
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
  }
}
