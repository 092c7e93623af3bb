// client.use / client.eject: openapi-fetch middleware runs before authentication, so what
// it changes is signed and sent, and it never sees the authentication headers.
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createClient,
  hmacSha256,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  unwrap,
  type ClientOptions,
  type Middleware,
  type SignatureInput,
} from '../../packages/sdk/src/client/index.ts';
import { clientUserAgent } from '../../packages/sdk/src/client/options.ts';
import { signaturesMatch } from '../../packages/sdk/src/signing/index.ts';
import { answerJson, startCaptureServer, successEnvelope, useCaptureServer } from '../support/capture-server.ts';

const secret = 'middleware-test-secret';
const apiKey = 'middleware-test-key';
const authentication = ['x-api-key', 'x-timestamp', 'x-signature'];
const capture = useCaptureServer();

function client(overrides: Partial<ClientOptions> = {}) {
  return createClient({ environment: 'custom', baseUrl: capture.server.url, apiKey, signer: hmacSha256({ secret }), ...overrides });
}

/** True when the signature the server received is the HMAC of exactly what it received. */
function signedAsReceived(index = 0): boolean {
  const r = capture.server.requests[index]!;
  const wire = { method: r.method, pathWithQuery: r.url, body: r.body.toString('utf8'), timestamp: String(r.headers['x-timestamp']), apiKey };
  return signaturesMatch(hmacSha256({ secret })(wire) as string, String(r.headers['x-signature']));
}

const swapBody = { from: 'usdt', to: 'ngn', amount: 100, password: 'p' };

describe('middleware', () => {
  it('runs onRequest before signing: headers it adds are sent, and a Request it replaces is what gets signed', async () => {
    const signed: SignatureInput[] = [];
    const c = client({ signer: (input) => (signed.push(input), hmacSha256({ secret })(input)) });
    c.use({
      onRequest({ request }) {
        request.headers.set('x-trace', 'trace-1');
      },
    });
    await unwrap(c.POST('/api/v1/swaps', { body: swapBody }));
    expect(capture.server.requests[0]!.headers['x-trace']).toBe('trace-1');
    expect(capture.server.requests[0]!.body.toString()).toBe(JSON.stringify(swapBody));
    expect(signedAsReceived(0)).toBe(true);

    const rewritten = { ...swapBody, amount: 7 };
    c.use({
      async onRequest({ request }) {
        const url = new URL(request.url);
        url.searchParams.set('via', 'middleware');
        return new Request(url, { method: request.method, headers: request.headers, body: JSON.stringify(rewritten) });
      },
    });
    await unwrap(c.POST('/api/v1/swaps', { body: swapBody }));
    expect(capture.server.requests[1]!.url).toBe('/api/v1/swaps?via=middleware');
    expect(capture.server.requests[1]!.body.toString()).toBe(JSON.stringify(rewritten));
    expect(signed[1]).toMatchObject({ method: 'POST', pathWithQuery: '/api/v1/swaps?via=middleware', body: JSON.stringify(rewritten) });
    expect(signedAsReceived(1)).toBe(true);
  });

  it('never shows the authentication headers to middleware, in onRequest, onResponse or onError', async () => {
    const shown: Headers[] = [];
    const c = client({ timeoutMs: 100 });
    c.use({
      onRequest: ({ request }) => void shown.push(request.headers),
      onResponse: ({ request, response }) => void shown.push(request.headers, response.headers),
      onError: ({ request }) => void shown.push(request.headers),
    });
    await unwrap(c.GET('/api/v1/wallets', { headers: { 'x-trace': 't' } }));
    capture.server.handle(() => {});
    await expect(c.GET('/api/v1/wallets')).rejects.toBeInstanceOf(TimeoutError);
    expect(shown).toHaveLength(5);
    for (const headers of shown) for (const name of authentication) expect(headers.has(name), name).toBe(false);
    expect(shown[0]!.get('x-trace')).toBe('t');
    // …while the server received them all.
    for (const name of authentication) expect(capture.server.requests[0]!.headers[name]).toBeTruthy();
  });

  it('lets onResponse replace the answer, and unwrap still names the operation', async () => {
    const c = client();
    c.use({ onResponse: () => new Response('{"status":"error","message":"replaced","data":null}', { status: 418, headers: { 'content-type': 'application/json' } }) });
    await expect(unwrap(c.GET('/api/v1/wallets'))).rejects.toMatchObject({ kind: 'api', httpStatus: 418, apiMessage: 'replaced', operation: 'GET /api/v1/wallets' });
  });

  it('hands onError the typed error, which it may turn into an answer', async () => {
    const errors: unknown[] = [];
    const c = client({ timeoutMs: 100 });
    c.use({
      onError: ({ error }) => {
        errors.push(error);
        return new Response(JSON.stringify({ status: 'success', message: 'from cache', data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    capture.server.handle(() => {});
    expect(await unwrap(c.GET('/api/v1/wallets'))).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TimeoutError);
  });

  it('passes a middleware\'s own error to the caller unchanged', async () => {
    const own = new Error('tracing backend down');
    const c = client();
    c.use({
      onRequest: () => {
        throw own;
      },
    });
    await expect(c.GET('/api/v1/wallets')).rejects.toBe(own);
    expect(capture.server.requests).toHaveLength(0);
    const late = client();
    late.use({
      onResponse: () => {
        throw own;
      },
    });
    await expect(late.GET('/api/v1/wallets')).rejects.toBe(own);
  });

  it('still classifies failures while the body is read: a stalled body times out, a non-JSON one is invalid', async () => {
    const c = client({ timeoutMs: 150 });
    c.use({ onResponse: () => undefined });
    capture.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"status":"succ');
    });
    await expect(c.GET('/api/v1/wallets')).rejects.toBeInstanceOf(TimeoutError);
    capture.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('not json');
    });
    await expect(c.GET('/api/v1/wallets')).rejects.toBeInstanceOf(InvalidResponseError);
    capture.server.handle((_req, res) => res.destroy());
    await expect(c.GET('/api/v1/wallets')).rejects.toBeInstanceOf(NetworkError);
  });

  it('runs once per call while retries beneath it are each signed afresh', async () => {
    let tick = 0;
    const c = client({ now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, tick++)) });
    let onRequest = 0;
    let onResponse = 0;
    c.use({ onRequest: () => void onRequest++, onResponse: () => void onResponse++ });
    let answered = 0;
    capture.server.handle((_req, res) => (answered++ === 0 ? answerJson(res, 503, { status: 'error', message: 'busy', data: null }) : answerJson(res, 200, successEnvelope)));
    await unwrap(c.GET('/api/v1/wallets', { retry: { attempts: 2, initialDelayMs: 1 } }));
    expect([onRequest, onResponse, capture.server.requests.length]).toEqual([1, 1, 2]);
    expect(capture.server.requests[0]!.headers['x-timestamp']).not.toBe(capture.server.requests[1]!.headers['x-timestamp']);
    expect([signedAsReceived(0), signedAsReceived(1)]).toEqual([true, true]);
  });

  it('keeps the client\'s User-Agent when middleware sets one, after it', async () => {
    const c = client();
    c.use({ onRequest: ({ request }) => void request.headers.set('user-agent', 'tracer/2') });
    await unwrap(c.GET('/api/v1/wallets'));
    expect(capture.server.requests[0]!.headers['user-agent']).toBe(`${clientUserAgent} tracer/2`);
  });

  it('runs in openapi-fetch\'s order, and eject removes it', async () => {
    const order: string[] = [];
    const named = (name: string): Middleware => ({ onRequest: () => void order.push(`${name}.request`), onResponse: () => void order.push(`${name}.response`) });
    const [a, b] = [named('a'), named('b')];
    const c = client();
    c.use(a, b);
    await unwrap(c.GET('/api/v1/wallets'));
    expect(order).toEqual(['a.request', 'b.request', 'b.response', 'a.response']);
    c.eject(a);
    order.length = 0;
    await unwrap(c.GET('/api/v1/wallets'));
    expect(order).toEqual(['b.request', 'b.response']);
    c.eject(b);
    order.length = 0;
    await unwrap(c.GET('/api/v1/wallets'));
    expect(order).toEqual([]);
    expect(capture.server.requests).toHaveLength(3);
    expect([0, 1, 2].map((i) => signedAsReceived(i))).toEqual([true, true, true]);
  });

  it('never sends credentials outside baseUrl, wherever middleware points the request', async () => {
    const elsewhere = await startCaptureServer();
    try {
      for (const target of [`${elsewhere.url}/api/v1/wallets`, `${capture.server.url}/prefixed/api/v1/wallets`]) {
        const c = client({ baseUrl: `${capture.server.url}/prefix` });
        c.use({ onRequest: ({ request }) => new Request(target, { method: request.method, headers: request.headers }) });
        const error = await c.GET('/api/v1/wallets').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as Error).message).toBe('createClient: middleware sent the request outside baseUrl; nothing was sent');
      }
      const outsidePrefix = client({ baseUrl: `${capture.server.url}/prefix` });
      outsidePrefix.use({ onRequest: ({ request }) => new Request(`${capture.server.url}/api/v1/wallets`, { method: request.method, headers: request.headers }) });
      await expect(outsidePrefix.GET('/api/v1/wallets')).rejects.toBeInstanceOf(ConfigurationError);
      expect(elsewhere.requests).toHaveLength(0);
      expect(capture.server.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses something that is not middleware, registering nothing', async () => {
    const c = client();
    const kept: Middleware = { onRequest: () => undefined };
    expect(() => c.use(kept, {} as Middleware)).toThrow(ConfigurationError);
    expect(() => c.use((() => undefined) as unknown as Middleware)).toThrow(/middleware must be an object with onRequest, onResponse or onError/);
    let called = 0;
    kept.onRequest = () => void called++;
    await unwrap(c.GET('/api/v1/wallets'));
    expect(called).toBe(0);
  });
});
