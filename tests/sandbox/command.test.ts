import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileLine, servingBanner } from '../../packages/sandbox/src/banner.ts';
import { freePort, spawnService, typeScriptCommand, waitForHttp } from '../../tools/support/process.ts';
import { repoRoot } from '../support/run.ts';

const script = `${repoRoot}scripts/sandbox.ts`;

async function runUntilListening(env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort();
  const service = spawnService(...typeScriptCommand(script), { ...env, PORT: String(port) });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/v1/wallets`, 20_000, service.child);
    for (let i = 0; i < 50 && !service.output().includes('Ctrl-C'); i++) await new Promise((r) => setTimeout(r, 100));
    return service.output().replaceAll(String(port), 'PORT');
  } finally {
    await service.stop();
  }
}

/**
 * One start of the command with both SANDBOX_API_KEYS and SANDBOX_PROFILE set serves the
 * tests of each (a start costs a second of CPU); the first test to ask starts it.
 */
let keysAndProfile: Promise<string> | undefined;
const withKeysAndProfile = () =>
  (keysAndProfile ??= runUntilListening({
    SANDBOX_API_KEYS: 'team-key-1:team-secret-1,team-key-2:team-secret-2',
    SANDBOX_PROFILE: `${repoRoot}tests/fixtures/providers/fills-unknowns.json`,
  }));

describe('npm run sandbox', () => {
  it('prints the URL and the demo credentials', async () => {
    const output = await runUntilListening({});
    expect(output).toContain('Sandbox listening on http://127.0.0.1:PORT');
    expect(output).toContain('Demo API key:        sandbox-demo-key');
    expect(output).toContain('Demo signing secret: sandbox-demo-secret');
  });

  it('never prints keys or secrets from SANDBOX_API_KEYS', async () => {
    const output = await withKeysAndProfile();
    expect(output).toContain('API keys: 2 from SANDBOX_API_KEYS');
    expect(output).not.toMatch(/team-(key|secret)/);
    expect(output).not.toContain('sandbox-demo');
  });
});

describe('npm run sandbox with SANDBOX_PROFILE', () => {
  it('names the provider profile it plays', async () => {
    const output = await withKeysAndProfile();
    expect(output).toContain('Provider profile: "Acme Pay (unknowns filled)" (SANDBOX_PROFILE): the sandbox answers as that provider, not by its own rules');
  });

  it('is named by the banner of npm start and npm run dev too, and only when one is played', () => {
    const facts = { url: 'http://127.0.0.1:4020', usesDemoCredentials: true, apiKeyCount: 0, notes: [] };
    expect(servingBanner({ ...facts, profile: 'Acme Pay' }).split('\n')).toContain(profileLine('Acme Pay'));
    expect(servingBanner(facts)).not.toContain('Provider profile');
  });

  it('refuses a bad profile in one line naming the file and the field, without a stack', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'profile-')), 'bad.json');
    writeFileSync(path, JSON.stringify({ name: 'Bad', refusals: { notFound: { status: 200, message: 'OK' } } }));
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(...typeScriptCommand(script), { env: { ...process.env, PORT: '0', SANDBOX_PROFILE: path }, timeout: 20_000 }, (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([`Sandbox did not start: Provider profile ${path} is refused: profile.refusals.notFound.status must be >= 400`]);
  });
});
