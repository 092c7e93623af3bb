// Reading and appending HAR files. A HAR file this kit writes has one entry per line between
// its header line and its tail:
//
//   {"log":{"version":"1.2","creator":{…},"entries":[
//   {…first entry…},
//   {…last entry…}
//   ]}}
//
// so an append writes its entries over the tail and a new tail after them, at the offset the
// tail was: nothing written before is read back or rewritten, and an entry costs the same
// whatever the file holds. A file is recognised as in that layout by its header line (it parses
// as a HAR log whose entries are its last member once closed), its last line (an entry, or the
// header) and its tail. Any other existing file is read whole once, refused when it is not HAR
// (never overwritten), and otherwise rewritten in the layout, its log's other members kept;
// past 64 MiB it is refused instead. New files and rewrites go to a temporary file renamed
// over the target, so a reader never sees half a file. Appends to one file from one process
// are queued; separate processes appending to one file at the same moment are not
// coordinated. A crash during an append leaves the file without its tail: the next append
// refuses it, naming the problem, and `npm run learn` reads every entry before the cut.
// Dependency-free: node builtins only.
import { mkdir, open, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { sdkVersion } from '../version.ts';
import { buildEntry } from './entry.ts';
import type { RecordedExchange } from '../privacy/exchange.ts';
import type { Har, HarEntry } from './har.ts';
import { defaultPolicy, jsonParseFault, type PrivacyPolicy } from '../privacy/index.ts';

export class NotHarError extends Error {
  override name = 'NotHarError';
}

/** The problem with a parsed document as HAR, or undefined when it is one. */
function harProblem(document: unknown): string | undefined {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return 'its top level is not an object';
  const log = (document as { log?: unknown }).log;
  if (log === null || typeof log !== 'object' || Array.isArray(log)) return 'it has no "log" object';
  const { entries, version } = log as { entries?: unknown; version?: unknown };
  if (typeof version !== 'string') return 'its log has no "version"';
  if (!Array.isArray(entries)) return 'its log has no "entries" list';
  const bad = entries.findIndex((entry) => entry === null || typeof entry !== 'object' || !(entry as HarEntry).request || !(entry as HarEntry).response);
  if (bad >= 0) return `log.entries[${bad}] has no request and response`;
  return undefined;
}

/** Parses HAR text; throws NotHarError naming the file and what is wrong. */
export function parseHar(text: string, path: string): Har {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // Not the parser's message: Node's quotes the text around the fault, which may be a recorded value.
    throw new NotHarError(`${path} is not a HAR file: it is not JSON (${jsonParseFault(error)})`);
  }
  const problem = harProblem(document);
  if (problem) throw new NotHarError(`${path} is not a HAR file: ${problem}`);
  return document as Har;
}

/**
 * The entries of recorded traffic, from a HAR document or from HAR entries as JSON lines
 * (one entry per line, what `recordTraffic` appends: har-lines.ts). A last line without its
 * newline that does not parse is a write a crash cut short, and is left out; any other line
 * that is not an entry is refused with NotHarError naming the file and the line.
 */
export function parseHarEntries(text: string, path: string): { entries: HarEntry[]; creator?: string } {
  if (!looksLikeJsonLines(text)) {
    const { log } = parseHar(text, path);
    return { entries: log.entries, ...(typeof log.creator?.name === 'string' ? { creator: log.creator.name } : {}) };
  }
  const lines = text.split('\n');
  const entries: HarEntry[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch (error) {
      if (index === lines.length - 1) break;
      throw new NotHarError(`${path} is not HAR as JSON lines: line ${index + 1} is not JSON (${jsonParseFault(error)})`);
    }
    if (!isEntry(entry)) throw new NotHarError(`${path} is not HAR as JSON lines: line ${index + 1} has no request and response`);
    entries.push(entry);
  }
  return { entries };
}

const isEntry = (value: unknown): value is HarEntry => value !== null && typeof value === 'object' && !Array.isArray(value) && Boolean((value as HarEntry).request) && Boolean((value as HarEntry).response);

/** JSON lines when the first line is a whole JSON entry; a HAR document starts with its `log`. */
function looksLikeJsonLines(text: string): boolean {
  const start = text.search(/\S/);
  if (start === -1) return false;
  const end = text.indexOf('\n', start);
  try {
    return isEntry(JSON.parse(text.slice(start, end === -1 ? undefined : end)));
  } catch {
    return false;
  }
}

export async function readHar(path: string): Promise<Har> {
  return parseHar(await readFile(path, 'utf8'), path);
}

const tail = '\n]}}\n';
const newLog = () => ({ version: '1.2', creator: { name: 'wallet-api-kit', version: sdkVersion } });

/** The header line of a file in the kit's layout: the document up to its entries' opening bracket, its log's other members first. */
function headerOf(document: Har): string {
  const { log, ...others } = document as Har & Record<string, unknown>;
  const { entries: _entries, ...members } = log;
  const top = JSON.stringify(others);
  return `${top === '{}' ? '{' : `${top.slice(0, -1)},`}"log":${JSON.stringify(members).slice(0, -1)},"entries":[`;
}

/** Files larger than this are appended to only in the kit's layout: checking any other layout means reading it whole. */
const rewriteLimitBytes = 64 * 1024 * 1024;

/** Where an append to a file in the kit's layout goes: its size, and whether it holds an entry yet. */
type Layout = { size: number; empty: boolean };

/** Reads `length` bytes at `position`. */
async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The file's layout when it is the kit's (header line, entry lines, tail), else undefined. */
async function kitLayout(path: string, size: number): Promise<Layout | undefined> {
  if (size < tail.length + 2) return undefined;
  const handle = await open(path, 'r');
  try {
    if ((await readAt(handle, size - tail.length, tail.length)).toString('latin1') !== tail) return undefined;
    const end = size - tail.length;
    // The header line, read in pieces until its newline.
    let header = Buffer.alloc(0);
    let newline = -1;
    while (newline === -1 && header.length < end) {
      const piece = await readAt(handle, header.length, Math.min(64 * 1024, end - header.length));
      if (piece.length === 0) return undefined;
      newline = piece.indexOf(0x0a);
      header = Buffer.concat([header, newline === -1 ? piece : piece.subarray(0, newline)]);
      if (header.length > 1024 * 1024) return undefined;
    }
    const headerText = header.toString('utf8');
    if (!headerText.endsWith('"entries":[')) return undefined;
    try {
      const closed = JSON.parse(`${headerText}]}}`) as unknown;
      if (harProblem(closed) !== undefined || (closed as Har).log.entries.length > 0) return undefined;
    } catch {
      return undefined;
    }
    if (header.length === end) return { size, empty: true };
    // The last line: an entry, whole. Read backwards in pieces, joined once (an entry may be megabytes).
    const pieces: Buffer[] = [];
    let found = false;
    for (let position = end; !found && position > header.length; ) {
      const length = Math.min(64 * 1024, position - header.length);
      position -= length;
      const piece = await readAt(handle, position, length);
      const at = piece.lastIndexOf(0x0a);
      pieces.unshift(at === -1 ? piece : piece.subarray(at + 1));
      found = at !== -1;
    }
    try {
      const entry = JSON.parse(Buffer.concat(pieces).toString('utf8')) as unknown;
      if (harProblem({ log: { version: '1.2', entries: [entry] } }) !== undefined) return undefined;
    } catch {
      return undefined;
    }
    return { size, empty: false };
  } finally {
    await handle.close();
  }
}

/** What appending to the file means: create it, write after its tail, or rewrite it once (it is HAR in another layout); NotHarError when it is not HAR. */
async function inspect(path: string): Promise<{ create: true } | { layout: Layout } | { rewrite: Har }> {
  let size: number;
  try {
    ({ size } = await stat(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { create: true };
    throw error;
  }
  const layout = await kitLayout(path, size);
  if (layout) return { layout };
  if (size > rewriteLimitBytes) {
    throw new NotHarError(`${path} cannot be appended to: it is over 64 MiB and not a HAR file of one entry per line ending in "]}}" as this kit writes (an append cut short leaves it without that end; record into a new file)`);
  }
  return { rewrite: parseHar(await readFile(path, 'utf8'), path) };
}

/** Refuses, before anything is sent, a file that appending would fail on (it exists and is not HAR). */
export async function checkHarTarget(path: string): Promise<void> {
  await inspect(resolve(path));
}

const queues = new Map<string, Promise<unknown>>();
/** The layout of each file this process appended to, as its last append left it. */
const layouts = new Map<string, Layout>();
let temporaryCount = 0;

/**
 * Redacts each exchange by the privacy policy (the built-in one, or an integrator's
 * extension of it), builds its entry and appends the entries to the HAR file at path
 * (created when missing). buildEntry takes only what the policy returned.
 */
export function appendExchanges(path: string, exchanges: RecordedExchange[], policy: PrivacyPolicy = defaultPolicy): Promise<void> {
  const absolute = resolve(path);
  const entries = exchanges.map((exchange) => buildEntry(policy.redactExchange(exchange)));
  const previous = queues.get(absolute) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => writeEntries(absolute, entries));
  queues.set(absolute, next);
  void next.finally(() => {
    if (queues.get(absolute) === next) queues.delete(absolute);
  }).catch(() => undefined);
  return next;
}

/** Entry lines are written in pieces of about this size, so that a batch of any length is never one string. */
const pieceBytes = 1024 * 1024;

async function writeEntries(path: string, entries: HarEntry[]): Promise<void> {
  let layout = layouts.get(path);
  // Another process may have written since: the layout is checked again when the size is not the one left.
  if (layout === undefined || (await stat(path).catch(() => undefined))?.size !== layout.size) {
    layouts.delete(path);
    const found = await inspect(path);
    if ('layout' in found) layout = found.layout;
    else {
      layouts.set(path, await writeWhole(path, 'rewrite' in found ? found.rewrite : { log: { ...newLog(), entries: [] } }));
      layout = layouts.get(path)!;
    }
  }
  if (entries.length === 0) return;
  layouts.delete(path);
  const handle = await open(path, 'r+');
  const start = layout.size - tail.length;
  try {
    // Over the tail: a comma after the last entry, the new entries, then the tail again, written last.
    let position = start;
    let piece = layout.empty ? '' : ',';
    for (const [index, entry] of entries.entries()) {
      piece += `${index === 0 ? '' : ','}\n${JSON.stringify(entry)}`;
      if (piece.length >= pieceBytes) {
        position += await writeAt(handle, piece, position);
        piece = '';
      }
    }
    position += await writeAt(handle, `${piece}${tail}`, position);
    layouts.set(path, { size: position, empty: false });
  } catch (error) {
    // The batch did not go in whole: the file is put back as it was (its tail where it was, what
    // was written of the batch cut off), so later appends go on, and the caller is told.
    const before = layout;
    await writeAt(handle, tail, start)
      .then(() => handle.truncate(before.size))
      .then(() => void layouts.set(path, before))
      .catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
}

/** Writes text at position, all of it; answers the bytes written. */
async function writeAt(handle: FileHandle, text: string, position: number): Promise<number> {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  while (written < bytes.length) written += (await handle.write(bytes, written, bytes.length - written, position + written)).bytesWritten;
  return bytes.length;
}

/** Writes a document whole in the kit's layout (a new file, or one rewritten once), through a temporary file renamed over it. */
async function writeWhole(path: string, document: Har): Promise<Layout> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++temporaryCount}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    let position = await writeAt(handle, headerOf(document), 0);
    let piece = '';
    for (const [index, entry] of document.log.entries.entries()) {
      piece += `${index === 0 ? '' : ','}\n${JSON.stringify(entry)}`;
      if (piece.length >= pieceBytes) {
        position += await writeAt(handle, piece, position);
        piece = '';
      }
    }
    position += await writeAt(handle, `${piece}${tail}`, position);
    await handle.close();
    await rename(temporary, path);
    return { size: position, empty: document.log.entries.length === 0 };
  } finally {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
  }
}
