// `npm run dev` end to end, in a copy of the repository: an edited summary reaches the
// served docs and generated/schema.d.ts and the open pages are told to reload, the
// sandbox's records survive the reload of its routes, a broken YAML file keeps the last
// good build serving with the problem reported (terminal and page), a fix recovers, and
// Ctrl-C leaves no process behind. Prints the measured save-to-reload times.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap, type WalletApiClient } from '../../src/client/index.ts';
import { demoCredentials } from '../../src/sandbox/index.ts';
import { copyRepository, startDevCommand, StatusStream, type DevCommand } from '../../src/dev/session.ts';
import { repoRoot } from '../../src/support/repo.ts';
import { exampleRequest, modelOperations } from '../support/operations.ts';

const walletsPath = 'openapi/paths/api_v1_wallets.yaml';
const transactionsPath = 'openapi/paths/api_v1_transactions.yaml';
const oldSummary = 'summary: List wallets\n';
const newSummary = 'summary: List the wallets of the integration\n';

let copy: ReturnType<typeof copyRepository>;
let dev: DevCommand;
let events: StatusStream;
let client: WalletApiClient;
const reloads: number[] = [];

beforeAll(async () => {
  copy = copyRepository(repoRoot);
  dev = await startDevCommand(copy.dir);
  events = new StatusStream(dev.url);
  client = createClient({ environment: 'custom', baseUrl: dev.url, apiKey: demoCredentials.apiKey, signer: hmacSha256({ secret: demoCredentials.secret }) });
}, 180_000);

afterAll(async () => {
  events?.close();
  // Only when a test failed before stopping it.
  await dev?.stop('SIGKILL').catch(() => undefined);
  copy?.remove();
});

const read = (path: string) => readFileSync(join(copy.dir, path), 'utf8');
/** Saves a file and returns the time of the save. */
const save = (path: string, text: string) => {
  writeFileSync(join(copy.dir, path), text);
  return performance.now();
};
const docs = async () => (await fetch(`${dev.url}/docs`)).text();

describe('npm run dev', () => {
  it('serves build 1 with the live-reload script, and the sandbox with the demo credentials', async () => {
    const first = await events.next(() => true);
    expect(first).toMatchObject({ build: 1, problems: [] });
    const page = await docs();
    expect(page).toContain('List wallets');
    expect(page).toContain('/__dev/events');
    expect(await unwrap(client.GET('/api/v1/wallets'))).toEqual(expect.any(Array));
    // A clean copy: the first build's bundle is the committed one, which the gate says without running Optic.
    expect(dev.output()).toMatch(/── \d\d:\d\d:\d\d first build\n[\s\S]*?gate vs last commit: not breaking: the bundle is the one committed at HEAD\n/);
  });

  it('rebuilds on a save: docs, types and the sandbox routes, keeping the records; the page is told to reload', async () => {
    const createWallet = modelOperations().find((op) => op.operationId === 'createWallet')!;
    const created = await unwrap(client.POST('/api/v1/wallets/generate-wallet', { body: exampleRequest(createWallet).body as never }));
    const typesBefore = read('generated/schema.d.ts');
    expect(read(walletsPath)).toContain(oldSummary);

    const savedAt = save(walletsPath, read(walletsPath).replace(oldSummary, newSummary));
    const reloaded = await events.next((status) => status.build === 2, { since: savedAt });
    reloads.push(reloaded.receivedAt - savedAt);

    expect(await docs()).toContain('List the wallets of the integration');
    const typesAfter = read('generated/schema.d.ts');
    expect(typesAfter).not.toBe(typesBefore);
    expect(typesAfter).toContain('List the wallets of the integration');
    expect(read('generated/openapi.yaml')).toContain('List the wallets of the integration');
    // The wallet made before the reload is still there.
    expect(created._id).toEqual(expect.any(String));
    const wallets = await unwrap(client.GET('/api/v1/wallets'));
    expect(wallets.map((wallet) => wallet._id)).toContain(created._id);
    // The block for the save names the file and gives the gate's verdict.
    await expect.poll(() => dev.output(), { timeout: 60_000 }).toMatch(/── \d\d:\d\d:\d\d openapi\/paths\/api_v1_wallets\.yaml\n[\s\S]*?gate vs last commit: not breaking/);
  }, 120_000);

  it('keeps the last good build serving when a save breaks the YAML, reports the problem, and recovers on the next save', async () => {
    const good = read(transactionsPath);
    const brokenAt = save(transactionsPath, `${good}get:\n  summary: [unfinished\n`);
    const failed = await events.next((status) => status.problems.length > 0, { since: brokenAt });
    expect(failed.build).toBe(2);
    expect(failed.problems.join('\n')).toMatch(/openapi\/paths\/api_v1_transactions\.yaml:\d+:\d+ {2}error/);
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toMatch(/api_v1_transactions\.yaml:\d+:\d+ {2}error[\s\S]*still serving build 2/);
    // The last good docs and sandbox still serve; the page carries the script that shows the banner.
    const page = await docs();
    expect(page).toContain('List the wallets of the integration');
    expect(page).toContain('dev-problems');
    expect(read('generated/openapi.yaml')).toContain('List the wallets of the integration');
    expect(await unwrap(client.GET('/api/v1/wallets'))).toEqual(expect.any(Array));

    const fixedAt = save(transactionsPath, good);
    const recovered = await events.next((status) => status.build === 3, { since: fixedAt });
    reloads.push(recovered.receivedAt - fixedAt);
    expect(recovered.problems).toEqual([]);
  }, 120_000);

  it('refuses, in one line and at once, a port already in use', async () => {
    const port = new URL(dev.url).port;
    // The script npm runs, started directly: npm's own start-up adds nothing to this check.
    const second = spawnSync(join(copy.dir, 'node_modules/.bin/tsx'), ['scripts/dev.ts'], { cwd: copy.dir, env: { ...process.env, PORT: port }, encoding: 'utf8', timeout: 60_000 });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`dev: listen EADDRINUSE: address already in use 127.0.0.1:${port}`);
    expect(second.stdout).not.toContain('── ');
  }, 90_000);

  it('stops everything it started on Ctrl-C', async () => {
    const { code, signal, leftover } = await dev.stop('SIGINT');
    // npm ends by the signal (or 0); the command under it is checked by what it printed and left.
    expect(signal === 'SIGINT' || code === 0, `npm exited with ${code ?? signal}`).toBe(true);
    expect(leftover).toEqual([]);
    expect(dev.output()).toContain('SIGINT: stopping…');
    expect(dev.output()).not.toMatch(/could not stop cleanly|Error:/);
    console.log(`npm run dev: save to reload ${reloads.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (a summary edit, then a fix after a broken save)`);
  }, 30_000);

  it('starts on sources that do not build, serving the committed bundle and its docs until a save fixes them', async () => {
    // The committed sources, one file broken, and no docs built yet.
    execFileSync('git', ['checkout', '--', 'openapi', 'generated'], { cwd: copy.dir });
    rmSync(join(copy.dir, 'dist'), { recursive: true, force: true });
    const good = read(transactionsPath);
    save(transactionsPath, `${good}get:\n  summary: [unfinished\n`);

    const broken = await startDevCommand(copy.dir);
    const stream = new StatusStream(broken.url);
    try {
      const first = await stream.next(() => true);
      expect(first.build).toBe(0);
      expect(first.problems.join('\n')).toMatch(/openapi\/paths\/api_v1_transactions\.yaml:\d+:\d+ {2}error/);
      expect(broken.output()).toContain('still serving the committed bundle');
      const page = await (await fetch(`${broken.url}/docs`)).text();
      expect(page).toContain('List wallets');
      const sandboxClient = createClient({ environment: 'custom', baseUrl: broken.url, apiKey: demoCredentials.apiKey, signer: hmacSha256({ secret: demoCredentials.secret }) });
      expect(await unwrap(sandboxClient.GET('/api/v1/wallets'))).toEqual([]);

      const fixedAt = save(transactionsPath, good);
      expect(await stream.next((status) => status.build === 1, { since: fixedAt })).toMatchObject({ problems: [] });
    } finally {
      stream.close();
      const { leftover } = await broken.stop('SIGINT');
      expect(leftover).toEqual([]);
    }
  }, 120_000);
});
