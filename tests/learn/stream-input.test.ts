// `npm run learn` reads each recording as a stream (tools/learn/har-input.ts): what it reads is
// what the whole file parsed at once holds, and its report is the report on those exchanges.
// A fault in a recording (a file cut short, an entry that is not JSON or not an entry) is
// named with the file and the entry; the report keeps every entry that could be read, and
// the command exits 2.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHarExchanges, streamHarExchanges } from '../../tools/learn/har-input.ts';
import { renderMarkdown } from '../../tools/learn/markdown.ts';
import { buildReport, ReportBuilder, type ReportedExchange } from '../../tools/learn/report.ts';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { NotHarError } from '../../packages/sdk/src/traffic/har-file.ts';
import { walkProvider } from '../support/provider-walk.ts';
import { learnInProcess as learn, type LearnRun } from '../support/learn-in-process.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'learn-stream-'));
const document = loadBundledDocument();

/** `npm run learn` as its own process, for what only a process shows: the file read from its path as a stream and piped out whole, with its exit status. */
async function learnProcess(...args: string[]): Promise<LearnRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/learn.ts'), ...args], { cwd: repoRoot, maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The HAR entries of a walk of the sandbox playing fills-unknowns.json, as another tool records them (its requests' headers included). */
let entries: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sandbox = await startSandbox({ deterministic: true, logger: false, profile: join(repoRoot, 'tests/fixtures/providers/fills-unknowns.json') });
  try {
    const exchanges = await walkProvider(sandbox.url, demoCredentials);
    entries = exchanges.map((e, index) => ({
      startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      time: 0,
      request: { method: e.method, url: e.url, httpVersion: 'HTTP/1.1', headers: [{ name: 'accept', value: 'application/json' }], queryString: [], cookies: [], headersSize: -1, bodySize: -1 },
      response: { status: e.status, statusText: '', httpVersion: 'HTTP/1.1', headers: [], cookies: [], content: { size: -1, mimeType: 'application/json', text: e.responseText }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
      ...(e.probe ? { _probe: e.probe } : {}),
    }));
  } finally {
    await sandbox.close();
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const harText = (list: unknown[]) => JSON.stringify({ log: { version: '1.2', creator: { name: 'another-tool', version: '1' }, entries: list } }, null, 2);
const linesText = (list: unknown[]) => `${list.map((entry) => JSON.stringify(entry)).join('\n')}\n`;

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The exchanges of a whole, well-formed recording, read at once (JSON.parse, not the stream), named as the command names a file outside the repository. */
const wholeExchanges = (file: string, text: string) => readHarExchanges(file, text).map((e) => ({ ...e, source: { ...e.source, file: basename(file) } }));

const reportOf = (exchanges: ReportedExchange[]) => renderMarkdown(buildReport(document, exchanges));

describe('reading a recording as a stream', () => {
  it('reads what the whole file holds, as a HAR document and as JSON lines, and the command reports on it as on the file read at once', async () => {
    for (const [name, text] of [['walk.har', harText(entries)], ['walk.har.jsonl', linesText(entries)]] as const) {
      const file = write(name, text);
      const streamed: ReportedExchange[] = [];
      const reading = await streamHarExchanges(file, (exchange) => streamed.push(exchange), { label: name });
      expect(reading).toEqual({ entries: entries.length, problems: [] });
      expect(streamed).toEqual(wholeExchanges(file, text));
      // The HAR document through a real process; the JSON lines, and the faults below, in process (tests/support/learn-in-process.ts).
      const { code, stdout, stderr } = await (name === 'walk.har' ? learnProcess : learn)(file);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toBe(reportOf(wholeExchanges(file, text)));
      expect(stdout).toContain(`${entries.length} exchanges read`);
    }
  });

  it('reads text of several bytes a character whole where the file is read in pieces (over several MiB)', async () => {
    // Each answer's message long and of 2-, 3- and 4-byte characters only, so that pieces of the file end inside them.
    const message = '₦日本😀é'.repeat(3000);
    const many = Array.from({ length: 150 }, (_, index) => {
      const entry = structuredClone(entries[index % entries.length]!) as { response: { content: { text?: string } } };
      entry.response.content.text = JSON.stringify({ status: 'error', message: `${index} ${message}`, data: null });
      return entry;
    });
    const text = harText(many);
    const bytes = Buffer.from(text);
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    // The reader's pieces are 64 KiB, so each MiB ends one: at least one ends inside a character (the next byte continues it).
    const cuts = [1, 2, 3].map((n) => n * 1024 * 1024).filter((at) => (bytes[at]! & 0xc0) === 0x80);
    expect(cuts.length).toBeGreaterThan(0);
    for (const [name, body] of [['long.har', text], ['long.har.jsonl', linesText(many)]] as const) {
      const file = write(name, body);
      const streamed: ReportedExchange[] = [];
      await streamHarExchanges(file, (exchange) => streamed.push(exchange), { label: name });
      expect(streamed).toEqual(wholeExchanges(file, body));
    }
  });

  it('names a HAR document cut short with the entry it cuts, and reports every entry before it', async () => {
    const whole = harText(entries);
    const cutAt = 12;
    // Cut in the middle of entry 12's answer.
    const marker = JSON.stringify(entries[cutAt]!.startedDateTime);
    const file = write('cut.har', whole.slice(0, whole.indexOf(marker) + 200));
    const { code, stdout, stderr } = await learn(file);
    expect(code).toBe(2);
    expect(stderr).toContain(`learn: cut.har is cut short in entry ${cutAt} (the document ends before its entries do), which is left out; the ${cutAt} entries before it are read\n`);
    expect(stdout).toBe(reportOf(wholeExchanges(write('whole.har', whole), whole).slice(0, cutAt).map((e) => ({ ...e, source: { ...e.source, file: 'cut.har' } }))));
  });

  it('names each JSON line that is not an entry, leaves it out and reads the lines after it', async () => {
    const good = linesText(entries);
    const lines = good.split('\n');
    lines[0] = 'a first line spoiled';
    lines[2] = '{"request": {"method": "GET", "url": ';
    lines[4] = '{"name":"not an entry"}';
    const file = write('spoiled.har.jsonl', lines.join('\n'));
    const { code, stdout, stderr } = await learn(file);
    expect(code).toBe(2);
    expect(stderr).toContain('learn: spoiled.har.jsonl line 1 (entry 0) is not JSON (');
    expect(stderr).toContain('learn: spoiled.har.jsonl line 3 (entry 2) is not JSON (');
    expect(stderr).toContain('learn: spoiled.har.jsonl line 5 (entry 4) has no request and response, left out\n');
    expect(stderr).toContain(`learn: the report covers the ${entries.length - 3} entries read; the entries named above are not in it\n`);
    // The others keep their place in the file as their evidence.
    const expected = wholeExchanges(write('spoiled-oracle.har.jsonl', good), good)
      .filter((e) => ![0, 2, 4].includes(e.source.entry))
      .map((e) => ({ ...e, source: { ...e.source, file: 'spoiled.har.jsonl' } }));
    expect(stdout).toBe(reportOf(expected));
  });

  it('names a last JSON line a write cut short, and reports every line before it', async () => {
    const good = linesText(entries);
    const file = write('torn.har.jsonl', good.slice(0, good.length - 30));
    const { code, stdout, stderr } = await learn(file);
    expect(code).toBe(2);
    expect(stderr).toContain(`learn: torn.har.jsonl line ${entries.length} (entry ${entries.length - 1}) is cut short: the file's last line has no newline and is not whole JSON (a write cut short?), left out\n`);
    expect(stdout).toContain(`${entries.length - 1} exchanges read`);
    expect(stdout).toBe(reportOf(wholeExchanges(write('torn-oracle.har.jsonl', good), good).slice(0, -1).map((e) => ({ ...e, source: { ...e.source, file: 'torn.har.jsonl' } }))));
  });

  it('names an entry of a HAR document that is not an entry, and a file that is not HAR, and reports on everything else', async () => {
    const spoiled = write('odd-entry.har', harText([entries[0], { note: 'not an entry' }, ...entries.slice(2)]));
    const notHar = write('notes.har', '{"entries": []}');
    const { code, stdout, stderr } = await learn(spoiled, notHar);
    expect(code).toBe(2);
    expect(stderr).toContain('learn: odd-entry.har entry 1 has no request and response, left out\n');
    expect(stderr).toContain('learn: ');
    expect(stderr).toContain('notes.har is not a HAR file: it has no "log" object\n');
    expect(stdout).toContain(`${entries.length - 1} exchanges read`);
  });

  it('names the first 20 faults of a file and counts the others, reading every good line', async () => {
    const good = linesText(entries).split('\n').filter(Boolean);
    const file = write('noisy.har.jsonl', `${[good[0], ...Array.from({ length: 25 }, (_, index) => `{"broken": ${index}`), ...good.slice(1)].join('\n')}\n`);
    const streamed: ReportedExchange[] = [];
    const { entries: read, problems } = await streamHarExchanges(file, (exchange) => streamed.push(exchange), { label: 'noisy.har.jsonl' });
    expect(read).toBe(entries.length);
    expect(problems).toHaveLength(21);
    expect(problems[0]).toMatch(/^noisy\.har\.jsonl line 2 \(entry 1\) is not JSON \(.+\), left out$/);
    expect(problems[19]).toMatch(/^noisy\.har\.jsonl line 21 \(entry 20\) is not JSON/);
    expect(problems[20]).toBe('noisy.har.jsonl: 5 more entries like these left out');
    // The entries after the faults keep their place in the file.
    expect(streamed.map((e) => e.source.entry)).toEqual([0, ...Array.from({ length: entries.length - 1 }, (_, index) => index + 26)]);
  });

  it('refuses a file that is not JSON at all before reading anything', async () => {
    const file = write('text.har', 'not json at all');
    await expect(streamHarExchanges(file, () => undefined)).rejects.toThrow(NotHarError);
    await expect(streamHarExchanges(file, () => undefined, { label: 'text.har' })).rejects.toThrow('text.har is not a HAR file: it is not JSON');
  });
});

describe('the report built one exchange at a time', () => {
  it('lists the first 20 skews of an inconclusive answer and counts the others', () => {
    const builder = new ReportBuilder(document);
    for (let index = 0; index < 25; index++) {
      builder.add({ source: { file: 'skews.har', entry: index }, method: 'GET', url: 'https://api.example.test/api/v1/wallets', status: 429, responseText: '', probe: `timestampSkew:${index + 1}` });
    }
    const [item] = builder.finish().inconclusive;
    expect(item!.skews).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(item!.skewsLeftOut).toBe(5);
    expect(item!.summary).toBe(`inconclusive: throttled at ${Array.from({ length: 20 }, (_, index) => `+${index + 1} s`).join(', ')} and 5 more (listWallets, HTTP 429, 25 answers)`);
  });

  it('reads an answer alike to one read before from that reading, with the same report as reading it again', () => {
    const exchanges = wholeExchanges(write('alike.har.jsonl', linesText(entries)), readFileSync(join(dir, 'alike.har.jsonl'), 'utf8'));
    // The walk twice: every answer of the second is alike to one of the first.
    const twice = [...exchanges, ...exchanges.map((e) => ({ ...e, source: { ...e.source, entry: e.source.entry + exchanges.length } }))];
    const builder = new ReportBuilder(document);
    for (const exchange of twice) builder.add(exchange);
    expect(builder.answersReadAgain).toBeGreaterThanOrEqual(exchanges.length - 10);
    // The oracle: each exchange read in a builder of its own (nothing remembered), the counts added up by hand.
    const report = builder.finish();
    const single = exchanges.map((exchange) => {
      const one = new ReportBuilder(document);
      one.add(exchange);
      return one.finish();
    });
    const seen = (r: ReturnType<typeof buildReport>) =>
      [...r.markers.flatMap((m) => m.items), ...Object.values(r.unmarked).flat()].map((item) => [[item.kind, item.schema, item.field, item.value, item.operationId, item.probe, item.status, item.message, item.shape].join('|'), item.seen] as const);
    const expected = new Map<string, number>();
    for (const r of single) for (const [what, count] of seen(r)) expected.set(what!, (expected.get(what!) ?? 0) + 2 * count);
    expect(new Map(seen(report))).toEqual(expected);
  });
});
