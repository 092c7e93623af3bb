// The gate on a spec byte for byte its base's: nothing changed, so no Optic run (its
// start-up alone costs over a second, and a preflight on an unchanged spec paid it for
// nothing); in a batch, each pair keeps its own answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSpecPairs } from '../../tools/diff/gate.ts';
import { repoRoot } from '../support/run.ts';

const bundle = readFileSync(join(repoRoot, 'generated/openapi.yaml'), 'utf8');
const labels = { base: 'generated/openapi.yaml@base', head: 'generated/openapi.yaml' };

describe('the gate on an unchanged spec', () => {
  it('passes it without running Optic, and says so; a pair that changed in the same batch keeps its own answer', async () => {
    const lowered = bundle.replace(/^ {2}version: 1\.0\.0$/m, '  version: 0.9.0');
    expect(lowered).not.toBe(bundle);
    const [unchanged, wentDown, alsoUnchanged] = await compareSpecPairs([
      { base: bundle, head: bundle, labels },
      { base: bundle, head: lowered, labels },
      { base: lowered, head: lowered, labels },
    ]);
    expect(unchanged).toEqual({ passed: true, summary: 'no breaking change (info.version 1.0.0 → 1.0.0)', details: 'generated/openapi.yaml is byte for byte generated/openapi.yaml@base: nothing changed, Optic not run\n', changes: [] });
    expect(wentDown).toMatchObject({ passed: false, summary: 'major version went down (info.version 1.0.0 → 0.9.0)' });
    expect(alsoUnchanged).toMatchObject({ passed: true, summary: 'no breaking change (info.version 0.9.0 → 0.9.0)' });
  });
});
