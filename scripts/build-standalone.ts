// `npm run build:standalone [-- --platform linux-x64,win-x64,… | --node PATH] [--no-wheels]`: the sandbox
// for teams without Node, into dist/standalone/: the bundle (wallet-api-sandbox.cjs, run by
// any Node ≥ 20.19), the single executable of each platform asked (default: this machine's;
// wallet-api-sandbox-linux-x64 here), and the two wheels (wallet_api_sandbox-*.whl and the
// client's wallet_api_sdk-*.whl). docs/standalone.md says what each is for.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine } from '../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../tools/support/repo.ts';
import { bundleSandbox } from './standalone/bundle.ts';
import { buildExecutable, executableName, hostPlatform, platforms, type Platform } from './standalone/executable.ts';
import { buildWheels } from './standalone/wheels.ts';

const usage = `npm run build:standalone -- [--platform ${platforms.join(',')}] [--node PATH] [--no-wheels]`;
const megabytes = (path: string) => `${(statSync(path).size / 1e6).toFixed(2)} MB`;

try {
  const { flags } = parseCommandLine(process.argv.slice(2), { platform: { type: 'string' }, node: { type: 'string' }, 'no-wheels': { type: 'boolean' } }, usage);
  const asked = (flags.platform ?? hostPlatform).split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = asked.find((name) => !(platforms as readonly string[]).includes(name));
  if (unknown !== undefined) throw new Error(`--platform ${unknown} is not one of ${platforms.join(', ')}`);
  // --node: this machine's own Node 24 as the base, for a platform the registry has no Node 24 for (darwin-arm64).
  if (flags.node !== undefined && (asked.length !== 1 || asked[0] !== hostPlatform)) throw new Error(`--node builds this machine's platform (${hostPlatform}) only: give --platform ${hostPlatform} or leave it out`);
  if (flags.node !== undefined && !existsSync(flags.node)) throw new Error(`--node ${flags.node}: no such file`);

  const out = join(repoRoot, 'dist/standalone');
  mkdirSync(out, { recursive: true });
  const bundle = join(out, 'wallet-api-sandbox.cjs');
  await bundleSandbox(bundle);
  console.log(`bundle:     ${bundle} (${megabytes(bundle)})`);
  for (const platform of asked as Platform[]) {
    const executable = join(out, executableName(platform));
    rmSync(executable, { force: true });
    buildExecutable(bundle, platform, executable, flags.node);
    const note = platform.startsWith('darwin') && process.platform !== 'darwin' ? ' — sign it on a Mac before use: codesign --sign - FILE' : '';
    console.log(`executable: ${executable} (${megabytes(executable)})${note}`);
  }
  if (!flags['no-wheels']) {
    const wheels = buildWheels(bundle, out);
    for (const wheel of [wheels.sandbox, wheels.client]) console.log(`wheel:      ${join(out, wheel)} (${megabytes(join(out, wheel))})`);
  }
} catch (error) {
  process.stderr.write(`build:standalone: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
