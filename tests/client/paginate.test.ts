// client.paginate against the sandbox (newest first, paged by limit and page) and against
// a capture server for answers the sandbox never gives.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  AbortedError,
  ApiError,
  ConfigurationError,
  createClient,
  hmacSha256,
  InvalidResponseError,
  type Transaction,
  type TransactionPage,
  type WalletApiClient,
} from '../../packages/sdk/src/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { answerJson, startCaptureServer, type CaptureServer } from '../support/capture-server.ts';

let sandbox: RunningSandbox;
let tenants = 0;
const secret = 'paginate-secret';
// Every test walks the history of its own API key, which starts empty.
const apiKeys = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`paginate-key-${i}`, secret]));

beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true, port: 0, deterministic: true, logger: false, apiKeys });
});
afterAll(() => sandbox?.close());

/** A client of a fresh, empty history, and the pages it asked for. */
function freshClient(): { client: WalletApiClient; pagesAsked: number[] } {
  const pagesAsked: number[] = [];
  const client = createClient({
    environment: 'custom',
    baseUrl: sandbox.url,
    apiKey: `paginate-key-${tenants++}`,
    signer: hmacSha256({ secret }),
    fetch: (url, init) => {
      const asked = new URL(String(url));
      if (asked.pathname === '/api/v1/transactions') pagesAsked.push(Number(asked.searchParams.get('page')));
      return fetch(url, init);
    },
  });
  return { client, pagesAsked };
}

/** Adds a record to the history (a withdrawal preview is a pending transaction); returns its id. */
async function addRecord(client: WalletApiClient, n: number): Promise<string> {
  const { data } = await client.POST('/api/v1/wallets/preview-withdraw', {
    body: { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', remark: `record ${n}` },
  });
  return data!.data.transactionId;
}

async function history(count: number): Promise<{ client: WalletApiClient; pagesAsked: number[]; oldestFirst: string[] }> {
  const { client, pagesAsked } = freshClient();
  const oldestFirst: string[] = [];
  for (let n = 1; n <= count; n++) oldestFirst.push(await addRecord(client, n));
  return { client, pagesAsked, oldestFirst };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of iterable) all.push(item);
  return all;
}

describe('paginate against the sandbox', () => {
  it('walks every record of several pages, newest first, and stops at the last page', async () => {
    const { client, pagesAsked, oldestFirst } = await history(5);
    const records = await collect(client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } } }));
    expect(records.map((r) => r._id)).toEqual([...oldestFirst].reverse());
    expect(pagesAsked).toEqual([1, 2, 3]);
  });

  it('walks whole pages with .pages(), each with its page, pages, limit and total', async () => {
    const { client, pagesAsked } = await history(5);
    const pages = await collect(client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } } }).pages());
    expect(pages.map(({ page, pages, limit, total, data }) => ({ page, pages, limit, total, records: data.length }))).toEqual([
      { page: 1, pages: 3, limit: 2, total: 5, records: 2 },
      { page: 2, pages: 3, limit: 2, total: 5, records: 2 },
      { page: 3, pages: 3, limit: 2, total: 5, records: 1 },
    ]);
    expect(pagesAsked).toEqual([1, 2, 3]);
  });

  it('asks once when the list fills exactly one page', async () => {
    const { client, pagesAsked, oldestFirst } = await history(2);
    const records = await collect(client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } } }));
    expect(records.map((r) => r._id)).toEqual([...oldestFirst].reverse());
    expect(pagesAsked).toEqual([1]);
  });

  it('asks once for an empty list: no records, one empty page', async () => {
    const { client, pagesAsked } = freshClient();
    expect(await collect(client.paginate('/api/v1/transactions'))).toEqual([]);
    const pages = await collect(client.paginate('/api/v1/transactions').pages());
    expect(pages).toEqual([{ page: 1, pages: 0, limit: 20, total: 0, data: [] }]);
    expect(pagesAsked).toEqual([1, 1]);
  });

  it('shows a record added during the walk as a repeat of the record before it, and not itself', async () => {
    const { client, pagesAsked, oldestFirst } = await history(4);
    const [r1, r2, r3, r4] = oldestFirst as [string, string, string, string];
    const seen: string[] = [];
    let added: string | undefined;
    for await (const record of client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } } })) {
      seen.push(record._id);
      // After page 1 ([r4, r3]), a new record becomes the newest: every older one moves one place down.
      if (seen.length === 2) added = await addRecord(client, 5);
    }
    // Page 2 is now [r3, r2] and a third page [r1] appeared, which the walk follows.
    expect(seen).toEqual([r4, r3, r3, r2, r1]);
    expect(seen).not.toContain(added);
    expect(pagesAsked).toEqual([1, 2, 3]);
  });

  it('stops after maxPages, and starts at params.query.page', async () => {
    const { client, pagesAsked, oldestFirst } = await history(5);
    const newestFirst = [...oldestFirst].reverse();
    const firstTwo = await collect(client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } }, maxPages: 2 }));
    expect(firstTwo.map((r) => r._id)).toEqual(newestFirst.slice(0, 4));
    const fromTwo = await collect(client.paginate('/api/v1/transactions', { params: { query: { limit: 2, page: 2 } } }));
    expect(fromTwo.map((r) => r._id)).toEqual(newestFirst.slice(2));
    expect(pagesAsked).toEqual([1, 2, 2, 3]);
  });

  it('starts a new walk on every iteration', async () => {
    const { client, pagesAsked } = await history(3);
    const walk = client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } } });
    expect((await collect(walk)).length).toBe(3);
    expect((await collect(walk)).length).toBe(3);
    expect(pagesAsked).toEqual([1, 2, 1, 2]);
  });

  it('throws the typed errors of a single call', async () => {
    const { client } = await history(3);
    const refused = await collect(client.paginate('/api/v1/transactions', { params: { query: { limit: 0 } } })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ kind: 'api', httpStatus: 400, operation: 'GET /api/v1/transactions' });

    const stranger = createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey: 'not-a-known-key', signer: hmacSha256({ secret }) });
    await expect(collect(stranger.paginate('/api/v1/transactions'))).rejects.toMatchObject({ kind: 'api', httpStatus: 401 });

    const controller = new AbortController();
    const walked: string[] = [];
    const aborted = await (async () => {
      for await (const record of client.paginate('/api/v1/transactions', { params: { query: { limit: 2 } }, signal: controller.signal })) {
        walked.push(record._id);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(AbortedError);
    expect(walked.length).toBe(2);
  });

  it('refuses a maxPages or a first page that is not a positive integer before asking anything', async () => {
    const { client, pagesAsked } = freshClient();
    expect(() => client.paginate('/api/v1/transactions', { maxPages: 0 })).toThrow(ConfigurationError);
    expect(() => client.paginate('/api/v1/transactions', { maxPages: 1.5 })).toThrow(/maxPages must be a positive integer/);
    expect(() => client.paginate('/api/v1/transactions', { params: { query: { page: 0 } } })).toThrow(/page must be a positive integer/);
    expect(pagesAsked).toEqual([]);
  });

  it('is typed by the spec: records are Transaction, pages TransactionPage, and only paged paths are accepted', () => {
    const { client } = freshClient();
    const walk = client.paginate('/api/v1/transactions', { params: { query: { limit: 5 } }, timeoutMs: 1000, retry: { attempts: 2 } });
    expectTypeOf(walk).toExtend<AsyncIterable<Transaction>>();
    expectTypeOf(walk.pages()).toExtend<AsyncIterable<TransactionPage>>();
    // @ts-expect-error GET /api/v1/wallets answers a list, not a page object.
    expect(() => client.paginate('/api/v1/wallets')).not.toThrow();
    // @ts-expect-error an unknown query parameter
    client.paginate('/api/v1/transactions', { params: { query: { size: 5 } } });
  });
});

describe('paginate against answers the sandbox never gives', () => {
  let server: CaptureServer;
  beforeAll(async () => {
    server = await startCaptureServer();
  });
  afterAll(() => server.close());
  const page = (n: number, pages: number) => ({ page: n, pages, limit: 1, total: pages, data: [{ _id: `t${n}` }] });
  const client = () => createClient({ environment: 'custom', baseUrl: server.url, apiKey: 'paginate-answers-key', signer: hmacSha256({ secret: 'paginate-answers-secret' }) });

  it('retries a page when asked to, honouring the call options', async () => {
    server.requests.length = 0;
    let attempts = 0;
    server.handle((req, res) => {
      const n = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      if (n === 2 && attempts++ === 0) return answerJson(res, 503, { status: 'error', message: 'busy', data: null });
      answerJson(res, 200, { status: 'success', message: 'ok', data: page(n, 2) });
    });
    const records = await collect(client().paginate('/api/v1/transactions', { retry: { attempts: 2, initialDelayMs: 1 } }));
    expect(records.map((r) => r._id)).toEqual(['t1', 't2']);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v1/transactions?page=1', '/api/v1/transactions?page=2', '/api/v1/transactions?page=2']);
  });

  it('refuses a server that ignores the page asked for, instead of walking the same records forever', async () => {
    server.handle((_req, res) => answerJson(res, 200, { status: 'success', message: 'ok', data: page(1, 9) }));
    const error = await collect(client().paginate('/api/v1/transactions')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toBe('GET /api/v1/transactions answered HTTP 200 page 1 when page 2 was asked for');
  });

  it('refuses data that is not a page object', async () => {
    server.handle((_req, res) => answerJson(res, 200, { status: 'success', message: 'ok', data: [{ _id: 't1' }] }));
    await expect(collect(client().paginate('/api/v1/transactions'))).rejects.toThrow(/with data that is not a page object/);
  });

  it('stops at an empty page even when pages says there are more', async () => {
    server.requests.length = 0;
    server.handle((_req, res) => answerJson(res, 200, { status: 'success', message: 'ok', data: { page: 1, pages: 4, limit: 1, total: 4, data: [] } }));
    expect(await collect(client().paginate('/api/v1/transactions'))).toEqual([]);
    expect(server.requests.length).toBe(1);
  });
});

describe("a paging walk's errors", () => {
  it("mask the call's credentials and the integrator's patterns, as every other error of the client", async () => {
    const server = await startCaptureServer();
    try {
      const apiKey = 'paging-echo-key-7Hq2';
      server.handle((req, res) => answerJson(res, 200, { status: 'success', message: 'ok', data: { page: 1, pages: 1, limit: 1, total: 1, data: `key ${String(req.headers['x-api-key'])} signature ${String(req.headers['x-signature'])} customer CUST-4821` } }));
      const client = createClient({ environment: 'custom', baseUrl: server.url, apiKey, signer: hmacSha256({ secret: 'paging-echo-secret' }), drift: { mode: 'off', redact: { patterns: ['CUST-[0-9]{4}'] } } });
      const error = await collect(client.paginate('/api/v1/transactions')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidResponseError);
      const signature = String(server.requests[0]!.headers['x-signature']);
      const shown = [String(error), JSON.stringify(error), inspect(error, { showHidden: true, getters: true, depth: 8 }), JSON.stringify((error as InvalidResponseError).body)].join('\n');
      expect(shown).toMatch(/not a page object/);
      for (const value of [apiKey, signature, 'CUST-4821']) expect(shown).not.toContain(value);
    } finally {
      await server.close();
    }
  });
});
