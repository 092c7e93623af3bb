// The changelog, from the same Optic results and request check the gate reads, on the
// gate's fixture pairs (one Optic run for all of them), and the command line on this
// repository's history.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { changelogsBetween, renderChangelog, type Changelog } from '../../tools/diff/changelog.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);
const fixture = (name: string, side: 'base' | 'head') => readFileSync(join(repoRoot, 'tests/fixtures/optic', name, `${side}.yaml`), 'utf8');
const names = ['additive', 'operation-removed', 'breaking', 'request-limits', 'security-removed', 'major', 'required-field'] as const;
const results = new Map<string, Changelog>();

beforeAll(async () => {
  const pairs = [...names.map((name) => ({ base: fixture(name, 'base'), head: fixture(name, 'head') })), { base: fixture('additive', 'base'), head: fixture('additive', 'base') }];
  const changelogs = await changelogsBetween(pairs);
  names.forEach((name, index) => results.set(name, changelogs[index]!));
  results.set('unchanged', changelogs[names.length]!);
}, 120_000);

const markdown = (name: string) => renderChangelog(results.get(name)!.changes, { base: 'v1.0.0', versions: results.get(name)!.versions });

describe('npm run changelog', () => {
  it('lists added operations and additions to operations, none of them breaking', () => {
    expect(results.get('additive')!.changes).toEqual([
      { operation: 'GET /api/v1/utils/rates', operationId: 'getRates', kind: 'added', parts: [], breaking: [] },
      { operation: 'GET /api/v1/transactions', operationId: 'listTransactions', kind: 'changed', parts: ['query parameter `limit` added'], breaking: [] },
    ]);
    expect(markdown('additive')).toBe(
      [
        '### Since v1.0.0 (info.version 1.0.0 → 1.0.0)',
        '',
        '- `getRates` (GET /api/v1/utils/rates) added',
        '- `listTransactions` (GET /api/v1/transactions) changed: query parameter `limit` added',
        '',
      ].join('\n'),
    );
  });

  it('marks a removed operation as breaking, once, by the operationId it had', () => {
    expect(results.get('operation-removed')!.changes).toEqual([
      { operation: 'GET /api/v1/utils/rates', operationId: 'getRates', kind: 'removed', parts: [], breaking: ['cannot remove an operation. This is a breaking change.'] },
    ]);
    expect(markdown('operation-removed')).toContain('- **Breaking** · `getRates` (GET /api/v1/utils/rates) removed — cannot remove an operation.');
  });

  it("marks Optic's breaking changes and the gate's own request and security checks", () => {
    expect(results.get('breaking')!.changes).toMatchObject([{ operationId: 'listTransactions', kind: 'changed', parts: ['query parameter `page` changed'], breaking: [expect.stringContaining("cannot make optional query parameter 'page' required")] }]);
    const limits = results.get('request-limits')!.changes;
    expect(limits).toHaveLength(1);
    expect(limits[0]!.breaking).toContain('POST /api/v1/wallets/generate-wallet query parameter limit: maximum lowered from 100 to 50');
    expect(results.get('security-removed')!.changes).toMatchObject([
      { operationId: 'getRates', kind: 'changed', breaking: ['GET /api/v1/utils/rates security: requirement ApiKey + Signature removed (now: no authentication)'] },
    ]);
  });

  it('marks a breaking change as breaking when the major version was raised too (the gate lets it through; readers still need to know)', () => {
    expect(results.get('major')!.changes).toMatchObject([{ operationId: 'listTransactions', kind: 'changed', parts: ['query parameter `page` changed'], breaking: [expect.stringContaining("cannot make optional query parameter 'page' required")] }]);
    expect(results.get('major')!.versions).toEqual(['1.0.0', '2.0.0']);
    expect(markdown('major')).toMatch(/^### Since v1\.0\.0 \(info\.version 1\.0\.0 → 2\.0\.0\)\n\n- \*\*Breaking\*\* · `listTransactions` /);
  });

  it('marks a request field made required as breaking', () => {
    expect(results.get('required-field')!.changes).toEqual([
      { operation: 'POST /api/v1/wallets/generate-wallet', operationId: 'createWallet', kind: 'changed', parts: ['request body changed'], breaking: ['cannot make a request property required. This is a breaking change.'] },
    ]);
  });

  it('says so when nothing changed', () => {
    expect(results.get('unchanged')!.changes).toEqual([]);
    expect(markdown('unchanged')).toContain('- No operation changed.');
  });

  it('refuses an unknown ref, exit code 2', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/changelog.ts', '--base', 'no-such-ref'], { cwd: repoRoot }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stderr: 'changelog: unknown git ref "no-such-ref"\n' });
  });
});
