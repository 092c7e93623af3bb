// recordTraffic in production: HAR entries appended as JSON lines (never rewritten), read by
// `npm run learn` as it reads HAR; rotated by size and count; what waits in memory bounded,
// with drops counted, warned once and published; nothing recorded for a call a middleware
// answered or for an onError fallback; close() finishes the file.
import { MeterProvider, type SumMetricData } from '@opentelemetry/sdk-metrics';
import diagnosticsChannel from 'node:diagnostics_channel';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, hmacSha256, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { recordTraffic, type HarEntry } from '../../packages/sdk/src/client/record-traffic.ts';
import { instrumentWalletApi, metricNames } from '../../packages/sdk/src/opentelemetry/index.ts';
import { readHarExchanges } from '../../tools/learn/har-input.ts';
import { NotHarError } from '../../packages/sdk/src/traffic/har-file.ts';
import { HarLinesWriter } from '../../packages/sdk/src/traffic/har-lines.ts';
import { ManualMetricReader } from '../support/manual-metric-reader.ts';

const apiKey = 'record-key-6a1e';
const secret = 'record-secret-b2c4';
const password = 'record-password-0d9c';
const answer = (page: number) => JSON.stringify({ status: 'success', message: 'ok', data: { page, pages: 100, limit: 20, total: 2000, data: [] } });

const folder = () => mkdtempSync(join(tmpdir(), 'record-traffic-'));
const warnings = () => vi.spyOn(process, 'emitWarning').mockImplementation((() => {}) as typeof process.emitWarning);
afterEach(() => vi.restoreAllMocks());

/** A client whose fetch answers each request at once, echoing the page asked for. */
function stubClient(send?: typeof fetch): WalletApiClient {
  const answering: typeof fetch = async (input) => {
    const page = Number(new URL(String(input)).searchParams.get('page') ?? 0);
    return new Response(answer(page), { headers: { 'content-type': 'application/json' } });
  };
  return createClient({ environment: 'custom', baseUrl: 'http://provider.test', apiKey, signer: hmacSha256({ secret }), fetch: send ?? answering });
}

const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as HarEntry);
const pageOf = (entry: HarEntry) => Number(new URL(entry.request.url).searchParams.get('page'));

describe('recordTraffic to a file', () => {
  it('appends one HAR entry per line, never rewriting what is written, and npm run learn reads it as it reads HAR', async () => {
    const file = join(folder(), 'traffic.har.jsonl');
    const client = stubClient();
    const recorder = recordTraffic({ file });
    client.use(recorder);
    for (let page = 1; page <= 5; page++) await client.GET('/api/v1/transactions', { params: { query: { page } } });
    await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password } });
    await recorder.flush();
    const first = readFileSync(file, 'utf8');
    const inode = statSync(file).ino;
    for (let page = 6; page <= 8; page++) await client.GET('/api/v1/transactions', { params: { query: { page } } });
    await recorder.close();
    const after = readFileSync(file, 'utf8');
    // Appended: the same file, what was there untouched, the new entries after it.
    expect(statSync(file).ino).toBe(inode);
    expect(after.startsWith(first)).toBe(true);
    const entries = linesOf(file);
    expect(entries).toHaveLength(9);
    expect(recorder.written).toBe(9);
    expect(entries.filter((e) => e.request.method === 'GET').map(pageOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(entries[0]!.request.headers.find((h) => h.name === 'x-api-key')?.value).toBe('[redacted]');
    expect(after).not.toContain(apiKey);
    expect(after).not.toContain(password);
    // The learning report's reader: the same exchanges as from the same entries in a HAR document.
    const har = join(folder(), 'same.har');
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } }, null, 2));
    const strip = (exchanges: ReturnType<typeof readHarExchanges>) => exchanges.map(({ source, ...rest }) => ({ ...rest, entry: source.entry }));
    expect(strip(readHarExchanges(file))).toEqual(strip(readHarExchanges(har)));
    expect(readHarExchanges(file).map((e) => e.status)).toEqual(new Array(9).fill(200));
  });

  it('rotates by size and keeps maxFiles files, the newest entries in them', async () => {
    const file = join(folder(), 'traffic.har.jsonl');
    const client = stubClient();
    const entryBytes = 1200;
    const recorder = recordTraffic({ file, maxBytes: entryBytes * 3, maxFiles: 3 });
    client.use(recorder);
    for (let page = 1; page <= 40; page++) await client.GET('/api/v1/transactions', { params: { query: { page } } });
    await recorder.close();
    expect(recorder.written).toBe(40);
    const files = [file, `${file}.1`, `${file}.2`];
    expect(files.map((f) => existsSync(f))).toEqual([true, true, true]);
    expect(existsSync(`${file}.3`)).toBe(false);
    for (const f of files) expect(statSync(f).size).toBeLessThanOrEqual(entryBytes * 3);
    // Oldest file first: the pages follow each other, up to the last one written.
    const pages = [...files].reverse().flatMap((f) => linesOf(f).map(pageOf));
    expect(pages.at(-1)).toBe(40);
    expect(pages).toEqual(Array.from({ length: pages.length }, (_, i) => 40 - pages.length + 1 + i));
    expect(pages.length).toBeGreaterThan(3);
  });

  it('bounds what waits in memory: past maxPending it drops, counts, warns once and publishes the drops', async () => {
    const emitted = warnings();
    const reader = new ManualMetricReader();
    const telemetry = instrumentWalletApi({ meterProvider: new MeterProvider({ readers: [reader] }) });
    const published: unknown[] = [];
    const onDropped = (message: unknown) => void published.push(message);
    diagnosticsChannel.subscribe('wallet-api:traffic:dropped', onDropped);
    // Answers whose bodies arrive only when released: every call's entry waits meanwhile.
    const releases: (() => void)[] = [];
    const held: typeof fetch = async () => {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void releases.push(() => (controller.enqueue(new TextEncoder().encode(answer(1))), controller.close())) });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    };
    const client = stubClient(held);
    const recorder = recordTraffic({ file: join(folder(), 'traffic.har.jsonl'), maxPending: 2 });
    client.use(recorder);
    try {
      const calls = Array.from({ length: 7 }, () => client.GET('/api/v1/wallets'));
      while (releases.length < 7) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const release of releases) release();
      const results = await Promise.all(calls);
      expect(results.map((r) => r.response.status)).toEqual(new Array(7).fill(200));
      await recorder.close();
    } finally {
      diagnosticsChannel.unsubscribe('wallet-api:traffic:dropped', onDropped);
      telemetry.disable();
    }
    expect([recorder.written, recorder.dropped]).toEqual([2, 5]);
    expect(published).toEqual(new Array(5).fill({ count: 1 }));
    const dropWarnings = emitted.mock.calls.filter(([message]) => String(message).includes('recordTraffic dropped'));
    expect(dropWarnings).toHaveLength(1);
    const { resourceMetrics } = await reader.collect();
    const dropped = resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === metricNames.recordingsDropped) as SumMetricData;
    expect(dropped.dataPoints.map((p) => p.value)).toEqual([5]);
  });

  it('counts the entries waiting for the disk against maxPending, and lets each go once written', async () => {
    const failures: unknown[] = [];
    const writer = new HarLinesWriter(join(folder(), 'traffic.har.jsonl'), { maxBytes: 1 << 20, maxFiles: 2, onError: (error) => void failures.push(error) });
    const entries: HarEntry[] = [];
    const client = stubClient();
    const handed = recordTraffic({ onEntry: (entry) => void entries.push(entry) });
    client.use(handed);
    for (const page of [1, 2, 3]) await client.GET('/api/v1/transactions', { params: { query: { page } } });
    await handed.close();
    for (const entry of entries) writer.append(entry);
    // Queued in this turn: none can have reached the disk yet.
    expect(writer.waiting).toBe(3);
    await writer.flush();
    expect([writer.waiting, writer.written, failures.length]).toEqual([0, 3, 0]);
    await writer.close();
  });

  it('tells onError of each write that failed, and the calls are not affected', async () => {
    const blocker = join(folder(), 'a-file');
    writeFileSync(blocker, '');
    const failures: unknown[] = [];
    const client = stubClient();
    // A folder cannot be made under a file: every write fails.
    const recorder = recordTraffic({ file: join(blocker, 'traffic.har.jsonl'), onError: (error) => void failures.push(error) });
    client.use(recorder);
    const results = await Promise.all([1, 2, 3].map((page) => client.GET('/api/v1/transactions', { params: { query: { page } } })));
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    await recorder.close();
    // One write per batch of what was queued: the three entries went in one to three writes.
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThanOrEqual(3);
    for (const error of failures) expect((error as NodeJS.ErrnoException).code).toMatch(/^(EEXIST|ENOTDIR)$/);
    expect([recorder.written, recorder.dropped]).toEqual([0, 0]);
  });

  it('records nothing for a call a later middleware answered itself, or that threw before it was sent', async () => {
    const entries: HarEntry[] = [];
    const sent: string[] = [];
    const client = stubClient(async (input) => {
      sent.push(String(input));
      return new Response(answer(1), { headers: { 'content-type': 'application/json' } });
    });
    const recorder = recordTraffic({ onEntry: (entry) => entries.push(entry) });
    client.use(recorder, {
      onRequest: ({ request }) => {
        if (request.url.includes('rates')) return new Response(JSON.stringify({ status: 'success', message: 'cached', data: [] }), { headers: { 'content-type': 'application/json' } });
        if (request.url.includes('markets')) throw new Error('refused by a later middleware');
        return undefined;
      },
    });
    expect((await client.GET('/api/v1/utils/rates')).response.status).toBe(200);
    await expect(client.GET('/api/v1/wallets/markets')).rejects.toThrow('refused by a later middleware');
    await client.GET('/api/v1/wallets');
    await recorder.flush();
    expect(sent).toEqual(['http://provider.test/api/v1/wallets']);
    expect(entries.map((e) => e.request.url)).toEqual(['http://provider.test/api/v1/wallets']);
    expect(recorder.written).toBe(1);
  });

  it("never records an onError middleware's fallback answer as the provider's", async () => {
    const entries: HarEntry[] = [];
    const client = stubClient(async () => {
      throw new TypeError('fetch failed');
    });
    const recorder = recordTraffic({ onEntry: (entry) => entries.push(entry) });
    client.use(recorder, { onError: () => new Response(JSON.stringify({ status: 'success', message: 'fallback', data: [] }), { status: 200, headers: { 'content-type': 'application/json' } }) });
    const result = await client.GET('/api/v1/wallets');
    expect(result.response.status).toBe(200);
    await recorder.flush();
    expect(entries).toEqual([]);
  });

  it('after close(), records nothing more', async () => {
    const file = join(folder(), 'traffic.har.jsonl');
    const client = stubClient();
    const recorder = recordTraffic({ file });
    client.use(recorder);
    await client.GET('/api/v1/transactions', { params: { query: { page: 1 } } });
    await recorder.close();
    await client.GET('/api/v1/transactions', { params: { query: { page: 2 } } });
    await recorder.flush();
    expect(linesOf(file).map(pageOf)).toEqual([1]);
  });

  it('refuses bad limits', () => {
    expect(() => recordTraffic({ file: 'x.har.jsonl', maxBytes: 0 })).toThrow('recordTraffic: maxBytes must be a whole number of at least 1');
    expect(() => recordTraffic({ file: 'x.har.jsonl', maxFiles: 1.5 })).toThrow('recordTraffic: maxFiles must be a whole number of at least 1');
    expect(() => recordTraffic({ file: 'x.har.jsonl', maxPending: -1 })).toThrow('recordTraffic: maxPending must be a whole number of at least 1');
  });
});

describe('reading HAR entries as JSON lines', () => {
  const entry = (page: number) => JSON.stringify({ startedDateTime: '2026-01-01T00:00:00.000Z', request: { method: 'GET', url: `http://provider.test/api/v1/transactions?page=${page}` }, response: { status: 200, content: { text: answer(page) } } });

  it('leaves out a last line a crash cut short, and refuses any other line that is not an entry', () => {
    const dir = folder();
    const cut = join(dir, 'cut.har.jsonl');
    writeFileSync(cut, `${entry(1)}\n${entry(2)}\n${entry(3).slice(0, 40)}`);
    expect(readHarExchanges(cut).map((e) => e.url)).toEqual([1, 2].map((p) => `http://provider.test/api/v1/transactions?page=${p}`));
    const broken = join(dir, 'broken.har.jsonl');
    writeFileSync(broken, `${entry(1)}\nnot json\n${entry(2)}\n`);
    expect(() => readHarExchanges(broken)).toThrow(NotHarError);
    expect(() => readHarExchanges(broken)).toThrow(`${broken} is not HAR as JSON lines: line 2 is not JSON`);
    const other = join(dir, 'other.har.jsonl');
    writeFileSync(other, `${entry(1)}\n{"name":"x"}\n`);
    expect(() => readHarExchanges(other)).toThrow(`${other} is not HAR as JSON lines: line 2 has no request and response`);
  });
});
