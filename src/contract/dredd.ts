// Runs Dredd as a child process. Node runs it with tsx loaded so the TypeScript hooks
// file (and the shared signer it imports) loads as-is. Everything Dredd prints passes
// through a redactor first: Dredd prints request headers of failing transactions, and
// the hooks already blank the secret ones, but a secret must never reach a log even if
// a hook did not run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const dreddBin = fileURLToPath(new URL('../../node_modules/dredd/bin/dredd', import.meta.url));
export const hooksPath = fileURLToPath(new URL('../../tests/contract/hooks.ts', import.meta.url));

export type DreddRun = {
  descriptionPath: string;
  extraDescriptionPaths?: string[];
  endpoint: string;
  hookfiles?: string[];
  /** Restricts the HTTP methods Dredd sends (production: GET). */
  methods?: string[];
  /** Extra environment of the Dredd process (credentials, hook settings). */
  env?: NodeJS.ProcessEnv;
  /** Values that must never be printed. */
  secrets?: string[];
  /** Where the (redacted) output goes as it arrives. */
  write?: (text: string) => void;
  color?: boolean;
  timeoutMs?: number;
};

export type DreddSummary = { passing: number; failing: number; errors: number; skipped: number; total: number };
export type DreddResult = {
  exitCode: number;
  /** What Dredd printed, redacted. */
  output: string;
  /** Read before redaction, so a secret that happens to be a common word cannot hide it. */
  summary: DreddSummary | undefined;
  hooksFailedToLoad: boolean;
  timedOut: boolean;
};

export function dreddArgs(run: DreddRun): string[] {
  const args = [run.descriptionPath, run.endpoint, '--loglevel', 'error', run.color ? '--color' : '--no-color'];
  for (const path of run.extraDescriptionPaths ?? []) args.push('--path', path);
  for (const hookfile of run.hookfiles ?? [hooksPath]) args.push('--hookfiles', hookfile);
  for (const method of run.methods ?? []) args.push('--method', method);
  return args;
}

export function runDredd(run: DreddRun): Promise<DreddResult> {
  const redact = redactor(run.secrets ?? []);
  const write = run.write ?? (() => undefined);
  const child = spawn(process.execPath, ['--no-warnings', '--import', 'tsx', dreddBin, ...dreddArgs(run)], {
    env: { ...process.env, ...run.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let summary: DreddSummary | undefined;
  let hooksFailedToLoad = false;
  const pending = { stdout: '', stderr: '' };
  const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    // Line by line, so a secret split across two chunks is still recognised.
    const text = pending[stream] + chunk.toString();
    const cut = text.lastIndexOf('\n') + 1;
    pending[stream] = text.slice(cut);
    if (cut > 0) emit(text.slice(0, cut));
  };
  const emit = (text: string) => {
    summary = parseSummary(text) ?? summary;
    hooksFailedToLoad ||= text.includes('Skipping hook loading');
    const clean = redact(text);
    output += clean;
    write(clean);
  };
  child.stdout.on('data', onData('stdout'));
  child.stderr.on('data', onData('stderr'));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, run.timeoutMs ?? 300_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      for (const rest of [pending.stdout, pending.stderr]) if (rest) emit(rest + '\n');
      resolve({ exitCode: code ?? 1, output, summary, hooksFailedToLoad, timedOut });
    });
  });
}

/** Reads Dredd's `complete: N passing, N failing, N errors, N skipped, N total` line. */
export function parseSummary(output: string): DreddSummary | undefined {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const match = /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/.exec(plain);
  if (!match) return undefined;
  const [passing, failing, errors, skipped, total] = match.slice(1).map(Number) as [number, number, number, number, number];
  return { passing, failing, errors, skipped, total };
}

/** Masks the given values anywhere, and the values of the x-api-key and x-signature headers. */
export function redactor(secrets: string[]): (text: string) => string {
  const values = secrets.filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  return (text) => {
    let clean = text.replace(/^(\s*['"]?x-(?:api-key|signature)['"]?\s*[:=]\s*).+$/gim, '$1[redacted]');
    for (const value of values) clean = clean.split(value).join('[redacted]');
    return clean;
  };
}
