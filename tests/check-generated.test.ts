import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkGeneratedFiles, generatedArtefacts } from '../src/generated-files/check.ts';

const committed = readFileSync(new URL('../package.json', import.meta.url));

describe('the generated-file check', () => {
  it('finds every committed generated file equal to a fresh regeneration', async () => {
    const results = await checkGeneratedFiles();
    expect(results.map((r) => r.path).sort()).toEqual(['generated/drift-validators.d.ts', 'generated/drift-validators.js', 'generated/openapi.json', 'generated/openapi.yaml', 'generated/schema.d.ts']);
    for (const r of results) expect(r.fresh, `${r.path} is stale: run \`${r.fixWith}\` and commit it`).toBe(true);
  });

  it('tells a fresh file from a stale one', async () => {
    expect(generatedArtefacts.map((a) => a.path)).toContain('generated/openapi.yaml');
    const same = { path: 'package.json', fixWith: 'nothing', regenerate: (out: string) => writeFileSync(out, committed) };
    const changed = { path: 'package.json', fixWith: 'npm run x', regenerate: (out: string) => writeFileSync(out, Buffer.concat([committed, Buffer.from(' ')])) };
    expect(await checkGeneratedFiles([same, changed])).toEqual([
      { path: 'package.json', fixWith: 'nothing', fresh: true },
      { path: 'package.json', fixWith: 'npm run x', fresh: false },
    ]);
  });
});
