// Runs `optic diff base head --check` with the project's standard and reads its findings
// as data. `--json` prints only the changelog, without the checks' results; the results
// come from the file Optic writes in CI mode (CI=true): ci-run-details.json in its working
// directory, the data `optic ci comment` reads. Optic runs offline: telemetry and the update
// check are off, and it is only given local files.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const opticBin = join(repoRoot, 'node_modules/.bin/optic');
export const opticStandardPath = join(repoRoot, 'optic.dev.yml');

/** Keeps Optic from phoning home: no Segment/Sentry telemetry, no npm update check. */
export const opticOfflineEnv = { OPTIC_TELEMETRY_LEVEL: 'off', NO_UPDATE_NOTIFIER: '1' } as const;

/** One failed check: `where` names the operation (and part of it), `message` Optic's words. */
export type OpticFinding = { where: string; rule: string; message: string; type: string; spec: string; jsonPath: string };
/** A breaking change: a finding, with the findings it implies (what lay inside a removed part). */
export type OpticChange = OpticFinding & { implied: OpticFinding[] };
export type OpticResult = { exitCode: number; output: string; findings: OpticFinding[] | undefined };

type CiResult = { where?: string; error?: string; passed?: boolean; exempted?: boolean; severity?: number; name?: string; type?: string; location?: { jsonPath?: string; spec?: string } };
type CiDetails = { completed?: { comparison?: { results?: CiResult[] } }[] };

/** Optic's severity levels (info 0, warn 1, error 2); the gate, like `--severity error`, fails on errors. */
const errorSeverity = 2;

/** Runs Optic in `dir` (a fresh directory: Optic writes its CI file there). */
export function runOptic(basePath: string, headPath: string, dir: string): Promise<OpticResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(opticBin, ['diff', basePath, headPath, '--check', '--standard', opticStandardPath], {
      cwd: dir,
      env: { ...process.env, ...opticOfflineEnv, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? 1, output, findings: readFindings(join(dir, 'ci-run-details.json')) });
    });
  });
}

function readFindings(path: string): OpticFinding[] | undefined {
  if (!existsSync(path)) return undefined;
  const details = JSON.parse(readFileSync(path, 'utf8')) as CiDetails;
  const results = details.completed?.flatMap((spec) => spec.comparison?.results ?? []) ?? [];
  return results
    .filter((r) => r.passed === false && r.exempted !== true && (r.severity ?? errorSeverity) >= errorSeverity)
    .map((r) => ({
      where: r.where ?? '',
      rule: r.name ?? '',
      message: r.error ?? '',
      type: r.type ?? '',
      spec: r.location?.spec ?? '',
      jsonPath: r.location?.jsonPath ?? '',
    }));
}

/**
 * Groups findings into changes: Optic reports a removed operation once for the operation and
 * again for every response and property inside it; those belong to the one removal.
 */
export function groupFindings(findings: OpticFinding[]): OpticChange[] {
  const removals = findings.filter((f) => f.type === 'removed' && f.jsonPath !== '');
  const inside = (f: OpticFinding, removal: OpticFinding) => f !== removal && f.spec === removal.spec && f.jsonPath.startsWith(`${removal.jsonPath}/`);
  const changes = findings.filter((f) => !removals.some((removal) => inside(f, removal)));
  return changes.map((change) => ({ ...change, implied: findings.filter((f) => inside(f, change) && change.type === 'removed') }));
}
