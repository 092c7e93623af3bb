// A canary API key and signing secret go through every way the client can fail; neither
// they nor any signature sent may show up in a message, toString, JSON.stringify,
// util.inspect or anything written to the console.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, hmacSha256, unwrap, type ClientOptions, type Middleware } from '../../packages/sdk/src/client/index.ts';
import { freePort } from '../../tools/support/process.ts';
import { answerJson, startCaptureServer, type CaptureServer } from '../support/capture-server.ts';

const apiKey = 'CANARY-API-KEY-7f3a9c';
const secret = 'CANARY-SIGNING-SECRET-e41d07';
// Halves of a signature a signer returns line-wrapped, as base64 tools do every 64 or 76 characters.
const wrappedSignature = ['CANARY-SIGNATURE-LINE-ONE-5b2c', 'CANARY-SIGNATURE-LINE-TWO-90ad'];
let server: CaptureServer;

beforeAll(async () => {
  server = await startCaptureServer();
});
afterAll(() => server.close());

function renderings(value: unknown): string[] {
  return [
    String(value),
    value instanceof Error ? value.message : '',
    value instanceof Error ? (value.stack ?? '') : '',
    JSON.stringify(value) ?? '',
    inspect(value),
    inspect(value, { showHidden: true, depth: Infinity, getters: true }),
    inspect(value, { showHidden: true, depth: Infinity, customInspect: false }),
  ];
}

function entries(headers: Headers): [string, string][] {
  const all: [string, string][] = [];
  headers.forEach((value, name) => void all.push([name, value]));
  return all;
}

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('secrets', () => {
  it('never appear in errors, the client, or console output', async () => {
    const written: string[] = [];
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true)),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true)),
      ...(['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((m) => vi.spyOn(console, m).mockImplementation((...args) => void written.push(args.map(String).join(' ')))),
    ];
    const base: ClientOptions = { environment: 'custom', baseUrl: server.url, apiKey, signer: hmacSha256({ secret }), timeoutMs: 200 };
    const client = createClient(base);
    const seen: unknown[] = [client];
    try {
      // A gateway that echoes the authentication headers in its answer.
      server.handle((req, res) => {
        const text = JSON.stringify({ status: 'error', message: 'Invalid signature', data: null });
        res.writeHead(401, { 'content-type': 'application/json', 'x-api-key': String(req.headers['x-api-key']), 'x-signature': String(req.headers['x-signature']) });
        res.end(text);
      });
      seen.push(await failureOf(() => unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'p' } }))));
      server.handle((_req, res) => answerJson(res, 200, { status: 'error', message: 'Refused', data: null }));
      seen.push(await failureOf(() => unwrap(client.GET('/api/v1/wallets'))));
      server.handle((_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>bad gateway</html>');
      });
      seen.push(await failureOf(() => unwrap(client.GET('/api/v1/wallets'))));
      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('not json');
      });
      seen.push(await failureOf(() => unwrap(client.GET('/api/v1/wallets'))));
      server.handle(() => {});
      seen.push(await failureOf(() => client.GET('/api/v1/wallets')));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      seen.push(await failureOf(() => client.GET('/api/v1/wallets', { signal: controller.signal })));
      const closed = createClient({ ...base, baseUrl: `http://127.0.0.1:${await freePort()}` });
      seen.push(closed, await failureOf(() => closed.GET('/api/v1/wallets', { retry: { attempts: 2, initialDelayMs: 1 } })));
      const leakySigner = createClient({
        ...base,
        signer: (input) => {
          throw new Error(`cannot sign with ${secret} for ${input.apiKey}`);
        },
      });
      seen.push(await failureOf(() => leakySigner.GET('/api/v1/wallets')));
      const sentBefore = server.requests.length;
      for (const separator of ['\n', '\r\n', '\0']) {
        const wrapping = createClient({ ...base, signer: () => wrappedSignature.join(separator) });
        seen.push(await failureOf(() => wrapping.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'p' } })));
      }
      expect(server.requests.length, 'a request went out with an invalid signature').toBe(sentBefore);
      for (const badKey of [`${apiKey}\n`, `${apiKey}\r\nx-injected: 1`, `${apiKey}\0`]) {
        seen.push(await failureOf(async () => createClient({ ...base, apiKey: badKey })));
      }
      seen.push(await failureOf(async () => createClient({ ...base, baseUrl: `https://user:${secret}@api.example.test` })));
      seen.push(await failureOf(async () => createClient({ ...base, environment: 'production', baseUrl: `http://api.example.test/${apiKey}` })));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    const signatures = server.requests.map((r) => String(r.headers['x-signature']));
    expect(signatures.length).toBeGreaterThanOrEqual(6);
    expect(server.requests.every((r) => r.headers['x-api-key'] === apiKey)).toBe(true);
    const canaries = [apiKey, secret, ...wrappedSignature, ...signatures];
    const texts = [...seen.flatMap(renderings), ...written];
    // The checks can fail: the raw request headers do contain the canaries.
    expect(canaries.some((canary) => inspect(server.requests).includes(canary))).toBe(true);
    const leaks = texts.filter((text) => canaries.some((canary) => text.includes(canary)));
    console.log(`secrets (client): ${seen.length} failures and clients rendered ${texts.length} ways against ${canaries.length} canaries; ${leaks.length} leaks`);
    for (const text of texts) {
      for (const canary of canaries) expect(text.includes(canary), `secret found in: ${text.slice(0, 200)}`).toBe(false);
    }
    expect(seen.map((e) => (e as { kind?: string }).kind)).toEqual([
      undefined,
      'api',
      'api',
      'invalid-response',
      'invalid-response',
      'timeout',
      'aborted',
      undefined,
      'network',
      'signing',
      'signing',
      'signing',
      'signing',
      'configuration',
      'configuration',
      'configuration',
      'configuration',
      'configuration',
    ]);
  });

  it('never reach middleware, nor what middleware logs, in onRequest, onResponse or onError', async () => {
    server.requests.length = 0;
    const written: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation((...args) => void written.push(args.map((a) => inspect(a, { depth: Infinity, showHidden: true })).join(' '))));
    const seen: unknown[] = [];
    const client = createClient({ environment: 'custom', baseUrl: server.url, apiKey, signer: hmacSha256({ secret }), timeoutMs: 200 });
    const logging: Middleware = {
      async onRequest({ request, options, params, schemaPath }) {
        seen.push(request, options, params, schemaPath, entries(request.headers));
        console.log('request', request.method, request.url, entries(request.headers), request.body === null ? '' : await request.clone().text());
      },
      async onResponse({ request, response, options }) {
        seen.push(request, response, options, entries(request.headers), entries(response.headers));
        console.info('response', request.url, response.status, entries(request.headers), await response.clone().text());
      },
      onError({ request, error, options }) {
        seen.push(request, error, options, entries(request.headers));
        console.error('error', request.url, error, entries(request.headers));
      },
    };
    client.use(logging);
    try {
      server.handle((_req, res) => answerJson(res, 200, { status: 'success', message: 'ok', data: [] }));
      await unwrap(client.GET('/api/v1/wallets', { headers: { 'x-trace': 't1' } }));
      server.handle((_req, res) => answerJson(res, 401, { status: 'error', message: 'Invalid signature', data: null }));
      seen.push(await failureOf(() => unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'p' } }))));
      server.handle((_req, res) => answerJson(res, 503, { status: 'error', message: 'Busy', data: null }));
      seen.push(await failureOf(() => unwrap(client.GET('/api/v1/wallets', { retry: { attempts: 2, initialDelayMs: 1 } }))));
      server.handle(() => {});
      seen.push(await failureOf(() => client.GET('/api/v1/wallets')));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    const signatures = server.requests.map((r) => String(r.headers['x-signature']));
    expect(signatures.length).toBe(5);
    expect(server.requests.every((r) => r.headers['x-api-key'] === apiKey)).toBe(true);
    const canaries = [apiKey, secret, ...signatures];
    const texts = [...seen.flatMap(renderings), ...written];
    expect(written.length).toBeGreaterThanOrEqual(8);
    expect(written.some((text) => text.includes('x-trace'))).toBe(true);
    const leaks = texts.filter((text) => canaries.some((canary) => text.includes(canary)));
    console.log(`secrets (middleware): ${seen.length} values middleware saw or threw rendered ${texts.length} ways against ${canaries.length} canaries; ${leaks.length} leaks`);
    for (const text of texts) {
      for (const canary of canaries) expect(text.includes(canary), `secret found in: ${text.slice(0, 200)}`).toBe(false);
    }
  });
});
