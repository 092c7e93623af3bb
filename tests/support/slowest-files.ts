// A reporter of the suite (vitest.config.ts): at the end of every run, the ten test files
// that took longest, with their wall time (import + hooks + tests) and the CPU time their
// worker and its finished children spent meanwhile (tests/support/file-cpu.ts), so that a file
// growing slow is seen in the run that made it so. Figures only: nothing is asserted on them.
// docs/testing.md says why the usual ones are slow and how to measure a run.
import type { Reporter, TestModule } from 'vitest/node';

/** How many files: ten, or SLOWEST_FILES (docs/testing.md lists them all with SLOWEST_FILES=1000). */
const shown = Number(process.env.SLOWEST_FILES ?? 10);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const all = testModules.map((module) => {
      const { collectDuration, setupDuration, duration } = module.diagnostic();
      return { file: module.relativeModuleId, wall: collectDuration + setupDuration + duration, cpu: module.meta().cpuMs };
    });
    const rows = [...all].sort((a, b) => b.wall - a.wall).slice(0, shown);
    if (rows.length === 0) return;
    const width = Math.max(...rows.map((row) => row.file.length));
    const lines = rows.map((row) => `  ${row.file.padEnd(width)}  ${seconds(row.wall).padStart(7)} wall  ${(row.cpu === undefined ? '–' : seconds(row.cpu)).padStart(7)} CPU`);
    const title = rows.length === 1 ? 'The slowest test file' : `The ${rows.length} slowest test files`;
    // The CPU of every file together: on two cores, the figure that bounds the run's wall time.
    const totalCpu = all.reduce((sum, row) => sum + (row.cpu ?? 0), 0);
    const total = all.some((row) => row.cpu !== undefined) ? `\n  all ${all.length} files: ${seconds(totalCpu)} CPU\n` : '';
    process.stdout.write(`\n${title} (wall: import, hooks and tests; CPU: the worker and its finished children; docs/testing.md):\n${lines.join('\n')}\n${total}`);
  }
}
