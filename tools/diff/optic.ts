// Runs Optic's breaking-change checks with the project's standard and reads its findings
// as data. `--json` prints only the changelog, without the checks' results; the results
// come from the file Optic writes in CI mode (CI=true): ci-run-details.json in its working
// directory, the data `optic ci comment` reads. Several pairs of specs are compared in one
// run of `optic diff-all` (Optic's start-up costs more than a comparison): each pair is a
// folder of a throw-away git repository, its base committed and its head in the working
// tree. Optic runs offline: telemetry and the update check are off, and it is only given
// local files.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../support/repo.ts';
import { runTool } from '../support/tool.ts';

export const opticBin = join(repoRoot, 'node_modules/.bin/optic');
export const opticStandardPath = join(repoRoot, 'optic.dev.yml');

/** Keeps Optic from phoning home: no Segment/Sentry telemetry, no npm update check. */
export const opticOfflineEnv = { OPTIC_TELEMETRY_LEVEL: 'off', NO_UPDATE_NOTIFIER: '1' } as const;

/** One failed check: `where` names the operation (and part of it), `message` Optic's words. */
export type OpticFinding = { where: string; rule: string; message: string; type: string; spec: string; jsonPath: string };
/** A breaking change: a finding, with the findings it implies (what lay inside a removed part). */
export type OpticChange = OpticFinding & { implied: OpticFinding[] };
/** One pair's part of a run: Optic's report of it, and its findings (undefined when Optic did not compare it). */
export type OpticPairResult = { output: string; findings: OpticFinding[] | undefined; endpoints: Record<string, OpticEndpoint> };

/** A diff Optic found: `change` is added, changed or removed. */
export type OpticDiff = { change: string; before?: string; after?: string };
export type OpticRule = { where?: string; error?: string; passed?: boolean; exempted?: boolean; severity?: number; name?: string; location?: { jsonPath?: string } };
/** What Optic found changed in one operation (ci-run-details.json's groupedDiffs), nested by part. */
export type OpticEndpoint = { method: string; path: string; diffs: OpticDiff[]; rules: OpticRule[]; [part: string]: unknown };
export type OpticResult = { exitCode: number; pairs: OpticPairResult[]; output: string };

type CiResult = { where?: string; error?: string; passed?: boolean; exempted?: boolean; severity?: number; name?: string; type?: string; location?: { jsonPath?: string; spec?: string } };
type CiDetails = {
  completed?: { apiName?: string; comparison?: { results?: CiResult[]; groupedDiffs?: { endpoints?: Record<string, OpticEndpoint> } } }[];
  noop?: { apiName?: string }[];
};

/** Optic's severity levels (info 0, warn 1, error 2); the gate, like `--severity error`, fails on errors. */
const errorSeverity = 2;

/** A breaking change as Optic reports it: an error-level check that failed and is not exempted. */
export function isBreakingFailure(rule: OpticRule): boolean {
  return rule.passed === false && rule.exempted !== true && (rule.severity ?? errorSeverity) >= errorSeverity;
}

/** Runs Optic once over every pair in a throw-away directory of its own, removed afterwards. */
export async function compareWithOptic(pairs: { base: string; head: string }[], options: { signal?: AbortSignal } = {}): Promise<OpticResult> {
  const dir = mkdtempSync(join(tmpdir(), 'optic-'));
  try {
    return await runOptic(pairs, dir, options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where pair `index` lives in the run's repository (the head in the working tree, the base at HEAD). */
export const pairSpecPath = (index: number) => `pair-${index}/spec.yaml`;

/** Runs Optic once over every pair, in `dir` (a fresh directory: the repository and Optic's CI file go there). */
export async function runOptic(pairs: { base: string; head: string }[], dir: string, options: { signal?: AbortSignal } = {}): Promise<OpticResult> {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=gate', '-c', 'user.email=gate@localhost', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  pairs.forEach((pair, index) => {
    mkdirSync(join(dir, `pair-${index}`));
    writeFileSync(join(dir, pairSpecPath(index)), pair.base);
  });
  git('add', '.');
  git('commit', '-qm', 'base');
  pairs.forEach((pair, index) => writeFileSync(join(dir, pairSpecPath(index)), pair.head));
  const { exitCode, output } = await runTool(opticBin, ['diff-all', '--compare-from', 'HEAD', '--match', 'pair-*/spec.yaml', '--check', '--standard', opticStandardPath], {
    cwd: dir,
    env: { ...process.env, ...opticOfflineEnv, CI: 'true' },
    timeoutMs: 120_000,
    signal: options.signal,
  });
  const details = readDetails(join(dir, 'ci-run-details.json'));
  const findings = details && readFindings(details);
  const sections = splitReport(output);
  return {
    exitCode,
    output,
    pairs: pairs.map((_, index) => ({
      output: sections.get(pairSpecPath(index)) ?? '',
      findings: findings?.get(pairSpecPath(index)),
      endpoints: details?.completed?.find((spec) => spec.apiName === pairSpecPath(index))?.comparison?.groupedDiffs?.endpoints ?? {},
    })),
  };
}

/** Optic's report of each comparison, by the head's path: the text after its `Diffing … to <path>` line. */
function splitReport(output: string): Map<string, string> {
  const sections = new Map<string, string>();
  // Optic's closing advertisement for its cloud follows the last comparison.
  const report = output.replace(/^ *Finish setting up Optic[\s\S]*$/m, '');
  const headers = [...report.matchAll(/^Diffing \S+ to (\S+)\n/gm)];
  headers.forEach((header, i) => {
    const end = headers[i + 1]?.index ?? report.length;
    sections.set(header[1]!, report.slice(header.index + header[0].length, end).replace(/^\n+/, ''));
  });
  return sections;
}

function readDetails(path: string): CiDetails | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as CiDetails) : undefined;
}

/** The failed error-level checks of each comparison, by the head's path (none for a pair without a difference). */
function readFindings(details: CiDetails): Map<string, OpticFinding[]> {
  return new Map([
    ...(details.noop ?? []).map((spec): [string, OpticFinding[]] => [spec.apiName ?? '', []]),
    ...(details.completed ?? []).map((spec): [string, OpticFinding[]] => [
      spec.apiName ?? '',
      (spec.comparison?.results ?? [])
        .filter(isBreakingFailure)
        .map((r) => ({
          where: r.where ?? '',
          rule: r.name ?? '',
          message: r.error ?? '',
          type: r.type ?? '',
          spec: r.location?.spec ?? '',
          jsonPath: r.location?.jsonPath ?? '',
        })),
    ]),
  ]);
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
