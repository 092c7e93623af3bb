// `npm run bench:learn`: how long the traffic report (`npm run learn`) takes on 10,000
// recorded exchanges (or --exchanges, up to a million), and where the time and memory go. It
// records real traffic first (learn/recorded-traffic.ts: the sandbox playing a provider
// profile, walked through the kit's recorder, written as a HAR document or JSON lines), times
// the report phase by phase in fresh processes (learn/report-phases.ts), then runs the command
// itself once on the same file. With --memory-baseline N it also times the report on the
// first N entries and prints the peak memory of the two against each other: the report reads
// its input as a stream, so that ratio stays near 1 however long the recording. The
// recordings are written under a temporary directory, removed at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { repoRoot } from '../../tools/support/repo.ts';
import { readBenchOptions } from './support/options.ts';
import { commandLines, memoryLines, phaseLines, recordingLines, summaryLine, type CommandTiming } from './learn/figures.ts';
import { learnBenchOptions, learnBenchUsage } from './learn/options.ts';
import { recordTraffic } from './learn/recorded-traffic.ts';
import type { ReportTiming } from './learn/report-phases.ts';
import { policyCost, policyCostLine } from './learn/policy-cost.ts';

const options = readBenchOptions(learnBenchUsage, learnBenchOptions);

const startLoad = loadavg();
const cores = availableParallelism();
const directory = mkdtempSync(join(tmpdir(), 'bench-learn-'));
const extension = options.format === 'jsonl' ? 'har.jsonl' : 'har';
const har = join(directory, `traffic.${extension}`);
const baselineHar = join(directory, `baseline.${extension}`);
const tsx = join(repoRoot, 'node_modules/.bin/tsx');

/** One fresh process timing the report; its figures. */
function timeInFreshProcess(file = har): ReportTiming {
  const profiling = options['cpu-prof-dir'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(options['cpu-prof-dir'])] : [];
  // --expose-gc: the timing process measures the heap the report keeps, after a full collection, once everything is read.
  const output = execFileSync(process.execPath, [...profiling, '--expose-gc', '--import', 'tsx', 'scripts/bench/learn/time-report.ts', '--file', file, '--label', basename(file)], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(output.trim().split('\n').at(-1)!) as ReportTiming;
}

/** Wall time of a command run to its end, output discarded. */
function wallTime(command: string, args: string[]): { ms: number; exitCode: number | null } {
  const started = performance.now();
  const { status, error } = spawnSync(command, args, { cwd: repoRoot, stdio: 'ignore' });
  if (error) throw error;
  return { ms: performance.now() - started, exitCode: status };
}

/** `tsx scripts/learn.ts` as `npm run learn` spawns it, on the file, writing the Markdown beside it; and tsx alone, for its start-up. */
function timeCommand(): CommandTiming {
  const run = wallTime(tsx, ['scripts/learn.ts', har, '--out', join(directory, 'report.md')]);
  // Exit 1 is a report with contradictions; 2 would be the command refusing its input.
  if (run.exitCode !== 0 && run.exitCode !== 1) throw new Error(`tsx scripts/learn.ts exited with ${run.exitCode}`);
  return { command: `tsx scripts/learn.ts ${basename(har)} --out report.md`, ...run, startupMs: wallTime(tsx, ['--eval', '0']).ms };
}

try {
  process.stdout.write(`bench:learn: the traffic report on ${options.exchanges.toLocaleString('en-US')} recorded exchanges; Node ${process.version}, ${cores} cores, load average ${startLoad.map((v) => v.toFixed(2)).join(' ')}\n\n`);
  const baseline = options['memory-baseline'];
  if (baseline !== undefined && baseline >= options.exchanges) throw new Error(`--memory-baseline (${baseline}) must be fewer than --exchanges (${options.exchanges})`);
  const traffic = await recordTraffic({
    document: loadBundledDocument(),
    profile: resolve(repoRoot, options.profile),
    rounds: options['walk-rounds'],
    count: options.exchanges,
    file: har,
    format: options.format,
    ...(baseline === undefined ? {} : { baseline: { count: baseline, file: baselineHar } }),
  });
  process.stdout.write(`${recordingLines(traffic, basename(options.profile), options['walk-rounds'], statSync(har).size, options.format).join('\n')}\n`);
  process.stdout.write(`${policyCostLine(policyCost(traffic.sample))}\n\n`);
  const timings = Array.from({ length: options.rounds }, () => timeInFreshProcess());
  const { lines, summary } = phaseLines(timings);
  process.stdout.write(`${lines.join('\n')}\n\n`);
  if (baseline !== undefined) {
    const baselineTimings = Array.from({ length: options.rounds }, () => timeInFreshProcess(baselineHar));
    process.stdout.write(`${memoryLines(baselineTimings, timings, statSync(baselineHar).size, statSync(har).size).join('\n')}\n\n`);
  }
  const command = options['skip-command'] ? undefined : timeCommand();
  if (command) process.stdout.write(`${commandLines(command).join('\n')}\n\n`);
  if (options['cpu-prof-dir']) process.stdout.write(`CPU profiles of the timing processes: ${resolve(options['cpu-prof-dir'])}\n\n`);
  process.stdout.write(`${summaryLine(summary, command, { start: startLoad, end: loadavg() }, cores)}\n`);
  if (options['keep-recording']) {
    // Kept for a comparison of its own (scripts/bench/learn-before-after.ts): copied out before the directory goes.
    const kept = resolve(options['keep-recording']);
    mkdirSync(kept, { recursive: true });
    for (const file of baseline === undefined ? [har] : [baselineHar, har]) copyFileSync(file, join(kept, basename(file)));
    process.stdout.write(`Recording kept: ${join(kept, basename(har))}\n`);
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
