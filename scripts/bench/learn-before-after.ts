// `npx tsx scripts/bench/learn-before-after.ts --file RECORDING [--base COMMIT] [--runs N]`:
// `npm run learn` as it was at a commit against the working tree's, on the same recording,
// taking turns so that both see the same load: the wall time, the CPU time and the peak RSS of
// each run's process, their medians and ratios, and whether the two reports are the same byte
// for byte. The commit's files are extracted with `git archive` under a temporary directory
// (the project's node_modules linked in), removed at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../tools/support/repo.ts';
import { median } from './support/median.ts';
import { readBenchOptions } from './support/options.ts';

const options = readBenchOptions(
  { command: 'npx tsx scripts/bench/learn-before-after.ts', about: '`npm run learn` at a commit against the working tree, on one recording, taking turns: wall time, CPU, peak RSS and whether the reports are the same.' },
  {
    file: { kind: 'text', placeholder: 'FILE', required: true, about: 'the recording (a HAR file, or HAR entries as JSON lines)' },
    // The commit before the report read its input as a stream.
    base: { kind: 'text', placeholder: 'COMMIT', default: '2530753', about: 'the commit to compare with' },
    runs: { kind: 'whole number', min: 1, max: 50, default: 5, about: 'runs of each, taking turns' },
  },
);

type Run = { wallMs: number; cpuMs: number; peakRssBytes: number };

const directory = mkdtempSync(join(tmpdir(), 'learn-before-after-'));
const recording = resolve(options.file);
const base = execFileSync('git', ['rev-parse', '--verify', `${options.base}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
const before = join(directory, 'before');
const usageFile = join(directory, 'usage.json');
// Loaded before the command in its process: on exit, what the process used.
const usage = join(directory, 'usage.mjs');

function runOnce(root: string, out: string): Run {
  const started = performance.now();
  const { status, error } = spawnSync(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(usage).href, 'scripts/learn.ts', recording, '--out', out], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, LEARN_USAGE_FILE: usageFile },
  });
  const wallMs = performance.now() - started;
  if (error) throw error;
  if (status !== 0 && status !== 1) throw new Error(`scripts/learn.ts in ${root === repoRoot ? 'the working tree' : base.slice(0, 7)} exited with ${status}`);
  const { cpuMs, peakRssBytes } = JSON.parse(readFileSync(usageFile, 'utf8')) as Omit<Run, 'wallMs'>;
  return { wallMs, cpuMs, peakRssBytes };
}

try {
  const archive = join(directory, 'before.tar');
  execFileSync('git', ['archive', '--output', archive, base], { cwd: repoRoot });
  mkdirSync(before);
  execFileSync('tar', ['-x', '-f', archive, '-C', before]);
  symlinkSync(join(repoRoot, 'node_modules'), join(before, 'node_modules'));
  writeFileSync(
    usage,
    [
      "import { writeFileSync } from 'node:fs';",
      "process.on('exit', () => {",
      '  const { user, system } = process.cpuUsage();',
      '  writeFileSync(process.env.LEARN_USAGE_FILE, JSON.stringify({ cpuMs: (user + system) / 1000, peakRssBytes: process.resourceUsage().maxRSS * 1024 }));',
      '});',
      '',
    ].join('\n'),
  );
  const startLoad = loadavg();
  const runs: Record<'before' | 'after', Run[]> = { before: [], after: [] };
  for (let round = 0; round < options.runs; round++) {
    runs.before.push(runOnce(before, join(directory, 'before.md')));
    runs.after.push(runOnce(repoRoot, join(directory, 'after.md')));
  }
  const same = readFileSync(join(directory, 'before.md'), 'utf8') === readFileSync(join(directory, 'after.md'), 'utf8');
  const line = (name: string, list: Run[]) =>
    `  ${name.padEnd(24)} wall ${(median(list.map((r) => r.wallMs)) / 1000).toFixed(2)} s   CPU ${(median(list.map((r) => r.cpuMs)) / 1000).toFixed(2)} s   peak RSS ${(Math.max(...list.map((r) => r.peakRssBytes)) / 1024 / 1024).toFixed(0)} MB`;
  const ratio = (pick: (r: Run) => number, reduce: (values: number[]) => number) => (reduce(runs.after.map(pick)) / reduce(runs.before.map(pick))).toFixed(2);
  const maximum = (values: number[]) => Math.max(...values);
  process.stdout.write(
    [
      `npm run learn on ${basename(recording)}, ${options.runs} runs of each taking turns (medians; peak RSS the largest), Node ${process.version}, ${availableParallelism()} cores`,
      line(`before (${base.slice(0, 7)})`, runs.before),
      line('after (working tree)', runs.after),
      `  after ÷ before: wall ${ratio((r) => r.wallMs, median)}×, CPU ${ratio((r) => r.cpuMs, median)}×, peak RSS ${ratio((r) => r.peakRssBytes, maximum)}×`,
      `  the two reports ${same ? 'are the same byte for byte' : 'DIFFER'}`,
      `  load average ${startLoad.map((v) => v.toFixed(2)).join(' ')} at the start and ${loadavg().map((v) => v.toFixed(2)).join(' ')} at the end (other work on the machine inflates the wall times)`,
      '',
    ].join('\n'),
  );
  if (!same) process.exitCode = 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
