// One rebuild of the edit loop, in the order `npm start` prepares things, with the slow
// steps side by side: Redocly's lint and bundle run at once; the docs page and the types
// are rendered from the new bundle while lint finishes. Only when lint and bundle both
// pass are the generated files written, the sandbox's routes replaced and the pages told
// to reload; otherwise everything keeps serving the last good build. The breaking-change
// gate runs last, after the reload: it is advice and takes seconds, and a newer save
// cancels it (`gate` is then reported as superseded).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { renderSchemaTypes, schemaTypesPath } from '../codegen/schema-types.ts';
import { renderSpecJson, specJsonPath } from '../codegen/spec-json.ts';
import { operationsPath, renderOperations } from '../codegen/operations.ts';
import { defaultDocsPath, renderDocsHtml, writeDocs } from '../docs/build.ts';
import { bundlePathInRepo, compareSpecs, readBundleAt } from '../diff/gate.ts';
import { bundledSpecPath } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { bundleSpec } from '../support/redocly.ts';
import { lintSpec, type LintProblem } from './redocly.ts';
import type { LoadReport, SandboxHost } from './sandbox-host.ts';

export type GateVerdict = { state: 'passed' | 'failed' | 'skipped' | 'superseded'; summary: string; changes: string[] };

export type RebuildResult =
  | { ok: true; problems: LintProblem[]; sandbox: LoadReport; reloadMs: number; gate: Promise<GateVerdict> }
  | { ok: false; problems: LintProblem[]; error?: string };

/**
 * Builds what the repository's sources describe and, when they pass, serves it: the files
 * under generated/ and dist/docs/ are rewritten, and `serve` is called with the sandbox
 * loaded, to tell the pages. `signal` stops the Redocly runs (Ctrl-C); `gateSignal` only
 * the gate (a newer save).
 */
export async function rebuild(
  sandbox: SandboxHost,
  serve: () => void,
  { signal, gateSignal }: { signal: AbortSignal; gateSignal: AbortSignal },
): Promise<RebuildResult> {
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'wallet-api-dev-'));
  // Rendering the docs for a bundle that lint then refuses is wasted; it is stopped.
  const docsRender = new AbortController();
  const stopDocs = () => docsRender.abort();
  signal.addEventListener('abort', stopDocs, { once: true });
  try {
    const bundlePath = join(scratch, 'openapi.yaml');
    const linting = lintSpec(signal);
    // Observed at once: a linter that cannot be started rejects while the bundle still runs,
    // and is awaited (and so reported) only after it.
    linting.catch(() => undefined);
    const bundled = await bundleSpec(bundlePath, signal);
    if (!bundled.ok) {
      const problems = await linting;
      // Lint reports the same parse and reference errors with their lines; the bundler's copy is left out.
      const explained = problems.some((problem) => problem.severity === 'error');
      return { ok: false, problems, error: explained ? 'bundle not created' : `bundle failed: ${bundled.error}` };
    }

    const bundleText = readFileSync(bundlePath, 'utf8');
    const document = parse(bundleText) as OpenApiDocument;
    const rendering = Promise.all([renderDocsHtml(document, { signal: docsRender.signal }), renderSchemaTypes(bundlePath)]);
    rendering.catch(() => undefined); // awaited below unless lint fails first

    const problems = await linting;
    if (problems.some((problem) => problem.severity === 'error')) {
      docsRender.abort();
      return { ok: false, problems };
    }
    let html: string;
    let schemaTypes: string;
    try {
      [html, schemaTypes] = await rendering;
    } catch (error) {
      return { ok: false, problems, error: `docs or types failed: ${(error as Error).message}` };
    }
    // The client's operation methods, as `npm run generate` writes them: a spec that cannot have them (two fields of one name) is refused here.
    let operations: string;
    try {
      operations = renderOperations(document);
    } catch (error) {
      return { ok: false, problems, error: `the client's methods cannot be generated: ${(error as Error).message}` };
    }
    // The sandbox is loaded before anything is written: a bundle it cannot serve changes nothing.
    let report: LoadReport;
    try {
      report = await sandbox.load(document);
    } catch (error) {
      return { ok: false, problems, error: `the sandbox cannot serve this spec: ${(error as Error).message}` };
    }
    writeIfChanged(bundledSpecPath, bundleText);
    writeIfChanged(schemaTypesPath, schemaTypes);
    writeIfChanged(specJsonPath, renderSpecJson(bundlePath));
    writeIfChanged(operationsPath, operations);
    writeDocs(html, defaultDocsPath);
    serve();
    const reloadMs = performance.now() - started;
    return { ok: true, problems, sandbox: report, reloadMs, gate: judge(bundleText, gateSignal) };
  } finally {
    signal.removeEventListener('abort', stopDocs);
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Writes only what changed, so editors and watchers of generated/ see no touch for an unchanged file. */
function writeIfChanged(path: string, text: string): void {
  let current: string | undefined;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== text) writeFileSync(path, text);
}

/** The gate's verdict on a bundle against the one committed at HEAD. */
async function judge(bundleText: string, signal: AbortSignal): Promise<GateVerdict> {
  const base = readBundleAt({ base: 'HEAD' });
  if (base.error) return { state: 'skipped', summary: 'no last commit to compare with', changes: [] };
  if (base.text === undefined) return { state: 'skipped', summary: `no ${bundlePathInRepo} at ${base.label}`, changes: [] };
  // The usual start (a clean tree) and a save that undoes the edits: nothing for Optic to compare.
  if (base.text.trimEnd() === bundleText.trimEnd()) return { state: 'passed', summary: 'the bundle is the one committed at HEAD', changes: [] };
  try {
    const result = await compareSpecs(base.text, bundleText, { base: `HEAD (${base.shown})`, head: 'this save' }, { signal });
    if (signal.aborted) return { state: 'superseded', summary: 'superseded by a newer save', changes: [] };
    return { state: result.passed ? 'passed' : 'failed', summary: result.summary, changes: result.changes };
  } catch (error) {
    if (signal.aborted) return { state: 'superseded', summary: 'superseded by a newer save', changes: [] };
    return { state: 'skipped', summary: `the gate could not run: ${(error as Error).message}`, changes: [] };
  }
}
