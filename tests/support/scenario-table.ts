// The failure scenarios' table as the READMEs print it (between `<!-- scenario-table -->`
// markers): each row's answer, the definition to arm, whether the operation runs, and the
// `@wallet-api/sdk` error kind it produces. The tests run every row, so the table cannot say
// what the sandbox and the client do not.
import { readFileSync } from 'node:fs';
import { repoRoot } from './run.ts';

export type ScenarioRow = { answer: string; definition: Record<string, unknown>; operationRuns: boolean; kind: string };

export function scenarioTable(readmePath: string): { text: string; rows: ScenarioRow[] } {
  const readme = readFileSync(`${repoRoot}${readmePath}`, 'utf8');
  const match = /<!-- scenario-table -->\n([\s\S]*?)<!-- \/scenario-table -->/.exec(readme);
  if (!match) throw new Error(`${readmePath} has no scenario table`);
  const rows = match[1]!
    .trim()
    .split('\n')
    .slice(2)
    .map((line): ScenarioRow => {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
      const code = (cell: string) => /`([^`]+)`/.exec(cell)?.[1] ?? '';
      return { answer: code(cells[0]!), definition: JSON.parse(code(cells[1]!)) as Record<string, unknown>, operationRuns: cells[2]!.startsWith('yes'), kind: code(cells[3]!) };
    });
  return { text: match[1]!, rows };
}

/** What the client settles with: `ok`, or its error's kind. */
export const settledKind = (promise: Promise<unknown>): Promise<string> => promise.then(() => 'ok', (error: unknown) => String((error as { kind?: unknown }).kind ?? error));
