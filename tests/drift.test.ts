import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDrift, generatedArtefacts } from '../src/drift/check.ts';

const committed = readFileSync(new URL('../package.json', import.meta.url));

describe('drift check', () => {
  it('covers the bundle and tells a fresh file from a stale one', () => {
    expect(generatedArtefacts.map((a) => a.path)).toContain('generated/openapi.yaml');
    const same = { path: 'package.json', fixWith: 'nothing', regenerate: (out: string) => writeFileSync(out, committed) };
    const changed = { path: 'package.json', fixWith: 'npm run x', regenerate: (out: string) => writeFileSync(out, Buffer.concat([committed, Buffer.from(' ')])) };
    expect(checkDrift([same, changed])).toEqual([
      { path: 'package.json', fixWith: 'nothing', fresh: true },
      { path: 'package.json', fixWith: 'npm run x', fresh: false },
    ]);
  });
});
