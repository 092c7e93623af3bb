import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  ApiError,
  ConfigurationError,
  createClient,
  defaultMaxResponseBytes,
  hmacSha256,
  InvalidResponseError,
  NetworkError,
  SigningError,
  TimeoutError,
  unwrap,
  type ClientOptions,
  type SignatureInput,
} from '../../packages/sdk/src/client/index.ts';
import { defaultCanonicalString, signaturesMatch, timestampPattern } from '../../packages/sdk/src/signing/index.ts';
import { freePort } from '../../tools/support/process.ts';
import { answerJson, startCaptureServer, successEnvelope, useCaptureServer } from '../support/capture-server.ts';

const secret = 'unit-test-secret';
const apiKey = 'unit-test-key';
const capture = useCaptureServer();

function client(overrides: Partial<ClientOptions> = {}) {
  return createClient({ environment: 'custom', baseUrl: capture.server.url, apiKey, signer: hmacSha256({ secret }), ...overrides });
}

const swapBody = { from: 'usdt', to: 'ngn', amount: 100, password: 'p' };

/**
 * A capture server of the calling test's own, closed when the test ends, and a client of it:
 * the tests that wait on timers run side by side, so none may see another's requests or handler.
 */
async function ownCapture(onTestFinished: (cleanup: () => Promise<void>) => void) {
  const server = await startCaptureServer();
  onTestFinished(() => server.close());
  return { server, client: (overrides: Partial<ClientOptions> = {}) => client({ baseUrl: server.url, ...overrides }) };
}

describe('authentication headers', () => {
  it('sends x-api-key, an ISO 8601 UTC timestamp from the injected clock, and the signature of exactly the bytes received', async () => {
    const seen: SignatureInput[] = [];
    const sign = hmacSha256({ secret });
    const fixed = new Date(Date.UTC(2026, 10, 21, 10, 15, 30, 7));
    const c = client({
      now: () => fixed,
      signer: (input) => {
        seen.push(input);
        return sign(input);
      },
    });
    const password = 'pä ss "quoted" ✓';
    await unwrap(c.POST('/api/v1/swaps', { body: { ...swapBody, password } }));
    await unwrap(c.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 2 } } }));

    expect(capture.server.requests).toHaveLength(2);
    const [post, get] = capture.server.requests;
    expect(post!.headers['x-api-key']).toBe(apiKey);
    expect(post!.headers['x-timestamp']).toBe('2026-11-21T10:15:30.007Z');
    expect(timestampPattern.test(String(post!.headers['x-timestamp']))).toBe(true);
    // Server side: rebuild the signature input from what arrived on the wire.
    for (const [index, received] of capture.server.requests.entries()) {
      const wire = {
        method: received.method,
        pathWithQuery: received.url,
        body: received.body.toString('utf8'),
        timestamp: String(received.headers['x-timestamp']),
        apiKey: String(received.headers['x-api-key']),
      };
      expect(seen[index]).toEqual(wire);
      const expected = (await hmacSha256({ secret })(wire)) as string;
      expect(signaturesMatch(expected, String(received.headers['x-signature']))).toBe(true);
    }
    expect(post!.body.toString('utf8')).toBe(JSON.stringify({ ...swapBody, password }));
    expect(post!.headers['content-type']).toBe('application/json');
    expect(get!.url).toBe('/api/v1/transactions?limit=20&page=2');
    expect(seen[1]!.body).toBe('');
    // The clock stood still: the second request is signed a millisecond on.
    expect(defaultCanonicalString(seen[1]!)).toBe(`2026-11-21T10:15:30.008Z\nGET\n/api/v1/transactions?limit=20&page=2\n`);
  });

  it('signs the path after URL encoding and under a base path, as the server sees it', async () => {
    const seen: SignatureInput[] = [];
    const c = client({ baseUrl: `${capture.server.url}/prefix/`, signer: (input) => (seen.push(input), 'sig') });
    await unwrap(c.GET('/api/v1/utils/{coin}/networks', { params: { path: { coin: 'us dt/ü' } } }));
    expect(capture.server.requests[0]!.url).toBe(seen[0]!.pathWithQuery);
    expect(seen[0]!.pathWithQuery).toBe('/prefix/api/v1/utils/us%20dt%2F%C3%BC/networks');
  });

  it('uses a fresh timestamp on every request and accepts async signers', async () => {
    let tick = 0;
    const c = client({ now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, tick++)), signer: async (i) => `sig-${i.timestamp}` });
    await unwrap(c.GET('/api/v1/wallets'));
    await unwrap(c.GET('/api/v1/wallets'));
    expect(capture.server.requests.map((r) => r.headers['x-timestamp'])).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.001Z']);
    expect(capture.server.requests[1]!.headers['x-signature']).toBe('sig-2026-01-01T00:00:00.001Z');
  });

  it('keeps its authentication headers even when a call passes its own', async () => {
    await unwrap(client().GET('/api/v1/wallets', { headers: { 'x-api-key': 'other', 'x-trace': 't1' } }));
    expect(capture.server.requests[0]!.headers['x-api-key']).toBe(apiKey);
    expect(capture.server.requests[0]!.headers['x-trace']).toBe('t1');
  });
});

describe('envelope handling', () => {
  it('returns data only for 2xx with status "success"', async () => {
    expect(await unwrap(client().POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: 'swap-1' } } }))).toEqual(successEnvelope.data);
  });

  it('treats a 200 with status "error" as an ApiError', async () => {
    capture.server.handle((_req, res) => answerJson(res, 200, { status: 'error', message: 'Swap already confirmed', data: null }));
    const error = await unwrap(client().POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: 'swap-1' } } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'api',
      httpStatus: 200,
      apiMessage: 'Swap already confirmed',
      operation: 'POST /api/v1/swaps/{id}/confirm',
      envelope: { status: 'error', message: 'Swap already confirmed', data: null },
    });
    expect((error as Error).message).toBe('POST /api/v1/swaps/{id}/confirm failed with HTTP 200: Swap already confirmed');
  });

  it('treats a non-2xx envelope as an ApiError even when it says success', async () => {
    capture.server.handle((_req, res) => answerJson(res, 409, { status: 'success', message: 'odd', data: {} }));
    await expect(unwrap(client().GET('/api/v1/wallets'))).rejects.toMatchObject({ kind: 'api', httpStatus: 409, apiMessage: 'odd' });
  });

  it.each([
    ['a non-JSON 200', 200, 'text/html', '<html>oops</html>', /answered HTTP 200 with a body that is not JSON/],
    ['a non-JSON 502', 502, 'text/html', '<html>bad gateway</html>', /answered HTTP 502 with a body that is not JSON/],
    ['an empty 200', 200, 'application/json', '', /answered HTTP 200 with an empty body/],
    ['JSON that is not an envelope', 200, 'application/json', '[1,2]', /JSON that is not the \{status, message, data\} envelope/],
    ['an unknown envelope status', 200, 'application/json', '{"status":"maybe","message":"m","data":null}', /unknown envelope status/],
  ])('turns %s into an InvalidResponseError', async (_label, status, type, text, message) => {
    capture.server.handle((_req, res) => {
      res.writeHead(status, { 'content-type': type });
      res.end(text);
    });
    const error = await unwrap(client().GET('/api/v1/wallets')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ kind: 'invalid-response', httpStatus: status, operation: 'GET /api/v1/wallets' });
    expect((error as Error).message).toMatch(message);
  });
});

describe('failures, timeouts and retries', () => {
  it('reports a refused connection as a NetworkError', async () => {
    const port = await freePort();
    const c = client({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await c.GET('/api/v1/wallets').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'network', operation: 'GET /api/v1/wallets' });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it.concurrent('reports a slow answer as a TimeoutError, with the client default and per call', async ({ expect, onTestFinished }) => {
    const own = await ownCapture(onTestFinished);
    own.server.handle(() => {
      /* never answers */
    });
    const started = Date.now();
    await expect(own.client({ timeoutMs: 150 }).GET('/api/v1/wallets')).rejects.toMatchObject({ kind: 'timeout', timeoutMs: 150 });
    await expect(own.client().GET('/api/v1/wallets', { timeoutMs: 100 })).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.concurrent('times out a body that stops half way', async ({ expect, onTestFinished }) => {
    const own = await ownCapture(onTestFinished);
    own.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"status":"succ');
    });
    await expect(own.client({ timeoutMs: 150 }).GET('/api/v1/wallets')).rejects.toBeInstanceOf(TimeoutError);
  });

  it.concurrent('reports the caller aborting as an AbortedError', async ({ expect, onTestFinished }) => {
    const own = await ownCapture(onTestFinished);
    own.server.handle(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(own.client().GET('/api/v1/wallets', { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
  });

  it.concurrent('times out a signer that never settles, and sends nothing', async ({ expect, onTestFinished }) => {
    const own = await ownCapture(onTestFinished);
    let calls = 0;
    const hung = own.client({ timeoutMs: 100, signer: () => (calls++, new Promise<string>(() => {})) });
    const started = Date.now();
    await expect(hung.POST('/api/v1/swaps', { body: swapBody })).rejects.toMatchObject({ kind: 'timeout', timeoutMs: 100, operation: 'POST /api/v1/swaps' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // A GET with retries gives each attempt, signing included, its own timeout.
    await expect(hung.GET('/api/v1/wallets', { retry: { attempts: 2, initialDelayMs: 1 } })).rejects.toBeInstanceOf(TimeoutError);
    expect(calls).toBe(3);
    expect(own.server.requests).toHaveLength(0);
  }, 10_000);

  it.concurrent('does not send a request whose signature arrives after the timeout', async ({ expect, onTestFinished }) => {
    const own = await ownCapture(onTestFinished);
    const late = own.client({ timeoutMs: 50, signer: () => new Promise<string>((resolve) => setTimeout(() => resolve('late-signature'), 150)) });
    await expect(late.GET('/api/v1/wallets')).rejects.toBeInstanceOf(TimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(own.server.requests).toHaveLength(0);
  }, 10_000);

  it.concurrent('lets the caller abort a call whose signer never settles', async ({ expect, onTestFinished }) => {
    const own = await ownCapture(onTestFinished);
    const hung = own.client({ signer: () => new Promise<string>(() => {}) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(hung.GET('/api/v1/wallets', { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted', operation: 'GET /api/v1/wallets' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(own.server.requests).toHaveLength(0);
  }, 10_000);

  it.concurrent('retries GETs after timeouts, up to the attempt limit, and a call can turn retries off', async ({ expect, onTestFinished }) => {
    const own = await ownCapture(onTestFinished);
    own.server.handle(() => {});
    const c = own.client({ timeoutMs: 60, retry: { attempts: 3, initialDelayMs: 1 } });
    await expect(c.GET('/api/v1/wallets')).rejects.toBeInstanceOf(TimeoutError);
    expect(own.server.requests).toHaveLength(3);
    await expect(c.GET('/api/v1/wallets', { retry: false })).rejects.toBeInstanceOf(TimeoutError);
    expect(own.server.requests).toHaveLength(4);
  });

  it('does not call the signer when the caller already aborted', async () => {
    let calls = 0;
    const c = client({ signer: () => (calls++, 'sig') });
    await expect(c.GET('/api/v1/wallets', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
    expect(calls).toBe(0);
    expect(capture.server.requests).toHaveLength(0);
  });

  it('still reports a signer that rejects as a SigningError', async () => {
    const c = client({ timeoutMs: 1_000, signer: () => Promise.reject(new Error('key store unavailable')) });
    await expect(c.GET('/api/v1/wallets', { retry: { attempts: 3, initialDelayMs: 1 } })).rejects.toBeInstanceOf(SigningError);
    expect(capture.server.requests).toHaveLength(0);
  });

  it('does not retry GETs unless asked', async () => {
    capture.server.handle((_req, res) => answerJson(res, 503, { status: 'error', message: 'busy', data: null }));
    await expect(unwrap(client().GET('/api/v1/wallets'))).rejects.toMatchObject({ httpStatus: 503 });
    expect(capture.server.requests).toHaveLength(1);
  });

  it('retries GETs on retryable statuses with backoff, re-signing each attempt', async () => {
    let calls = 0;
    capture.server.handle((_req, res) => (++calls < 3 ? answerJson(res, 503, { status: 'error', message: 'busy', data: null }) : answerJson(res, 200, successEnvelope)));
    let tick = 0;
    const c = client({ retry: { attempts: 3, initialDelayMs: 20, maxDelayMs: 40 }, now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, tick++)) });
    expect(await unwrap(c.GET('/api/v1/wallets'))).toEqual(successEnvelope.data);
    expect(capture.server.requests).toHaveLength(3);
    expect(new Set(capture.server.requests.map((r) => r.headers['x-timestamp'])).size).toBe(3);
    expect(new Set(capture.server.requests.map((r) => r.headers['x-signature'])).size).toBe(3);
  });

  it('retries GETs after a refused connection', async () => {
    const port = await freePort();
    await expect(client({ baseUrl: `http://127.0.0.1:${port}` }).GET('/api/v1/wallets', { retry: { attempts: 2, initialDelayMs: 1 } })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('gives up after the last attempt and returns the last answer', async () => {
    capture.server.handle((_req, res) => answerJson(res, 502, { status: 'error', message: 'down', data: null }));
    await expect(unwrap(client({ retry: { attempts: 2, initialDelayMs: 1 } }).GET('/api/v1/wallets'))).rejects.toMatchObject({ httpStatus: 502 });
    expect(capture.server.requests).toHaveLength(2);
  });

  it('never retries POSTs, even with a client-wide retry policy', async () => {
    capture.server.handle((_req, res) => answerJson(res, 503, { status: 'error', message: 'busy', data: null }));
    const c = client({ retry: { attempts: 5, initialDelayMs: 1 } });
    await expect(unwrap(c.POST('/api/v1/swaps', { body: swapBody }))).rejects.toMatchObject({ httpStatus: 503 });
    capture.server.handle(() => {});
    await expect(c.POST('/api/v1/swaps', { body: swapBody, timeoutMs: 60 })).rejects.toBeInstanceOf(TimeoutError);
    expect(capture.server.requests).toHaveLength(2);
  });

  it('does not follow redirects (credentials are never replayed elsewhere)', async () => {
    capture.server.handle((_req, res) => {
      res.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' });
      res.end();
    });
    await expect(unwrap(client().GET('/api/v1/wallets'))).rejects.toMatchObject({ kind: 'invalid-response', httpStatus: 307 });
    expect(capture.server.requests).toHaveLength(1);
  });

  it.each([301, 302, 303, 307, 308])('takes a %i as an invalid response even when its body is an error envelope (a redirect is never followed nor believed)', async (status) => {
    capture.server.handle((_req, res) => {
      const text = JSON.stringify({ status: 'error', message: 'moved', data: null });
      res.writeHead(status, { location: 'http://127.0.0.1:9/elsewhere', 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    const error = await unwrap(client().POST('/api/v1/swaps', { body: swapBody })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid-response', httpStatus: status, operation: 'POST /api/v1/swaps' });
    expect(String(error)).toMatch(/answered HTTP 3\d\d \(a redirect, which the client never follows\)$/);
    expect(capture.server.requests).toHaveLength(1);
  });

  it('does not send a request whose signer throws', async () => {
    const c = client({
      signer: () => {
        throw new Error('boom');
      },
    });
    await expect(c.GET('/api/v1/wallets')).rejects.toBeInstanceOf(SigningError);
    await expect(client({ signer: () => '' }).GET('/api/v1/wallets')).rejects.toThrow(/the signer returned an empty string instead of a signature/);
    for (const invalid of ['line-wrapped\nbase64', 'base64 with a trailing newline\n', 'nul\0', ' leading space', 'not latin-1 ✓']) {
      const error = await client({ signer: async () => invalid })
        .POST('/api/v1/swaps', { body: swapBody })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SigningError);
      expect((error as Error).message).toBe('POST /api/v1/swaps was not sent: the signer returned a signature that is not a valid HTTP header value (visible ASCII or Latin-1 characters with spaces or tabs only between them: no line breaks, NUL or other control characters, no leading or trailing whitespace; the value is withheld)');
    }
    expect(capture.server.requests).toHaveLength(0);
    // Inner spaces and Latin-1 characters are valid header values and are sent as they are.
    await unwrap(client({ signer: () => 'scheme=v1 sig=abc\tdéf' }).GET('/api/v1/wallets'));
    expect(capture.server.requests[0]!.headers['x-signature']).toBe('scheme=v1 sig=abc\tdéf');
  });

  it('reports a body that cannot be serialised as the caller\'s own error, not a network failure', async () => {
    const error = await client()
      .POST('/api/v1/swaps', { body: { ...swapBody, amount: 10n as unknown as number } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(capture.server.requests).toHaveLength(0);
  });
});

describe('response size limit', () => {
  /** The bytes of a success envelope around its data string. */
  const overhead = JSON.stringify({ status: 'success', message: 'ok', data: '' }).length;
  /** A success envelope whose serialised size is exactly `bytes`. */
  const envelopeOfSize = (bytes: number) => JSON.stringify({ status: 'success', message: 'ok', data: 'x'.repeat(bytes - overhead) });
  /** Answers `text`, with a Content-Length or chunked. */
  const answerText = (text: string, declared: boolean) =>
    capture.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': Buffer.byteLength(text) } : {}) });
      res.end(text);
    });

  it.each([true, false])('reads a body of exactly the default limit, 4 MiB, and refuses one byte more (Content-Length declared: %s)', async (declared) => {
    expect(defaultMaxResponseBytes).toBe(4 * 1024 * 1024);
    answerText(envelopeOfSize(defaultMaxResponseBytes), declared);
    expect(((await unwrap(client().GET('/api/v1/wallets'))) as unknown as string).length).toBe(defaultMaxResponseBytes - overhead);
    answerText(envelopeOfSize(defaultMaxResponseBytes + 1), declared);
    const refused = await unwrap(client().GET('/api/v1/wallets')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidResponseError);
    expect(String(refused)).toMatch(/over the client's limit of 4194304 bytes \(maxResponseBytes\)/);
  });

  it('takes a smaller limit per client', async () => {
    answerText(envelopeOfSize(1001), true);
    await expect(unwrap(client({ maxResponseBytes: 1000 }).GET('/api/v1/wallets'))).rejects.toBeInstanceOf(InvalidResponseError);
    answerText(envelopeOfSize(1000), false);
    await expect(unwrap(client({ maxResponseBytes: 1000 }).GET('/api/v1/wallets'))).resolves.toHaveLength(1000 - overhead);
  });

  it.each(['gzip', 'deflate', 'br'] as const)('counts the inflated bytes of a %s answer whose Content-Length is under the limit', async (encoding) => {
    const compress = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }[encoding];
    const answerCompressed = (text: string) =>
      capture.server.handle((_req, res) => {
        const packed = compress(Buffer.from(text));
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': packed.byteLength });
        res.end(packed);
      });
    // 1001 bytes inflated from a few dozen on the wire: refused.
    answerCompressed(envelopeOfSize(1001));
    const refused = await unwrap(client({ maxResponseBytes: 1000 }).GET('/api/v1/wallets')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidResponseError);
    expect(String(refused)).toMatch(/over the client's limit of 1000 bytes \(maxResponseBytes\)/);
    // Exactly the limit once inflated: read.
    answerCompressed(envelopeOfSize(1000));
    await expect(unwrap(client({ maxResponseBytes: 1000 }).GET('/api/v1/wallets'))).resolves.toHaveLength(1000 - overhead);
  });
});

describe('configuration', () => {
  // An empty environment: an option left out is then one neither given nor set (environment-variables.test.ts reads variables).
  const base = { environment: 'custom', baseUrl: 'http://127.0.0.1:1', apiKey, signer: hmacSha256({ secret }), env: {} } as const;

  it.each([
    ['no environment', { environment: undefined }, /WALLET_API_ENVIRONMENT is not set and no environment was given/],
    ['an unknown environment', { environment: 'prod' }, /environment must be chosen explicitly/],
    ['no base URL', { baseUrl: undefined }, /WALLET_API_BASE_URL is not set and no baseUrl was given/],
    ['a relative base URL', { baseUrl: '/api' }, /must be an absolute URL/],
    ['plain http for production', { environment: 'production', baseUrl: 'http://api.example.test' }, /production environment must use https:/],
    ['plain http for staging', { environment: 'staging', baseUrl: 'http://api.example.test' }, /staging environment must use https:/],
    ['credentials in the base URL', { baseUrl: 'https://u:p@api.example.test' }, /must not contain credentials/],
    ['a missing API key', { apiKey: undefined }, /WALLET_API_KEY is not set and no apiKey was given/],
    ['an empty API key', { apiKey: '  ' }, /apiKey is required/],
    ['an API key with a trailing line break', { apiKey: 'key\n' }, /apiKey is not a valid HTTP header value/],
    ['an API key with a header injection', { apiKey: 'key\r\nx-other: 1' }, /apiKey is not a valid HTTP header value/],
    ['an API key with a NUL', { apiKey: 'key\0' }, /apiKey is not a valid HTTP header value/],
    ['an API key outside Latin-1', { apiKey: 'k€y' }, /apiKey is not a valid HTTP header value/],
    ['a missing signer', { signer: undefined }, /WALLET_API_SIGNING_SECRET is not set and no signer was given/],
    ['a signer that is not a function', { signer: 'hmac' }, /signer is required: a function computing x-signature/],
    ['a bad timeout', { timeoutMs: 0 }, /timeoutMs must be a positive number/],
    ['a bad retry policy', { retry: { attempts: 0 } }, /retry.attempts must be an integer of at least 1/],
    ['a response limit of zero', { maxResponseBytes: 0 }, /maxResponseBytes must be a positive whole number of bytes/],
    ['a fractional response limit', { maxResponseBytes: 1.5 }, /maxResponseBytes must be a positive whole number of bytes/],
  ])('refuses %s', (_label, change, message) => {
    const attempt = () => createClient({ ...base, ...change } as unknown as ClientOptions);
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(message);
  });

  it('takes staging and production only over https and never defaults to either', () => {
    expect(createClient({ ...base, environment: 'staging', baseUrl: 'https://staging.example.test/' })).toMatchObject({
      environment: 'staging',
      baseUrl: 'https://staging.example.test',
    });
    expect(createClient({ ...base, environment: 'production', baseUrl: 'https://api.example.test' }).environment).toBe('production');
  });

  it.each(['window', 'document'])('refuses to start where a browser global (%s) exists unless dangerouslyAllowBrowser is set', (name) => {
    const scope = globalThis as Record<string, unknown>;
    scope[name] = {};
    try {
      expect(() => createClient(base)).toThrow(/browser global .* must run only on your backend/);
      expect(createClient({ ...base, dangerouslyAllowBrowser: true }).environment).toBe('custom');
    } finally {
      delete scope[name];
    }
    expect(createClient(base).environment).toBe('custom');
  });
});

describe('where a call goes', () => {
  it('takes the global fetch at call time when no fetch option was given (a client made before MSW or a test stub still goes through it)', async () => {
    const c = client();
    const original = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input));
      return original(input, init);
    }) as typeof fetch;
    try {
      await unwrap(c.GET('/api/v1/wallets'));
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual([`${capture.server.url}/api/v1/wallets`]);
    // Restored: the next call no longer goes through the stub.
    await unwrap(c.GET('/api/v1/wallets'));
    expect(seen).toHaveLength(1);
    expect(capture.server.requests).toHaveLength(2);
  });

  it('refuses a per-call baseUrl, with or without middleware: the credentials go only to the client\'s own', async () => {
    const elsewhere = await startCaptureServer();
    try {
      for (const withMiddleware of [false, true]) {
        const c = client();
        if (withMiddleware) c.use({ onRequest: () => undefined });
        const init = { baseUrl: elsewhere.url } as never;
        await expect(c.GET('/api/v1/wallets', init)).rejects.toBeInstanceOf(ConfigurationError);
        await expect(c.POST('/api/v1/swaps', { body: swapBody, ...(init as object) })).rejects.toBeInstanceOf(ConfigurationError);
      }
      expect(elsewhere.requests).toHaveLength(0);
      expect(capture.server.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});
