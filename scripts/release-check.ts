// `npm run release:check [-- --only NAME…] [--out DIR]`: stops before anything is built when a guard fails
// (dirty tree, VERSION not semantic or not above the last v* tag, CHANGELOG.md without the
// version, a generated file out of date), printing each problem, named; then builds every
// artifact and checks it as its registry or consumers would (tools/release/artifacts.ts),
// printing one line per artifact and its time. Exits 1 when a guard or an artifact fails, 2 on
// a bad argument. --only runs the artifacts whose names contain one of the given words (the
// guards always run); --out keeps what was built and checked in DIR, one folder per artifact,
// for `npm run release:publish` (by default it is removed).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../tools/support/repo.ts';
import { kitVersion } from '../tools/codegen/kit-version.ts';
import { releaseArtifacts } from '../tools/release/artifacts.ts';
import { releaseProblems } from '../tools/release/guards.ts';
import { pythonLaneEnvironment } from '../tools/release/python.ts';

const say = (line: string) => process.stdout.write(`release:check: ${line}\n`);
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

let only: string[] | undefined;
let out: string | undefined;
try {
  ({ only, out } = parseFlags(process.argv.slice(2), { only: { type: 'string', multiple: true }, out: { type: 'string' } }, 'npm run release:check -- [--only NAME]… [--out DIR]'));
} catch (error) {
  process.stderr.write(`release:check: ${(error as Error).message}\n`);
  process.exit(2);
}
const chosen = releaseArtifacts.filter(({ name }) => !only || only.some((word) => name.toLowerCase().includes(word.toLowerCase())));
if (only && chosen.length === 0) {
  process.stderr.write(`release:check: --only ${only.join(', ')} names no artifact (${releaseArtifacts.map(({ name }) => name).join('; ')})\n`);
  process.exit(2);
}

// The toolchains the guards use: installed, not built (the Python lane's hash-locked environment).
try {
  await pythonLaneEnvironment(repoRoot);
} catch (error) {
  say(`STOPPED  the Python lane's environment (clients/python/.venv) could not be made: ${(error as Error).message}`);
  process.exit(1);
}
const problems = await releaseProblems(repoRoot);
if (problems.length > 0) {
  for (const problem of problems) say(`STOPPED  ${problem}`);
  say(`${problems.length} problem(s) stop the release; nothing was built`);
  process.exit(1);
}
const version = kitVersion();
say(`guards passed for ${version} (${seconds(started)})`);

mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
const work = out === undefined ? mkdtempSync(join(repoRoot, '.tmp', 'release-check-')) : resolve(process.env.INIT_CWD ?? process.cwd(), out);
if (out !== undefined) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
}
const npmPackages = chosen.flatMap(({ npmPackage }) => (npmPackage === undefined ? [] : [npmPackage]));
let failed = 0;
try {
  for (const artifact of chosen) {
    if (artifact.whenPresent && !existsSync(join(repoRoot, artifact.whenPresent))) {
      say(`skipped  ${artifact.name}: ${artifact.whenPresent} does not exist`);
      continue;
    }
    const since = Date.now();
    const folder = join(work, artifact.folder);
    mkdirSync(folder);
    try {
      const detail = await artifact.check({ root: repoRoot, version, work: folder, npmPackages });
      say(`ok       ${artifact.name}: ${detail} (${seconds(since)})`);
    } catch (error) {
      failed += 1;
      say(`FAILED   ${artifact.name}: ${(error as Error).message.replaceAll('\n', '\n    ')} (${seconds(since)})`);
    }
  }
} finally {
  if (out === undefined) rmSync(work, { recursive: true, force: true });
  else rmSync(join(work, '.npm-pack'), { recursive: true, force: true });
}
say(`${failed === 0 ? 'every artifact passed' : `${failed} artifact(s) failed`} in ${seconds(started)}`);
process.exitCode = failed === 0 ? 0 : 1;
