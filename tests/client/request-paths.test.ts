// Every call goes through openapi-fetch; without middleware it builds an OutgoingRequest
// instead of a real Request (src/client/outgoing-request.ts). What fetch then sends must be
// what it would send for the real Request: the same URL, method, headers and body, whatever
// the call's header parameters, content type, query style or body.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import createFetchClient, { type QuerySerializerOptions } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap } from '../../src/client/index.ts';
import { OutgoingRequest, prepareOutgoing } from '../../src/client/outgoing-request.ts';
import { signaturesMatch } from '../../src/signing/index.ts';
import { useCaptureServer } from '../support/capture-server.ts';
import { repoRoot } from '../support/run.ts';

type Wire = { url: string; method: string; headers: [string, string][]; body: string };

/** What fetch puts on the wire for a request: fetch(input, init) reads it through `new Request(input, init)`. */
async function wire(request: Request): Promise<Wire> {
  return { url: request.url, method: request.method, headers: [...request.headers], body: request.body === null ? '' : await request.text() };
}

/** The request openapi-fetch hands fetch for one call, built with the given Request class. */
async function built(RequestClass: typeof Request | typeof OutgoingRequest, path: string, init: Record<string, unknown>, query?: QuerySerializerOptions): Promise<Wire | { threw: string }> {
  let handed: Request | OutgoingRequest | undefined;
  const openapi = createFetchClient<Record<string, never>>({
    baseUrl: 'http://127.0.0.1:4020/base',
    Request: RequestClass as typeof Request,
    fetch: async (request: Request | OutgoingRequest) => {
      handed = request;
      return new Response(null, { status: 204 });
    },
    ...(query ? { querySerializer: query } : {}),
  });
  try {
    await (openapi.request as (method: string, path: string, init: unknown) => Promise<unknown>)(String(init.method), path, init);
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
  if (handed instanceof OutgoingRequest) {
    // The client signs and sends exactly this: fetch(url, { method, headers, body }).
    const { url, method, headers, body } = await prepareOutgoing(handed);
    return wire(new Request(url, { method, headers, body }));
  }
  return wire(handed as Request);
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

describe('the request openapi-fetch builds', () => {
  it('goes on the wire the same with an OutgoingRequest as with a real Request', async () => {
    await fc.assert(
      fc.asyncProperty(call, async (c) => {
        const headers = c.contentType ? { ...c.headers, 'Content-Type': c.contentType } : c.headers;
        const init = { method: c.method, params: { path: c.pathParams, query: c.query, header: c.headerParams }, headers, ...(c.body === undefined ? {} : { body: c.body }) };
        const real = await built(Request, c.path, init, c.querySerializer);
        const outgoing = await built(OutgoingRequest, c.path, init, c.querySerializer);
        expect(outgoing).toEqual(real);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps what each part of a call contributes (the comparison above can fail)', async () => {
    const init = {
      method: 'POST',
      params: { path: { id: 'a/b c' }, query: { tags: ['x', 'y'], filter: { kind: 'swap' } }, header: { 'x-from-param': 'p' } },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'x-own': 'o' },
      body: { amount: '100', note: 'a b&c' },
    };
    const outgoing = (await built(OutgoingRequest, '/api/v1/swaps/{id}/confirm', init)) as Wire;
    expect(outgoing.url).toBe('http://127.0.0.1:4020/base/api/v1/swaps/a%2Fb%20c/confirm?tags=x&tags=y&filter[kind]=swap');
    expect(Object.fromEntries(outgoing.headers)).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded', 'x-own': 'o', 'x-from-param': 'p' });
    expect(outgoing.body).toBe('amount=100&note=a+b%26c');
    // A body that is not a string (FormData) is serialised as fetch would, with its boundary.
    const form = new FormData();
    form.set('field', 'value');
    const multipart = (await built(OutgoingRequest, '/api/v1/transactions', { method: 'POST', body: form, bodySerializer: (b: unknown) => b })) as Wire;
    expect(Object.fromEntries(multipart.headers)['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart.body).toContain('name="field"\r\n\r\nvalue');
  });

  it('runs on the exact openapi-fetch version this file was written against', () => {
    const declared = (manifest: string) => (JSON.parse(readFileSync(`${repoRoot}/${manifest}`, 'utf8')) as { dependencies: Record<string, string> }).dependencies['openapi-fetch'];
    const installed = (JSON.parse(readFileSync(`${repoRoot}/node_modules/openapi-fetch/package.json`, 'utf8')) as { version: string }).version;
    // A range would let an install pick a version whose use of the Request class was never checked.
    expect(declared('packages/sdk/package.json')).toBe(installed);
    expect(declared('package.json')).toBe(installed);
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
