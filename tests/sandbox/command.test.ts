import { describe, expect, it } from 'vitest';
import { freePort, spawnService, waitForHttp } from '../../src/support/process.ts';
import { repoRoot } from '../support/run.ts';

const tsx = `${repoRoot}node_modules/.bin/tsx`;
const script = `${repoRoot}scripts/sandbox.ts`;

async function runUntilListening(env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort();
  const service = spawnService(tsx, [script], { ...env, PORT: String(port) });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/v1/wallets`, 20_000, service.child);
    for (let i = 0; i < 50 && !service.output().includes('Ctrl-C'); i++) await new Promise((r) => setTimeout(r, 100));
    return service.output().replaceAll(String(port), 'PORT');
  } finally {
    await service.stop();
  }
}

describe('npm run sandbox', () => {
  it('prints the URL and the demo credentials', async () => {
    const output = await runUntilListening({});
    expect(output).toContain('Sandbox listening on http://127.0.0.1:PORT');
    expect(output).toContain('Demo API key:        sandbox-demo-key');
    expect(output).toContain('Demo signing secret: sandbox-demo-secret');
  });

  it('never prints keys or secrets from SANDBOX_API_KEYS', async () => {
    const output = await runUntilListening({ SANDBOX_API_KEYS: 'team-key-1:team-secret-1,team-key-2:team-secret-2' });
    expect(output).toContain('API keys: 2 from SANDBOX_API_KEYS');
    expect(output).not.toMatch(/team-(key|secret)/);
    expect(output).not.toContain('sandbox-demo');
  });
});
