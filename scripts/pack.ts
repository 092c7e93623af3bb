// `npm run pack [-- --out DIR]`: builds both packages and writes their tarballs
// (@wallet-api/sdk and @wallet-api/sandbox) to DIR (default .tmp/packages), printing the
// path of each. The tarballs are what `npm publish` would upload.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../tools/support/repo.ts';
import { buildPackages, packageBuilds } from './build.ts';

let outFlag: string | undefined;
try {
  outFlag = parseFlags(process.argv.slice(2), { out: { type: 'string' } }, 'npm run pack -- [--out DIR]').out;
} catch (error) {
  process.stderr.write(`pack: ${(error as Error).message}\n`);
  process.exit(2);
}
const out = resolve(process.env.INIT_CWD ?? process.cwd(), outFlag ?? '.tmp/packages');
mkdirSync(out, { recursive: true });

await buildPackages();
const folders = packageBuilds.map(({ folder }) => `./${folder}`);
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out, ...folders], { cwd: repoRoot, encoding: 'utf8' })) as { name: string; filename: string }[];
for (const { name, filename } of packed) console.log(`${name}: ${resolve(out, filename)}`);
