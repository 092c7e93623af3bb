// The breaking-change gate. Usage: npm run diff -- [--base <git ref>]
// Default base: the latest v* tag reachable from HEAD, else the first commit. Exits 1 on a
// breaking change unless info.version's major was raised.
import { runGate } from '../src/diff/gate.ts';

function parseArgs(args: string[]): { base?: string } {
  if (args.length === 0) return {};
  const [flag, value] = args[0]!.startsWith('--base=') ? ['--base', args[0]!.slice('--base='.length)] : [args[0], args[1]];
  const used = args[0]!.startsWith('--base=') ? 1 : 2;
  if (flag !== '--base' || !value || args.length > used) throw new Error('usage: npm run diff -- [--base <git ref>]');
  return { base: value };
}

try {
  const result = await runGate(parseArgs(process.argv.slice(2)));
  if (result.details) process.stdout.write(result.details.endsWith('\n') ? result.details : `${result.details}\n`);
  process.stdout.write(`diff: ${result.passed ? 'passed' : 'FAILED'}: ${result.summary}\n`);
  process.exitCode = result.passed ? 0 : 1;
} catch (error) {
  process.stderr.write(`diff: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
