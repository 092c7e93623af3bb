import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommittedFile, renderSchemaTypes } from '../../tools/codegen/schema-types.ts';
import { bundledSpecPath } from '../../packages/sandbox/src/spec/document.ts';

// That the committed file equals a fresh render is checked with every other generated file
// in tests/drift.test.ts.
describe('generated/schema.d.ts', () => {
  it('would notice a spec change (the comparison can fail)', async () => {
    const changed = readFileSync(bundledSpecPath, 'utf8').replace('        remark:\n          type: string\n', '        remark:\n          type: integer\n');
    expect(changed).not.toBe(readFileSync(bundledSpecPath, 'utf8'));
    const path = join(mkdtempSync(join(tmpdir(), 'schema-drift-')), 'openapi.yaml');
    writeFileSync(path, changed);
    expect(await renderSchemaTypes(path)).not.toBe(readCommittedFile());
  });
});
