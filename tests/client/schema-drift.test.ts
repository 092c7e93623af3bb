import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommittedSchemaTypes, renderSchemaTypes } from '../../src/codegen/schema-types.ts';
import { bundledSpecPath } from '../../src/spec/document.ts';

describe('generated/schema.d.ts', () => {
  it('equals a fresh openapi-typescript render of generated/openapi.yaml byte for byte', async () => {
    const committed = readCommittedSchemaTypes();
    expect(committed.length).toBeGreaterThan(0);
    expect(committed === (await renderSchemaTypes()), 'generated/schema.d.ts is stale: run `npm run generate` and commit it').toBe(true);
  });

  it('would notice a spec change (the comparison can fail)', async () => {
    const changed = readFileSync(bundledSpecPath, 'utf8').replace('        remark:\n          type: string\n', '        remark:\n          type: integer\n');
    expect(changed).not.toBe(readFileSync(bundledSpecPath, 'utf8'));
    const path = join(mkdtempSync(join(tmpdir(), 'schema-drift-')), 'openapi.yaml');
    writeFileSync(path, changed);
    expect(await renderSchemaTypes(path)).not.toBe(readCommittedSchemaTypes());
  });
});
