// Recorded traffic as the report reads it: HAR 1.2 files (what this kit's command line
// recorder, browsers, Redocly's drift and proxy and Optic write), or HAR entries as JSON lines
// (what the SDK's `recordTraffic` appends), each entry one exchange. The file is parsed and
// refused as the recorders' writers would refuse it (packages/sdk/src/traffic/har-file.ts).
// A file another tool recorded may hold its requests unredacted: what each request carried in
// protected fields is read from it (`carried`), so the report masks wherever an answer
// echoes it. The kit's own HAR recordings were redacted when written, and carry nothing;
// JSON lines name no creator, so their requests are read for what they carry all the same
// (a mask read as a carried value masks only its own copies again).
//
// `streamHarExchanges` reads a file of any size as a stream and hands each exchange on as it
// is read, keeping none: JSON lines line by line (node:readline), a HAR document through
// @streamparser/json, which gives each of `log.entries` whole and lets it go. A fault in the
// file is named with the file and the entry, and every entry before it (and, in JSON lines,
// after it) is still read.
import { createReadStream, readFileSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { JSONParser } from '@streamparser/json';
import { defaultPolicy, jsonParseFault, type Carried, type PrivacyPolicy } from '../../packages/sdk/src/privacy/index.ts';
import { NotHarError, parseHar, parseHarEntries } from '../../packages/sdk/src/traffic/har-file.ts';
import type { HarEntry } from '../../packages/sdk/src/traffic/har.ts';
import type { ReportedExchange } from './report.ts';

/** An entry with the fields a probe adds: what deliberately wrong request it is (tools/learn/findings.ts, `probe`). */
type ProbedEntry = HarEntry & { _probe?: unknown; response: HarEntry['response'] & { content: { encoding?: unknown } } };

/** The exchanges of one HAR file (or JSON-lines file of HAR entries), in the order recorded, all in memory: for small files. */
export function readHarExchanges(file: string, text: string = readFileSync(file, 'utf8'), policy: PrivacyPolicy = defaultPolicy): ReportedExchange[] {
  const { entries, creator } = parseHarEntries(text, file);
  const redactedWhenWritten = creator === kitRecorder;
  return entries.map((entry, index) => {
    const exchange = exchangeOf(entry, index, file, redactedWhenWritten, policy);
    if (typeof exchange === 'string') throw new Error(`${file} entry ${index} ${exchange}`);
    return exchange;
  });
}

/** The creator name the kit's recorder writes (packages/sdk/src/traffic/har-file.ts). */
const kitRecorder = 'wallet-api-kit';

/** The exchange an entry records, or what is wrong with it. `file`: the name its evidence gives the file. */
function exchangeOf(value: unknown, index: number, file: string, redactedWhenWritten: boolean, policy: PrivacyPolicy): ReportedExchange | string {
  if (!isEntry(value)) return 'has no request and response';
  const entry = value as ProbedEntry;
  const { method, url } = entry.request;
  const { status, content, headers } = entry.response;
  if (typeof method !== 'string' || typeof url !== 'string' || typeof status !== 'number') return 'has no request method and URL or no response status';
  const raw = typeof content?.text === 'string' ? content.text : undefined;
  const responseText = raw !== undefined && content.encoding === 'base64' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  const retryAfter = Array.isArray(headers) ? (headers as { name?: unknown; value?: unknown }[]).find((header) => typeof header.name === 'string' && header.name.toLowerCase() === 'retry-after')?.value : undefined;
  // Fields set one by one: an object literal of conditional spreads costs microseconds per entry in V8.
  const exchange: ReportedExchange = { source: { file, entry: index }, method, url, status, responseText };
  if (typeof retryAfter === 'string') exchange.retryAfter = retryAfter;
  if (typeof entry.startedDateTime === 'string') exchange.startedDateTime = entry.startedDateTime;
  if (typeof entry._probe === 'string') exchange.probe = entry._probe;
  if (!redactedWhenWritten) {
    const carried = carriedOf(entry, policy);
    if (carried.length > 0) exchange.carried = carried;
  }
  return exchange;
}

const isEntry = (value: unknown): value is HarEntry => value !== null && typeof value === 'object' && !Array.isArray(value) && Boolean((value as HarEntry).request) && Boolean((value as HarEntry).response);

function carriedOf(entry: HarEntry, policy: PrivacyPolicy): Carried {
  const { url, postData, headers } = entry.request;
  return policy.carriedBy({
    url: typeof url === 'string' ? url : undefined,
    body: typeof postData?.text === 'string' ? postData.text : undefined,
    headers: Array.isArray(headers) ? headers.filter((h) => typeof h?.name === 'string' && typeof h?.value === 'string').map((h) => [h.name, h.value]) : [],
    addedHeaders: ['x-api-key', 'x-signature'],
  });
}

/** What reading one file gave: the entries read into exchanges, and each fault, in words naming the file and the entry. */
export type HarReading = { entries: number; problems: string[] };

export type StreamOptions = {
  /** The name the evidence and the messages give the file (default: its path). */
  label?: string;
  policy?: PrivacyPolicy;
};

/**
 * Reads the recorded traffic in `file` as a stream and calls `onExchange` with each exchange,
 * in the order recorded, keeping none of them. A file that is not recorded traffic at all is
 * refused with NotHarError; a fault inside it (an entry that is not JSON, not an entry, a
 * file cut short) is a problem of the reading, which keeps every entry it could read.
 */
export async function streamHarExchanges(file: string, onExchange: (exchange: ReportedExchange) => void, options: StreamOptions = {}): Promise<HarReading> {
  const label = options.label ?? file;
  const policy = options.policy ?? defaultPolicy;
  const head = await readHead(file);
  const lines = !documentHead.test(head) && (await firstLineIsEntry(file));
  return lines ? readJsonLines(file, label, policy, onExchange) : readDocument(file, label, policy, onExchange);
}

/** A HAR document starts with its `log`; a JSON line of HAR entries with an entry's fields. */
const documentHead = /^\uFEFF?\s*\{\s*"log"\s*:/;

async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(256);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * JSON lines when the first line that is not blank is a whole JSON entry (as parseHarEntries
 * decides), or the second is: a first line spoiled is then named as such, and the rest read.
 */
async function firstLineIsEntry(file: string): Promise<boolean> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const reader = createInterface({ input, crlfDelay: Infinity });
  let tried = 0;
  try {
    for await (const line of reader) {
      if (line.trim() === '') continue;
      try {
        if (isEntry(JSON.parse(line))) return true;
      } catch {
        // Not JSON: the next line decides.
      }
      if (++tried === 2) return false;
    }
    return false;
  } finally {
    reader.close();
    input.destroy();
  }
}

/** Faults named in full; past this many, only counted. */
const problemLimit = 20;

class Problems {
  readonly list: string[] = [];
  #more = 0;
  add(problem: string): void {
    if (this.list.length < problemLimit) this.list.push(problem);
    else this.#more++;
  }
  done(label: string): string[] {
    return this.#more ? [...this.list, `${label}: ${this.#more} more entries like these left out`] : this.list;
  }
}

/** HAR entries as JSON lines, line by line. A line that is not an entry is named and left out; the lines after it are still read. */
async function readJsonLines(file: string, label: string, policy: PrivacyPolicy, onExchange: (exchange: ReportedExchange) => void): Promise<HarReading> {
  const problems = new Problems();
  let lineNumber = 0;
  let entry = 0;
  let read = 0;
  let failure: unknown;
  // The last line read, held until the next: whether it ended with a newline is known only at the end of the file.
  let pending: { line: string; lineNumber: number } | undefined;
  const take = ({ line, lineNumber }: { line: string; lineNumber: number }, last: boolean) => {
    if (line.trim() === '') return;
    const index = entry++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.add(
        last
          ? `${label} line ${lineNumber} (entry ${index}) is cut short: the file's last line has no newline and is not whole JSON (a write cut short?), left out`
          : `${label} line ${lineNumber} (entry ${index}) is not JSON (${jsonParseFault(error)}), left out`,
      );
      return;
    }
    const exchange = exchangeOf(value, index, label, false, policy);
    if (typeof exchange === 'string') {
      problems.add(`${label} line ${lineNumber} (entry ${index}) ${exchange}, left out`);
      return;
    }
    read++;
    onExchange(exchange);
  };
  // Pieces of 64 KiB: larger ones handed out hundreds of lines at once, whose garbage outlived
  // the young generation and doubled the peak heap (96 MB against 30 MB on 300,000 lines).
  const input = createReadStream(file, { highWaterMark: 64 * 1024 });
  const reader = createInterface({ input, crlfDelay: Infinity });
  reader.on('line', (line) => {
    if (failure !== undefined) return;
    try {
      if (pending) take(pending, false);
      pending = { line, lineNumber: ++lineNumber };
    } catch (error) {
      failure = error;
      reader.close();
    }
  });
  await new Promise<void>((resolve, reject) => {
    input.once('error', reject);
    reader.once('close', resolve);
  });
  if (failure !== undefined) throw failure;
  if (pending) take(pending, !(await endsWithNewline(file)));
  return { entries: read, problems: problems.done(label) };
}

async function endsWithNewline(file: string): Promise<boolean> {
  const { size } = await stat(file);
  if (size === 0) return true;
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(1);
    await handle.read(buffer, 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/** A HAR document through the streaming parser: each of `log.entries` whole, then let go. */
async function readDocument(file: string, label: string, policy: PrivacyPolicy, onExchange: (exchange: ReportedExchange) => void): Promise<HarReading> {
  const problems = new Problems();
  let version: unknown;
  let creator: unknown;
  let entries = 0;
  let read = 0;
  let entriesInList = true;
  let fault: Error | undefined;
  let failure: unknown;
  // A string buffer of its own: the answers' texts are long strings, put together faster there than by concatenation.
  const parser = new JSONParser({ paths: ['$.log.version', '$.log.creator', '$.log.entries.*'], keepStack: false, stringBufferSize: 64 * 1024 });
  parser.onValue = ({ value, key, parent, stack }) => {
    if (failure !== undefined) return;
    try {
      if (stack.length === 2 && key === 'version') version = value;
      else if (stack.length === 2 && key === 'creator') creator = value;
      else if (stack.length === 3) {
        entries++;
        if (!Array.isArray(parent)) {
          entriesInList = false;
          return;
        }
        const index = key as number;
        const kit = creator !== null && typeof creator === 'object' && (creator as { name?: unknown }).name === kitRecorder;
        const exchange = exchangeOf(value, index, label, kit, policy);
        if (typeof exchange === 'string') problems.add(`${label} entry ${index} ${exchange}, left out`);
        else {
          read++;
          onExchange(exchange);
        }
      }
    } catch (error) {
      failure = error;
    }
  };
  parser.onError = (error) => {
    fault ??= error;
  };
  // Pieces of 64 KiB, as for JSON lines: less garbage at once, a lower peak (125 MB of RSS against 151 MB on 10,000 entries).
  const input = createReadStream(file, { highWaterMark: 64 * 1024 });
  for await (const chunk of input) {
    if (fault !== undefined || failure !== undefined) break;
    parser.write(chunk as Buffer);
  }
  input.destroy();
  if (failure !== undefined) throw failure;
  if (fault === undefined && !parser.isEnded) parser.end();
  if (fault !== undefined) {
    if (entries === 0) await refuseWhole(file, label);
    // The parser's message quotes the character it stopped at, which may be a recorded value's: only where.
    const at = /absolute position "?(\d+)/.exec(fault.message)?.[1];
    problems.add(
      /ended in (the )?mid/i.test(fault.message)
        ? `${label} is cut short in entry ${entries} (the document ends before its entries do), which is left out; the ${entries} entries before it are read`
        : `${label} is not JSON in or after entry ${entries}${at === undefined ? '' : ` (a character JSON does not allow at byte ${at})`}; the ${entries} entries before it are read, nothing after`,
    );
  } else if (entries === 0) await refuseWhole(file, label);
  else if (typeof version !== 'string' || !entriesInList) {
    // Its entries were read already: the report keeps them, and the fault is named.
    problems.add(await notHarReason(file, label, `${label} is not a HAR file: its log has no "version" or no "entries" list`));
  }
  return { entries: read, problems: problems.done(label) };
}

/** Documents up to this size are checked whole when their log is not HAR's, for the exact reason. */
const checkedWholeBytes = 64 * 1024 * 1024;

/** Why parseHar refuses the file (as the writers refuse it), when it is small enough to read whole; else `otherwise`. */
async function notHarReason(file: string, label: string, otherwise: string): Promise<string> {
  if ((await stat(file)).size > checkedWholeBytes) return otherwise;
  try {
    parseHar(readFileSync(file, 'utf8'), label);
    return otherwise;
  } catch (error) {
    return error instanceof NotHarError ? error.message : otherwise;
  }
}

/** Refuses a document of no entries that is not HAR (an empty but whole HAR passes), with the reason. */
async function refuseWhole(file: string, label: string): Promise<void> {
  const reason = await notHarReason(file, label, '');
  if (reason !== '') throw new NotHarError(reason);
  if ((await stat(file)).size > checkedWholeBytes) throw new NotHarError(`${label} is not a HAR file: it has no entries in a "log.entries" list`);
}
