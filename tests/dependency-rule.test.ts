// The dependency rule (.dependency-cruiser.cjs): the SDK reaches neither the sandbox nor a
// tool, the sandbox reaches no tool, and no module is part of a cycle. Checked on the repository, and on
// a small tree that breaks each rule once, so the check is seen to fail.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/run.ts';

const config = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['packages/sdk/src', 'packages/sandbox/src', 'tools'], { ...config.options, baseDir, ruleSet: { forbidden: config.forbidden }, tsConfig: undefined, validate: true }, undefined, undefined);
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the dependency rule', () => {
  it('holds in the repository', async () => {
    expect(await violations(repoRoot)).toEqual([]);
  }, 60_000);

  it('names each arrow that breaks it', async () => {
    expect(await violations(join(repoRoot, 'tests/fixtures/dependency-rule'))).toEqual([
      // A cycle is named once, at the arrow that closes it.
      'no-cycles: packages/sandbox/src/index.ts → tools/learn/index.ts',
      'sandbox-to-tools: packages/sandbox/src/index.ts → tools/learn/index.ts',
      'sdk-to-tools: packages/sdk/src/client/index.ts → tools/learn/index.ts',
      'sdk-to-sandbox: packages/sdk/src/client/index.ts → packages/sandbox/src/index.ts',
    ].sort());
  });
});
