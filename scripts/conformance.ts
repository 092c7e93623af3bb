// The conformance matrix. Usage: npm run conformance -- [--clients typescript,python,go] [--cases FILE…] [--write-readme]
// Starts one sandbox, runs every client's runner (conformance/runners.json) over the kit's
// cases and any others given, prints one row per case and one column per client, and exits 1
// on any failed or missing cell. --write-readme then rewrites the README's matrix.
import { readFileSync, writeFileSync } from 'node:fs';
import { casesOf, readRunners, renderReadmeMatrix, runConformance, tally } from '../src/conformance/matrix.ts';
import { kitCaseFiles } from '../src/conformance/cases.ts';
import { parseCommandLine } from '../src/support/args.ts';
import { repoRoot } from '../src/support/repo.ts';

const usage = 'npm run conformance -- [--clients NAME,NAME] [--cases FILE…] [--write-readme]';

try {
  const { flags, positionals } = parseCommandLine(process.argv.slice(2), { clients: { type: 'string' }, cases: { type: 'string', multiple: true }, 'write-readme': { type: 'boolean' } }, usage, { positionals: true });
  // `--cases A B C`: the files after the first arrive as positional arguments.
  if (positionals.length > 0 && !flags.cases) throw new Error(`unknown argument "${positionals[0]}" (usage: ${usage})`);
  const caseFiles = [...(flags.cases ?? []), ...positionals];
  const clients = flags.clients?.split(',').map((name) => name.trim()).filter(Boolean);
  const started = performance.now();
  const { matrix } = await runConformance({ caseFiles, ...(clients ? { clients } : {}) });
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
