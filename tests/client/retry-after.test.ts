// ApiError keeps the response headers; a GET retried after 429 or 503 waits what Retry-After asks, capped.
import { describe, expect, it } from 'vitest';
import { ApiError, createClient, hmacSha256, unwrap, type ClientOptions } from '../../packages/sdk/src/client/index.ts';
import { retryAfterMs } from '../../packages/sdk/src/client/transport.ts';
import { answerJson, startCaptureServer, successEnvelope, useCaptureServer, type CaptureServer } from '../support/capture-server.ts';

const capture = useCaptureServer();

function client(overrides: Partial<ClientOptions> = {}, server: CaptureServer = capture.server) {
  return createClient({ environment: 'custom', baseUrl: server.url, apiKey: 'key-retry-after-1', signer: hmacSha256({ secret: 's' }), ...overrides });
}

const busy = { status: 'error', message: 'Too many requests', data: null };

/** Answers the first request with `status` and these headers, then success; records when each arrived. */
function busyOnce(status: number, headers: Record<string, string>, server: CaptureServer = capture.server): number[] {
  const arrivals: number[] = [];
  server.handle((_req, res) => {
    arrivals.push(performance.now());
    if (arrivals.length > 1) return answerJson(res, 200, successEnvelope);
    const text = JSON.stringify(busy);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  });
  return arrivals;
}

describe('ApiError', () => {
  it('keeps the response headers, in the error and in its JSON', async () => {
    capture.server.handle((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30', 'x-provider-note': 'slow down' });
      res.end(JSON.stringify(busy));
    });
    const error = (await unwrap(client().GET('/api/v1/wallets')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.headers.get('retry-after')).toBe('30');
    expect(error.headers.get('x-provider-note')).toBe('slow down');
    expect(JSON.parse(JSON.stringify(error)).headers).toMatchObject({ 'retry-after': '30', 'x-provider-note': 'slow down' });
  });

  it('drops response headers named like the authentication headers, which a gateway may echo', async () => {
    capture.server.handle((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'x-api-key': String(req.headers['x-api-key']), 'x-signature': String(req.headers['x-signature']), 'x-timestamp': 't', vary: 'x-api-key' });
      res.end(JSON.stringify({ status: 'error', message: 'Invalid signature', data: null }));
    });
    const error = (await unwrap(client().GET('/api/v1/wallets')).catch((e: unknown) => e)) as ApiError;
    expect(['x-api-key', 'x-signature', 'x-timestamp'].filter((name) => error.headers.has(name))).toEqual([]);
    expect(error.headers.get('vary')).toBe('x-api-key');
  });
});

describe('Retry-After on GET retries', () => {

  // The two second-long waits run side by side, each against its own capture server, so
  // that neither sees the other's requests or handler.
  describe.concurrent('waits of a second', () => {
    it('waits the seconds a 429 asks for instead of the backoff', async ({ expect, onTestFinished }) => {
      const server = await startCaptureServer();
      onTestFinished(() => server.close());
      const arrivals = busyOnce(429, { 'retry-after': '1' }, server);
      await unwrap(client({ retry: { attempts: 2, initialDelayMs: 1, maxDelayMs: 5_000 } }, server).GET('/api/v1/wallets'));
      expect(arrivals).toHaveLength(2);
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
    });

    it('reads an HTTP date against the client\'s clock', async ({ expect, onTestFinished }) => {
      const server = await startCaptureServer();
      onTestFinished(() => server.close());
      const now = new Date('2026-11-21T10:15:30.000Z');
      const arrivals = busyOnce(429, { 'retry-after': new Date(now.getTime() + 1_000).toUTCString() }, server);
      await unwrap(client({ now: () => now, retry: { attempts: 2, initialDelayMs: 1, maxDelayMs: 5_000 } }, server).GET('/api/v1/wallets'));
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
    });
  });

  it('caps the wait at maxDelayMs', async () => {
    const arrivals = busyOnce(503, { 'retry-after': '3600' });
    await unwrap(client({ retry: { attempts: 2, initialDelayMs: 1, maxDelayMs: 80 } }).GET('/api/v1/wallets'));
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(70);
    expect(arrivals[1]! - arrivals[0]!).toBeLessThan(3_000);
  });


  it('never retries a POST, whatever Retry-After says', async () => {
    busyOnce(503, { 'retry-after': '0' });
    const error = await unwrap(client({ retry: { attempts: 3 } }).POST('/api/v1/swaps/{id}/cancel', { params: { path: { id: 's1' } } })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'api', httpStatus: 503 });
    expect(capture.server.requests).toHaveLength(1);
  });

  it.each([
    ['delay-seconds', 429, '2', 2_000],
    ['zero seconds', 503, '0', 0],
    ['an HTTP date', 503, 'Sat, 21 Nov 2026 10:15:33 GMT', 3_000],
    ['an HTTP date already past', 429, 'Sat, 21 Nov 2026 10:15:00 GMT', 0],
    ['more than maxDelayMs', 429, '120', 10_000],
    ['a value that is neither', 429, 'soon', undefined],
    ['a negative number', 429, '-5', undefined],
    ['a digit that is not ASCII (²)', 503, '\u00b2', undefined],
    ['a decimal number', 503, '1.5', undefined],
    ['digits beside a no-break space', 503, '2\u00a0', undefined],
    ['a status that does not use it (502)', 502, '2', undefined],
    ['a status that does not use it (504)', 504, '2', undefined],
  ])('retryAfterMs: %s', (_label, status, value, expectedMs) => {
    const response = new Response(null, { status, headers: { 'retry-after': value } });
    expect(retryAfterMs(response, new Date('2026-11-21T10:15:30.000Z'), 10_000)).toBe(expectedMs);
  });

  it('retryAfterMs: none without the header', () => {
    expect(retryAfterMs(new Response(null, { status: 429 }), new Date(), 10_000)).toBeUndefined();
  });
});

describe('retried attempts', () => {
  it('are each signed over a later timestamp, even when the clock has not moved', async () => {
    busyOnce(503, { 'retry-after': '0' });
    // A clock that stands still: every attempt within the same millisecond of the wall clock.
    const frozen = new Date('2026-11-21T10:15:30.123Z');
    await unwrap(client({ now: () => frozen, retry: { attempts: 2, initialDelayMs: 0, maxDelayMs: 0 } }).GET('/api/v1/wallets'));
    const [first, second] = capture.server.requests;
    expect([first!.headers['x-timestamp'], second!.headers['x-timestamp']]).toEqual(['2026-11-21T10:15:30.123Z', '2026-11-21T10:15:30.124Z']);
    expect(first!.headers['x-signature']).not.toBe(second!.headers['x-signature']);
  });
});
