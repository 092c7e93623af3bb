// Real Dredd runs with the contract hooks against a loopback fake of the service, through
// the same runner `npm run contract` uses (as the staging/production targets).
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runContract } from '../../tools/contract/run.ts';
import { TargetRefused } from '../../tools/contract/targets.ts';
import { startFakeService, type FakeService } from './support/fake-service.ts';

const apiKey = 'fake-api-key-7f3c';
const secret = 'fake-signing-secret-91ab';
const signerModule = fileURLToPath(new URL('./support/signer-module.ts', import.meta.url));

let service: FakeService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function run(target: 'staging' | 'production', env: NodeJS.ProcessEnv, confirmProduction = false) {
  let output = '';
  const io = { out: (t: string) => (output += t), err: (t: string) => (output += t), color: false };
  const exitCode = await runContract({ target, confirmProduction }, env, io);
  return { exitCode, output };
}

function expectNoSecrets(output: string, received: FakeService['received']) {
  expect(output).not.toContain(apiKey);
  expect(output).not.toContain(secret);
  for (const { signature } of received) if (signature) expect(output).not.toContain(signature);
}

describe('contract hooks (Dredd against a loopback service)', () => {
  it('passes every operation of a conforming service, signing each request and chaining real ids', async () => {
    service = await startFakeService({ apiKey, secret });
    const { exitCode, output } = await run('staging', { WALLET_API_STAGING_URL: service.url, WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret });
    expect(output).toContain('complete: 17 passing, 0 failing, 0 errors, 0 skipped, 17 total');
    expect(exitCode).toBe(0);
    const byOperation = (id: string) => service!.received.filter((r) => r.operationId === id).map((r) => r.path);
    // One swap created by Dredd and confirmed, a second created by the hooks and cancelled.
    expect(byOperation('createSwap')).toHaveLength(2);
    expect(byOperation('confirmSwap')).toEqual(['/api/v1/swaps/swap-1/confirm']);
    expect(byOperation('cancelSwap')).toEqual(['/api/v1/swaps/swap-2/cancel']);
    // The id read back is one the transaction list returned.
    expect(byOperation('getTransaction')).toEqual(['/api/v1/transactions/665f0b7e9b1e4a0012ab9999']);
    // Exactly one request (the negative case) went without an API key; all others were signed and accepted.
    expect(service.received.filter((r) => !r.apiKey)).toHaveLength(1);
    expect(service.received.filter((r) => r.apiKey).every((r) => r.signature && /^[0-9a-f]{64}$/.test(r.signature))).toBe(true);
    expectNoSecrets(output, service.received);
  });

  it("fails a transaction whose body violates the spec, with Ajv's message, and prints no secret", async () => {
    service = await startFakeService({
      apiKey,
      secret,
      corrupt: { operationId: 'listWallets', body: (valid) => ({ ...valid, data: [{ ...(valid.data as object[])[0], chainType: 42 }] }) },
    });
    const { exitCode, output } = await run('staging', { WALLET_API_STAGING_URL: service.url, WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret });
    expect(exitCode).toBe(1);
    expect(output).toContain('complete: 16 passing, 1 failing, 0 errors, 0 skipped, 17 total');
    expect(output).toMatch(/fail: GET \(200\) \/api\/v1\/wallets duration/);
    expect(output).toContain('200 response does not match the spec: body/data/0/chainType must be string');
    expectNoSecrets(output, service.received);
  });

  it('runs production with GET operations only, only when confirmed, signing through a signer module', async () => {
    service = await startFakeService({ apiKey, secret: 'fake-signing-secret-from-module' });
    const env = { WALLET_API_PRODUCTION_URL: service.url, WALLET_API_KEY: apiKey, WALLET_API_SIGNER_MODULE: signerModule };
    await expect(run('production', env)).rejects.toThrow(TargetRefused);
    expect(service.received).toHaveLength(0);

    const { exitCode, output } = await run('production', env, true);
    expect(output).toMatch(/complete: 11 passing, 0 failing, 0 errors, 6 skipped, 17 total/);
    expect(exitCode).toBe(0);
    expect(new Set(service.received.map((r) => r.method))).toEqual(new Set(['GET']));
    expect(service.received.some((r) => r.operationId === 'getTransaction')).toBe(true);
  });
});
