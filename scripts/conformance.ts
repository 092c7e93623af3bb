// The conformance matrix. Usage: npm run conformance -- [--clients typescript,python,go] [--cases FILE…] [--write-readme]
//   [--sandbox-bin EXECUTABLE [--sandbox-port N] [--start-timeout SECONDS]]
// Starts one sandbox (in this process, or the executable --sandbox-bin names, e.g. dist/standalone/wallet-api-sandbox-linux-x64), runs every client's runner (conformance/runners.json) over the kit's
// cases and any others given, prints one row per case and one column per client, and exits 1
// on any failed or missing cell. --write-readme then rewrites the README's matrix.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { casesOf, readRunners, renderReadmeMatrix, runConformance, tally } from '../tools/conformance/matrix.ts';
import { kitCaseFiles } from '../tools/conformance/cases.ts';
import { parseCommandLine } from '../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../tools/support/repo.ts';

const usage = 'npm run conformance -- [--clients NAME,NAME] [--cases FILE…] [--write-readme] [--sandbox-bin EXECUTABLE [--sandbox-port N] [--start-timeout SECONDS]]';

/** --sandbox-port and --start-timeout, checked, naming the flag. */
function numberFlag(name: string, text: string | undefined, check: (value: number) => boolean, what: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !check(value)) throw new Error(`--${name} must be ${what}, got ${JSON.stringify(text)}`);
  return value;
}

try {
  const { flags, positionals } = parseCommandLine(process.argv.slice(2), { clients: { type: 'string' }, cases: { type: 'string', multiple: true }, 'write-readme': { type: 'boolean' }, 'sandbox-bin': { type: 'string' }, 'sandbox-port': { type: 'string' }, 'start-timeout': { type: 'string' } }, usage, { positionals: true });
  // `--cases A B C`: the files after the first arrive as positional arguments.
  if (positionals.length > 0 && !flags.cases) throw new Error(`unknown argument "${positionals[0]}" (usage: ${usage})`);
  const caseFiles = [...(flags.cases ?? []), ...positionals];
  const clients = flags.clients?.split(',').map((name) => name.trim()).filter(Boolean);
  const port = numberFlag('sandbox-port', flags['sandbox-port'], (value) => Number.isInteger(value) && value >= 0 && value <= 65_535, 'an integer from 0 to 65535');
  const startTimeout = numberFlag('start-timeout', flags['start-timeout'], (value) => Number.isFinite(value) && value > 0, 'a positive number of seconds');
  const bin = flags['sandbox-bin'];
  if (bin === undefined && (port !== undefined || startTimeout !== undefined)) throw new Error('--sandbox-port and --start-timeout go with --sandbox-bin');
  const sandbox = bin === undefined ? undefined : { bin: resolve(process.env.INIT_CWD ?? process.cwd(), bin), ...(port === undefined ? {} : { port }), ...(startTimeout === undefined ? {} : { startTimeoutMs: startTimeout * 1000 }) };
  const started = performance.now();
  const { matrix } = await runConformance({ caseFiles, ...(clients ? { clients } : {}), ...(sandbox ? { sandbox } : {}) });
  const t = tally(matrix);
  process.stdout.write(`conformance: ${t.failed === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  process.exitCode = t.failed === 0 ? 0 : 1;
  if (flags['write-readme']) {
    if (t.failed > 0) throw new Error('the README matrix is written only from a run in which every cell passed');
    writeReadmeMatrix();
  }
} catch (error) {
  process.stderr.write(`conformance: ${(error as Error).message}\n`);
  process.exitCode = 2;
}

function writeReadmeMatrix(): void {
  const path = `${repoRoot}README.md`;
  const readme = readFileSync(path, 'utf8');
  const table = renderReadmeMatrix(casesOf(kitCaseFiles), Object.keys(readRunners()));
  const next = readme.replace(/(<!-- conformance-matrix -->\n)[\s\S]*?(<!-- \/conformance-matrix -->)/, `$1${table}\n$2`);
  if (next === readme && !readme.includes('<!-- conformance-matrix -->')) throw new Error('README.md has no <!-- conformance-matrix --> markers');
  writeFileSync(path, next);
  process.stdout.write('conformance: README.md matrix written\n');
}
