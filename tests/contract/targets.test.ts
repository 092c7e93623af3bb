import { describe, expect, it } from 'vitest';
import { checkRun } from '../../tools/contract/run.ts';
import type { TransactionVerdict } from '../../tools/contract/session.ts';
import { parseContractArgs, resolveRemoteTarget, TargetRefused } from '../../tools/contract/targets.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';

const secretValues = { WALLET_API_KEY: 'key-value-123', WALLET_API_SIGNING_SECRET: 'secret-value-456' };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TargetRefused);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('contract targets', () => {
  it('defaults to the sandbox and reads --target in both spellings', () => {
    expect(parseContractArgs([])).toEqual({ target: 'sandbox', confirmProduction: false });
    expect(parseContractArgs(['--target', 'mock'])).toEqual({ target: 'mock', confirmProduction: false });
    expect(parseContractArgs(['--target=production', '--confirm-production'])).toEqual({ target: 'production', confirmProduction: true });
    expect(refusal(() => parseContractArgs(['--target', 'prod']))).toContain('--target must be one of sandbox, mock, staging, production, not "prod"');
    expect(refusal(() => parseContractArgs(['--confirm']))).toContain('unknown argument "--confirm"');
  });

  it('refuses staging naming every missing variable', () => {
    expect(refusal(() => resolveRemoteTarget('staging', {}, false))).toBe(
      'refusing to run the contract tests against staging: missing WALLET_API_STAGING_URL; WALLET_API_KEY; WALLET_API_SIGNING_SECRET or WALLET_API_SIGNER_MODULE',
    );
    const message = refusal(() => resolveRemoteTarget('staging', { ...secretValues, WALLET_API_STAGING_URL: 'staging.example' }, false));
    expect(message).toBe('refusing to run the contract tests against staging: missing WALLET_API_STAGING_URL (set, but not an http(s) URL)');
  });

  it('never puts a value in a refusal', () => {
    const message = refusal(() => resolveRemoteTarget('production', { ...secretValues, WALLET_API_PRODUCTION_URL: 'ftp://x' }, false));
    expect(message).toContain('--confirm-production');
    expect(message).not.toContain('key-value-123');
    expect(message).not.toContain('secret-value-456');
    expect(message).not.toContain('ftp://x');
  });

  it('runs production read-only and only with the confirmation flag', () => {
    const env = { ...secretValues, WALLET_API_PRODUCTION_URL: 'https://api.example.test/' };
    expect(refusal(() => resolveRemoteTarget('production', env, false))).toContain('missing --confirm-production');
    expect(resolveRemoteTarget('production', env, true)).toEqual({
      name: 'production',
      baseUrl: 'https://api.example.test',
      apiKey: 'key-value-123',
      signing: { kind: 'secret', secret: 'secret-value-456' },
      readOnly: true,
    });
    expect(resolveRemoteTarget('staging', { WALLET_API_STAGING_URL: 'http://s.test', WALLET_API_KEY: 'key-value-123', WALLET_API_SIGNER_MODULE: './signer.ts' }, false, '/work')).toMatchObject({
      signing: { kind: 'module', modulePath: '/work/signer.ts' },
      readOnly: false,
    });
  });
});

describe('the checks after a Dredd run', () => {
  const operationIds = listOperations(loadBundledDocument()).map((o) => o.operation.operationId);
  const passing = (): TransactionVerdict[] => [
    ...operationIds.map((operationId) => ({ name: operationId, operationId, negative: false, outcome: 'pass' as const, schemaChecked: true })),
    { name: 'negative', operationId: 'listWallets', negative: true, outcome: 'pass', schemaChecked: true },
  ];
  const summary = { passing: 17, failing: 0, errors: 0, skipped: 0, total: 17 };
  const result = { exitCode: 0, output: 'complete: …', summary, hooksFailedToLoad: false, timedOut: false };

  it('accept a complete run', () => {
    expect(checkRun(result, passing(), true)).toEqual([]);
  });

  it('name every operation that did not pass on a local target, and missing hooks', () => {
    const records = passing().filter((r) => r.operationId !== 'cancelSwap' || r.negative);
    expect(checkRun(result, records, true)).toEqual(['operations that did not pass at least once: cancelSwap']);
    expect(checkRun(result, records, false)).toEqual([]);
    expect(checkRun(result, undefined, true)).toEqual(['the hooks wrote no records, so no response was checked against the spec']);
    expect(checkRun({ ...result, hooksFailedToLoad: true }, passing(), true)).toEqual(['Dredd could not load the hooks file (see its warning above)']);
    expect(checkRun({ ...result, exitCode: 1, summary: { ...summary, failing: 1 } }, passing(), true)).toEqual(['1 failing, 0 errors']);
  });
});
