// `npm run learn` in the test's own process: the command's own function (tools/learn/command.ts,
// which scripts/learn.ts runs) with its arguments, collecting what it writes and its exit
// code. Its modules (the spec, the report, the stream reader) are the worker's already
// loaded ones, so a run costs the report alone instead of a Node process, tsx and every
// module loaded again. What only a real process shows (the exit code through the shell,
// streams piped) stays with one real run per test file.
import { learnCommand } from '../../tools/learn/command.ts';

export type LearnRun = { code: number; stdout: string; stderr: string };

/** Runs `npm run learn -- ...args` in process, from where npm would have been run. */
export async function learnInProcess(...args: string[]): Promise<LearnRun> {
  const collected = { stdout: '', stderr: '' };
  const code = await learnCommand(args, {
    stdout: (text) => void (collected.stdout += text),
    stderr: (text) => void (collected.stderr += text),
    cwd: process.env.INIT_CWD ?? process.cwd(),
  });
  return { code, ...collected };
}
