// The Python client's wheel and sdist, checked as PyPI and a consumer would take them: built
// the way the Python lane builds them (sdist first, the wheel from the sdist), `twine check
// --strict` (the metadata and README PyPI renders), `check-wheel-contents` (what the wheel
// holds), then the wheel installed into a fresh virtual environment with its dependencies at
// the versions the lock names, and imported there.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tool, type ReleaseContext } from './context.ts';

const quiet = ['--quiet', '--disable-pip-version-check'];

/**
 * The Python lane's virtual environment (clients/python/ci.sh), made the same way when absent
 * and brought to the lock as the lane does (twine and check-wheel-contents are in it):
 * release:check makes it before its guards, whose generated-file check regenerates the Python
 * client with it.
 */
export async function pythonLaneEnvironment(root: string): Promise<string> {
  const client = join(root, 'clients', 'python');
  const python = join(client, '.venv', 'bin', 'python');
  if (!existsSync(python)) await tool(process.env.PYTHON ?? 'python3.11', ['-m', 'venv', join(client, '.venv')]);
  await tool(python, ['-m', 'pip', 'install', ...quiet, '--require-hashes', '-r', join(client, 'requirements-dev.txt')], { timeoutMs: 600_000 });
  return python;
}

/** The lock's pins without their hashes: constraints for the consumer's install (pip's hash mode would also demand one for the wheel under test). */
function pinsOf(lock: string): string {
  return readFileSync(lock, 'utf8')
    .split('\n')
    .flatMap((line) => /^([A-Za-z0-9._-]+==[^\s\\;]+)/.exec(line)?.[1] ?? [])
    .join('\n');
}

export async function checkPythonDistributions(context: ReleaseContext): Promise<string> {
  const client = join(context.root, 'clients', 'python');
  const python = await pythonLaneEnvironment(context.root);
  const bin = (name: string) => join(client, '.venv', 'bin', name);
  const dist = join(context.work, 'dist');
  await tool(python, ['-m', 'build', '--no-isolation', '--skip-dependency-check', '--outdir', dist, client], { cwd: client });
  const built = readdirSync(dist);
  const wheel = built.find((file) => file.endsWith('.whl'));
  const sdist = built.find((file) => file.endsWith('.tar.gz'));
  if (!wheel || !sdist) throw new Error(`python -m build made ${built.join(', ') || 'nothing'}, not a wheel and an sdist`);
  await tool(bin('twine'), ['check', '--strict', join(dist, wheel), join(dist, sdist)]);
  await tool(bin('check-wheel-contents'), [join(dist, wheel)]);

  // A consumer's fresh environment: the wheel from the file, its dependencies from the index pip
  // is configured for (PIP_INDEX_URL: the company's), at the lock's versions.
  const consumer = join(context.work, 'consumer');
  await tool(process.env.PYTHON ?? 'python3.11', ['-m', 'venv', consumer]);
  const constraints = join(context.work, 'constraints.txt');
  writeFileSync(constraints, pinsOf(join(client, 'requirements-dev.txt')));
  await tool(join(consumer, 'bin', 'python'), ['-m', 'pip', 'install', ...quiet, '-c', constraints, join(dist, wheel)], { timeoutMs: 600_000 });
  const imported = (await tool(join(consumer, 'bin', 'python'), ['-c', 'import wallet_api; print(wallet_api.__version__)'], { cwd: context.work })).trim();
  if (imported !== context.version) throw new Error(`the installed wheel says version ${imported}, VERSION says ${context.version}`);
  return `${wheel}, ${sdist}: twine check --strict, check-wheel-contents, installed and imported in a fresh venv`;
}
