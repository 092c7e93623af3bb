// `npm run preflight`: the checks a release engineer runs before switching an integration
// to production — spec lint, generated-file staleness, the breaking-change gate and the
// contract tests against the target, and with --probe the provider probe (tools/probe) —
// each as its own process, all of them even when one fails, then a one-screen report.
// Exit code 1 when any check failed.
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { redactor } from '../contract/dredd.ts';
import { confirmProductionFlag, envNames, resolveFromInvocation, targetName, targetNames, TargetRefused, type TargetName } from '../contract/targets.ts';
import { probeInterval, probeRefusal } from '../probe/command.ts';
import { parseFlags } from '../../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../support/repo.ts';
import { redoclyBin, redoclyEnv } from '../support/redocly.ts';
import { runTool } from '../support/tool.ts';

const tsx = (script: string, ...args: string[]) => [process.execPath, '--import', 'tsx', join(repoRoot, 'scripts', script), ...args];

export type PreflightOptions = {
  target: TargetName;
  confirmProduction: boolean;
  base?: string;
  /** Absolute path of the HAR file the contract step records to (--record), and the probe step too. */
  record?: string;
  /** Runs the provider probe after the contract tests, with this pause between its requests (--probe, --probe-interval-ms). */
  probe?: { intervalMs?: number };
};

export type Step = {
  name: string;
  command: string[];
  summarize: (output: string) => string;
  /** The lines that explain a failure; default: the last lines of the output. */
  explain?: (lines: string[]) => string[];
};
export type StepResult = { name: string; passed: boolean; seconds: number; summary: string; tail: string[] };

/**
 * A relative --record is resolved here, against where npm was run, since the steps run from
 * the repository root. --probe is refused for production and the mock here, before any step
 * runs, whatever the other flags.
 */
export function parsePreflightArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): PreflightOptions {
  const usage = `--target ${targetNames.join('|')} [--base <git ref>] [${confirmProductionFlag}] [--record FILE.har] [--probe [--probe-interval-ms N]]`;
  const spec = {
    target: { type: 'string' },
    base: { type: 'string' },
    'confirm-production': { type: 'boolean' },
    record: { type: 'string' },
    probe: { type: 'boolean' },
    'probe-interval-ms': { type: 'string' },
  } as const;
  const flags = parseFlags(args, spec, usage, (m) => new TargetRefused(m));
  const target = targetName(flags.target ?? 'sandbox');
  const intervalFlag = flags['probe-interval-ms'];
  if (flags.probe) {
    const refusal = probeRefusal(target);
    if (refusal) throw new TargetRefused(refusal);
  } else if (intervalFlag !== undefined) {
    throw new TargetRefused(`--probe-interval-ms is the pause between the probe's requests: give it with --probe (usage: ${usage})`);
  }
  return {
    target,
    confirmProduction: flags['confirm-production'] ?? false,
    ...(flags.base === undefined ? {} : { base: flags.base }),
    ...(flags.record === undefined ? {} : { record: resolveFromInvocation(flags.record, env, cwd) }),
    ...(flags.probe ? { probe: intervalFlag === undefined ? {} : { intervalMs: probeInterval(intervalFlag, '--probe-interval-ms') } } : {}),
  };
}

const lastLine = (pattern: RegExp) => (output: string) =>
  output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => pattern.test(l))
    .pop() ?? '';

export function preflightSteps(options: PreflightOptions): Step[] {
  return [
    {
      name: 'lint',
      command: [redoclyBin, 'lint', '--format=stylish'],
      summarize: lastLine(/valid|failed|error|warning/i),
    },
    { name: 'generated files', command: tsx('check-generated.ts'), summarize: lastLine(/^check:generated: \d/) },
    { name: 'breaking changes', command: tsx('diff.ts', ...(options.base ? ['--base', options.base] : [])), summarize: lastLine(/^diff: /) },
    {
      name: `contract (${options.target})`,
      command: tsx('contract.ts', '--target', options.target, ...(options.confirmProduction ? [confirmProductionFlag] : []), ...(options.record ? ['--record', options.record] : [])),
      summarize: (output) => [lastLine(/complete: \d+ passing/)(output), ...output.split('\n').filter((l) => l.startsWith('contract: ') && !/ at https?:/.test(l))].filter(Boolean).join(' | '),
      // Dredd's per-failure lines (which transaction, and why), without the dumps.
      explain: (lines) => [...new Set(lines.filter((l) => /^(fail|error): /.test(l) || l.startsWith('contract: ')))].slice(0, 10),
    },
    ...(options.probe ? [probeStep(options, options.probe)] : []),
  ];
}

/** The provider probe, after the contract tests: it appends to the same --record file, else names its own. */
function probeStep(options: PreflightOptions, probe: NonNullable<PreflightOptions['probe']>): Step {
  return {
    name: `probe (${options.target})`,
    command: tsx(
      'probe.ts',
      '--target',
      options.target,
      ...(options.record ? ['--record', options.record] : []),
      ...(probe.intervalMs === undefined ? [] : ['--interval-ms', String(probe.intervalMs)]),
    ),
    summarize: lastLine(/^probe: \d+ requests sent/),
    explain: (lines) => lines.filter((l) => l.startsWith('probe: ') && !/^probe: +\d+\/\d+ /.test(l)).slice(-4),
  };
}

/** Runs one step, keeping its (redacted) output. */
export async function runStep(step: Step, env: NodeJS.ProcessEnv, secrets: string[], timeoutMs = 600_000): Promise<StepResult> {
  const redact = redactor(secrets);
  const started = Date.now();
  const run = await runTool(step.command[0]!, step.command.slice(1), {
    cwd: repoRoot,
    env: { ...redoclyEnv(env), FORCE_COLOR: '0', NO_COLOR: '1' },
    timeoutMs,
  }).catch((error: Error) => error);
  // Summaries are read before redaction (a short secret may be a common word) and
  // redacted before they are shown.
  const plain = run instanceof Error ? '' : stripVTControlCharacters(run.output);
  const lines = plain.split('\n').filter((l) => l.trim() !== '');
  const summary = run instanceof Error ? `could not start: ${run.message}` : step.summarize(plain) || `exit code ${run.exitCode}`;
  const tail = (step.explain?.(lines) ?? []).length > 0 ? step.explain!(lines) : lines.slice(-8);
  const passed = !(run instanceof Error) && run.exitCode === 0 && !run.timedOut;
  return { name: step.name, passed, seconds: (Date.now() - started) / 1000, summary: redact(summary), tail: tail.map(redact) };
}

/** The one-screen report: a line per check, and the last lines of each failed one. */
export function formatReport(options: PreflightOptions, results: StepResult[]): string {
  const failed = results.filter((r) => !r.passed);
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = [
    `Preflight against ${options.target}`,
    '',
    ...results.map((r) => `  ${r.passed ? 'PASS' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(5)}s  ${r.summary}`),
    '',
  ];
  for (const r of failed) {
    lines.push(`${r.name} (last lines):`, ...r.tail.map((l) => `  ${l.length > 200 ? `${l.slice(0, 197)}...` : l}`), '');
  }
  lines.push(failed.length === 0 ? `Preflight passed: ${results.length} of ${results.length} checks.` : `Preflight FAILED: ${failed.map((r) => r.name).join(', ')}.`);
  return lines.join('\n') + '\n';
}

/**
 * The credentials masked in every check's output by the privacy policy, at any length (a
 * short one masks pieces of words too; the contract check refuses one under eight
 * characters before using it).
 */
export function valuesToRedact(env: NodeJS.ProcessEnv): string[] {
  return [env[envNames.apiKey], env[envNames.signingSecret]].filter((s): s is string => typeof s === 'string' && s !== '');
}

/** Runs every step, the later ones also after one fails (the report shows each), and prints the report; exits 1 when any failed. */
export async function runPreflight(options: PreflightOptions, env: NodeJS.ProcessEnv, write: (text: string) => void, steps: readonly Step[] = preflightSteps(options)): Promise<number> {
  const secrets = valuesToRedact(env);
  const results: StepResult[] = [];
  for (const step of steps) {
    write(`preflight: ${step.name}...\n`);
    results.push(await runStep(step, env, secrets));
  }
  write('\n' + formatReport(options, results));
  return results.every((r) => r.passed) ? 0 : 1;
}
