// The npm tarballs, checked as the registry and their consumers would take them: publint (the
// manifest and its files as Node and bundlers resolve them), @arethetypeswrong/cli (the types
// each entry point gives TypeScript under every module resolution, against the code Node
// loads) and `npm publish --dry-run` (what npm would upload, to the registry npm is configured
// for). The packages of the rows chosen are built and packed together, once for every row.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { installedBin, tool, type ReleaseContext } from './context.ts';

type Packed = Map<string, string>;
let packing: Promise<Packed> | undefined;

/** Builds and packs the chosen rows' packages once per run: package name → tarball. */
function packedTarballs(context: ReleaseContext): Promise<Packed> {
  packing ??= (async () => {
    const out = join(context.work, '..', '.npm-pack');
    mkdirSync(out, { recursive: true });
    const printed = await tool(process.execPath, ['--import', 'tsx', join(context.root, 'scripts', 'pack.ts'), '--out', out, ...context.npmPackages.flatMap((name) => ['--package', name])], { cwd: context.root });
    const tarballs: Packed = new Map();
    for (const match of printed.matchAll(/^(@wallet-api\/[\w-]+): (.+\.tgz)$/gm)) tarballs.set(match[1]!, match[2]!);
    return tarballs;
  })();
  return packing;
}

/** The check of one package's tarball; the detail line names what passed. */
export async function checkNpmPackage(name: string, context: ReleaseContext): Promise<string> {
  const packed = (await packedTarballs(context)).get(name);
  if (!packed) throw new Error(`npm run pack made no tarball for ${name}`);
  // In the artifact's own folder: what is published is the file checked here.
  const tarball = join(context.work, basename(packed));
  copyFileSync(packed, tarball);
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { version: string };
  if (manifest.version !== context.version) throw new Error(`the tarball says version ${manifest.version}, VERSION says ${context.version}`);
  // --strict: publint's warnings are errors too.
  await tool(installedBin(context.root, 'publint'), ['run', '--strict', tarball], { cwd: context.work });
  // Its report starts with the problems found, then a table per entry point.
  await tool(installedBin(context.root, 'attw'), [tarball, '--format', 'ascii'], { cwd: context.work, findings: 'first' });
  const published = await tool('npm', ['publish', '--dry-run', '--ignore-scripts', resolve(tarball)], { cwd: context.work, env: { npm_config_loglevel: 'notice' } });
  if (!published.includes(`+ ${name}@${context.version}`)) throw new Error(`npm publish --dry-run did not report ${name}@${context.version}:\n${published.slice(-800)}`);
  return `${name}@${context.version}: publint, attw, npm publish --dry-run`;
}
