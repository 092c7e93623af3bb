// The README's pagination and middleware examples: verbatim copies of files under
// examples/ (which tsc --noEmit type-checks), run here against the sandbox.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogging } from '../../examples/request-logging.ts';
import { reportPages, transactionHistory } from '../../examples/transaction-history.ts';
import { createClient, hmacSha256, unwrap, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { freePort } from '../../tools/support/process.ts';
import { readmeBlock } from '../support/readme.ts';
import { repoRoot } from '../support/run.ts';

let sandbox: RunningSandbox;
const secret = 'readme-secret';
const apiKeys = { 'readme-history': secret, 'readme-empty': secret, 'readme-logging': secret };

beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true, port: 0, deterministic: true, logger: false, apiKeys });
});
afterAll(() => sandbox?.close());

const connect = (apiKey: keyof typeof apiKeys, timeoutMs?: number): WalletApiClient =>
  createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }), ...(timeoutMs ? { timeoutMs } : {}) });

async function addRecord(client: WalletApiClient): Promise<string> {
  const preview = await unwrap(client.POST('/api/v1/wallets/preview-withdraw', { body: { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } }));
  return preview.transactionId;
}

describe.each(['examples/transaction-history.ts', 'examples/request-logging.ts'])('the README example %s', (path) => {
  it('is the file verbatim', () => {
    const block = readmeBlock(path, 'docs/client.md');
    expect(block, `docs/client.md has no example block for ${path}`).toBeDefined();
    expect(block).toBe(readFileSync(`${repoRoot}${path}`, 'utf8'));
  });
});

describe('the transaction history example', () => {
  it('reads every page, newest first, and skips the repeat a record created mid-walk causes', async () => {
    const client = connect('readme-history');
    const oldestFirst: string[] = [];
    for (let n = 0; n < 120; n++) oldestFirst.push(await addRecord(client));
    // A record created right after page 1 arrives, while the walk goes on.
    let added: string | undefined;
    client.use({
      async onResponse({ request }) {
        if (added === undefined && new URL(request.url).searchParams.get('page') === '1') added = await addRecord(connect('readme-history'));
      },
    });
    const history = await transactionHistory(client);
    expect(history.map((t) => t._id)).toEqual([...oldestFirst].reverse());
    expect(added).toBeDefined();

    const lines: string[] = [];
    await reportPages(client, (line) => lines.push(line));
    expect(lines).toEqual(['page 1 of 3 (121 transactions)', 'page 2 of 3 (121 transactions)', 'page 3 of 3 (121 transactions)']);
  });

  it('returns nothing for an empty history', async () => {
    expect(await transactionHistory(connect('readme-empty'))).toEqual([]);
  });
});

describe('the request logging example', () => {
  it('logs each call with its status and duration, and a failure by its kind', async () => {
    const lines: string[] = [];
    const client = connect('readme-logging', 2_000);
    client.use(requestLogging((line) => lines.push(line)));
    await unwrap(client.GET('/api/v1/wallets'));
    await unwrap(client.GET('/api/v1/transactions', { params: { query: { limit: 0 } } })).catch(() => undefined);
    const closed = createClient({ environment: 'custom', baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey: 'readme-logging', signer: hmacSha256({ secret }) });
    closed.use(requestLogging((line) => lines.push(line)));
    await closed.GET('/api/v1/wallets').catch(() => undefined);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/api\/v1\/wallets → 200 in \d+ ms$/);
    expect(lines[1]).toMatch(/^GET \/api\/v1\/transactions → 400 in \d+ ms$/);
    expect(lines[2]).toBe('GET /api/v1/wallets failed: network');
  });
});
