// Dredd reads a 3.0 copy of the bundle because it parses with fewer unsupported-feature
// warnings than the 3.1 bundle itself. This keeps that choice true as the spec changes.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeDreddDescription } from '../../tools/contract/description.ts';
import { dreddBin } from '../../tools/contract/dredd.ts';
import { bundledSpecPath } from '../../packages/sandbox/src/spec/document.ts';

/** Dredd's parse of a description: its warnings and the transactions it would run. */
function parseWithDredd(path: string) {
  // --names lists the transactions without sending anything; nothing listens on port 9.
  const output = execFileSync(process.execPath, [dreddBin, path, 'http://127.0.0.1:9', '--names', '--no-color'], { encoding: 'utf8', stdio: 'pipe' });
  const lines = output.split('\n');
  return {
    warnings: lines.filter((l) => l.includes('API description parser warning')).length,
    transactions: lines.filter((l) => l.startsWith('skip: ')),
  };
}

describe('the description Dredd reads', () => {
  it('is the 3.0 copy, which parses with fewer warnings than the 3.1 bundle and yields the same transactions', () => {
    const copyPath = writeDreddDescription();
    try {
      const bundle = parseWithDredd(bundledSpecPath);
      const copy = parseWithDredd(copyPath);
      console.info(`Dredd parser warnings: 3.1 bundle ${bundle.warnings}, 3.0 copy ${copy.warnings}`);
      expect(copy.warnings).toBeLessThan(bundle.warnings);
      expect(copy.transactions).toEqual(bundle.transactions);
      expect(copy.transactions.length).toBeGreaterThan(0);
    } finally {
      rmSync(dirname(copyPath), { recursive: true, force: true });
    }
  });
});
