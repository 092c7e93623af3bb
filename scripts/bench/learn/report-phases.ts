// The traffic report timed phase by phase, doing what `npm run learn -- FILE` does (scripts/
// learn.ts) with the same functions: read and parse the HAR, load the bundled spec, build
// the report, render it. buildReport makes its own ExchangeAnalyser and reads every exchange
// inside; wrapping ExchangeAnalyser.prototype.read splits its time into the set-up before
// the first read, the reads, and the grouping after, without changing the report's code.
import { readFileSync } from 'node:fs';
import { ExchangeAnalyser } from '../../../src/learn/findings.ts';
import { readHarExchanges } from '../../../src/learn/har-input.ts';
import { buildReport, renderMarkdown } from '../../../src/learn/report.ts';
import { loadBundledDocument } from '../../../src/spec/document.ts';

export const phaseNames = [
  'start Node and tsx, load the modules',
  'read the HAR file',
  'parse the HAR into exchanges',
  'load the bundled spec',
  'set up the report (validators, markers)',
  'read each exchange (ExchangeAnalyser.read)',
  'group the findings (rest of buildReport)',
  'render Markdown',
  'render JSON',
] as const;
export type PhaseName = (typeof phaseNames)[number];

const cpuMillis = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;

export type ReportTiming = {
  phases: Record<PhaseName, number>;
  exchanges: number;
  unmatched: number;
  learnings: number;
  contradictions: number;
  /** The highest heap in use at the end of a phase or between reads; the process's peak resident set. */
  peakHeapBytes: number;
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
export function timeReport(file: string, label: string, startupMs: number): ReportTiming {
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

  const text = timed('read the HAR file', () => readFileSync(file, 'utf8'));
  // As scripts/learn.ts does: the evidence names the file as the user gave it.
  const exchanges = timed('parse the HAR into exchanges', () => readHarExchanges(file, text).map((exchange) => ({ ...exchange, source: { ...exchange.source, file: label } })));
  const document = timed('load the bundled spec', () => loadBundledDocument());

  let firstReadAt: number | undefined;
  let readMs = 0;
  let reads = 0;
  const read = ExchangeAnalyser.prototype.read;
  ExchangeAnalyser.prototype.read = function timedRead(this: ExchangeAnalyser, exchange) {
    const started = performance.now();
    firstReadAt ??= started;
    try {
      return read.call(this, exchange);
    } finally {
      readMs += performance.now() - started;
      if (++reads % 1000 === 0) sampleHeap();
    }
  };
  const reportStarted = performance.now();
  let report: ReturnType<typeof buildReport>;
  try {
    report = buildReport(document, exchanges);
  } finally {
    ExchangeAnalyser.prototype.read = read;
  }
  const reportMs = performance.now() - reportStarted;
  sampleHeap();
  const setUpMs = (firstReadAt ?? performance.now()) - reportStarted;
  phases['set up the report (validators, markers)'] = setUpMs;
  phases['read each exchange (ExchangeAnalyser.read)'] = readMs;
  phases['group the findings (rest of buildReport)'] = reportMs - setUpMs - readMs;

  const markdown = timed('render Markdown', () => renderMarkdown(report));
  const json = timed('render JSON', () => `${JSON.stringify(report, null, 2)}\n`);
  const learnings = report.markers.reduce((n, m) => n + m.items.length, 0) + Object.values(report.unmarked).reduce((n, items) => n + items.length, 0);
  return {
    phases,
    exchanges: report.exchanges,
    unmatched: report.unmatched,
    learnings,
    contradictions: report.contradictions.length,
    peakHeapBytes,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuMs: cpuMillis(process.cpuUsage()),
    markdownBytes: Buffer.byteLength(markdown),
    jsonBytes: Buffer.byteLength(json),
  };
}
