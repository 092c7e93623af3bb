// `npm run conformance`: one sandbox, every client's runner (conformance/runners.json), and
// the matrix of cases × clients. A cell is passed, failed, unsupported (marked in the kit with
// its reason, counted apart) or missing (the runner did not report it: a failure).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from '../sandbox/index.ts';
import { startExecutableSandbox } from '../standalone/executable-sandbox.ts';
import { repoRoot } from '../support/repo.ts';
import { kitCaseFiles, kitDir, loadCaseFiles, type Case } from './cases.ts';

export type Runner = { command: string[] };
export type Cell = { outcome: 'pass' | 'fail' | 'unsupported' | 'missing'; saw: string };
export type MatrixRow = { id: string; covers: string; file: string; cells: Record<string, Cell> };
export type Matrix = { clients: string[]; rows: MatrixRow[] };

export function readRunners(path = join(kitDir, 'runners.json')): Record<string, Runner> {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(parsed).filter(([name]) => !name.startsWith('$'))) as Record<string, Runner>;
}

/** The key and secret each client's runner uses against the shared sandbox: scenarios reset only their own. */
export function credentialsOf(client: string): { apiKey: string; secret: string } {
  return { apiKey: `conformance-${client}`, secret: `conformance-${client}-signing-secret` };
}

type RunnerResult = { client?: string; results?: { case: string; outcome: string; saw?: string }[] };

/** Runs one client's runner; its stderr goes to ours. Resolves to what it wrote, or the reason it wrote nothing. */
function runRunner(client: string, runner: Runner, caseFiles: readonly string[], sandboxUrl: string, outDir: string): Promise<RunnerResult | string> {
  const out = join(outDir, `${client}.json`);
  const { apiKey, secret } = credentialsOf(client);
  const [command, ...args] = runner.command;
  const argv = [...args, '--cases', ...caseFiles, '--sandbox', sandboxUrl, '--api-key', apiKey, '--secret', secret, '--out', out];
  return new Promise((done) => {
    const child = spawn(command!, argv, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => done(`the runner could not start (${error.message})`));
    child.on('close', (code) => {
      try {
        done(JSON.parse(readFileSync(out, 'utf8')) as RunnerResult);
      } catch {
        done(`the runner exited with code ${code} and wrote no results`);
      }
    });
  });
}

export function buildMatrix(cases: readonly (Case & { file: string })[], clients: readonly string[], results: Record<string, RunnerResult | string>): Matrix {
  const rows = cases.map((testCase) => {
    const cells: Record<string, Cell> = {};
    for (const client of clients) {
      const reason = testCase.unsupported?.[client];
      const result = results[client];
      const reported = typeof result === 'string' ? undefined : result?.results?.find((r) => r.case === testCase.id);
      if (reason !== undefined) cells[client] = { outcome: 'unsupported', saw: reason };
      else if (!reported) cells[client] = { outcome: 'missing', saw: typeof result === 'string' ? result : 'not reported by the runner' };
      else cells[client] = { outcome: reported.outcome === 'pass' ? 'pass' : 'fail', saw: reported.saw ?? '' };
    }
    return { id: testCase.id, covers: testCase.covers, file: testCase.file, cells };
  });
  return { clients: [...clients], rows };
}

export type Tally = { cases: number; clients: number; passed: number; failed: number; unsupported: number };

export function tally(matrix: Matrix): Tally {
  const cells = matrix.rows.flatMap((row) => Object.values(row.cells));
  return {
    cases: matrix.rows.length,
    clients: matrix.clients.length,
    passed: cells.filter((c) => c.outcome === 'pass').length,
    failed: cells.filter((c) => c.outcome === 'fail' || c.outcome === 'missing').length,
    unsupported: cells.filter((c) => c.outcome === 'unsupported').length,
  };
}

const symbol: Record<Cell['outcome'], string> = { pass: 'pass', fail: 'FAIL', unsupported: 'unsupported', missing: 'MISSING' };

/** The terminal's matrix: one row per case, one column per client, then what each red cell saw, then the count. */
export function renderMatrix(matrix: Matrix): string {
  const width = Math.max(...matrix.rows.map((row) => row.id.length), 4);
  const columns = matrix.clients.map((client) => Math.max(client.length, 11));
  const line = (first: string, cells: string[]) => `${first.padEnd(width)}  ${cells.map((cell, i) => cell.padEnd(columns[i]!)).join('  ')}`.trimEnd();
  const lines = [line('case', matrix.clients), line('-'.repeat(width), columns.map((w) => '-'.repeat(w)))];
  for (const row of matrix.rows) lines.push(line(row.id, matrix.clients.map((client) => symbol[row.cells[client]!.outcome])));
  const notes = matrix.rows.flatMap((row) =>
    matrix.clients.filter((client) => row.cells[client]!.outcome !== 'pass').map((client) => `  ${row.id} × ${client}: ${row.cells[client]!.outcome} — ${row.cells[client]!.saw}`),
  );
  if (notes.length > 0) lines.push('', ...notes);
  const t = tally(matrix);
  lines.push('', `${t.cases} cases × ${t.clients} clients: ${t.passed} passed, ${t.failed} failed${t.unsupported > 0 ? `, ${t.unsupported} unsupported` : ''}`);
  return lines.join('\n');
}

/**
 * The README's matrix, made from the kit alone (no run): every case must pass for every
 * client (CI runs the command and fails on any other cell), so a cell is ✓, or "unsupported"
 * with the kit's reason. Its staleness is checked by the tests.
 */
export function renderReadmeMatrix(cases: readonly Case[], clients: readonly string[]): string {
  const header = `| case | covers | ${clients.join(' | ')} |`;
  const rule = `|---|---|${clients.map(() => ':-:').join('|')}|`;
  const rows = cases.map((c) => `| \`${c.id}\` | ${c.covers.replace(/\|/g, '\\|')} | ${clients.map((client) => (c.unsupported?.[client] ? `unsupported: ${c.unsupported[client]}` : '✓')).join(' | ')} |`);
  return [header, rule, ...rows].join('\n');
}

export function casesOf(caseFiles: readonly string[]): (Case & { file: string })[] {
  return loadCaseFiles(caseFiles).flatMap((file) => file.cases.map((c) => ({ ...c, file: file.path })));
}

/** Where the matrix runs: the sandbox in this process (default), or a sandbox executable (`--sandbox-bin`). */
export type SandboxTarget = { bin: string; port?: number; startTimeoutMs?: number };

export async function runConformance(options: { caseFiles?: string[]; clients?: string[]; log?: (line: string) => void; sandbox?: SandboxTarget } = {}): Promise<{ matrix: Matrix; text: string }> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const runners = readRunners();
  const clients = options.clients ?? Object.keys(runners);
  for (const client of clients) if (!runners[client]) throw new Error(`no runner for "${client}" in conformance/runners.json (known: ${Object.keys(runners).join(', ')})`);
  const caseFiles = [...kitCaseFiles, ...(options.caseFiles ?? []).map((file) => resolve(file))];
  const cases = casesOf(caseFiles);
  const apiKeys = Object.fromEntries(clients.map((client) => [credentialsOf(client).apiKey, credentialsOf(client).secret]));
  const sandbox = options.sandbox === undefined
    ? await startSandbox({ port: 0, apiKeys, logger: false })
    : await startExecutableSandbox({ ...options.sandbox, option: '--sandbox-bin', apiKeys });
  if (options.sandbox !== undefined) log(`== sandbox: ${options.sandbox.bin} at ${sandbox.url}`);
  const outDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const results: Record<string, RunnerResult | string> = {};
  try {
    for (const client of clients) {
      const started = performance.now();
      log(`== ${client}: ${runners[client]!.command.join(' ')}`);
      results[client] = await runRunner(client, runners[client]!, caseFiles, sandbox.url, outDir);
      log(`   ${client} ran in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await sandbox.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  const matrix = buildMatrix(cases, clients, results);
  const text = renderMatrix(matrix);
  log(text);
  return { matrix, text };
}
