// `npm run bench:sandbox-start`: a short run prints the first start's cost and the later
// starts' median and mean; a count below two (no later start to measure) is refused, naming
// the flag.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);
const bench = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/bench/sandbox-start.ts', ...args], { cwd: repoRoot });

describe('npm run bench:sandbox-start', () => {
  it('starts the sandboxes asked for and prints what the first and the later ones cost', async () => {
    const { stdout } = await bench('--starts', '3');
    expect(stdout).toMatch(
      /^Sandbox starts \(in memory, validateResponses on\), 3 in one process:\n {2}the first: \d+ ms CPU, \d+ ms wall \(loading the modules included\)\n {2}each later one: median \d+\.\d ms CPU \(mean \d+\.\d\), median \d+\.\d ms wall, over 2 starts\n$/,
    );
  });

  it('refuses a count with no later start to measure, naming the flag', async () => {
    const refused = await bench('--starts', '1').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain('--starts must be a whole number from 2 to 1000 (got "1")');
  });
});
