// Redocly's lint and bundle, run as `npm run lint` and `npm run bundle` run them (the same
// CLI, redocly.yaml, plugins and decorators), but with the lint findings read as data and
// the bundle written to a scratch file, so a save that breaks the spec never replaces the
// committed bundle. The findings come from the CLI's `github-actions` format: one line per
// problem with its file, line and column, unlike `stylish` (meant for eyes) or `json`
// (which has JSON pointers but no line numbers).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type LintProblem = { severity: 'error' | 'warning'; file: string; line: number; column: number; rule: string; message: string };

/** The spec's root file, as redocly.yaml's `apis.main.root` names it. */
export const specRootInRepo = 'openapi/openapi.yaml';

const redoclyEnv = () => ({ ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' });

type Exec = { stdout: string; stderr: string; code: number };

async function redocly(root: string, args: string[], signal?: AbortSignal): Promise<Exec> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin/redocly'), args, { cwd: root, env: redoclyEnv(), maxBuffer: 16 * 1024 * 1024, signal });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number | string; name?: string };
    if (failed.name === 'AbortError') throw error;
    return { stdout: failed.stdout ?? '', stderr: failed.stderr ?? '', code: typeof failed.code === 'number' ? failed.code : 1 };
  }
}

/** GitHub's workflow-command escaping: `%`, CR and LF in messages; `:` and `,` too in properties. */
const unescapeData = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (text: string) => unescapeData(text.replace(/%3A/g, ':').replace(/%2C/g, ','));

/** The problems in Redocly's `github-actions` output (`::error title=rule,file=F,line=L,col=C::message`). */
export function parseLintOutput(output: string): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const line of output.split('\n')) {
    const match = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line);
    if (!match) continue;
    const properties = new Map(
      match[2]!.split(',').map((pair) => {
        const equals = pair.indexOf('=');
        return [pair.slice(0, equals), unescapeProperty(pair.slice(equals + 1))] as const;
      }),
    );
    problems.push({
      severity: match[1] === 'error' ? 'error' : 'warning',
      file: properties.get('file') ?? '',
      line: Number(properties.get('line') ?? 0),
      column: Number(properties.get('col') ?? 0),
      rule: properties.get('title') ?? '',
      // The first paragraph: Redocly appends a blank line and a link to the rule's page.
      message: unescapeData(match[3]!).split(/\n\s*\n/)[0]!.trim(),
    });
  }
  return problems;
}

/**
 * Lints the spec as `npm run lint` does. A run that fails without reporting a problem (the
 * config does not load, the CLI crashes) is reported as one problem carrying its output.
 */
export async function lintSpec(root: string, signal?: AbortSignal): Promise<LintProblem[]> {
  const result = await redocly(root, ['lint', '--format=github-actions'], signal);
  const problems = parseLintOutput(result.stdout + result.stderr);
  if (result.code !== 0 && !problems.some((p) => p.severity === 'error')) {
    problems.push({ severity: 'error', file: 'redocly.yaml', line: 0, column: 0, rule: 'redocly', message: `redocly lint exited with ${result.code}: ${withoutNotices(result.stderr || result.stdout).slice(-2000)}` });
  }
  return problems;
}

/** Bundles the spec into `outputPath` as `npm run bundle` does; the error is Redocly's output when it fails. */
export async function bundleSpec(root: string, outputPath: string, signal?: AbortSignal): Promise<{ ok: true } | { ok: false; error: string }> {
  const result = await redocly(root, ['bundle', specRootInRepo, '--output', outputPath], signal);
  return result.code === 0 ? { ok: true } : { ok: false, error: withoutNotices(result.stderr || result.stdout).slice(-2000) };
}

/** Redocly's output without its boxed notices (Node 20's end of support): they say nothing about the spec. */
export function withoutNotices(output: string): string {
  return output
    .split('\n')
    .filter((line) => !/^\s*[╔║╚]/.test(line))
    .join('\n')
    .trim();
}

/** One problem as one line: `file:line:column  severity  rule  message` (the message's first line). */
export function formatProblem(problem: LintProblem): string {
  const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
  return `${where}  ${problem.severity}  ${problem.rule}  ${problem.message.split('\n')[0]}`;
}
