// The breaking-change gate: compares the bundled spec at a git ref with the working tree
// using Optic's breaking-changes ruleset (optic.dev.yml). Optic itself lets a breaking
// change through when info.version's major was raised (skip_when_major_version_changes);
// the gate adds that a major version must never go down. Optic runs offline: telemetry
// and the update check are switched off, and the base file is read from git here, so
// Optic is only ever given two local files.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const opticBin = join(repoRoot, 'node_modules/.bin/optic');
export const opticStandardPath = join(repoRoot, 'optic.dev.yml');
export const bundlePathInRepo = 'generated/openapi.yaml';

/** Keeps Optic from phoning home: no Segment/Sentry telemetry, no npm update check. */
export const opticOfflineEnv = { OPTIC_TELEMETRY_LEVEL: 'off', NO_UPDATE_NOTIFIER: '1' } as const;

const git = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The latest v* tag reachable from HEAD, else the first commit. */
export function defaultBaseRef(cwd: string = repoRoot): { ref: string; why: string } {
  try {
    return { ref: git(cwd, ['describe', '--tags', '--abbrev=0', '--match', 'v*']), why: 'latest v* tag' };
  } catch {
    const roots = git(cwd, ['rev-list', '--max-parents=0', 'HEAD']).split('\n');
    return { ref: roots[roots.length - 1]!, why: 'no v* tag: first commit' };
  }
}

export type OpticResult = { exitCode: number; output: string };

/** Runs `optic diff base head --check` with the project's standard. */
export function runOptic(basePath: string, headPath: string, cwd: string = repoRoot): Promise<OpticResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(opticBin, ['diff', basePath, headPath, '--check', '--standard', opticStandardPath], {
      cwd,
      env: { ...process.env, ...opticOfflineEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? 1, output });
    });
  });
}

export type GateResult = {
  passed: boolean;
  /** One line for reports. */
  summary: string;
  /** Optic's own report (and the gate's notes). */
  details: string;
};

const majorOf = (version: unknown) => {
  const match = /^v?(\d+)\./.exec(String(version ?? ''));
  return match ? Number(match[1]) : undefined;
};
const versionOf = (text: string) => (parse(text) as { info?: { version?: unknown } } | null)?.info?.version;

/** Compares two spec texts (base first). */
export async function compareSpecs(baseText: string, headText: string, labels: { base: string; head: string }): Promise<GateResult> {
  const dir = mkdtempSync(join(tmpdir(), 'optic-'));
  try {
    const basePath = join(dir, 'base.yaml');
    const headPath = join(dir, 'head.yaml');
    writeFileSync(basePath, baseText);
    writeFileSync(headPath, headText);
    const baseVersion = versionOf(baseText);
    const headVersion = versionOf(headText);
    const versions = `info.version ${String(baseVersion)} → ${String(headVersion)}`;
    const baseMajor = majorOf(baseVersion);
    const headMajor = majorOf(headVersion);
    if (baseMajor !== undefined && headMajor !== undefined && headMajor < baseMajor) {
      return { passed: false, summary: `major version went down (${versions})`, details: '' };
    }
    const optic = await runOptic(basePath, headPath, dir);
    const details = optic.output
      .replaceAll(`${dir}/`, '')
      .replaceAll('base.yaml', labels.base)
      .replaceAll('head.yaml', labels.head)
      // The files Optic saw are temporary; its hint to rerun it on them does not apply.
      .replace(/^Rerun this command with the --web flag.*\n?/m, '');
    if (optic.exitCode === 0) {
      const raised = baseMajor !== undefined && headMajor !== undefined && headMajor > baseMajor;
      return { passed: true, summary: `${raised ? 'major version raised, breaking changes allowed' : 'no breaking change'} (${versions})`, details };
    }
    const breaking = details.split('\n').filter((line) => /This is a breaking change|^\s*x \[/.test(line));
    const summary = breaking.length > 0 ? `${breaking.length} breaking change(s) without a major version bump (${versions})` : `optic failed with exit code ${optic.exitCode}`;
    return { passed: false, summary, details };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The gate as `npm run diff` runs it: the bundle at a git ref against the working tree. */
export async function runGate(options: { base?: string; cwd?: string; specPath?: string } = {}): Promise<GateResult> {
  const cwd = options.cwd ?? repoRoot;
  const specPath = options.specPath ?? bundlePathInRepo;
  const { ref, why } = options.base ? { ref: options.base, why: 'given' } : defaultBaseRef(cwd);
  let commit: string;
  try {
    commit = git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    return { passed: false, summary: `unknown git ref "${ref}"`, details: '' };
  }
  const shown = /^[0-9a-f]{40}$/.test(ref) ? ref.slice(0, 12) : ref;
  const label = `${shown} (${why}${commit.startsWith(ref) ? '' : `, ${commit.slice(0, 12)}`})`;
  let baseText: string;
  try {
    baseText = git(cwd, ['show', `${commit}:${specPath}`]);
  } catch {
    return { passed: true, summary: `no ${specPath} at ${label}: nothing to compare`, details: '' };
  }
  const headText = readFileSync(join(cwd, specPath), 'utf8');
  const result = await compareSpecs(baseText + '\n', headText, { base: `${specPath}@${shown}`, head: specPath });
  return { ...result, summary: `against ${label}: ${result.summary}` };
}
