// `npm run dev` end to end, in a copy of the repository, in one run of the command (each
// start costs seconds): it starts on a broken file, serving the committed bundle and
// reporting the problem; the fix builds; an edited summary reaches the served docs and
// generated/schema.d.ts, the open pages are told to reload and the sandbox's records
// survive; a broken save keeps the last good build serving with the problem reported
// (terminal and page); a second instance on the same port is refused; Ctrl-C leaves no
// process behind. Prints the measured save-to-reload times.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { demoCredentials } from '../../packages/sandbox/src/index.ts';
import { startDevCommand, type DevCommand } from '../support/dev-command.ts';
import { StatusStream } from '../support/live-reload-stream.ts';
import { copyRepository } from '../support/repository-copy.ts';
import { repoRoot } from '../../tools/support/repo.ts';
import { exampleRequest, modelOperations } from '../support/operations.ts';

const walletsPath = 'openapi/paths/api_v1_wallets.yaml';
const transactionsPath = 'openapi/paths/api_v1_transactions.yaml';
const oldSummary = 'summary: List wallets\n';
const newSummary = 'summary: List the wallets of the integration\n';
const unfinishedYaml = 'get:\n  summary: [unfinished\n';
const problemLine = /openapi\/paths\/api_v1_transactions\.yaml:\d+:\d+ {2}error/;

let copy: ReturnType<typeof copyRepository>;
let goodTransactions: string;
let dev: DevCommand;
let events: StatusStream;
let client: WalletApiClient;
const reloads: number[] = [];

const read = (path: string) => readFileSync(join(copy.dir, path), 'utf8');
/** Saves a file and returns the time of the save. */
const save = (path: string, text: string) => {
  writeFileSync(join(copy.dir, path), text);
  return performance.now();
};
const docs = async () => (await fetch(`${dev.url}/docs`)).text();

beforeAll(async () => {
  // A copy with no docs built yet and one source file broken before the command starts.
  copy = copyRepository(repoRoot);
  goodTransactions = read(transactionsPath);
  save(transactionsPath, goodTransactions + unfinishedYaml);
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

describe('npm run dev', () => {
  it('starts on sources that do not build: serves the committed bundle and its docs, and reports the problem as build 0', async () => {
    const first = await events.next(() => true);
    expect(first.build).toBe(0);
    expect(first.problems.join('\n')).toMatch(problemLine);
    expect(dev.output()).toMatch(new RegExp(`first build\\n[\\s\\S]*${problemLine.source}[\\s\\S]*still serving the committed bundle`));
    const page = await docs();
    expect(page).toContain('List wallets');
    expect(page).toContain('/__dev/events');
    // The downloads the page links and the root's redirect, as npm start serves them.
    const yaml = await fetch(`${dev.url}/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toBe(read('generated/openapi.yaml'));
    expect((await fetch(`${dev.url}/`, { redirect: 'manual' })).headers.get('location')).toBe('/docs');
    expect(await unwrap(client.GET('/api/v1/wallets'))).toEqual([]);
  });

  it('builds once the file is fixed; a bundle equal to the committed one gets its verdict without Optic', async () => {
    const fixedAt = save(transactionsPath, goodTransactions);
    const built = await events.next((status) => status.build === 1, { since: fixedAt });
    reloads.push(built.receivedAt - fixedAt);
    expect(built.problems).toEqual([]);
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toMatch(/api_v1_transactions\.yaml\n[\s\S]*?gate vs last commit: not breaking: the bundle is the one committed at HEAD\n/);
  }, 60_000);

  it('rebuilds on a save: docs, types and the sandbox routes, keeping the records; the page is told to reload', async () => {
    const createWallet = modelOperations().find((op) => op.operationId === 'createWallet')!;
    const created = await unwrap(client.POST('/api/v1/wallets/generate-wallet', { body: exampleRequest(createWallet).body as never }));
    expect(created._id).toEqual(expect.any(String));
    const typesBefore = read('generated/schema.d.ts');

    const savedAt = save(walletsPath, read(walletsPath).replace(oldSummary, newSummary));
    const reloaded = await events.next((status) => status.build === 2, { since: savedAt });
    reloads.push(reloaded.receivedAt - savedAt);

    expect(await docs()).toContain('List the wallets of the integration');
    const typesAfter = read('generated/schema.d.ts');
    expect(typesAfter).not.toBe(typesBefore);
    expect(typesAfter).toContain('List the wallets of the integration');
    expect(read('generated/openapi.yaml')).toContain('List the wallets of the integration');
    // The client's methods too: listWallets' doc comment is the new summary.
    expect(read('packages/sdk/src/client/operations.generated.ts')).toContain('   * List the wallets of the integration\n');
    // The wallet made before the reload is still there.
    const wallets = await unwrap(client.GET('/api/v1/wallets'));
    expect(wallets.map((wallet) => wallet._id)).toEqual([created._id]);
    // The block for the save names the file and gives Optic's verdict.
    await expect.poll(() => dev.output(), { timeout: 60_000 }).toMatch(/── \d\d:\d\d:\d\d openapi\/paths\/api_v1_wallets\.yaml\n[\s\S]*?gate vs last commit: not breaking: no breaking change/);
  }, 120_000);

  it('keeps the last good build serving when a save breaks the YAML, and reports the problem', async () => {
    const brokenAt = save(transactionsPath, goodTransactions + unfinishedYaml);
    const failed = await events.next((status) => status.problems.length > 0, { since: brokenAt });
    expect(failed.build).toBe(2);
    expect(failed.problems.join('\n')).toMatch(problemLine);
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toMatch(new RegExp(`${problemLine.source}[\\s\\S]*still serving build 2`));
    // The last good docs and sandbox still serve; the page carries the script that shows the banner.
    const page = await docs();
    expect(page).toContain('List the wallets of the integration');
    expect(page).toContain('dev-problems');
    expect(read('generated/openapi.yaml')).toContain('List the wallets of the integration');
    expect(await unwrap(client.GET('/api/v1/wallets'))).toHaveLength(1);
  }, 60_000);

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
    console.log(`npm run dev: save to reload ${reloads.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (the fix of a broken start, then a summary edit)`);
  }, 30_000);
});
