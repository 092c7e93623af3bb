// `npm run pack [-- --out DIR] [--package NAME]…`: builds the packages and writes their
// tarballs (@wallet-api/sdk and @wallet-api/sandbox, or only those named) to DIR (default
// .tmp/packages), printing the path of each. The tarballs are what `npm publish` would upload.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../tools/support/repo.ts';
import { buildPackages, packageBuildsNamed, type PackageBuild } from './build.ts';

const usage = 'npm run pack -- [--out DIR] [--package NAME]…';
let outFlag: string | undefined;
let builds: PackageBuild[];
try {
  const flags = parseFlags(process.argv.slice(2), { out: { type: 'string' }, package: { type: 'string', multiple: true } }, usage);
  outFlag = flags.out;
  try {
    builds = packageBuildsNamed(flags.package);
  } catch (error) {
    throw new Error(`--package ${(error as Error).message}`);
  }
} catch (error) {
  process.stderr.write(`pack: ${(error as Error).message}\n`);
  process.exit(2);
}
const out = resolve(process.env.INIT_CWD ?? process.cwd(), outFlag ?? '.tmp/packages');
mkdirSync(out, { recursive: true });

await buildPackages(builds);
const folders = builds.map(({ folder }) => `./${folder}`);
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out, ...folders], { cwd: repoRoot, encoding: 'utf8' })) as { name: string; filename: string }[];
for (const { name, filename } of packed) console.log(`${name}: ${resolve(out, filename)}`);
