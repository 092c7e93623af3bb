// The bundled sandbox (dist/standalone/wallet-api-sandbox.cjs, what the executable and the
// wheel carry) run by plain `node` from a folder with no node_modules: the files it reads at
// run time are inside it, a provider profile's file is read and checked (the embedded schema),
// and with SANDBOX_DATABASE_URL its state is in PostgreSQL (the bundled pg driver), kept
// across a restart. The oracles are the sandbox's own documented answers.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSandbox } from '../../scripts/standalone/bundle.ts';
import { startExecutableSandbox, type ExecutableSandbox } from '../../tools/standalone/executable-sandbox.ts';
import { repoRoot } from '../../tools/support/repo.ts';
import { freshDatabase } from '../support/postgres.ts';
import { SandboxCaller } from '../support/sandbox-caller.ts';

const folder = mkdtempSync(join(tmpdir(), 'sandbox-bundle-'));
const bundle = join(folder, 'wallet-api-sandbox.cjs');
const credentials = { apiKey: 'bundle-key', secret: 'bundle-signing-secret' };
const start = (env: NodeJS.ProcessEnv = {}) => startExecutableSandbox({ bin: bundle, option: 'bundle', apiKeys: { [credentials.apiKey]: credentials.secret }, env: { ...env, SANDBOX_VALIDATE_RESPONSES: '1' } });

beforeAll(async () => {
  await bundleSandbox(bundle);
  // Its first line is `#!/usr/bin/env node`: executable, it is a command like the npm bin.
  chmodSync(bundle, 0o755);
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('in memory', () => {
  let sandbox: ExecutableSandbox;
  let api: SandboxCaller;
  beforeAll(async () => {
    sandbox = await start();
    api = new SandboxCaller(sandbox.url, credentials);
  }, 30_000);
  afterAll(() => sandbox?.close());

  it('runs a swap from quote to confirmed, keeping its state', async () => {
    const created = await api.post('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'p' } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect((await api.post('/api/v1/swaps/{id}/confirm', { params: { id } })).body.data).toMatchObject({ id, status: 'confirmed' });
    expect((await api.post('/api/v1/swaps/{id}/cancel', { params: { id } })).status).toBe(409);
  });

  it('answers an undeclared method with 405 and Allow', async () => {
    const answer = await fetch(`${sandbox.url}/api/v1/swaps`, { method: 'DELETE' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });
});

it('reads and checks a provider profile from its file', async () => {
  const sandbox = await start({ SANDBOX_PROFILE: join(repoRoot, 'tests/fixtures/providers/contradicts.json') });
  await sandbox.close();
  await expect(start({ SANDBOX_PROFILE: join(repoRoot, 'package.json') })).rejects.toThrow(/stopped \(exit code 1\) before it was ready: Sandbox did not start: .*profile/);
}, 30_000);

it('keeps its state in PostgreSQL across a restart (SANDBOX_DATABASE_URL)', async () => {
  const databaseUrl = await freshDatabase('bundle');
  let sandbox = await start({ SANDBOX_DATABASE_URL: databaseUrl });
  let wallet: string;
  try {
    const made = await new SandboxCaller(sandbox.url, credentials).post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt' } });
    expect(made.status).toBe(200);
    wallet = made.body.data._id as string;
  } finally {
    await sandbox.close();
  }
  sandbox = await start({ SANDBOX_DATABASE_URL: databaseUrl });
  try {
    const listed = await new SandboxCaller(sandbox.url, credentials).get('/api/v1/wallets');
    expect((listed.body.data as { _id: string }[]).map((entry) => entry._id)).toContain(wallet);
  } finally {
    await sandbox.close();
  }
}, 60_000);
