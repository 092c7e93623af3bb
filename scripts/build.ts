// `npm run build`: compiles the two published packages from their folders into packages/*/dist
// (ESM + .d.ts, and a CommonJS .d.cts twin of every declaration for TypeScript projects that
// require() them: scripts/commonjs-declarations.ts) and copies in the files each ships
// beside its code:
//   @wallet-api/sdk      packages/sdk/src: the client, signing, the traffic recorder, the
//                        wallet-api command line; the generated types, the drift watch's and the
//                        command line's generated validators and the spec as JSON;
//   @wallet-api/sandbox  packages/sandbox/src: the sandbox and its bin, its data file, the
//                        provider profile schema, the bundled spec it serves.
// Both compile with packages/ as their root, so dist/ mirrors packages/ (dist/sdk/src/client/…,
// dist/sandbox/src/…): a module's path to the generated files (packages/<name>/src/x/y.ts →
// ../../../../generated/, the repository's) is then the built module's path to the package's
// own generated/ (packages/<name>/dist/<name>/src/x/y.js → packages/<name>/generated/), and the
// sandbox compiles the SDK rooms it uses (signing, envelope, privacy, spec) into its own dist/,
// so it verifies exactly what the client signs without depending on the SDK package. The built
// folders (dist/, generated/) are rebuilt whole each time (see buildPackages) and are not committed.
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot as root } from '../tools/support/repo.ts';
import { writeCommonJsDeclarations } from './commonjs-declarations.ts';
import { writeCommonJsEntries } from './commonjs-entries.ts';

export type PackageBuild = {
  /** Folder of the package under packages/. */
  folder: string;
  /** tsc project that emits its dist/. */
  tsconfig: string;
  /** Files copied as they are: repository path → path (or paths) inside the package. */
  copies: Record<string, string | string[]>;
};

export const packageBuilds: PackageBuild[] = [
  {
    folder: 'packages/sdk',
    tsconfig: 'tsconfig.build.sdk.json',
    copies: {
      'generated/schema.d.ts': 'generated/schema.d.ts',
      'generated/openapi.json': 'generated/openapi.json',
      // dist/sdk/src/client/drift/read-answer.js imports ../../../../../generated/drift-validators.js.
      'generated/drift-validators.js': 'generated/drift-validators.js',
      'generated/drift-validators.d.ts': 'generated/drift-validators.d.ts',
      // dist/sdk/src/cli/request-check.js imports ../../../../generated/request-validators.js.
      'generated/request-validators.js': 'generated/request-validators.js',
      'generated/request-validators.d.ts': 'generated/request-validators.d.ts',
    },
  },
  {
    folder: 'packages/sandbox',
    tsconfig: 'tsconfig.build.sandbox.json',
    copies: {
      // tsc emits only code: packages/sandbox/src/data.ts reads data.json from its own folder.
      // The same file is the export @wallet-api/sandbox/data.json, at the package's root: a
      // resolver without exports support (TypeScript's node10, older bundlers) looks there.
      'packages/sandbox/src/data.json': ['dist/sandbox/src/data.json', 'data.json'],
      // packages/sandbox/src/profile/load.ts checks profiles against the schema in its own folder;
      // integrators point their editors at the same file.
      'packages/sandbox/src/profile/profile.schema.json': 'dist/sandbox/src/profile/profile.schema.json',
      // dist/sandbox/src/spec/document.js reads ../../../../generated/openapi.yaml.
      'generated/openapi.yaml': 'generated/openapi.yaml',
      // The sandbox's declarations refer to the generated types.
      'generated/schema.d.ts': 'generated/schema.d.ts',
    },
  },
];

type Manifest = { name: string; bin?: Record<string, string>; exports?: Record<string, unknown> };

function manifestOf(folder: string): Manifest {
  return JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as Manifest;
}

/** The builds of the packages named (their npm names), in the kit's order; every package when none is named. Throws naming an unknown one. */
export function packageBuildsNamed(names?: readonly string[]): PackageBuild[] {
  if (names === undefined) return packageBuilds;
  const known = packageBuilds.map((build) => ({ build, name: manifestOf(build.folder).name }));
  const unknown = names.filter((name) => !known.some((entry) => entry.name === name));
  if (unknown.length > 0) throw new Error(`${unknown.join(', ')} is not a package of the kit (${known.map(({ name }) => name).join(', ')})`);
  return known.filter(({ name }) => names.includes(name)).map(({ build }) => build);
}

/**
 * Builds every package, or those given. Each is built whole in a scratch folder and then
 * moved into place, one rename per built entry, so a command packing or serving the package
 * meanwhile (npm start and the tests' packing can run at once) never sees a half-written dist/.
 * The packages' compiles run side by side: each is one single-threaded tsc, and the second
 * core would otherwise wait.
 */
export async function buildPackages(builds: readonly PackageBuild[] = packageBuilds): Promise<void> {
  const tsc = join(root, 'node_modules/.bin/tsc');
  mkdirSync(join(root, '.tmp'), { recursive: true });
  // On the same file system as the packages, so every move is a rename.
  const scratches = builds.map(() => mkdtempSync(join(root, '.tmp', 'build-')));
  try {
    const compiled = await Promise.allSettled(builds.map(({ tsconfig }, index) => compile(tsc, tsconfig, join(scratches[index]!, 'dist'))));
    const failed = compiled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    builds.forEach(({ folder, copies }, index) => {
      const scratch = scratches[index]!;
      for (const [from, targets] of Object.entries(copies)) {
        for (const to of [targets].flat()) {
          mkdirSync(dirname(join(scratch, to)), { recursive: true });
          copyFileSync(join(root, from), join(scratch, to));
        }
      }
      // After the copies: generated/schema.d.ts needs its twin too.
      writeCommonJsDeclarations(scratch);
      const manifest = manifestOf(folder);
      writeCommonJsEntries(scratch, manifest);
      // tsc keeps the shebang but not the mode: a bin must be executable for npm to link it.
      for (const bin of Object.values(manifest.bin ?? {})) chmodSync(join(scratch, bin), 0o755);
      for (const entry of readdirSync(scratch)) {
        const target = join(root, folder, entry);
        const old = join(scratch, `${entry}.old`);
        if (existsSync(target)) renameSync(target, old);
        renameSync(join(scratch, entry), target);
      }
      console.log(`built ${folder}`);
    });
  } finally {
    for (const scratch of scratches) rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * One package's tsc, its diagnostics passed through as they come; rejects when it reports errors.
 * It emits without checking the types (--noCheck): `npm run typecheck` checks the whole project,
 * these sources with the same compiler options, in `npm test` and CI, so a second check here
 * only cost every build a third of its time; the files emitted are the same either way.
 */
function compile(tsc: string, tsconfig: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsc, ['-p', tsconfig, '--noCheck', '--outDir', outDir], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`tsc -p ${tsconfig} failed (${signal ?? `exit code ${code}`})`))));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPackages();
