// The opt-in replay guard: the same signed request twice is refused and changes nothing;
// the table forgets requests whose timestamp has left the window; our client, retrying a
// GET, re-signs each attempt and so is never taken for a replay.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256 } from '../../packages/sdk/src/client/index.ts';
import { demoCredentials, startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { ReplayGuard } from '../../packages/sandbox/src/replays.ts';
import { formatTimestamp } from '../../packages/sdk/src/signing/index.ts';
import { storeVariants } from '../support/postgres.ts';
import { sendSigned } from '../support/signed-http.ts';

const replayMessage = 'Replay refused: this API key, x-timestamp and x-signature were already received; sign every request with a fresh x-timestamp';
const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };

describe('replay guard table', () => {
  const windowMs = 1000;

  it('refuses the same key, timestamp and signature inside the window, and nothing else', () => {
    let now = 0;
    const guard = new ReplayGuard({ windowMs, now: () => now });
    expect(guard.claim('key', 't1', 'sig', 0)).toBe(true);
    expect(guard.claim('key', 't1', 'sig', 0)).toBe(false);
    expect(guard.claim('key', 't1', 'other', 0)).toBe(true);
    expect(guard.claim('other-key', 't1', 'sig', 0)).toBe(true);
    expect(guard.claim('key', 't2', 'sig', 0)).toBe(true);
    now = windowMs;
    expect(guard.claim('key', 't1', 'sig', 0)).toBe(false);
  });

  it('forgets entries once their timestamp leaves the window, so memory stays bounded', () => {
    let now = 0;
    const guard = new ReplayGuard({ windowMs, now: () => now });
    // 10 requests per simulated millisecond for 20 windows.
    let largest = 0;
    for (now = 0; now < 20 * windowMs; now++) {
      for (let i = 0; i < 10; i++) guard.claim('key', String(now), String(i), now);
      largest = Math.max(largest, guard.size);
    }
    // At most one window plus one sweep interval (a quarter window) of requests is held.
    expect(largest).toBeLessThanOrEqual(10 * (windowMs + windowMs / 4 + 1));
    expect(largest).toBeGreaterThanOrEqual(10 * windowMs);
    now += windowMs + 1;
    guard.sweep();
    expect(guard.size).toBe(0);
  });
});

describe.each(storeVariants)('$name', ({ options: storeOptions }) => {
  describe('sandbox with rejectReplays', () => {
    let guarded: Awaited<ReturnType<typeof startSandbox>>;
    let open: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      [guarded, open] = await Promise.all([
        startSandbox({ ...(await storeOptions('replays guarded')), validateResponses: true, rejectReplays: true }),
        startSandbox({ ...(await storeOptions('replays open')), validateResponses: true }),
      ]);
    });
    afterAll(() => Promise.all([guarded.close(), open.close()]));

    const createSwap = (url: string, timestamp: string) =>
      sendSigned(url, { method: 'POST', pathWithQuery: '/api/v1/swaps', body: JSON.stringify(swap), contentType: 'application/json', auth: { timestamp } }, demoCredentials);
    // Each read is signed at a later millisecond than the one before: the guard rightly refuses
    // the same GET signed twice within one (a fast loopback answers a POST in under a millisecond).
    let lastRead = 0;
    const swapCount = async (url: string) => {
      lastRead = Math.max(Date.now(), lastRead + 1);
      const read = await sendSigned(url, { method: 'GET', pathWithQuery: '/sandbox/swaps', auth: { timestamp: new Date(lastRead) } }, demoCredentials);
      expect(read.status, read.text).toBe(200);
      return (read.json as { data: unknown[] }).data.length;
    };

    it('answers a second identical signed request with 401 naming a replay, and creates nothing', async () => {
      const timestamp = formatTimestamp(new Date());
      const first = await createSwap(guarded.url, timestamp);
      expect(first.status).toBe(200);
      const before = await swapCount(guarded.url);
      for (let i = 0; i < 3; i++) {
        const again = await createSwap(guarded.url, timestamp);
        expect(again.status).toBe(401);
        expect(again.json).toEqual({ status: 'error', message: replayMessage, data: null });
        expect(again.text).not.toContain(again.signature);
      }
      expect(await swapCount(guarded.url)).toBe(before);
      // The same request signed with a new timestamp is a new request.
      expect((await createSwap(guarded.url, formatTimestamp(new Date(Date.now() + 5)))).status).toBe(200);
      expect(await swapCount(guarded.url)).toBe(before + 1);
    });

    it('is off unless asked for: the same signed request twice creates two swaps', async () => {
      const timestamp = formatTimestamp(new Date());
      expect((await createSwap(open.url, timestamp)).status).toBe(200);
      expect((await createSwap(open.url, timestamp)).status).toBe(200);
      expect(await swapCount(open.url)).toBe(2);
    });

    it('lets our client retry a GET whose first answer was lost: each attempt is signed afresh', async () => {
      // A gateway in front of the sandbox: forwards every request unchanged, and replaces
      // the sandbox's first answer with 503, as a proxy that lost the answer would.
      const arrivals: { headers: IncomingHttpHeaders; upstreamStatus: number }[] = [];
      const target = new URL(guarded.url);
      const gateway: Server = createServer((req, res) => {
        const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            arrivals.push({ headers: req.headers, upstreamStatus: answer.statusCode ?? 0 });
            if (arrivals.length === 1) {
              res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', message: 'unavailable', data: null }));
            } else {
              res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
            }
          });
        });
        req.pipe(upstream);
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      try {
        const address = gateway.address() as { port: number };
        const client = createClient({
          environment: 'custom',
          baseUrl: `http://127.0.0.1:${address.port}`,
          apiKey: demoCredentials.apiKey,
          signer: hmacSha256({ secret: demoCredentials.secret }),
          retry: { attempts: 3, initialDelayMs: 5 },
        });
        const result = await client.GET('/api/v1/wallets');
        expect(result.response.status).toBe(200);
        expect(arrivals.map((a) => a.upstreamStatus)).toEqual([200, 200]);
        expect(arrivals[1]!.headers['x-timestamp']).not.toBe(arrivals[0]!.headers['x-timestamp']);
        expect(arrivals[1]!.headers['x-signature']).not.toBe(arrivals[0]!.headers['x-signature']);

        // The control: the first attempt sent again byte for byte is a replay.
        const first = arrivals[0]!.headers;
        const replayed = await sendSigned(
          guarded.url,
          { method: 'GET', pathWithQuery: '/api/v1/wallets', auth: { timestamp: String(first['x-timestamp']), headers: { 'x-signature': String(first['x-signature']) } } },
          demoCredentials,
        );
        expect(replayed.status).toBe(401);
        expect(replayed.json).toEqual({ status: 'error', message: replayMessage, data: null });
      } finally {
        await new Promise((resolve) => gateway.close(resolve));
      }
    });
  });
});
