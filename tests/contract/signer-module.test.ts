// WALLET_API_SIGNER_MODULE is loaded and checked before Dredd starts.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runContract } from '../../tools/contract/run.ts';
import { loadSignerModule } from '../../tools/contract/signer-from-env.ts';
import { resolveRemoteTarget, TargetRefused } from '../../tools/contract/targets.ts';

const support = fileURLToPath(new URL('./support/', import.meta.url));
const input = { method: 'GET', pathWithQuery: '/api/v1/wallets', body: '', timestamp: '2024-01-01T00:00:00Z', apiKey: 'key-value-123' };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TargetRefused);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('signer module', () => {
  it('resolves a relative path against the directory npm was run from (INIT_CWD), else cwd', () => {
    const env = { WALLET_API_STAGING_URL: 'http://s.test', WALLET_API_KEY: 'key-value-123', WALLET_API_SIGNER_MODULE: './support/signer-module.ts' };
    const fromInitCwd = resolveRemoteTarget('staging', { ...env, INIT_CWD: dirname(support) }, false, '/elsewhere');
    expect(fromInitCwd.signing).toEqual({ kind: 'module', modulePath: join(support, 'signer-module.ts') });
    const fromCwd = resolveRemoteTarget('staging', env, false, dirname(support));
    expect(fromCwd.signing).toEqual({ kind: 'module', modulePath: join(support, 'signer-module.ts') });
    expect(resolveRemoteTarget('staging', { ...env, WALLET_API_SIGNER_MODULE: '/abs/s.ts', INIT_CWD: '/x' }, false).signing).toEqual({ kind: 'module', modulePath: '/abs/s.ts' });
  });

  it('loads a Signer exported as default or as "signer"', async () => {
    const byDefault = await loadSignerModule(join(support, 'signer-module.ts'));
    expect(await byDefault(input)).toMatch(/^[0-9a-f]{64}$/);
    const byName = await loadSignerModule(join(support, 'named-signer-module.ts'));
    expect(await byName(input)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a missing file, a failing import and a module without a Signer, naming the problem', async () => {
    const missing = join(support, 'nope.ts');
    expect(await refusal(loadSignerModule(missing))).toBe(
      `WALLET_API_SIGNER_MODULE names no file: ${missing} (a relative path is resolved against the directory npm was run from)`,
    );
    expect(await refusal(loadSignerModule(support))).toContain('WALLET_API_SIGNER_MODULE names no file');
    const failing = join(support, 'failing-signer-module.ts');
    const failed = await refusal(loadSignerModule(failing));
    expect(failed).toBe(`WALLET_API_SIGNER_MODULE ${failing} could not be loaded (Error; run it with tsx to see why)`);
    expect(failed).not.toContain('secret-in-module-message');
    const notSigner = join(support, 'not-a-signer-module.ts');
    expect(await refusal(loadSignerModule(notSigner))).toBe(`WALLET_API_SIGNER_MODULE ${notSigner} exports no Signer function (as default or as "signer")`);
  });

  it('npm run contract refuses a wrong WALLET_API_SIGNER_MODULE before Dredd starts', async () => {
    let output = '';
    const io = { out: (t: string) => (output += t), err: (t: string) => (output += t), color: false };
    const env = { WALLET_API_STAGING_URL: 'http://127.0.0.1:9', WALLET_API_KEY: 'key-value-123', WALLET_API_SIGNER_MODULE: './nope.ts', INIT_CWD: support };
    const message = await refusal(runContract({ target: 'staging', confirmProduction: false }, env, io));
    expect(message).toBe(`WALLET_API_SIGNER_MODULE names no file: ${join(support, 'nope.ts')} (a relative path is resolved against the directory npm was run from)`);
    expect(output).toBe('');
  });
});
