// `npm run bench:learn`: its flags, and a tiny run that records real traffic, times every
// phase of the report on it and cleans up after itself; and the before-and-after comparison
// of `npm run learn` on a recording.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { learnBenchOptions, learnBenchUsage } from '../../scripts/bench/learn/options.ts';
import { phaseNames } from '../../scripts/bench/learn/report-phases.ts';
import { parseBenchOptions } from '../../scripts/bench/support/options.ts';
import { appendExchanges } from '../../packages/sdk/src/traffic/har-file.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);

describe('npm run bench:learn', () => {
  it('reads 10,000 exchanges by default and refuses a count out of range', () => {
    expect(parseBenchOptions(learnBenchUsage, learnBenchOptions, [])).toEqual({
      help: false,
      options: { exchanges: 10_000, format: 'har', 'memory-baseline': undefined, 'walk-rounds': 8, rounds: 3, profile: 'tests/fixtures/providers/fills-unknowns.json', 'keep-recording': undefined, 'skip-command': false, 'cpu-prof-dir': undefined },
    });
    expect(parseBenchOptions(learnBenchUsage, learnBenchOptions, ['--exchanges', '200', '--skip-command'])).toMatchObject({ options: { exchanges: 200, 'skip-command': true } });
    expect(() => parseBenchOptions(learnBenchUsage, learnBenchOptions, ['--exchanges', '0'])).toThrow('--exchanges must be a whole number from 1 to 1000000 (got "0")');
    expect(parseBenchOptions(learnBenchUsage, learnBenchOptions, ['--format', 'jsonl', '--memory-baseline', '100000'])).toMatchObject({ options: { format: 'jsonl', 'memory-baseline': 100_000 } });
    expect(() => parseBenchOptions(learnBenchUsage, learnBenchOptions, ['--format', 'xml'])).toThrow('--format must be one of: "har", "jsonl" (got "xml")');
  });

  it('times every phase of the report on 200 exchanges recorded as JSON lines, and on their first 100, prints the summary and the memory of the two, keeps the recordings asked for and removes the rest', async () => {
    const temporary = mkdtempSync(join(tmpdir(), 'bench-learn-test-'));
    onTestFinished(() => rmSync(temporary, { recursive: true, force: true }));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench/learn.ts', '--exchanges', '200', '--memory-baseline', '100', '--format', 'jsonl', '--walk-rounds', '1', '--rounds', '1', '--skip-command', '--keep-recording', join(temporary, 'kept')], {
      cwd: repoRoot,
      env: { ...process.env, TMPDIR: temporary },
    });
    expect(stdout).toMatch(/Recorded: 43 exchanges of a 1-round walk of the sandbox playing fills-unknowns\.json \(16 of 16 operations; 20 probes\)/);
    expect(stdout).toContain("Written: 200 HAR entries (the walk repeated in order, each entry its own index), 0 MB, redacted and written as JSON lines by the kit's line writer (recordTraffic's)");
    expect(stdout).toMatch(/\nprivacy policy: \d+\.\d µs per exchange \(redactExchange on the 200 recorded exchanges, best of 3 warm rounds; [\d,]+ values carried in protected fields\)\n/);
    for (const phase of phaseNames) expect(stdout).toMatch(new RegExp(`\\n  ${phase.replace(/[()]/g, '\\$&')} +\\d+\\.\\d +\\d+\\.\\d%\\n`));
    expect(stdout).toMatch(/200 exchanges \(10 of no operation of the spec\): [\d,]+ exchanges\/s, \d+ µs per exchange/);
    expect(stdout).toMatch(/the report: \d+ learnings, 0 contradictions/);
    expect(stdout).toMatch(/\n  peak RSS \d+ MB, heap in use at most \d+ MB, \d+ MB of it live once every exchange was read \(after a full collection\)\n/);
    expect(stdout).toMatch(/\n  100 exchanges \(0 MB\): peak RSS \d+ MB, heap in use at most \d+ MB, \d+ MB of it live once all was read; total [\d.]+ s\n  200 exchanges \(0 MB\): peak RSS \d+ MB, .*\n  2\.0× the exchanges: \d+\.\d\d× the peak RSS, \d+\.\d\d× the heap, \d+\.\d\d× the live heap\n/);
    expect(stdout).toMatch(/answers read again: \d+ of the 190 of an operation/);
    expect(stdout).toMatch(/\nSummary: the report on 200 recorded exchanges takes [\d.]+ s in process, .* load average [\d. ]+ at the start/);
    // The recordings kept: the whole one and its first 100 entries alone.
    expect(stdout).toContain(`\nRecording kept: ${join(temporary, 'kept', 'traffic.har.jsonl')}\n`);
    const lines = (name: string) => readFileSync(join(temporary, 'kept', name), 'utf8').split('\n').filter(Boolean);
    expect(lines('traffic.har.jsonl')).toHaveLength(200);
    expect(lines('baseline.har.jsonl')).toEqual(lines('traffic.har.jsonl').slice(0, 100));
    // tsx keeps its own cache there too.
    expect(readdirSync(temporary).filter((name) => name.startsWith('bench-learn-'))).toEqual([]);
  });

  it('compares npm run learn at a commit with the working tree on one recording, and says the reports are the same', async () => {
    const temporary = mkdtempSync(join(tmpdir(), 'learn-before-after-test-'));
    onTestFinished(() => rmSync(temporary, { recursive: true, force: true }));
    const recording = join(temporary, 'walk.har');
    await appendExchanges(recording, [
      { startedAt: new Date(0), durationMs: 1, request: { method: 'GET', url: 'http://127.0.0.1:4010/api/v1/wallets', headers: [] }, response: { status: 200, headers: [['content-type', 'application/json']], body: '{"status":"success","message":"ok","data":[{"_id":"w1","extra":1}]}' } },
    ]);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench/learn-before-after.ts', '--file', recording, '--base', 'HEAD', '--runs', '1'], { cwd: repoRoot, env: { ...process.env, TMPDIR: temporary } });
    expect(stdout).toMatch(/^npm run learn on walk\.har, 1 runs of each taking turns/);
    expect(stdout).toMatch(/\n  before \([0-9a-f]{7}\) +wall [\d.]+ s   CPU [\d.]+ s   peak RSS \d+ MB\n  after \(working tree\) +wall [\d.]+ s/);
    expect(stdout).toMatch(/\n  after ÷ before: wall [\d.]+×, CPU [\d.]+×, peak RSS [\d.]+×\n  the two reports are the same byte for byte\n/);
    expect(readdirSync(temporary).filter((name) => name.startsWith('learn-before-after-'))).toEqual([]);
  });
});
