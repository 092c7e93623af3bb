import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledSpecPath } from '../../src/spec/document.ts';
import { runBin } from '../support/run.ts';

describe('generated/openapi.yaml', () => {
  it('equals a fresh bundle of openapi/ byte for byte', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bundle-')), 'openapi.yaml');
    runBin('redocly', ['bundle', 'openapi/openapi.yaml', '--output', out]);
    const fresh = readFileSync(out, 'utf8');
    const committed = readFileSync(bundledSpecPath, 'utf8');
    expect(committed === fresh, 'generated/openapi.yaml is stale: run `npm run bundle` and commit it').toBe(true);
  });
});
