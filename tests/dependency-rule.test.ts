// The dependency rule (.dependency-cruiser.cjs): the SDK reaches neither the sandbox nor a
// tool, the sandbox reaches no tool, and src/ has no cycle. Checked on the repository, and on
// a small tree that breaks each rule once, so the check is seen to fail.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/run.ts';

const config = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['src'], { ...config.options, baseDir, ruleSet: { forbidden: config.forbidden }, tsConfig: undefined, validate: true }, undefined, undefined);
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the dependency rule', () => {
  it('holds in src/', async () => {
    expect(await violations(repoRoot)).toEqual([]);
  }, 60_000);

  it('names each arrow that breaks it', async () => {
    expect(await violations(join(repoRoot, 'tests/fixtures/dependency-rule'))).toEqual([
      // A cycle is named once, at the arrow that closes it.
      'no-cycles: src/learn/index.ts → src/sandbox/index.ts',
      'sandbox-to-tools: src/sandbox/index.ts → src/learn/index.ts',
      'sdk-to-tools: src/client/index.ts → src/learn/index.ts',
      'sdk-to-sandbox: src/client/index.ts → src/sandbox/index.ts',
    ].sort());
  });
});
