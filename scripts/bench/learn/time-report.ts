// One timing of the traffic report for `npm run bench:learn`, in a process of its own so that
// its JIT starts cold and its peak memory is the report's alone, as `npm run learn` runs it.
// Prints the timing as one JSON line.
import { readBenchOptions } from '../support/options.ts';
import { timeReport } from './report-phases.ts';

// Static imports are loaded before this first statement: the time since the process began is
// what starting Node and tsx and loading the report's modules cost.
const startupMs = performance.now();

const { file, label } = readBenchOptions(
  { command: 'node --import tsx scripts/bench/learn/time-report.ts', about: 'Times the traffic report on one HAR file, phase by phase, and prints the figures as one JSON line.' },
  {
    file: { kind: 'text', placeholder: 'FILE', required: true, about: 'the recording: a HAR file, or HAR entries as JSON lines' },
    label: { kind: 'text', placeholder: 'NAME', about: 'the name the evidence gives the file (default: FILE)' },
  },
);
process.stdout.write(`${JSON.stringify(await timeReport(file, label ?? file, startupMs))}\n`);
