// Every call goes one way: openapi-fetch, through its public options only, builds a real
// Request (its serializers, merged headers, serialised body) and hands it to the fetch the
// client gives it, which signs and sends it. What goes on the wire must be what openapi-fetch
// built, whatever the call's header parameters, content type, query style or body: the
// oracle is openapi-fetch alone, with its own Request and no client around it.
import fc from 'fast-check';
import createFetchClient, { type QuerySerializerOptions } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap } from '../../packages/sdk/src/client/index.ts';
import { signaturesMatch } from '../../packages/sdk/src/signing/index.ts';
import { useCaptureServer } from '../support/capture-server.ts';

type Wire = { url: string; method: string; headers: [string, string][]; body: string };

/** The headers the client adds to every request: left out of the comparison. */
const added = new Set(['x-api-key', 'x-timestamp', 'x-signature', 'user-agent']);

/** What fetch puts on the wire for a request: fetch(input, init) reads it through `new Request(input, init)`. */
async function wire(request: Request): Promise<Wire> {
  return { url: request.url, method: request.method, headers: [...request.headers].filter(([name]) => !added.has(name)), body: request.body === null ? '' : await request.text() };
}

const baseUrl = 'http://127.0.0.1:4020/base';

/** What openapi-fetch alone builds for one call. */
async function builtByOpenapiFetch(path: string, init: Record<string, unknown>): Promise<Wire | { threw: string }> {
  let handed: Request | undefined;
  const openapi = createFetchClient<Record<string, never>>({ baseUrl, fetch: async (request: Request) => ((handed = request), new Response(null, { status: 204 })) });
  try {
    await (openapi.request as (method: string, path: string, init: unknown) => Promise<unknown>)(String(init.method), path, init);
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
  return wire(handed!);
}

/** What the client sends for the same call: what its fetch option is handed, as fetch would send it. */
async function sentByClient(path: string, init: Record<string, unknown>): Promise<Wire | { threw: string }> {
  let sent: Request | undefined;
  const client = createClient({ environment: 'custom', baseUrl, apiKey: 'k', signer: () => 'signature', fetch: async (url, options) => ((sent = new Request(url, options)), new Response(null, { status: 204 })) });
  const { method, ...rest } = init;
  try {
    await (method === 'GET' ? client.GET : client.POST)(path as never, rest as never);
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
  return wire(sent!);
}

const text = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '/', '?', '&', '=', '%', '#', '+', ',', '[', ']', 'é', '€', '\u{1F600}', '"', "'"), maxLength: 8 });
const token = fc.constantFrom('x-trace', 'X-Request-Id', 'accept', 'Content-Type', 'user-agent', 'x-api-key', 'If-None-Match');
const headerValue = fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', '/', ';', '=', '"', ',', '-'), maxLength: 12 }).map((v) => v.trim());
const contentType = fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'application/merge-patch+json');
const scalar = fc.oneof(text, fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
const queryValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c d'), scalar, { maxKeys: 2 }), fc.constant(undefined), fc.constant(null));
const querySerializer: fc.Arbitrary<QuerySerializerOptions | undefined> = fc.option(
  fc.record(
    {
      allowReserved: fc.boolean(),
      array: fc.record({ style: fc.constantFrom('form', 'spaceDelimited', 'pipeDelimited'), explode: fc.boolean() }),
      object: fc.record({ style: fc.constantFrom('form', 'deepObject'), explode: fc.boolean() }),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<QuerySerializerOptions>,
  { nil: undefined },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fc.constantFrom('from', 'to', 'amount', 'password', 'a b', 'é'), scalar, { maxKeys: 4 }),
  fc.array(scalar, { maxLength: 3 }),
  text,
);

const call = fc.record({
  method: fc.constantFrom('GET', 'POST'),
  path: fc.constantFrom('/api/v1/swaps/{id}/confirm', '/api/v1/transactions', '/api/v1/utils/{coin}/networks'),
  pathParams: fc.record({ id: text, coin: text }),
  query: fc.dictionary(fc.constantFrom('limit', 'page', 'from', 'to', 'a b', 'q'), queryValue, { maxKeys: 4 }),
  headerParams: fc.dictionary(token, fc.oneof(headerValue, fc.constant(null)), { maxKeys: 2 }),
  headers: fc.dictionary(token, headerValue, { maxKeys: 3 }),
  contentType,
  body,
  querySerializer,
});

describe('the request the client sends', () => {
  it('is the one openapi-fetch builds, whatever the call', async () => {
    await fc.assert(
      fc.asyncProperty(call, async (c) => {
        const headers = c.contentType ? { ...c.headers, 'Content-Type': c.contentType } : c.headers;
        const init = { method: c.method, params: { path: c.pathParams, query: c.query, header: c.headerParams }, headers, ...(c.body === undefined ? {} : { body: c.body }), ...(c.querySerializer ? { querySerializer: c.querySerializer } : {}) };
        expect(await sentByClient(c.path, init)).toEqual(await builtByOpenapiFetch(c.path, init));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps what each part of a call contributes (the comparison above can fail)', async () => {
    const init = {
      method: 'POST',
      params: { path: { id: 'a/b c' }, query: { tags: ['x', 'y'], filter: { kind: 'swap' } }, header: { 'x-from-param': 'p' } },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'x-own': 'o' },
      body: { amount: '100', note: 'a b&c' },
    };
    const sent = (await sentByClient('/api/v1/swaps/{id}/confirm', init)) as Wire;
    expect(sent.url).toBe('http://127.0.0.1:4020/base/api/v1/swaps/a%2Fb%20c/confirm?tags=x&tags=y&filter[kind]=swap');
    expect(Object.fromEntries(sent.headers)).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded', 'x-own': 'o', 'x-from-param': 'p' });
    expect(sent.body).toBe('amount=100&note=a+b%26c');
    // A body that is not a string (FormData) goes as the Request carries it, with its boundary.
    const form = new FormData();
    form.set('field', 'value');
    const multipart = (await sentByClient('/api/v1/transactions', { method: 'POST', body: form, bodySerializer: (b: unknown) => b })) as Wire;
    expect(Object.fromEntries(multipart.headers)['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart.body).toContain('name="field"\r\n\r\nvalue');
  });
});

describe('the client with and without middleware', () => {
  const capture = useCaptureServer();
  const secret = 'request-paths-secret';
  const apiKey = 'request-paths-key';
  const client = () => createClient({ environment: 'custom', baseUrl: capture.server.url, apiKey, signer: hmacSha256({ secret }), now: () => new Date(Date.UTC(2026, 0, 1)) });

  it('sends the same requests, signature included, for header parameters, own headers, form bodies and queries', async () => {
    const plain = client();
    const layered = client();
    layered.use({ onRequest: () => undefined });
    const own = { 'X-Trace': 'a b', 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'app/1', 'x-api-key': 'not-this-one' };
    // Header parameters and other content types are outside the spec's types; openapi-fetch still honours them.
    const loose = (init: unknown) => init as never;
    for (const c of [plain, layered]) {
      await unwrap(c.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'p ü "&?' }, headers: own }));
      await unwrap(c.POST('/api/v1/swaps', loose({ body: { from: 'usdt', amount: '5' }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })));
      await unwrap(c.GET('/api/v1/wallets', loose({ params: { header: { 'x-correlation-id': 'c-1' } } })));
      await unwrap(c.GET('/api/v1/transactions/{id}', { params: { path: { id: 'a/b c' } } }));
      await unwrap(c.GET('/api/v1/transactions', { params: { query: { limit: 5, page: 2 } } }));
    }
    // Both clocks stand still, so equal requests carry equal timestamps and signatures.
    const sent = capture.server.requests.map(({ method, url, headers, body }) => ({ method, url, headers, body: body.toString('utf8') }));
    expect(sent.slice(5)).toEqual(sent.slice(0, 5));
    expect(sent[1]!.body).toBe('from=usdt&amount=5');
    expect(sent[2]!.headers['x-correlation-id']).toBe('c-1');
    for (const [i, r] of capture.server.requests.entries()) {
      const signed = hmacSha256({ secret })({ method: r.method, pathWithQuery: r.url, body: r.body.toString('utf8'), timestamp: String(r.headers['x-timestamp']), apiKey }) as string;
      expect(signaturesMatch(signed, String(r.headers['x-signature'])), `request ${i}`).toBe(true);
    }
  });
});

describe('a request middleware still holds', () => {
  const capture = useCaptureServer();

  it('keeps its body readable after the client signed and sent it', async () => {
    const client = createClient({ environment: 'custom', baseUrl: capture.server.url, apiKey: 'k', signer: hmacSha256({ secret: 's' }) });
    const read: string[] = [];
    client.use({ onResponse: async ({ request }) => void read.push(await request.text()) });
    await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'p' } }));
    expect(read).toEqual([capture.server.requests[0]!.body.toString('utf8')]);
    expect(read[0]).toBe('{"from":"usdt","to":"ngn","amount":1,"password":"p"}');
  });
});
