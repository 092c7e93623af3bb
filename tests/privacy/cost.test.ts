// What the privacy policy costs a client that does not use it: nothing. Importing the client
// builds no policy (its patterns are compiled on first use), and calls with the drift watch
// off and no recorder never reach it. Measured in a fresh process: the suite's workers keep
// their loaded modules from file to file, so a policy another file compiled would count here.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run.ts';

describe('the privacy policy, for a client that does not use it', () => {
  it('is not compiled by importing the client, nor by calls with the drift watch off and no recorder', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(repoRoot, 'tests/privacy/support/policy-cost-probe.ts')], { cwd: repoRoot });
    // After the import, after the unwatched calls, after two watched ones: the last shows the count can move.
    expect(JSON.parse(stdout)).toEqual([0, 0, 1]);
  });
});
