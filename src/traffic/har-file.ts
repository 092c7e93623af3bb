// Reading and appending HAR files. An existing file is read and its log.entries extended
// (a file that is not HAR is refused, never overwritten); the new document is written to
// a temporary file beside it and renamed over it, so a reader never sees half a file and
// a crash leaves the old one. Appends to one file from one process are queued: each reads
// what the previous wrote. Separate processes appending to one file at the same moment
// are not coordinated (the later rename wins). Dependency-free: node builtins only.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { sdkVersion } from '../version.ts';
import { buildEntry } from './entry.ts';
import type { RecordedExchange } from './exchange.ts';
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

/** The file's HAR document, or a new empty one when it does not exist; NotHarError when it exists and is not HAR. */
async function readOrCreate(path: string): Promise<Har> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { log: { version: '1.2', creator: { name: 'wallet-api-kit', version: sdkVersion }, entries: [] } };
    throw error;
  }
  return parseHar(text, path);
}

/** Refuses, before anything is sent, a file that appending would fail on (it exists and is not HAR). */
export async function checkHarTarget(path: string): Promise<void> {
  await readOrCreate(resolve(path));
}

const queues = new Map<string, Promise<unknown>>();
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

async function writeEntries(path: string, entries: HarEntry[]): Promise<void> {
  const har = await readOrCreate(path);
  har.log.entries.push(...entries);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++temporaryCount}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(har, null, 2)}\n`, 'utf8');
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}
