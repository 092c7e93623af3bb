// `npm run conformance`: one sandbox, every client's runner (conformance/runners.json), and
// the matrix of cases × clients. A cell is passed, failed, unsupported (marked in the kit with
// its reason, counted apart) or missing (the runner did not report it: a failure).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { startSandbox } from '../../packages/sandbox/src/index.ts';
import { startExecutableSandbox } from '../standalone/executable-sandbox.ts';
import { repoRoot } from '../support/repo.ts';
import { kitCaseFiles, kitDir, loadCaseFiles, type Case } from './cases.ts';

/**
 * A client's runner: the command that starts it, and what it needs prepared first — a file
 * (`needs`, from the repository root) that `prepare` makes when it is missing (the Python
 * client's virtual environment, say), so that a fresh clone runs the matrix after `npm ci`.
 */
export type Runner = { command: string[]; prepare?: { needs: string; command: string[] } };
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

/**
 * Makes what a runner needs when it is missing, by its own prepare command; throws naming that
 * command when it fails, before the sandbox starts and any cell runs.
 */
export function prepareRunner(client: string, runner: Runner, log: (line: string) => void): void {
  if (!runner.prepare || existsSync(join(repoRoot, runner.prepare.needs))) return;
  const [command, ...args] = runner.prepare.command;
  const shown = runner.prepare.command.join(' ');
  log(`== ${client}: ${runner.prepare.needs} is missing; preparing it: ${shown}`);
  const prepared = spawnSync(command!, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (prepared.error || prepared.status !== 0 || !existsSync(join(repoRoot, runner.prepare.needs))) {
    const why = prepared.error ? prepared.error.message : prepared.status !== 0 ? `exit code ${prepared.status}` : `it did not make ${runner.prepare.needs}`;
    throw new Error(`the ${client} runner needs ${runner.prepare.needs}, and \`${shown}\` failed to make it (${why}): run it yourself and see why`);
  }
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
/**
 * The README's matrix: one row per case file of the kit, one column per client, each cell the
 * count of cases CI runs for that client (every one passes, or the run fails) and the count a
 * client cannot support yet. The case-by-case matrix is what `npm run conformance` prints.
 */
export function renderReadmeMatrix(cases: readonly (Case & { file: string })[], clients: readonly string[]): string {
  const files = [...new Set(cases.map((c) => c.file))];
  const header = `| cases | ${clients.join(' | ')} |`;
  const rule = `|---|${clients.map(() => ':-:').join('|')}|`;
  const cell = (inFile: readonly Case[], client: string) => {
    const unsupported = inFile.filter((c) => c.unsupported?.[client] !== undefined).length;
    return `${inFile.length - unsupported} ✓${unsupported ? `, ${unsupported} unsupported` : ''}`;
  };
  const row = (label: string, inFile: readonly Case[]) => `| ${label} | ${clients.map((client) => cell(inFile, client)).join(' | ')} |`;
  const rows = files.map((file) => row(`[\`${basename(file, '.json')}\`](conformance/cases/${basename(file)})`, cases.filter((c) => c.file === file)));
  return [header, rule, ...rows, row('**all**', cases)].join('\n');
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
  for (const client of clients) prepareRunner(client, runners[client]!, log);
  const caseFiles = [...kitCaseFiles, ...(options.caseFiles ?? []).map((file) => resolve(file))];
  const cases = casesOf(caseFiles);
  const apiKeys = Object.fromEntries(clients.map((client) => [credentialsOf(client).apiKey, credentialsOf(client).secret]));
  // The replay guard on (SANDBOX_REJECT_REPLAYS=1 for the command): a request signed like one
  // already received is refused, so a client that signs two requests alike fails its scenario.
  const sandbox = options.sandbox === undefined
    ? await startSandbox({ port: 0, apiKeys, logger: false, rejectReplays: true })
    : await startExecutableSandbox({ ...options.sandbox, option: '--sandbox-bin', apiKeys, env: { SANDBOX_REJECT_REPLAYS: '1' } });
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
