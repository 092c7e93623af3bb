// The provider probe as a command (scripts/probe.ts, the `--probe` step of `npm run preflight`):
// reads its flags, refuses production and the mock before anything else, opens the target
// with the contract run's credentials and signer, sends the plan (run.ts) and appends every
// exchange, redacted and labelled, to a HAR file.
import { join } from 'node:path';
import { startSandbox } from '../../packages/sandbox/src/index.ts';
import { demoCredentials } from '../../packages/sandbox/src/defaults.ts';
import { hmacSha256 } from '../../packages/sdk/src/signing/index.ts';
import { loadSignerModule } from '../contract/signer-from-env.ts';
import { resolveFromInvocation, resolveRemoteTarget, signerModuleBaseDir, targetName, TargetRefused, type RemoteTarget, type TargetName } from '../contract/targets.ts';
import { parseFlags } from '../../packages/sdk/src/cli/args.ts';
import { appendExchanges, checkHarTarget } from '../../packages/sdk/src/traffic/har-file.ts';
import { defaultProbeIntervalMs, maximumProbeRequests } from './plan.ts';
import type { ProbeTarget } from './request.ts';
import { runProbe, type ProbeBackoff } from './run.ts';

/** The targets the probe sends to: the local sandbox it starts, and staging. */
export type ProbeTargetName = 'sandbox' | 'staging';

export type ProbeOptions = {
  target: ProbeTargetName;
  /** Absolute path of the HAR file the exchanges are appended to. */
  record: string;
  intervalMs: number;
  /** How it backs off on inconclusive answers (run.ts's defaults otherwise). */
  backoff?: Partial<ProbeBackoff>;
};

/** The longest pause between two requests a user may ask for: a minute. */
export const maximumProbeIntervalMs = 60_000;

/**
 * Why a target is never probed, or undefined when it may be. Production: the probe sends
 * deliberately wrong requests on purpose, and production is no place to learn by mistakes.
 * The mock: Prism checks only that the authentication headers are present and answers from
 * the spec's examples, so its answers would teach nothing about the provider.
 */
export function probeRefusal(target: TargetName): string | undefined {
  if (target === 'production') return 'the provider probe is refused for production: it sends deliberately wrong requests; probe staging instead';
  if (target === 'mock') return 'the provider probe is refused for the mock: Prism checks no signature, timestamp or value, so its answers say nothing about the provider; probe sandbox or staging';
  return undefined;
}

/** The probe's pause between requests from the command line: a whole number of milliseconds up to a minute. */
export function probeInterval(value: string, flag: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms > maximumProbeIntervalMs) throw new TargetRefused(`${flag} must be a whole number of milliseconds from 0 to ${maximumProbeIntervalMs}, not "${value}"`);
  return ms;
}

/** `probe-<target>-<UTC date-time>.har`, e.g. probe-staging-20260121T101530Z.har: sorts by time, no characters a file system refuses. */
export function defaultRecordName(target: ProbeTargetName, at: Date): string {
  return `probe-${target}-${at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')}.har`;
}

/**
 * `--target sandbox|staging [--record FILE.har] [--interval-ms N]`. Without --record the
 * exchanges go to defaultRecordName in the directory npm was run from. Production and the mock
 * are refused first, whatever else is given.
 */
export function parseProbeArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd(), now: Date = new Date()): ProbeOptions {
  const usage = `--target sandbox|staging [--record FILE.har] [--interval-ms N]`;
  // --confirm-production is known only so that production is refused by name, not as an unknown flag.
  const spec = { target: { type: 'string' }, record: { type: 'string' }, 'interval-ms': { type: 'string' }, 'confirm-production': { type: 'boolean' } } as const;
  const flags = parseFlags(args, spec, usage, (m) => new TargetRefused(m));
  const target = targetName(flags.target ?? 'sandbox');
  const refusal = probeRefusal(target);
  if (refusal) throw new TargetRefused(refusal);
  const probed = target as ProbeTargetName;
  return {
    target: probed,
    record: flags.record === undefined ? join(signerModuleBaseDir(env, cwd), defaultRecordName(probed, now)) : resolveFromInvocation(flags.record, env, cwd),
    intervalMs: flags['interval-ms'] === undefined ? defaultProbeIntervalMs : probeInterval(flags['interval-ms'], '--interval-ms'),
  };
}

type OpenTarget = ProbeTarget & { label: string; close: () => Promise<void> };

/**
 * The sandbox: started here on a free loopback port with its replay guard on (off by default,
 * and the replay probe would otherwise only show that it is off). Staging: the contract run's
 * address, key and signer, from the same variables, refused the same way when one is missing.
 */
async function openTarget(target: ProbeTargetName, env: NodeJS.ProcessEnv, cwd: string): Promise<OpenTarget> {
  if (target === 'sandbox') {
    const sandbox = await startSandbox({ logger: false, rejectReplays: true });
    return { label: 'sandbox (replay guard on)', baseUrl: sandbox.url, apiKey: demoCredentials.apiKey, signer: hmacSha256({ secret: demoCredentials.secret }), close: () => sandbox.close() };
  }
  let remote: RemoteTarget;
  try {
    remote = resolveRemoteTarget(target, env, false, cwd);
  } catch (error) {
    // The same checks as the contract run; the message names this command.
    throw error instanceof TargetRefused ? new TargetRefused(error.message.replace('refusing to run the contract tests against', 'refusing to probe')) : error;
  }
  const signer = remote.signing.kind === 'module' ? await loadSignerModule(remote.signing.modulePath) : hmacSha256({ secret: remote.signing.secret });
  return { label: target, baseUrl: remote.baseUrl, apiKey: remote.apiKey, signer, close: async () => undefined };
}

export type ProbeIo = { out: (text: string) => void; err: (text: string) => void };

/** Exit code 0 when the whole plan was sent and recorded, 1 when it stopped early (what was sent is recorded). */
export async function runProbeCommand(options: ProbeOptions, env: NodeJS.ProcessEnv, io: ProbeIo, cwd: string = process.cwd()): Promise<number> {
  // A file the exchanges could not be appended to is refused before anything is sent.
  try {
    await checkHarTarget(options.record);
  } catch (error) {
    throw new TargetRefused(`--record ${options.record}: ${(error as Error).message}`);
  }
  const target = await openTarget(options.target, env, cwd);
  try {
    io.out(`probe: ${target.label} at ${target.baseUrl}: at most ${maximumProbeRequests} requests, ${options.intervalMs} ms apart, reads and previews only\n`);
    const outcome = await runProbe(target, { intervalMs: options.intervalMs, report: (line) => io.out(`probe: ${line}\n`), ...(options.backoff ? { backoff: options.backoff } : {}) });
    await appendExchanges(options.record, outcome.exchanges);
    io.out(`probe: ${outcome.exchanges.length} requests sent (at most ${maximumProbeRequests}, and those asked again after backing off), recorded in ${options.record}\n`);
    if (outcome.stopped) {
      io.err(`probe: stopped early: ${outcome.stopped}\n`);
      return 1;
    }
    return 0;
  } finally {
    await target.close();
  }
}
