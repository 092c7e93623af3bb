// How `npm run bench:learn` prints what it measured: the recording, the report's phases
// (medians over the timing processes) with their shares, the rates and memory, the command
// end to end, and the summary line against the 60 s budget with the machine's load.
import { median } from '../support/median.ts';
import type { RecordedTraffic } from './recorded-traffic.ts';
import { phaseNames, type ReportTiming } from './report-phases.ts';

/** What `npm run learn` may take on the default count, on this machine. */
export const budgetSeconds = 60;

const grouped = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const loadText = (load: readonly number[]) => load.map((value) => value.toFixed(2)).join(' ');

export function recordingLines(traffic: RecordedTraffic, profile: string, rounds: number, harBytes: number, format: 'har' | 'jsonl'): string[] {
  const { driven, of, missing } = traffic.operations;
  const how = format === 'har' ? "as a HAR document by the kit's HAR writer (`--record`)" : "as JSON lines by the kit's line writer (recordTraffic's)";
  return [
    `Recorded: ${traffic.walked} exchanges of a ${rounds}-round walk of the sandbox playing ${profile} (${driven} of ${of} operations${missing.length ? `; never sent: ${missing.join(', ')}` : ''}; ${traffic.probes} probes), through the kit's recording fetch, in ${seconds(traffic.walkMs)}`,
    `Written: ${grouped(traffic.written)} HAR entries (the walk repeated in order, each entry its own index), ${megabytes(harBytes)}, redacted and written ${how} in batches of 1,000 in ${seconds(traffic.writeMs)}`,
  ];
}

/** The peak memory of the report on the first entries of the recording against that on all of it. */
export function memoryLines(baseline: readonly ReportTiming[], full: readonly ReportTiming[], baselineBytes: number, fullBytes: number): string[] {
  const peak = (timings: readonly ReportTiming[], pick: (timing: ReportTiming) => number) => Math.max(...timings.map(pick));
  const rss = [peak(baseline, (t) => t.peakRssBytes), peak(full, (t) => t.peakRssBytes)] as const;
  const heap = [peak(baseline, (t) => t.peakHeapBytes), peak(full, (t) => t.peakHeapBytes)] as const;
  const [small, large] = [baseline[0]!.exchanges, full[0]!.exchanges];
  const live = (timings: readonly ReportTiming[]) => median(timings.map((t) => t.liveHeapBytes ?? Number.NaN));
  const liveText = (timings: readonly ReportTiming[]) => (Number.isNaN(live(timings)) ? '' : `, ${megabytes(live(timings))} of it live once all was read`);
  return [
    `Memory against the recording's length (the same entries, the first ${grouped(small)} of them alone, then all):`,
    `  ${grouped(small)} exchanges (${megabytes(baselineBytes)}): peak RSS ${megabytes(rss[0])}, heap in use at most ${megabytes(heap[0])}${liveText(baseline)}; total ${seconds(median(baseline.map(totalOf)))}`,
    `  ${grouped(large)} exchanges (${megabytes(fullBytes)}): peak RSS ${megabytes(rss[1])}, heap in use at most ${megabytes(heap[1])}${liveText(full)}; total ${seconds(median(full.map(totalOf)))}`,
    `  ${(large / small).toFixed(1)}× the exchanges: ${(rss[1] / rss[0]).toFixed(2)}× the peak RSS, ${(heap[1] / heap[0]).toFixed(2)}× the heap${Number.isNaN(live(full) / live(baseline)) ? '' : `, ${(live(full) / live(baseline)).toFixed(2)}× the live heap`}`,
  ];
}

/** Each round's total: every phase, both renderings included. */
const totalOf = (timing: ReportTiming) => phaseNames.reduce((sum, name) => sum + timing.phases[name], 0);

export type ReportSummary = { totalMs: number; perExchangeMicros: number; exchanges: number };

export function phaseLines(timings: readonly ReportTiming[]): { lines: string[]; summary: ReportSummary } {
  const medians = phaseNames.map((name) => [name, median(timings.map((t) => t.phases[name]))] as const);
  const sum = medians.reduce((total, [, ms]) => total + ms, 0);
  const totalMs = median(timings.map(totalOf));
  const readMs = median(timings.map((t) => t.phases['read each exchange (ExchangeAnalyser.read)']));
  const { exchanges, unmatched, answersReadAgain, learnings, contradictions, markdownBytes, jsonBytes } = timings[0]!;
  const width = Math.max(...phaseNames.map((name) => name.length)) + 2;
  const lines = [
    `The report in a fresh process, as \`npm run learn\` runs it (median of ${timings.length} process${timings.length === 1 ? '' : 'es'}; both renderings timed, the command makes one):`,
    `  ${'phase'.padEnd(width)}${'ms'.padStart(9)}${'share'.padStart(8)}`,
    ...medians.map(([name, ms]) => `  ${name.padEnd(width)}${ms.toFixed(1).padStart(9)}${`${((ms / sum) * 100).toFixed(1)}%`.padStart(8)}`),
    `  ${'total'.padEnd(width)}${totalMs.toFixed(1).padStart(9)}`,
    `  ${grouped(exchanges)} exchanges (${grouped(unmatched)} of no operation of the spec): ${grouped(exchanges / (totalMs / 1000))} exchanges/s, ${((totalMs * 1000) / exchanges).toFixed(0)} µs per exchange in all (start-up included), ${((readMs * 1000) / exchanges).toFixed(0)} µs reading one`,
    `  answers read again: ${grouped(answersReadAgain)} of the ${grouped(exchanges - unmatched)} of an operation were alike to one read before (operation, status, probe, body): counted from that reading, not parsed and checked again`,
    `  CPU time of the process ${median(timings.map((t) => t.cpuMs)).toFixed(0)} ms (its threads together; steadier than the times above on a shared machine)`,
    `  peak RSS ${megabytes(Math.max(...timings.map((t) => t.peakRssBytes)))}, heap in use at most ${megabytes(Math.max(...timings.map((t) => t.peakHeapBytes)))}${timings[0]!.liveHeapBytes === undefined ? '' : `, ${megabytes(median(timings.map((t) => t.liveHeapBytes!)))} of it live once every exchange was read (after a full collection)`}`,
    `  the report: ${learnings} learnings, ${contradictions} contradictions; Markdown ${grouped(markdownBytes)} bytes, JSON ${grouped(jsonBytes)} bytes`,
  ];
  return { lines, summary: { totalMs, perExchangeMicros: (totalMs * 1000) / exchanges, exchanges } };
}

export type CommandTiming = { command: string; ms: number; exitCode: number | null; startupMs: number };

export function commandLines(run: CommandTiming): string[] {
  return [`End to end: \`${run.command}\` took ${seconds(run.ms)} (exit ${run.exitCode}), of which ${seconds(run.startupMs)} is starting tsx with nothing to run`];
}

export function summaryLine(summary: ReportSummary, command: CommandTiming | undefined, load: { start: readonly number[]; end: readonly number[] }, cores: number): string {
  const wall = command?.ms ?? summary.totalMs;
  const what = command ? `${seconds(command.ms)} as \`npm run learn\` (${seconds(summary.totalMs)} in process)` : `${seconds(summary.totalMs)} in process`;
  return (
    `Summary: the report on ${grouped(summary.exchanges)} recorded exchanges takes ${what}, ${summary.perExchangeMicros.toFixed(0)} µs per exchange: ` +
    `${(wall / 1000 / budgetSeconds).toFixed(3)}× of the ${budgetSeconds} s budget (${wall / 1000 < budgetSeconds ? 'within' : 'OVER'}); ` +
    `load average ${loadText(load.start)} at the start and ${loadText(load.end)} at the end on ${cores} cores (other work on the machine inflates these figures)`
  );
}
