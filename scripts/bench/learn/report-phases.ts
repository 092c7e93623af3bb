// The traffic report timed phase by phase, doing what `npm run learn -- FILE` does (scripts/
// learn.ts) with the same functions: load the bundled spec, set up the report, read the
// recording as a stream into it, finish and render it. Reading, parsing and reporting are
// interleaved, one exchange at a time; wrapping ExchangeAnalyser.prototype.read and
// ReportBuilder.prototype.add splits the stream's time into the reads, the grouping around
// them and the rest (the file read and parsed into exchanges), without changing the report's code.
import { ExchangeAnalyser } from '../../../tools/learn/findings.ts';
import { streamHarExchanges } from '../../../tools/learn/har-input.ts';
import { renderMarkdown } from '../../../tools/learn/markdown.ts';
import { ReportBuilder } from '../../../tools/learn/report.ts';
import { loadBundledDocument } from '../../../packages/sandbox/src/spec/document.ts';

export const phaseNames = [
  'start Node and tsx, load the modules',
  'load the bundled spec',
  'set up the report (validators, markers)',
  'read and parse the recording, as a stream',
  'read each exchange (ExchangeAnalyser.read)',
  'group the findings (rest of the report)',
  'render Markdown',
  'render JSON',
] as const;
export type PhaseName = (typeof phaseNames)[number];

const cpuMillis = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;

export type ReportTiming = {
  phases: Record<PhaseName, number>;
  exchanges: number;
  unmatched: number;
  /** Answers alike to one read before (ReportBuilder.answersReadAgain): counted from that reading. */
  answersReadAgain: number;
  learnings: number;
  contradictions: number;
  /** The highest heap in use at the end of a phase or between reads; the process's peak resident set. */
  peakHeapBytes: number;
  /** The heap in use once every exchange is read, after a full collection (what the report keeps): when the process runs with --expose-gc. */
  liveHeapBytes: number | undefined;
  peakRssBytes: number;
  /** CPU time of the whole process, start-up included, in ms: steadier than the wall times when other work shares the cores. */
  cpuMs: number;
  markdownBytes: number;
  jsonBytes: number;
};

/**
 * Times the report on one HAR file; meant for a fresh process, as `npm run learn` is one.
 * `startupMs`: how long the process took to reach its first statement (its module imports).
 */
export async function timeReport(file: string, label: string, startupMs: number): Promise<ReportTiming> {
  let peakHeapBytes = 0;
  const sampleHeap = () => (peakHeapBytes = Math.max(peakHeapBytes, process.memoryUsage().heapUsed));
  const phases = { 'start Node and tsx, load the modules': startupMs } as Record<PhaseName, number>;
  const timed = <T>(name: PhaseName, work: () => T): T => {
    const started = performance.now();
    const result = work();
    phases[name] = performance.now() - started;
    sampleHeap();
    return result;
  };

  const document = timed('load the bundled spec', () => loadBundledDocument());
  const builder = timed('set up the report (validators, markers)', () => new ReportBuilder(document));

  let readMs = 0;
  let addMs = 0;
  let reads = 0;
  const read = ExchangeAnalyser.prototype.read;
  ExchangeAnalyser.prototype.read = function timedRead(this: ExchangeAnalyser, exchange) {
    const started = performance.now();
    try {
      return read.call(this, exchange);
    } finally {
      readMs += performance.now() - started;
    }
  };
  const add = (exchange: Parameters<ReportBuilder['add']>[0]) => {
    const started = performance.now();
    builder.add(exchange);
    addMs += performance.now() - started;
    if (++reads % 10_000 === 0) sampleHeap();
  };
  const streamStarted = performance.now();
  let problems: string[];
  try {
    // As scripts/learn.ts does: the evidence names the file as the user gave it.
    ({ problems } = await streamHarExchanges(file, add, { label }));
  } finally {
    ExchangeAnalyser.prototype.read = read;
  }
  if (problems.length > 0) throw new Error(`the recording has faults: ${problems.join('; ')}`);
  const streamMs = performance.now() - streamStarted;
  // What the report holds once everything is read, its garbage collected (`node --expose-gc`).
  const collect = (globalThis as { gc?: () => void }).gc;
  let liveHeapBytes: number | undefined;
  if (collect) {
    collect();
    liveHeapBytes = process.memoryUsage().heapUsed;
  }
  const report = timed('group the findings (rest of the report)', () => builder.finish());
  phases['read and parse the recording, as a stream'] = streamMs - addMs;
  phases['read each exchange (ExchangeAnalyser.read)'] = readMs;
  phases['group the findings (rest of the report)'] += addMs - readMs;

  const markdown = timed('render Markdown', () => renderMarkdown(report));
  const json = timed('render JSON', () => `${JSON.stringify(report, null, 2)}\n`);
  const learnings = report.markers.reduce((n, m) => n + m.items.length, 0) + Object.values(report.unmarked).reduce((n, items) => n + items.length, 0);
  return {
    phases,
    exchanges: report.exchanges,
    unmatched: report.unmatched,
    answersReadAgain: builder.answersReadAgain,
    learnings,
    contradictions: report.contradictions.length,
    peakHeapBytes,
    liveHeapBytes,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuMs: cpuMillis(process.cpuUsage()),
    markdownBytes: Buffer.byteLength(markdown),
    jsonBytes: Buffer.byteLength(json),
  };
}
