// The opt-in replay guard: the same signed request twice is refused the second time and
// changes nothing; without the guard the sandbox keeps accepting it (the provider
// publishes no replay rule). Our client, retrying GETs, never trips it.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap } from '../../src/client/index.ts';
import { ReplayGuard } from '../../src/sandbox/replay-guard.ts';
import { demoCredentials, startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { snapshotTenant } from '../robustness/support/tenant.ts';
import { sendSigned, type SignedRequest } from '../support/signed-http.ts';

const credentials = { apiKey: demoCredentials.apiKey, secret: demoCredentials.secret };
const createSwap = (timestamp: string): SignedRequest => ({
  method: 'POST',
  pathWithQuery: '/api/v1/swaps',
  body: JSON.stringify({ from: 'usdt', to: 'ngn', amount: 10, password: 'customer-authorization-value' }),
  contentType: 'application/json',
  auth: { timestamp },
});

let guarded: RunningSandbox;
let open: RunningSandbox;
beforeAll(async () => {
  [guarded, open] = await Promise.all([startSandbox({ rejectReplays: true, validateResponses: true }), startSandbox({ validateResponses: true })]);
});
afterAll(async () => {
  await Promise.all([guarded?.close(), open?.close()]);
});

describe('the replay guard (SANDBOX_REJECT_REPLAYS=1, rejectReplays)', () => {
  it('refuses a second identical signed request with 401 naming a replay, and changes nothing', async () => {
    const timestamp = new Date().toISOString();
    const first = await sendSigned(guarded.url, createSwap(timestamp), credentials);
    expect(first.status).toBe(200);
    const before = await snapshotTenant(guarded.url, credentials);
    const again = await sendSigned(guarded.url, createSwap(timestamp), credentials);
    expect(again.status).toBe(401);
    expect(again.json).toEqual({ status: 'error', message: 'Replayed request: this API key already sent a request with the same x-timestamp and x-signature', data: null });
    expect(await snapshotTenant(guarded.url, credentials)).toBe(before);
    // The same body signed over a new timestamp is a new request.
    const fresh = await sendSigned(guarded.url, createSwap(new Date(Date.now() + 1).toISOString()), credentials);
    expect(fresh.status).toBe(200);
  });

  it('is off by default: the sandbox accepts the same signed request again', async () => {
    const timestamp = new Date().toISOString();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await sendSigned(open.url, createSwap(timestamp), credentials)).status);
    expect(statuses).toEqual([200, 200, 200]);
  });

  it('forgets entries once their timestamp has left the window, so memory stays bounded', () => {
    let now = 1_000_000;
    const guard = new ReplayGuard(300_000, () => now);
    for (let i = 0; i < 1000; i++) expect(guard.admit('key', `t${i}`, 'sig', now)).toBe(true);
    expect(guard.admit('key', 't0', 'sig', now)).toBe(false);
    expect(guard.admit('other-key', 't0', 'sig', now)).toBe(true);
    expect(guard.size).toBe(1001);
    now += 300_001;
    expect(guard.admit('key', 'later', 'sig', now)).toBe(true);
    expect(guard.size).toBe(1);
  });
});

describe('our client against the replay guard', () => {
  let flaky: Server;
  let flakyUrl: string;
  let forwarded = 0;
  // Forwards every request to the guarded sandbox, then answers the first attempt of each
  // GET with 503 instead of the sandbox's answer: the client retries, and the sandbox sees
  // both attempts.
  beforeAll(async () => {
    const failedOnce = new Set<string>();
    flaky = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const target = new URL(incoming.url!, guarded.url);
        const proxied = httpRequest(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            forwarded++;
            const key = `${incoming.method} ${incoming.url}`;
            if (incoming.method === 'GET' && !failedOnce.has(key)) {
              failedOnce.add(key);
              outgoing.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' }).end(JSON.stringify({ status: 'error', message: 'try again', data: null }));
              return;
            }
            outgoing.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(body));
          });
        });
        proxied.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const address = flaky.address() as { port: number };
    flakyUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => flaky.close(() => resolve())));

  it('re-signs every retry over a new timestamp, so each attempt is accepted', async () => {
    const client = createClient({
      environment: 'custom',
      baseUrl: flakyUrl,
      apiKey: credentials.apiKey,
      signer: hmacSha256({ secret: credentials.secret }),
      retry: { attempts: 3, initialDelayMs: 0, maxDelayMs: 0 },
    });
    const paths = ['/api/v1/wallets', '/api/v1/wallets/markets', '/api/v1/transactions'] as const;
    for (const path of paths) await expect(unwrap(client.GET(path))).resolves.toBeDefined();
    // Each GET reached the sandbox twice (the refused-by-proxy attempt and the retry).
    expect(forwarded).toBe(2 * paths.length);
    await expect(unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 5, password: 'customer-authorization-value' } }))).resolves.toMatchObject({ status: 'pending' });
  });
});
