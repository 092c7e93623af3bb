import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseSummary, redactor } from '../../tools/contract/dredd.ts';
import { runContract } from '../../tools/contract/run.ts';
import { resolveRemoteTarget, TargetRefused } from '../../tools/contract/targets.ts';

const closingLines = 'complete: 0 passing, 17 failing, 0 errors, 0 skipped, 17 total\ncomplete: Tests took 246ms\n';

describe('redaction of what Dredd prints', () => {
  it('masks every occurrence of a secret and the secret headers', () => {
    const redact = redactor(['key-value-123', 'secret-value-456']);
    const text = 'x-api-key: anything\nx-signature: abc\nuri: /a?k=key-value-123&s=secret-value-456x\n';
    expect(redact(text)).toBe('x-api-key: [redacted]\nx-signature: [redacted]\nuri: /a?k=[redacted]&s=[redacted]x\n');
  });

  it("never alters Dredd's closing lines, even when a secret occurs in them", () => {
    const redact = redactor(['passing, 17', ' skipped']);
    expect(redact(closingLines)).toBe(closingLines);
    expect(redact(`\u001b[32mcomplete\u001b[39m: 0 passing, 17 failing, 0 errors, 0 skipped, 17 total\n`)).toContain('0 skipped, 17 total');
    expect(parseSummary(redact(closingLines))).toEqual({ passing: 0, failing: 17, errors: 0, skipped: 0, total: 17 });
    expect(redact('fail: 0 skipped here\n')).toBe('fail: 0[redacted] here\n');
  });

  it('masks a secret of any length, at the price of masking it inside ordinary words', () => {
    // The one length rule of the privacy policy: any length. Over-masking is the price.
    expect(redactor(['k9'])('token k9 sent; k9k9\n')).toBe('token [redacted] sent; [redacted][redacted]\n');
    expect(redactor(['k'])('skipped\n')).toBe('s[redacted]ipped\n');
  });

  it('masks identifiers, protected fields and every secret header the policy names, as Dredd prints them', () => {
    const redact = redactor(['key-value-123']);
    const text = [
      'authorization: Bearer tok-1',
      "  'cookie': 'sid=abc'",
      'body: {"password":"pw1","receiverAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72"}',
      'message: sent to 0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    ].join('\n');
    const out = redact(text);
    expect(out).toBe(
      [
        'authorization: [redacted]',
        "  'cookie': [redacted]",
        'body: {"password":"[redacted]","receiverAddress":"0x0xx0x000000xX000000000000Xx000xxx00XXX00"}',
        'message: sent to 0x0xx0x000000xX000000000000Xx000xxx00XXX00',
      ].join('\n'),
    );
  });

  it('refuses a remote target whose API key or signing secret is too short, naming the variable and not the value', () => {
    const env = { WALLET_API_STAGING_URL: 'http://127.0.0.1:9', WALLET_API_KEY: 'kshort7', WALLET_API_SIGNING_SECRET: 'sshort7' };
    let message = '';
    try {
      resolveRemoteTarget('staging', env, false);
    } catch (error) {
      expect(error).toBeInstanceOf(TargetRefused);
      message = (error as Error).message;
    }
    expect(message).toBe(
      'refusing to run the contract tests against staging: WALLET_API_KEY and WALLET_API_SIGNING_SECRET shorter than 8 characters (too short to be kept out of the output safely)',
    );
    expect(message).not.toContain('kshort7');
    expect(message).not.toContain('sshort7');
    expect(resolveRemoteTarget('staging', { ...env, WALLET_API_KEY: 'key-1234', WALLET_API_SIGNING_SECRET: 'sec-1234' }, false).apiKey).toBe('key-1234');
  });
});

describe('npm run contract with a one-character API key', () => {
  it('refuses before Dredd starts, naming the variable', async () => {
    const signerModule = fileURLToPath(new URL('./support/signer-module.ts', import.meta.url));
    let output = '';
    const io = { out: (t: string) => (output += t), err: (t: string) => (output += t), color: false };
    const env = { WALLET_API_STAGING_URL: 'http://127.0.0.1:9', WALLET_API_KEY: 'k', WALLET_API_SIGNER_MODULE: signerModule };
    await expect(runContract({ target: 'staging', confirmProduction: false }, env, io)).rejects.toThrow(
      new TargetRefused('refusing to run the contract tests against staging: WALLET_API_KEY shorter than 8 characters (too short to be kept out of the output safely)'),
    );
    expect(output).toBe('');
  });
});
