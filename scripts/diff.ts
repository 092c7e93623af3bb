// The breaking-change gate. Usage: npm run diff -- [--base <git ref>]
// Default base: the latest v* tag reachable from HEAD, else the first commit. Exits 1 on a
// breaking change unless info.version's major was raised.
import { runGate } from '../tools/diff/gate.ts';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';

const parseArgs = (args: string[]) => parseFlags(args, { base: { type: 'string' } }, 'npm run diff -- [--base <git ref>]');

try {
  const result = await runGate(parseArgs(process.argv.slice(2)));
  if (result.details) process.stdout.write(result.details.endsWith('\n') ? result.details : `${result.details}\n`);
  process.stdout.write(`diff: ${result.passed ? 'passed' : 'FAILED'}: ${result.summary}\n`);
  process.exitCode = result.passed ? 0 : 1;
} catch (error) {
  process.stderr.write(`diff: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
