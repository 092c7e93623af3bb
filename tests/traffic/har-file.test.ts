// The HAR writer and reader: appends extend an existing file, appends from one process
// never lose each other's entries, a file that is not HAR is refused and left as it was,
// nothing half-written stays behind, and `redocly drift` reads what is written. An append
// writes after what the file holds without reading it back or rewriting it; a HAR file in
// another layout is rewritten once, keeping all of it; a file an append cut short is refused.
import { mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readHarExchanges } from '../../tools/learn/har-input.ts';
import { appendExchanges, checkHarTarget, NotHarError, readHar } from '../../packages/sdk/src/traffic/har-file.ts';
import { defaultPolicy } from '../../packages/sdk/src/privacy/index.ts';
import { buildEntry } from '../../packages/sdk/src/traffic/entry.ts';
import type { RecordedExchange } from '../../packages/sdk/src/privacy/exchange.ts';
import type { HarEntry } from '../../packages/sdk/src/traffic/har.ts';
import { runRedocly } from '../../tools/support/redocly.ts';
import { repoRoot } from '../../tools/support/repo.ts';

const directory = () => mkdtempSync(join(tmpdir(), 'har-'));

function exchange(path: string, operationId = 'listWallets'): RecordedExchange {
  return {
    startedAt: new Date('2024-05-01T12:00:00.000Z'),
    durationMs: 3,
    request: { method: 'GET', url: `http://127.0.0.1:4010${path}`, headers: [['accept', 'application/json'], ['x-api-key', 'key-12345678'], ['x-timestamp', '2024-05-01T12:00:00.000Z'], ['x-signature', 'f'.repeat(64)]] },
    response: { status: 200, headers: [['content-type', 'application/json']], body: '{"status":"success","message":"ok","data":[]}' },
    operationId,
  };
}

describe('HAR files', () => {
  it('creates a HAR 1.2 file and extends its log.entries on the next append', async () => {
    const file = join(directory(), 'nested', 'traffic.har');
    await appendExchanges(file, [exchange('/api/v1/wallets')]);
    await appendExchanges(file, [exchange('/api/v1/wallets/markets', 'listMarkets')]);
    const har = await readHar(file);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('wallet-api-kit');
    expect(har.log.entries.map((e) => [e.request.url, e._operationId])).toEqual([
      ['http://127.0.0.1:4010/api/v1/wallets', 'listWallets'],
      ['http://127.0.0.1:4010/api/v1/wallets/markets', 'listMarkets'],
    ]);
    expect(har.log.entries[0]!.request.headers).toContainEqual({ name: 'x-api-key', value: '[redacted]' });
  });

  it('labels an entry with the probe the caller named, as the traffic report reads it', async () => {
    const file = join(directory(), 'probed.har');
    await appendExchanges(file, [{ ...exchange('/api/v1/wallets'), probe: 'timestampSkew:-45' }, exchange('/api/v1/wallets')]);
    expect((await readHar(file)).log.entries.map((e) => e._probe)).toEqual(['timestampSkew:-45', undefined]);
    expect(readHarExchanges(file).map((e) => e.probe)).toEqual(['timestampSkew:-45', undefined]);
  });

  it('keeps every entry of appends made at the same time from one process, and leaves no temporary file', async () => {
    const dir = directory();
    const file = join(dir, 'traffic.har');
    await Promise.all(Array.from({ length: 20 }, (_, i) => appendExchanges(file, [exchange(`/api/v1/transactions/${i}`)])));
    const urls = (await readHar(file)).log.entries.map((e) => e.request.url);
    expect(urls).toEqual(Array.from({ length: 20 }, (_, i) => `http://127.0.0.1:4010/api/v1/transactions/${i}`));
    expect(readdirSync(dir)).toEqual(['traffic.har']);
  });

  it('refuses a file that is not HAR, saying why, and leaves it unchanged', async () => {
    const dir = directory();
    const cases: [string, RegExp][] = [
      ['not json at all', /notes\.har is not a HAR file: it is not JSON/],
      ['[]', /not a HAR file: its top level is not an object/],
      ['{"entries":[]}', /not a HAR file: it has no "log" object/],
      ['{"log":{"version":"1.2"}}', /not a HAR file: its log has no "entries" list/],
      ['{"log":{"entries":[]}}', /not a HAR file: its log has no "version"/],
      ['{"log":{"version":"1.2","entries":[{"request":{}}]}}', /not a HAR file: log.entries\[0\] has no request and response/],
    ];
    for (const [text, message] of cases) {
      const file = join(dir, 'notes.har');
      writeFileSync(file, text);
      await expect(appendExchanges(file, [exchange('/api/v1/wallets')])).rejects.toThrow(message);
      await expect(checkHarTarget(file)).rejects.toBeInstanceOf(NotHarError);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
    expect(readdirSync(dir)).toEqual(['notes.har']);
  });

  it('writes one entry per line between a header line and the tail, and appends after them without reading back or rewriting what it wrote', async () => {
    const dir = directory();
    const file = join(dir, 'traffic.har');
    await appendExchanges(file, [exchange('/api/v1/wallets'), exchange('/api/v1/wallets/markets', 'listMarkets')]);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines[0]).toMatch(/^\{"log":\{"version":"1\.2","creator":\{"name":"wallet-api-kit","version":"[^"]+"\},"entries":\[$/);
    expect(lines.slice(1, 3).map((line) => (JSON.parse(line.replace(/,$/, '')) as HarEntry).request.url)).toEqual(['http://127.0.0.1:4010/api/v1/wallets', 'http://127.0.0.1:4010/api/v1/wallets/markets']);
    expect(lines.slice(3)).toEqual([']}}', '']);
    // The first entry spoiled in place, to the same length: an append that read the entries
    // back would refuse the file, one that rewrote them would mend or drop it; this one
    // writes after them and leaves every byte before the tail as it was.
    const before = readFileSync(file, 'utf8');
    const spoiled = before.replace('"cache":{}', '"cache":{]');
    expect(spoiled).not.toBe(before);
    writeFileSync(file, spoiled);
    await appendExchanges(file, [exchange('/api/v1/transactions', 'listTransactions')]);
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(spoiled.slice(0, -'\n]}}\n'.length))).toBe(true);
    const added = after.split('\n').slice(-3);
    expect((JSON.parse(added[0]!) as HarEntry).request.url).toBe('http://127.0.0.1:4010/api/v1/transactions');
    expect(added.slice(1)).toEqual([']}}', '']);
    await expect(readHar(file)).rejects.toThrow('is not a HAR file: it is not JSON');
    expect(readdirSync(dir)).toEqual(['traffic.har']);
  });

  it('appends after a last entry longer than the pieces the writer reads it back in (over 64 KiB)', async () => {
    const file = join(directory(), 'traffic.har');
    const long = { ...exchange('/api/v1/wallets'), response: { status: 200, headers: [['content-type', 'application/json']] as [string, string][], body: JSON.stringify({ status: 'success', message: 'ok', data: Array.from({ length: 30_000 }, () => 'wallet') }) } };
    await appendExchanges(file, [long]);
    expect(statSync(file).size).toBeGreaterThan(200 * 1024);
    // Through another name for the file: nothing remembered of it there, so its last line is read back, as another process would.
    const link = join(dirname(file), 'link.har');
    symlinkSync(file, link);
    const inode = statSync(file).ino;
    await appendExchanges(link, [exchange('/api/v1/wallets/markets', 'listMarkets')]);
    // Appended to in place: a file it did not recognise would have been rewritten, a new file renamed over it.
    expect(statSync(file).ino).toBe(inode);
    expect((await readHar(file)).log.entries.map((e) => [e._operationId, e.response.content.text?.length])).toEqual([
      ['listWallets', long.response.body.length],
      ['listMarkets', exchange('/').response.body.length],
    ]);
  });

  it('rewrites a HAR file of another layout once, keeping every entry and its log\'s other members, then appends after it', async () => {
    const dir = directory();
    const file = join(dir, 'browser.har');
    const entry = buildEntry(defaultPolicy.redactExchange(exchange('/api/v1/wallets')));
    // As a browser writes it: indented, with pages after the entries.
    writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'browser', version: '1' }, entries: [entry, entry], pages: [{ id: 'page_1', title: 'x' }] } }, null, 2));
    await checkHarTarget(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).log.pages).toEqual([{ id: 'page_1', title: 'x' }]);
    await appendExchanges(file, [exchange('/api/v1/wallets/markets', 'listMarkets')]);
    const har = await readHar(file);
    expect(har.log.creator).toEqual({ name: 'browser', version: '1' });
    expect((har.log as unknown as { pages: unknown }).pages).toEqual([{ id: 'page_1', title: 'x' }]);
    expect(har.log.entries.map((e) => e._operationId)).toEqual(['listWallets', 'listWallets', 'listMarkets']);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(6);
    expect(readdirSync(dir)).toEqual(['browser.har']);
  });

  it('refuses to append to a file an earlier append cut short, naming it, and leaves it as it was', async () => {
    const dir = directory();
    const file = join(dir, 'traffic.har');
    await appendExchanges(file, [exchange('/api/v1/wallets'), exchange('/api/v1/wallets/markets', 'listMarkets')]);
    const cut = readFileSync(file, 'utf8').slice(0, -40);
    writeFileSync(file, cut);
    await expect(appendExchanges(file, [exchange('/api/v1/wallets')])).rejects.toThrow(`${file} is not a HAR file: it is not JSON`);
    await expect(checkHarTarget(file)).rejects.toBeInstanceOf(NotHarError);
    expect(readFileSync(file, 'utf8')).toBe(cut);
    expect(statSync(file).size).toBe(Buffer.byteLength(cut));
  });

  it('puts the file back as it was when a write fails midway through a batch, tells the caller, and appends after it again', async () => {
    const file = join(directory(), 'traffic.har');
    await appendExchanges(file, [exchange('/api/v1/wallets')]);
    const before = readFileSync(file, 'utf8');
    // Answers of about 5 kB: 700 of them are written in several pieces, and the second fails.
    const large = { ...exchange('/api/v1/wallets'), response: { status: 200, headers: [['content-type', 'application/json']] as [string, string][], body: JSON.stringify({ status: 'success', message: 'ok', data: Array.from({ length: 500 }, () => 'wallet') }) } };
    const probe = await open(file, 'r');
    const fileHandle = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
    await probe.close();
    const write = fileHandle.write;
    let calls = 0;
    const failing = vi.spyOn(fileHandle, 'write').mockImplementation(function (this: unknown, ...args: unknown[]) {
      return ++calls === 2 ? Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })) : write.apply(this, args);
    });
    try {
      await expect(appendExchanges(file, Array.from({ length: 700 }, () => large))).rejects.toThrow('no space left on device');
    } finally {
      failing.mockRestore();
    }
    expect(calls).toBeGreaterThan(2);
    expect(readFileSync(file, 'utf8')).toBe(before);
    await appendExchanges(file, [exchange('/api/v1/wallets/markets', 'listMarkets')]);
    expect((await readHar(file)).log.entries.map((e) => e._operationId)).toEqual(['listWallets', 'listMarkets']);
  });

  it('writes files that redocly drift reads, with every exchange matched to its operation', async () => {
    const file = join(directory(), 'traffic.har');
    await appendExchanges(file, [exchange('/api/v1/wallets'), exchange('/api/v1/wallets/markets', 'listMarkets')]);
    const run = await runRedocly(['drift', file, '--api', join(repoRoot, 'generated/openapi.yaml'), '--server', 'http://127.0.0.1:4010', '--format', 'json']);
    // The JSON report starts at its own line; Redocly's notices may come first.
    const report = JSON.parse(run.output.slice(run.output.indexOf('{\n  "run"'), run.output.indexOf('\n}\n') + 2)) as {
      run: { totalExchanges: number; documentedExchanges: number };
      problems: { ruleId: string }[];
    };
    expect(report.run).toMatchObject({ totalExchanges: 2, documentedExchanges: 2 });
    // Redacted auth headers are still present, so the recording satisfies the documented security scheme.
    expect(report.problems.map((p) => p.ruleId)).not.toContain('security-baseline');
  }, 60_000);
});
