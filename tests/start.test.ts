// `npm start -- --serve-only` as a developer runs it: both addresses printed, the docs and
// the sandbox API answering on loopback, and Ctrl-C (SIGINT to the process group) stopping everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../tools/docs/build.ts';
import { demoCredentials } from '../packages/sandbox/src/index.ts';
import { spawnService, typeScriptCommand, type RunningProcess } from '../tools/support/process.ts';
import { repoRoot } from './support/run.ts';
import { sendSigned } from './support/signed-http.ts';

let start: RunningProcess;
let addresses: { docs: string; api: string };

async function printed(service: RunningProcess, timeoutMs: number): Promise<typeof addresses> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = service.output();
    const docs = /^Docs: (\S+)$/m.exec(text)?.[1];
    const api = /^API: +(\S+)$/m.exec(text)?.[1];
    if (docs && api) return { docs, api };
    if (service.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`npm start printed no addresses:\n${service.output()}`);
}

const refused = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    () => true,
  );

beforeAll(async () => {
  await buildDocs();
  start = spawnService(...typeScriptCommand(`${repoRoot}scripts/start.ts`, ['--serve-only']), { PORT: '0' });
  addresses = await printed(start, 40_000);
});
afterAll(async () => {
  await start?.stop();
});

describe('npm start', () => {
  it('serves the docs and the sandbox API on loopback, the docs at /docs of the sandbox', async () => {
    for (const url of Object.values(addresses)) expect(new URL(url).hostname).toBe('127.0.0.1');
    const docs = await fetch(addresses.docs);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await docs.text()).toContain('<title>Wallet, Payout and Swap API</title>');
    const api = await fetch(`${addresses.api}/wallets`);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ status: 'error', message: 'No API key was provided', data: null });
    expect(addresses.docs).toBe(`${addresses.api.replace(/\/api\/v1$/, '')}/docs`);
    expect(start.output()).toContain(`x-api-key ${demoCredentials.apiKey}`);
  });

  it('answers a request signed with the demo credentials', async () => {
    const response = await sendSigned(addresses.api, { method: 'GET', pathWithQuery: '/api/v1/wallets/markets' }, demoCredentials);
    expect(response.status).toBe(200);
    expect((response.json as { status: string }).status).toBe('success');
  });

  it('redirects / to the docs and ends its output with a first wallet-api call to paste', async () => {
    const root = await fetch(addresses.api.replace(/\/api\/v1$/, '/'), { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/docs');
    const lines = start.output().trimEnd().split('\n');
    const intro = lines.indexOf('A first signed call, from another terminal in this folder:');
    // Only the request log (JSON lines: stdout is not a terminal here) follows the command.
    expect(lines.slice(intro + 2).filter((line) => !/^\{"level":\d+,.*"msg":"(incoming request|request completed)"\}$/.test(line))).toEqual([]);
    // PORT=0 is not the default address, so the command names it and the demo credentials.
    expect(lines[intro + 1]).toBe(`  WALLET_API_KEY=${demoCredentials.apiKey} WALLET_API_SIGNING_SECRET=${demoCredentials.secret} npx wallet-api listMarkets --base-url ${addresses.api.replace(/\/api\/v1$/, '')}`);
  });

  it('stops the sandbox and the docs on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => start.child.once('exit', (code) => resolve(code)));
    process.kill(-start.child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    for (const url of [addresses.docs, addresses.api]) expect(await refused(url), url).toBe(true);
  });
});
