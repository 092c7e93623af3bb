import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGeneratedFiles, generatedArtefacts, type GeneratedFileResult } from '../tools/generated-files/check.ts';
import { renderDriftValidatorTypes } from '../tools/codegen/drift-validators.ts';
import { applicableStamps } from '../tools/codegen/kit-version.ts';
import { runTool } from '../tools/support/tool.ts';
import { repoRoot } from '../tools/support/repo.ts';

const committed = readFileSync(new URL('../package.json', import.meta.url));
/** The files carrying the kit's version; tests/release/kit-version.test.ts checks the list itself. */
const versionStampPaths = applicableStamps().map((row) => row.path);

type CheckRun = { exitCode: number; stdout: string; stderr: string };
let commandRun: Promise<CheckRun> | undefined;
/**
 * `npm run drift` (the check under its deprecated name) run once as its own process, for the
 * tests that read its results and the one that reads what the name adds: one regeneration of
 * every file instead of one in process and another in the command.
 */
function runCheckCommand(): Promise<CheckRun> {
  commandRun ??= (async () => {
    const streams = { stdout: '', stderr: '' };
    // The first run on a machine builds the Go client's pinned oapi-codegen (tens of seconds on two cores).
    const run = await runTool(process.execPath, ['--import', 'tsx', 'scripts/check-generated.ts', '--deprecated-name'], { cwd: new URL('..', import.meta.url).pathname, timeoutMs: 120_000, onData: (stream, text) => (streams[stream] += text) });
    return { exitCode: run.exitCode, ...streams };
  })();
  return commandRun;
}

/** The command's line for each file, read back into the check's results (the fix command only where it prints one, for a stale file). */
function resultsOf(stdout: string): GeneratedFileResult[] {
  return stdout.split('\n').flatMap((line) => {
    const match = /^check:generated: (fresh|STALE|NOT CHECKED) {2}(\S+)(?: \((.*)\))?$/.exec(line);
    if (!match) return [];
    const [, verdict, path, detail] = match;
    if (verdict === 'NOT CHECKED') return [{ path: path!, fixWith: '', fresh: false, notChecked: detail! }];
    return [{ path: path!, fixWith: /^run `(.*)` and commit it$/.exec(detail ?? '')?.[1] ?? '', fresh: verdict === 'fresh' }];
  });
}

describe('the generated-file check', () => {
  it('finds every committed generated file equal to a fresh regeneration', async () => {
    const results = resultsOf((await runCheckCommand()).stdout);
    // The PHP client's generated files: every file committed under its folder, each checked.
    const phpGenerated = readdirSync(new URL('../clients/php/src/Generated', import.meta.url), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath.slice(entry.parentPath.indexOf('clients/php/'))}/${entry.name}`);
    expect(phpGenerated.length).toBeGreaterThan(3);
    // The Java client's generated sources: every committed file that says it is generated.
    const javaGenerated = (readdirSync(join(repoRoot, 'clients/java/src/main/java'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.java'))
      .map((file) => `clients/java/src/main/java/${file.split(sep).join('/')}`)
      .filter((path) => readFileSync(join(repoRoot, path), 'utf8').startsWith('// Generated from generated/openapi.json'));
    expect(javaGenerated.length).toBeGreaterThan(20);
    expect(results.map((r) => r.path).sort()).toEqual(['clients/go/oapi/oapi.gen.go', ...phpGenerated, 'clients/python/src/wallet_api/_generated/models.py', 'clients/python/src/wallet_api/_generated/operations.py', 'generated/drift-validators.d.ts', 'generated/drift-validators.js', 'generated/openapi.json', 'generated/openapi.yaml', 'generated/request-validators.d.ts', 'generated/request-validators.js', 'generated/schema.d.ts', 'packages/sdk/src/client/operations.generated.ts', ...versionStampPaths, ...javaGenerated].sort());
    for (const r of results) {
      // Only the Python, Go and PHP clients' files may go unchecked, and only where their toolchain is absent (said, never passed as fresh).
      if (r.notChecked !== undefined && r.path.startsWith('clients/php/')) {
        expect(r.notChecked).toContain('PHP');
        expect(() => execFileSync('php', ['--version'], { stdio: 'ignore' })).toThrow();
      } else if (r.notChecked !== undefined && r.path.startsWith('clients/go/')) {
        expect(r.notChecked).toContain('Go toolchain');
        expect(() => execFileSync('go', ['version'], { stdio: 'ignore' })).toThrow();
      } else if (r.notChecked !== undefined) {
        expect(r.path).toMatch(/^clients\/python\//);
        expect(r.notChecked).toContain('clients/python/.venv');
        expect(existsSync(new URL('../clients/python/.venv/bin/python', import.meta.url))).toBe(false);
      } else expect(r.fresh, `${r.path} is stale: run \`${r.fixWith}\` and commit it`).toBe(true);
    }
    // The first run on a machine builds the Go client's pinned oapi-codegen (tens of seconds on two cores).
  }, 120_000);

  it('reports a file whose toolchain is absent as not checked, with the reason, never as fresh', async () => {
    const absent = { path: 'package.json', fixWith: 'nothing', unavailable: () => 'no toolchain here', regenerate: (out: string) => writeFileSync(out, committed) };
    expect(await checkGeneratedFiles([absent])).toEqual([{ path: 'package.json', fixWith: 'nothing', fresh: false, notChecked: 'no toolchain here' }]);
  });

  it('tells a fresh file from a stale one', async () => {
    expect(generatedArtefacts.map((a) => a.path)).toContain('generated/openapi.yaml');
    const same = { path: 'package.json', fixWith: 'nothing', regenerate: (out: string) => writeFileSync(out, committed) };
    const changed = { path: 'package.json', fixWith: 'npm run x', regenerate: (out: string) => writeFileSync(out, Buffer.concat([committed, Buffer.from(' ')])) };
    expect(await checkGeneratedFiles([same, changed])).toEqual([
      { path: 'package.json', fixWith: 'nothing', fresh: true },
      { path: 'package.json', fixWith: 'npm run x', fresh: false },
    ]);
  });

  it('writes the drift validators\' types from the modules that define them, not restated by hand', () => {
    const types = renderDriftValidatorTypes();
    const source = (path: string, name: string) => {
      const text = readFileSync(new URL(path, import.meta.url), 'utf8');
      // The declaration as written: from its `export type` to the blank line after it.
      return new RegExp(`export type ${name}\\b[\\s\\S]*?;\\n(?=\\n|$)`).exec(text)![0];
    };
    expect(types).toContain(source('../packages/sdk/src/spec/record-locations.ts', 'PathStep'));
    expect(types).toContain(source('../packages/sdk/src/spec/record-locations.ts', 'RecordLocation'));
    expect(types).toContain(source('../packages/sdk/src/spec/answer-reading.ts', 'SchemaViolation'));
  });

  it('runs as npm run drift for one more release, saying the name is deprecated', async () => {
    const scripts = (JSON.parse(committed.toString('utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['check:generated']).toBe('tsx scripts/check-generated.ts');
    expect(scripts.drift).toBe('tsx scripts/check-generated.ts --deprecated-name');
    const run = await runCheckCommand();
    expect(run.stderr).toContain('`npm run drift` is deprecated and will be removed in the next release; run `npm run check:generated`');
    expect(run.stdout).toMatch(/check:generated: \d+ generated file\(s\) fresh/);
    expect(run.exitCode).toBe(0);
  }, 120_000);
});

describe('a generated file never committed', () => {
  it('is stale, not a crash: the generator makes a file the repository lacks', async () => {
    const root = mkdtempSync(join(tmpdir(), 'check-generated-root-'));
    try {
      const artefact = { path: 'clients/x/New.php', fixWith: 'the generator', regenerate: (outPath: string) => writeFileSync(outPath, 'new model\n') };
      expect(await checkGeneratedFiles([artefact], root)).toEqual([{ path: 'clients/x/New.php', fixWith: 'the generator', fresh: false }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
