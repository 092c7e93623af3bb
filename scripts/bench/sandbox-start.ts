// `npm run bench:sandbox-start`: what starting a sandbox costs in a process that has started
// one before, as a test suite does that starts one per file or per test. Starts and closes
// --starts in-memory sandboxes one after another in this process, each checking its answers
// against the spec (validateResponses, as the project's own suite runs them), and prints the
// CPU time of the first start (the modules loaded, the schemas compiled) and the median and
// mean of the later ones, with their wall time. CPU time, the process's user and system time,
// is steadier than the clock on a shared machine. Run it on another checkout to compare
// commits: it uses startSandbox's public options only.
import { startSandbox } from '../../packages/sandbox/src/index.ts';
import { median } from './support/median.ts';
import { readBenchOptions } from './support/options.ts';

const options = readBenchOptions(
  { command: 'npm run bench:sandbox-start --', about: 'CPU time of starting and closing an in-memory sandbox in a process that started one before.' },
  { starts: { kind: 'whole number', min: 2, max: 1000, default: 40, about: 'sandboxes started one after another, the first included' } },
);

/** CPU and wall milliseconds of one start and close. */
async function startAndClose(): Promise<{ cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const sandbox = await startSandbox({ logger: false, apiKeys: { 'bench-start-key': 'bench-start-secret' }, validateResponses: true });
  await sandbox.close();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
}

const first = await startAndClose();
const later: { cpuMs: number; wallMs: number }[] = [];
for (let start = 1; start < options.starts; start++) later.push(await startAndClose());
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const cpu = later.map((run) => run.cpuMs);
const wall = later.map((run) => run.wallMs);
process.stdout.write(
  [
    `Sandbox starts (in memory, validateResponses on), ${options.starts} in one process:`,
    `  the first: ${first.cpuMs.toFixed(0)} ms CPU, ${first.wallMs.toFixed(0)} ms wall (loading the modules included)`,
    `  each later one: median ${median(cpu).toFixed(1)} ms CPU (mean ${mean(cpu).toFixed(1)}), median ${median(wall).toFixed(1)} ms wall, over ${later.length} starts`,
    '',
  ].join('\n'),
);
