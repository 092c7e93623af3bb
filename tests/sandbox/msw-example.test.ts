// examples/sandbox-msw.test.ts, the integrator's unit test with @wallet-api/sandbox/msw: shown
// verbatim in docs/sandbox.md, type-checked by tsc --noEmit, and run here: importing
// it registers its hooks and tests in this file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeBlock } from '../support/readme.ts';
import { repoRoot } from '../support/run.ts';
import '../../examples/sandbox-msw.test.ts';

const examplePath = 'examples/sandbox-msw.test.ts';

describe('the sandbox reference\'s unit test with MSW', () => {
  it('is examples/sandbox-msw.test.ts verbatim', () => {
    const block = readmeBlock(examplePath, 'docs/sandbox.md');
    expect(block, 'docs/sandbox.md has no example block for examples/sandbox-msw.test.ts').toBeDefined();
    expect(block).toBe(readFileSync(`${repoRoot}${examplePath}`, 'utf8'));
  });
});
