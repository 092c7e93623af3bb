// The two packages packed once per test run, the SDK installed alone once per run and both
// installed together once per run, shared by every test file that uses them (the packages'
// tests, the packed command line), instead of each packing and installing its own copy. The
// first file to ask does the work while holding a lock (an atomic mkdir); the others wait for
// its result. The run's name comes from vitest.config.ts, so a new run never reuses an older
// run's tarballs or installs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './run.ts';

const run = promisify(execFile);

/**
 * `staleFile`: a file the packer left in packages/sdk/dist before packing, as an earlier
 * build's leftover would be; the build must replace dist/ whole, so it is not in the tarball.
 * (Written here, under the lock: a test writing it itself would race the packing of another file.)
 */
export type PackedTarballs = { sdk: string; sandbox: string; staleFile: string };

const packedRoot = join(repoRoot, '.tmp', 'packed');
// Installs live outside the repository: Node looks for a package in every node_modules above
// the importing file, so an install under the repository would find the repository's own
// node_modules and hide a dependency the packed SDK forgot to declare.
const installRoot = join(tmpdir(), 'wallet-api-installs');
/** How long a run's tarballs and installs are kept for other files of the same run; older ones are removed. */
const keepMs = 60 * 60 * 1000;
/** How long a file waits for another file's packing or install. */
const waitMs = 170_000;

function runId(): string {
  const id = process.env.WALLET_API_TEST_RUN;
  if (!id) throw new Error('WALLET_API_TEST_RUN is not set: run the tests through vitest.config.ts');
  return id;
}

/**
 * The value `produce` gives, produced once per run: by the first caller, holding the lock
 * `${result}.lock`, which writes it to `result` (or its failure, which every waiting caller
 * then throws); later callers read it.
 */
async function oncePerRun<T>(result: string, what: string, produce: () => Promise<T>): Promise<T> {
  let producer = false;
  try {
    mkdirSync(`${result}.lock`);
    producer = true;
  } catch {
    // Another file of this run is producing it (or has).
  }
  if (producer) {
    let outcome: { value: T } | { failed: string };
    try {
      outcome = { value: await produce() };
    } catch (error) {
      outcome = { failed: (error as Error).message };
    }
    // Written whole, then renamed: a waiting file never reads half of it.
    writeFileSync(`${result}.part`, JSON.stringify(outcome));
    renameSync(`${result}.part`, result);
  }
  const deadline = Date.now() + waitMs;
  while (!existsSync(result)) {
    if (Date.now() > deadline) throw new Error(`${what} of this test run did not finish in time (${result})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const outcome = JSON.parse(readFileSync(result, 'utf8')) as { value: T } | { failed: string };
  if ('failed' in outcome) throw new Error(`${what} of this test run failed: ${outcome.failed}`);
  return outcome.value;
}

export async function packedTarballs(): Promise<PackedTarballs> {
  const id = runId();
  const dir = join(packedRoot, id);
  mkdirSync(packedRoot, { recursive: true });
  return oncePerRun(join(packedRoot, `${id}.json`), 'the packing', async () => {
    removeOldRuns(packedRoot, id);
    mkdirSync(dir, { recursive: true });
    const staleFile = `dist/sdk/src/client/stale-${id}.js`;
    const stalePath = join(repoRoot, 'packages', 'sdk', staleFile);
    mkdirSync(join(stalePath, '..'), { recursive: true });
    writeFileSync(stalePath, '// not written by the build');
    let stdout: string;
    try {
      ({ stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/pack.ts', '--out', dir], { cwd: repoRoot, maxBuffer: 10_000_000 }));
    } finally {
      rmSync(stalePath, { force: true });
    }
    const tarball = (name: string) => {
      const path = new RegExp(`^@wallet-api/${name}: (.+)$`, 'm').exec(stdout)?.[1];
      if (!path) throw new Error(`npm run pack printed no tarball for @wallet-api/${name}:\n${stdout}`);
      return path;
    };
    return { sdk: tarball('sdk'), sandbox: tarball('sandbox'), staleFile };
  });
}

/**
 * The folder `name` of an npm project into which npm installed `packages` (the registry's from
 * npm's cache, filled by the repository's `npm ci`), once per run: by the first file to ask,
 * under the lock `lock`; `then` finishes the project before any file reads it.
 */
async function installedOncePerRun(name: string, lock: string, what: string, packages: () => Promise<string[]>, then: (project: string) => void = () => undefined): Promise<string> {
  const id = runId();
  mkdirSync(installRoot, { recursive: true });
  return oncePerRun(join(installRoot, `${id}${lock}.json`), what, async () => {
    removeOldRuns(installRoot, id);
    const project = join(installRoot, id, name);
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...(await packages())], { cwd: project });
    then(project);
    return project;
  });
}

/**
 * The folder of an empty npm project into which npm installed the packed SDK alone (no
 * sandbox, no dev dependencies), as a production backend gets it. Shared: the files that use
 * it only read it and run its bin with their own folders as working directory; a file that
 * writes into its project installs its own.
 */
export function sdkInstalledAlone(): Promise<string> {
  return installedOncePerRun('sdk-only', '', 'the install of the SDK alone', async () => [(await packedTarballs()).sdk]);
}

const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
/** msw, the sandbox's optional peer (for @wallet-api/sandbox/msw), at the version the repository tests it with. */
export const mswVersion = rootManifest.devDependencies.msw!;
/** The OpenTelemetry packages an integrator's backend installs beside the SDK to use @wallet-api/sdk/opentelemetry. */
const openTelemetry = ['@opentelemetry/api', '@opentelemetry/sdk-trace-base'].map((name) => `${name}@${rootManifest.devDependencies[name]!.replace(/^[~^]/, '')}`);

/**
 * The folder of an npm project into which npm installed both packed packages, msw (the
 * sandbox's optional peer: a team using @wallet-api/sandbox/msw installs it itself) and
 * OpenTelemetry (the SDK's optional peer, with an SDK to export spans), as an integrator's
 * backend gets them. Shared by the files that test the packages installed together: each
 * writes its files in a folder of its own, at the project's root or below it, and reads
 * node_modules only.
 */
export function integratorProjectInstalled(): Promise<string> {
  const packages = async () => {
    const { sdk, sandbox } = await packedTarballs();
    return [sdk, sandbox, `msw@${mswVersion}`, ...openTelemetry];
  };
  return installedOncePerRun('integrator-backend', '-integrator', 'the install of the integrator project', packages, (project) => {
    // The Node types, as a TypeScript team's own dev dependencies would provide them; they take
    // the place of the latest @types/node that msw's type packages bring in.
    rmSync(join(project, 'node_modules', '@types', 'node'), { recursive: true, force: true });
    mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'));
  });
}

function removeOldRuns(root: string, current: string): void {
  for (const entry of readdirSync(root)) {
    if (entry.startsWith(current)) continue;
    const path = join(root, entry);
    // Another run may be removing the same old entries.
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (modified !== undefined && Date.now() - modified > keepMs) rmSync(path, { recursive: true, force: true });
  }
}
