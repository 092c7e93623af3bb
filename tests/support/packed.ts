// The two packages packed once per test run and shared by every test file that installs
// them (the packages test, the packed command line), instead of each packing its own copy.
// The first file to ask packs under .tmp/packed/<run>/ while holding a lock (an atomic
// mkdir); the others wait for its result. <run> comes from vitest.config.ts, so a new run
// never reuses an older run's tarballs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
/** How long a run's tarballs are kept for other files of the same run; older ones are removed. */
const keepMs = 60 * 60 * 1000;

export async function packedTarballs(): Promise<PackedTarballs> {
  const runId = process.env.WALLET_API_TEST_RUN;
  if (!runId) throw new Error('WALLET_API_TEST_RUN is not set: run the tests through vitest.config.ts');
  const dir = join(packedRoot, runId);
  const result = join(dir, 'tarballs.json');
  mkdirSync(packedRoot, { recursive: true });
  let packer = false;
  try {
    mkdirSync(`${dir}.lock`);
    packer = true;
  } catch {
    // Another file of this run is packing (or has packed).
  }
  if (packer) {
    removeOldRuns(runId);
    mkdirSync(dir, { recursive: true });
    const staleFile = `dist/client/stale-${runId}.js`;
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
    writeFileSync(result, JSON.stringify({ sdk: tarball('sdk'), sandbox: tarball('sandbox'), staleFile }));
  }
  const deadline = Date.now() + 170_000;
  while (!existsSync(result)) {
    if (Date.now() > deadline) throw new Error(`the packages of this test run were not packed in time (${dir})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return JSON.parse(readFileSync(result, 'utf8')) as PackedTarballs;
}

function removeOldRuns(current: string): void {
  for (const entry of readdirSync(packedRoot)) {
    if (entry.startsWith(current)) continue;
    const path = join(packedRoot, entry);
    if (Date.now() - statSync(path).mtimeMs > keepMs) rmSync(path, { recursive: true, force: true });
  }
}
