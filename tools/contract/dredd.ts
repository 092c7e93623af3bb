// Runs Dredd as a child process. Node runs it with tsx loaded so the TypeScript hooks
// file (and the shared signer it imports) loads as-is. Everything Dredd prints passes
// through the privacy policy first (redactor): Dredd prints request headers and bodies of
// failing transactions, and the hooks already blank the secret headers, but a secret or a
// personal value must never reach a log even if a hook did not run.
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { defaultPolicy, type PrivacyPolicy } from '../../packages/sdk/src/privacy/index.ts';
import { repoRoot } from '../support/repo.ts';
import { runTool } from '../support/tool.ts';

export const dreddBin = join(repoRoot, 'node_modules/dredd/bin/dredd');
export const hooksPath = fileURLToPath(new URL('./hooks.ts', import.meta.url));

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

export async function runDredd(run: DreddRun): Promise<DreddResult> {
  const redact = redactor(run.secrets ?? []);
  const write = run.write ?? (() => undefined);
  let output = '';
  let summary: DreddSummary | undefined;
  let hooksFailedToLoad = false;
  const pending = { stdout: '', stderr: '' };
  const emit = (text: string) => {
    summary = parseSummary(text) ?? summary;
    hooksFailedToLoad ||= text.includes('Skipping hook loading');
    const clean = redact(text);
    output += clean;
    write(clean);
  };
  const { exitCode, timedOut } = await runTool(process.execPath, ['--no-warnings', '--import', 'tsx', dreddBin, ...dreddArgs(run)], {
    env: { ...process.env, ...run.env },
    timeoutMs: run.timeoutMs ?? 300_000,
    onData: (stream, chunk) => {
      // Line by line, so a secret split across two chunks is still recognised.
      const text = pending[stream] + chunk;
      const cut = text.lastIndexOf('\n') + 1;
      pending[stream] = text.slice(cut);
      if (cut > 0) emit(text.slice(0, cut));
    },
  });
  for (const rest of [pending.stdout, pending.stderr]) if (rest) emit(rest + '\n');
  return { exitCode, output, summary, hooksFailedToLoad, timedOut };
}

/** Reads Dredd's `complete: N passing, N failing, N errors, N skipped, N total` line. */
export function parseSummary(output: string): DreddSummary | undefined {
  const plain = stripVTControlCharacters(output);
  const match = /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/.exec(plain);
  if (!match) return undefined;
  const [passing, failing, errors, skipped, total] = match.slice(1).map(Number) as [number, number, number, number, number];
  return { passing, failing, errors, skipped, total };
}

/**
 * The shortest API key or signing secret the contract runner accepts (tools/contract/targets.ts).
 * The policy masks a secret of any length wherever it appears, but a short one would mask
 * pieces of ordinary words (a key "k" turns "skipped" into "s[redacted]ipped") and, by what
 * it masks, reveal itself; from eight characters on a chance match is unlikely.
 */
export const minimumSecretLength = 8;

/** Dredd's closing lines, which CI and the preflight read: never altered. */
const dreddClosingLine = /^complete: (?:\d+ passing, \d+ failing, \d+ errors, \d+ skipped, \d+ total|Tests took \d+ms)$/;
/** A header as Dredd prints it (`x-api-key: …`, `'x-signature': '…'`). */
const headerLine = /^(\s*['"]?([A-Za-z0-9-]+)['"]?\s*[:=]\s*).+$/;

/**
 * A signature's shape: 64 hexadecimal digits (HMAC-SHA256), not part of a longer word. The
 * hooks compute each signature in Dredd's process, so this one cannot be handed the values:
 * an answer quoting one is caught by its shape. Over-masks a 64-digit transaction hash in
 * Dredd's log (`0x` and 64 digits), which a reader of that log does not need.
 */
const signatureShaped = /(?<![0-9A-Za-z])(?:0x)?[0-9a-fA-F]{64}(?![0-9A-Za-z])/g;

/**
 * Puts Dredd's output through the privacy policy line by line, with `secrets` as carried
 * values (masked at any length): the values of the policy's secret headers, the secrets,
 * signature-shaped values, identifiers and protected fields. Dredd's closing lines pass
 * unchanged.
 */
export function redactor(secrets: string[], policy: PrivacyPolicy = defaultPolicy): (text: string) => string {
  const carried = secrets.filter((s) => s.length > 0);
  const redactLine = (line: string) => {
    if (dreddClosingLine.test(stripVTControlCharacters(line).trim())) return line;
    const header = headerLine.exec(line);
    if (header && policy.isSecretHeader(header[2]!)) return `${header[1]}[redacted]`;
    return policy.redactText(line.replace(signatureShaped, '[redacted]'), carried);
  };
  return (text) => text.split('\n').map(redactLine).join('\n');
}
