// The breaking-change gate: compares the bundled spec at a git ref with the working tree.
// Two checks, each counted in changes (not report lines): Optic's breaking-changes ruleset
// (optic.dev.yml, run by ./optic.ts), and the request-side limits and security requirements
// Optic does not check (./request-constraints.ts). A breaking change passes only when
// info.version's major was raised (Optic: skip_when_major_version_changes); a major version
// that goes down always fails. The base file is read from git here, so Optic is only ever
// given local files; several pairs can be compared in one run of Optic (compareSpecPairs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { deref, resolvePointer } from '../../packages/sdk/src/spec/openapi.ts';
import { repoRoot } from '../support/repo.ts';
import { compareWithOptic, groupFindings, pairSpecPath, type OpticChange, type OpticFinding } from './optic.ts';
import { requestConstraintChanges, type ConstraintChange } from './request-constraints.ts';

export const bundlePathInRepo = 'generated/openapi.yaml';

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

export type GateResult = {
  passed: boolean;
  /** One line for reports. */
  summary: string;
  /** Optic's own report (and the gate's notes). */
  details: string;
  /** The breaking changes counted, one line each (allowed ones too, when the major version was raised). */
  changes: string[];
};

/** The major number of an info.version ("1.2.3" or "v1.2.3"), or undefined. */
export const majorOf = (version: unknown) => {
  const match = /^v?(\d+)\./.exec(String(version ?? ''));
  return match ? Number(match[1]) : undefined;
};
type Document = Record<string, unknown>;
export const parseDocument = (text: string): Document => {
  const doc = parse(text) as unknown;
  return typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Document) : {};
};
const versionOf = (doc: Document) => (doc.info as { version?: unknown } | undefined)?.version;

const responseTypeRule = 'prevent response property type changes';
const schemaKeywordsThatConstrain = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref'];

/**
 * Optic reads a schema without `type` as one with no types at all, so an answer's value that
 * accepted any JSON value (a shape the interface does not publish) and now has a type reads
 * to it as "expanded". For an answer that is a narrowing: everything the new schema allows
 * the old one allowed too, and no client breaks. Only that case is excused; a type that
 * really grows (string to string or number) is still counted.
 */
export function givesATypeToAnyValue(baseDoc: Document, finding: { rule: string; jsonPath: string }): boolean {
  if (finding.rule !== responseTypeRule || finding.jsonPath === '') return false;
  const before = resolvePointer(baseDoc, `#${finding.jsonPath}`);
  if (before === undefined || before === null || typeof before !== 'object') return false;
  try {
    const schema = deref(baseDoc, before) as Record<string, unknown>;
    return !schemaKeywordsThatConstrain.some((keyword) => keyword in schema);
  } catch {
    return false;
  }
}

/** The changes counted, one line each. */
function changeLines(optic: OpticChange[], constraints: ConstraintChange[]): string[] {
  return [
    ...optic.map((c) => `${c.where}: ${c.message}${c.implied.length > 0 ? ` (and ${c.implied.length} finding(s) inside what was removed)` : ''}`),
    ...constraints.map((c) => `${c.where}: ${c.change}`),
  ];
}

/** Optic's findings the gate does not count, and why. */
function listExcused(findings: OpticFinding[]): string {
  if (findings.length === 0) return '';
  return `\nNot counted (${findings.length}): an answer's value that accepted any JSON value now has a type, which narrows it (Optic reads no type as no types):\n${findings.map((f) => `  - ${f.where}`).join('\n')}\n`;
}

/** The changes counted, as the details list them. */
function listChanges(lines: string[], fromConstraints: number): string {
  if (lines.length === 0) return '';
  return `\nBreaking changes (${lines.length}${fromConstraints > 0 ? `, of which ${fromConstraints} from the gate's request check` : ''}):\n${lines.map((line) => `  - ${line}`).join('\n')}\n`;
}

export type SpecPair = { base: string; head: string; labels: { base: string; head: string } };

/** Compares two spec texts (base first). */
export async function compareSpecs(baseText: string, headText: string, labels: { base: string; head: string }, options: { signal?: AbortSignal } = {}): Promise<GateResult> {
  const [result] = await compareSpecPairs([{ base: baseText, head: headText, labels }], options);
  return result!;
}

/** Compares several pairs of spec texts, each on its own, with one run of Optic. */
export async function compareSpecPairs(pairs: SpecPair[], options: { signal?: AbortSignal } = {}): Promise<GateResult[]> {
  const judged = pairs.map((pair) => {
    const baseDoc = parseDocument(pair.base);
    const headDoc = parseDocument(pair.head);
    const baseVersion = versionOf(baseDoc);
    const headVersion = versionOf(headDoc);
    const baseMajor = majorOf(baseVersion);
    const headMajor = majorOf(headVersion);
    return {
      ...pair,
      baseDoc,
      headDoc,
      versions: `info.version ${String(baseVersion)} → ${String(headVersion)}`,
      lowered: baseMajor !== undefined && headMajor !== undefined && headMajor < baseMajor,
      raised: baseMajor !== undefined && headMajor !== undefined && headMajor > baseMajor,
    };
  });
  // A major version that went down fails without asking Optic, and a spec byte for byte its
  // base's has nothing to compare: Optic's start-up alone costs more than a second, and a
  // preflight on a tree whose spec did not change since the base pays it for nothing.
  const unchanged = (pair: SpecPair) => pair.base === pair.head;
  const compared = judged.filter((pair) => !pair.lowered && !unchanged(pair));
  const optic = compared.length > 0 ? await compareWithOptic(compared, options) : { exitCode: 0, output: '', pairs: [] };
  // Optic's exit code covers the whole run: failing without any finding means Optic itself failed.
  const opticFailed = optic.exitCode !== 0 && optic.pairs.every((pair) => (pair.findings ?? []).length === 0);
  const excused = optic.pairs.map((pair, index) => (pair.findings ?? []).filter((finding) => givesATypeToAnyValue(compared[index]!.baseDoc, finding)));
  const opticChanges = optic.pairs.map((pair, index) => groupFindings((pair.findings ?? []).filter((finding) => !excused[index]!.includes(finding))));
  return judged.map((pair) => {
    if (pair.lowered) return { passed: false, summary: `major version went down (${pair.versions})`, details: '', changes: [] };
    if (unchanged(pair)) return { passed: true, summary: `no breaking change (${pair.versions})`, details: `${pair.labels.head} is byte for byte ${pair.labels.base}: nothing changed, Optic not run\n`, changes: [] };
    const index = compared.indexOf(pair);
    const run = optic.pairs[index]!;
    const specPath = pairSpecPath(index);
    const constraintChanges = requestConstraintChanges(pair.baseDoc, pair.headDoc);
    const changes = changeLines(opticChanges[index]!, constraintChanges);
    const details =
      run.output
        .replaceAll(`HEAD:${specPath}`, pair.labels.base)
        .replaceAll(specPath, pair.labels.head)
        // Optic's pointer to its cloud, printed in CI mode: nothing here uses it.
        .replace(/^Preview docs: .*\n?/m, '') + listExcused(excused[index]!) + listChanges(changes, constraintChanges.length);
    if (run.findings === undefined || opticFailed) {
      return { passed: false, summary: `optic failed with exit code ${optic.exitCode}`, details: run.findings === undefined ? `${details}\n${optic.output}` : details, changes };
    }
    if (changes.length === 0 || pair.raised) {
      return { passed: true, summary: `${pair.raised ? 'major version raised, breaking changes allowed' : 'no breaking change'} (${pair.versions})`, details, changes };
    }
    return { passed: false, summary: `${changes.length} breaking change(s) without a major version bump (${pair.versions})`, details, changes };
  });
}

/** The bundle at a git ref (default: the latest v* tag, else the first commit), with a label naming the ref for reports. */
export function readBundleAt(options: { base?: string; cwd?: string; specPath?: string } = {}): { text: string | undefined; label: string; shown: string; error?: string } {
  const cwd = options.cwd ?? repoRoot;
  const specPath = options.specPath ?? bundlePathInRepo;
  const { ref, why } = options.base ? { ref: options.base, why: 'given' } : defaultBaseRef(cwd);
  let commit: string;
  try {
    commit = git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    return { text: undefined, label: ref, shown: ref, error: `unknown git ref "${ref}"` };
  }
  const shown = /^[0-9a-f]{40}$/.test(ref) ? ref.slice(0, 12) : ref;
  const label = `${shown} (${why}${commit.startsWith(ref) ? '' : `, ${commit.slice(0, 12)}`})`;
  try {
    return { text: `${git(cwd, ['show', `${commit}:${specPath}`])}\n`, label, shown };
  } catch {
    return { text: undefined, label, shown };
  }
}

/** The gate as `npm run diff` runs it: the bundle at a git ref against the working tree. */
export async function runGate(options: { base?: string; cwd?: string; specPath?: string } = {}): Promise<GateResult> {
  const cwd = options.cwd ?? repoRoot;
  const specPath = options.specPath ?? bundlePathInRepo;
  const base = readBundleAt(options);
  if (base.error) return { passed: false, summary: base.error, details: '', changes: [] };
  if (base.text === undefined) return { passed: true, summary: `no ${specPath} at ${base.label}: nothing to compare`, details: '', changes: [] };
  const headText = readFileSync(join(cwd, specPath), 'utf8');
  const result = await compareSpecs(base.text, headText, { base: `${specPath}@${base.shown}`, head: specPath });
  return { ...result, summary: `against ${base.label}: ${result.summary}` };
}
