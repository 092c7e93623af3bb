// Redocly's lint, run as `npm run lint` runs it (the same CLI, redocly.yaml, plugins and
// decorators), with its findings read as data. They come from the CLI's `github-actions`
// format: one line per problem with its file, line and column, unlike `stylish` (meant for
// eyes) or `json` (which has JSON pointers but no line numbers).
import { runRedocly, withoutNotices } from '../support/redocly.ts';

export type LintProblem = { severity: 'error' | 'warning'; file: string; line: number; column: number; rule: string; message: string };

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
export async function lintSpec(signal?: AbortSignal): Promise<LintProblem[]> {
  const { exitCode, output } = await runRedocly(['lint', '--format=github-actions'], signal);
  const problems = parseLintOutput(output);
  if (exitCode !== 0 && !problems.some((p) => p.severity === 'error')) {
    problems.push({ severity: 'error', file: 'redocly.yaml', line: 0, column: 0, rule: 'redocly', message: `redocly lint exited with ${exitCode}: ${withoutNotices(output).slice(-2000)}` });
  }
  return problems;
}

/** One problem as one line: `file:line:column  severity  rule  message` (the message's first line). */
export function formatProblem(problem: LintProblem): string {
  const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
  return `${where}  ${problem.severity}  ${problem.rule}  ${problem.message.split('\n')[0]}`;
}
