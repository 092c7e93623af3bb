// `npm run release:check` on a copy of the repository with packaging defects planted and
// committed: the run fails, and its lines name each defective artifact and what its
// registry's check found. (tests/release/guards.test.ts covers what stops it before building.)
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../../tools/support/tool.ts';
import { copyRepository } from '../support/repository-copy.ts';
import { repoRoot } from '../support/run.ts';

let copy: ReturnType<typeof copyRepository>;
let run: { exitCode: number; output: string };

beforeAll(async () => {
  copy = copyRepository(repoRoot);
  // The Python lane's environment, as the repository has it (the generated-file guard regenerates the Python client with it).
  const venv = join(repoRoot, 'clients', 'python', '.venv');
  if (existsSync(venv)) {
    symlinkSync(venv, join(copy.dir, 'clients', 'python', '.venv'), 'dir');
    // Ignored as the folder is (a link is not a folder to the .venv/ rule).
    appendFileSync(join(copy.dir, '.git', 'info', 'exclude'), '/clients/python/.venv\n');
  }
  // npm: the signing entry's types back in the form publint and attw refuse, one "types"
  // condition for both import and require.
  const manifestPath = join(copy.dir, 'packages', 'sdk', 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, unknown> };
  manifest.exports['./signing'] = { types: { require: './dist/sdk/src/signing/index.d.cts', default: './dist/sdk/src/signing/index.d.ts' }, default: './dist/sdk/src/signing/index.js' };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  // Go: a file importing a module that go.mod does not require.
  writeFileSync(join(copy.dir, 'clients', 'go', 'planted.go'), 'package walletapi\n\nimport _ "golang.org/x/text/language"\n');
  // Committed: a release is built from a commit.
  execFileSync('git', ['add', 'packages/sdk/package.json', 'clients/go/planted.go'], { cwd: copy.dir });
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'planted'], { cwd: copy.dir, stdio: 'pipe' });
  // As npm runs a script: the project's installed commands first on PATH.
  const path = [join(repoRoot, 'node_modules', '.bin'), process.env.PATH].join(delimiter);
  run = await runTool(process.execPath, ['--import', 'tsx', 'scripts/release-check.ts', '--only', 'npm @wallet-api/sdk', '--only', 'go'], { cwd: copy.dir, env: { ...process.env, PATH: path }, timeoutMs: 420_000 });
}, 450_000);

afterAll(() => copy?.remove());

describe('npm run release:check on planted packaging defects', () => {
  it('passes the guards, then fails naming each defective artifact with its check\'s finding', () => {
    const lines = run.output.split('\n');
    expect(lines.filter((line) => line.startsWith('release:check: STOPPED')), run.output).toEqual([]);
    expect(lines.filter((line) => /^release:check: (ok|FAILED|skipped) /.test(line)).map((line) => /^release:check: (\w+) +([^:]+):/.exec(line)!.slice(1).join(' ')), run.output).toEqual([
      'FAILED npm @wallet-api/sdk',
      'FAILED Go module clients/go',
    ]);
    const sdk = run.output.slice(run.output.indexOf('FAILED   npm @wallet-api/sdk'), run.output.indexOf('FAILED   Go module'));
    // @arethetypeswrong/cli's finding: require() of the entry gets CommonJS types for an ES module.
    expect(sdk).toContain('attw');
    expect(sdk).toContain('Import resolved to a CommonJS type declaration file, but an ESM JavaScript file');
    const go = run.output.slice(run.output.indexOf('FAILED   Go module'));
    expect(go).toContain('golang.org/x/text');
    expect(lines).toContain('release:check: 2 artifact(s) failed in ' + /2 artifact\(s\) failed in (\S+ s)/.exec(run.output)?.[1]);
    expect(run.exitCode).toBe(1);
    // Only the package of the npm row checked was built and packed.
    expect(existsSync(join(copy.dir, 'packages', 'sdk', 'dist')), 'the SDK built').toBe(true);
    expect(existsSync(join(copy.dir, 'packages', 'sandbox', 'dist')), 'the sandbox built').toBe(false);
  });
});
