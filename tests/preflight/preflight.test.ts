// The whole preflight against a loopback stand-in for staging.
import { afterEach, describe, expect, it } from 'vitest';
import { formatReport, parsePreflightArgs, runPreflight, runStep, valuesToRedact } from '../../tools/preflight/run.ts';
import { startFakeService, type FakeService } from '../contract/support/fake-service.ts';

const apiKey = 'preflight-key-5d2e';
const secret = 'preflight-secret-c41f';

let service: FakeService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function preflight(env: NodeJS.ProcessEnv) {
  let output = '';
  // Against HEAD the gate's step passes without an Optic run when the spec is as committed
  // (Optic's comparisons are tests/diff's); the step still runs as the process it is.
  const exitCode = await runPreflight({ target: 'staging', confirmProduction: false, base: 'HEAD' }, { ...process.env, ...env }, (t) => (output += t));
  return { exitCode, output };
}

describe('preflight', () => {
  it('reads its arguments', () => {
    expect(parsePreflightArgs(['--target', 'staging'])).toEqual({ target: 'staging', confirmProduction: false });
    expect(parsePreflightArgs(['--target', 'production', '--confirm-production', '--base', 'v1.0.0'])).toEqual({ target: 'production', confirmProduction: true, base: 'v1.0.0' });
    expect(() => parsePreflightArgs(['--target', 'live'])).toThrow('--target must be one of sandbox, mock, staging, production, not "live"');
  });

  it('fails when the contract tests fail, showing why and no secret', async () => {
    service = await startFakeService({ apiKey, secret, corrupt: { operationId: 'getSwapQuote', body: (valid) => ({ ...valid, status: 'ok' }) } });
    const { exitCode, output } = await preflight({ WALLET_API_STAGING_URL: service.url, WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret });
    expect(exitCode).toBe(1);
    const report = output.slice(output.indexOf('Preflight against'));
    expect(report).toMatch(/PASS {2}lint .*\n {2}PASS {2}generated files .*\n {2}PASS {2}breaking changes .*\n {2}FAIL {2}contract \(staging\) .*complete: 16 passing, 1 failing/);
    expect(report).toContain('body/status must be equal to constant');
    expect(report.split('\n').length).toBeLessThan(25);
    expect(output).toContain('Preflight FAILED: contract (staging).');
    expect(output).not.toContain(apiKey);
    expect(output).not.toContain(secret);
    // Four checks, each a process of its own (lint, the generated files, the gate, Dredd):
    // about 17 s on an idle 2-core machine, over 30 s on a busy one.
  }, 120_000);

  it('runs the checks after a failed one, as the probe after failing contract tests, and fails the whole', async () => {
    const step = (name: string, code: number) => ({ name, command: [process.execPath, '-e', `console.log('${name} said ${code}'); process.exit(${code})`], summarize: (o: string) => o.trim().split('\n').pop() ?? '' });
    let output = '';
    const exitCode = await runPreflight({ target: 'staging', confirmProduction: false }, {}, (t) => (output += t), [step('contract (staging)', 1), step('probe (staging)', 0)]);
    expect(exitCode).toBe(1);
    expect(output).toMatch(/FAIL {2}contract \(staging\) .*contract \(staging\) said 1\n {2}PASS {2}probe \(staging\) .*probe \(staging\) said 0/);
    expect(output).toContain('Preflight FAILED: contract (staging).');
  });

  it("masks the credentials, of any length, in a check's output and never alters Dredd's closing line", async () => {
    const secrets = valuesToRedact({ WALLET_API_KEY: 'k', WALLET_API_SIGNING_SECRET: secret });
    expect(secrets).toEqual(['k', secret]);
    const closing = 'complete: 0 passing, 17 failing, 0 errors, 0 skipped, 17 total';
    const print = `console.log(${JSON.stringify(`fail: signed with ${secret}\n${closing}`)}); process.exit(1)`;
    const step = { name: 'contract (staging)', command: [process.execPath, '-e', print], summarize: (o: string) => o.split('\n').find((l) => l.startsWith('complete:')) ?? '' };
    const result = await runStep(step, {}, secrets);
    expect(result).toMatchObject({ passed: false, summary: closing });
    expect(result.tail).toEqual(['fail: signed with [redacted]', closing]);
  });

  it('reports success in one line per check', () => {
    const report = formatReport({ target: 'staging', confirmProduction: false }, [{ name: 'lint', passed: true, seconds: 0.4, summary: 'valid', tail: ['x'] }]);
    expect(report).toBe('Preflight against staging\n\n  PASS  lint    0.4s  valid\n\nPreflight passed: 1 of 1 checks.\n');
  });

  it('formats failed checks with their last lines', () => {
    const report = formatReport({ target: 'staging', confirmProduction: false }, [
      { name: 'lint', passed: true, seconds: 0.4, summary: 'valid', tail: [] },
      { name: 'generated files', passed: false, seconds: 0.5, summary: 'check:generated: 1 of 1 generated file(s) stale', tail: ['check:generated: STALE  generated/openapi.yaml (run `npm run bundle` and commit it)'] },
    ]);
    expect(report).toBe(
      [
        'Preflight against staging',
        '',
        '  PASS  lint               0.4s  valid',
        '  FAIL  generated files    0.5s  check:generated: 1 of 1 generated file(s) stale',
        '',
        'generated files (last lines):',
        '  check:generated: STALE  generated/openapi.yaml (run `npm run bundle` and commit it)',
        '',
        'Preflight FAILED: generated files.',
        '',
      ].join('\n'),
    );
  });
});
