// `npm run build`: compiles the two published packages from src/ into packages/*/dist
// (ESM + .d.ts, and a CommonJS .d.cts twin of every declaration for TypeScript projects that
// require() them: scripts/commonjs-declarations.ts) and copies in the files each ships
// beside its code:
//   @wallet-api/sdk      client, signing, the traffic recorder, the wallet-api command line,
//                        the generated types, the drift watch's and the command line's
//                        generated validators and the spec as JSON (which the command line reads);
//   @wallet-api/sandbox  the sandbox and its bin, its data file, the provider profile schema,
//                        the bundled spec it serves.
// Both compile src/signing, so the sandbox verifies exactly what the client signs without
// depending on the SDK package. The built folders (dist/, generated/) are rebuilt whole
// each time (see buildPackages) and are not committed.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot as root } from '../src/support/repo.ts';
import { writeCommonJsDeclarations } from './commonjs-declarations.ts';

export type PackageBuild = {
  /** Folder of the package under packages/. */
  folder: string;
  /** tsc project that emits its dist/. */
  tsconfig: string;
  /** Files copied as they are: repository path → path inside the package. */
  copies: Record<string, string>;
};

export const packageBuilds: PackageBuild[] = [
  {
    folder: 'packages/sdk',
    tsconfig: 'tsconfig.build.sdk.json',
    copies: {
      'generated/schema.d.ts': 'generated/schema.d.ts',
      'generated/openapi.json': 'generated/openapi.json',
      // dist/client/drift/read-answer.js imports ../../../generated/drift-validators.js.
      'generated/drift-validators.js': 'generated/drift-validators.js',
      'generated/drift-validators.d.ts': 'generated/drift-validators.d.ts',
      // dist/cli/request-check.js imports ../../generated/request-validators.js.
      'generated/request-validators.js': 'generated/request-validators.js',
      'generated/request-validators.d.ts': 'generated/request-validators.d.ts',
    },
  },
  {
    folder: 'packages/sandbox',
    tsconfig: 'tsconfig.build.sandbox.json',
    copies: {
      // tsc emits only code: src/sandbox/data.ts reads data.json from its own folder.
      'src/sandbox/data.json': 'dist/sandbox/data.json',
      // src/sandbox/profile/load.ts checks profiles against the schema in its own folder;
      // integrators point their editors at the same file.
      'src/sandbox/profile/profile.schema.json': 'dist/sandbox/profile/profile.schema.json',
      'src/sandbox/README.md': 'README.md',
      // dist/spec/document.js reads ../../generated/openapi.yaml.
      'generated/openapi.yaml': 'generated/openapi.yaml',
      // The sandbox's declarations refer to the generated types.
      'generated/schema.d.ts': 'generated/schema.d.ts',
    },
  },
];

function binsOf(folder: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
  return Object.values(manifest.bin ?? {});
}

/**
 * Builds every package, or those given. Each is built whole in a scratch folder and then
 * moved into place, one rename per built entry, so a command packing or serving the package
 * meanwhile (npm start and the tests' packing can run at once) never sees a half-written dist/.
 */
export function buildPackages(builds: readonly PackageBuild[] = packageBuilds): void {
  const tsc = join(root, 'node_modules/.bin/tsc');
  mkdirSync(join(root, '.tmp'), { recursive: true });
  for (const { folder, tsconfig, copies } of builds) {
    // On the same file system as the package, so every move is a rename.
    const scratch = mkdtempSync(join(root, '.tmp', 'build-'));
    try {
      execFileSync(tsc, ['-p', tsconfig, '--outDir', join(scratch, 'dist')], { cwd: root, stdio: 'inherit' });
      for (const [from, to] of Object.entries(copies)) {
        mkdirSync(dirname(join(scratch, to)), { recursive: true });
        copyFileSync(join(root, from), join(scratch, to));
      }
      // After the copies: generated/schema.d.ts needs its twin too.
      writeCommonJsDeclarations(scratch);
      // tsc keeps the shebang but not the mode: a bin must be executable for npm to link it.
      for (const bin of binsOf(folder)) chmodSync(join(scratch, bin), 0o755);
      for (const entry of readdirSync(scratch)) {
        const target = join(root, folder, entry);
        const old = join(scratch, `${entry}.old`);
        if (existsSync(target)) renameSync(target, old);
        renameSync(join(scratch, entry), target);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    console.log(`built ${folder}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildPackages();
