// HAR entries as JSON lines: one entry, already redacted, per line, appended to a file that
// is never read back or rewritten, so an entry costs the same whatever was written before.
// `npm run learn` and every reader of this kit read such a file as they read a HAR document
// (har-file.ts, parseHarEntries). The file is rotated by size and count, logrotate's way:
// past `maxBytes` it becomes FILE.1 (FILE.1 becomes FILE.2, …) and a new FILE starts; at most
// `maxFiles` files are kept, the oldest removed. What waits to be written is bounded by the
// caller (record-traffic.ts); here lines queue while one write is under way and go in one
// write each turn. Dependency-free: the SDK ships it.
//
// `append` returns nothing and a failed write goes to `onError`, once per write: under a
// steady stream of entries one drain can run for as long as the process does, and a promise
// per entry chained on it would live as long, every one of them promoted to the old
// generation and the heap grown by their garbage.
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { HarEntry } from './har.ts';

export type HarLinesOptions = {
  /** Size past which the file is rotated, in bytes. */
  maxBytes: number;
  /** Files kept, the one being written included (FILE, FILE.1 … FILE.<maxFiles-1>). */
  maxFiles: number;
  /** Receives each failed write; the lines of that write are lost, the next ones are tried. */
  onError: (error: unknown) => void;
};

export class HarLinesWriter {
  readonly path: string;
  readonly #options: HarLinesOptions;
  #queued: string[] = [];
  /** Lines queued, and lines of the write under way: what this writer holds in memory. */
  #waiting = 0;
  #handle: FileHandle | undefined;
  #size = 0;
  /** The write under way, if any; it takes whatever was queued meanwhile before it settles. */
  #writing: Promise<void> | undefined;
  #written = 0;

  constructor(path: string, options: HarLinesOptions) {
    this.path = resolve(path);
    this.#options = options;
  }

  /** Entries written to the file so far. */
  get written(): number {
    return this.#written;
  }

  /** Entries queued or being written, not yet written. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Queues an entry, to be written with whatever else is queued when the file is free. */
  append(entry: HarEntry): void {
    this.#queued.push(`${JSON.stringify(entry)}\n`);
    this.#waiting++;
    this.#writing ??= this.#drain();
  }

  /** Settles when everything queued so far is written (or its failure reported). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  /** Writes what is queued and closes the file. */
  async close(): Promise<void> {
    await this.flush();
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }

  /** Writes what is queued, batch after batch, until nothing is; never rejects. */
  async #drain(): Promise<void> {
    try {
      while (this.#queued.length > 0) {
        const lines = this.#queued;
        this.#queued = [];
        const writtenBefore = this.#written;
        try {
          await this.#writeLines(lines);
        } catch (error) {
          // The batch's lines not written are lost: no longer waiting.
          this.#waiting -= lines.length - (this.#written - writtenBefore);
          this.#options.onError(error);
        }
      }
    } finally {
      // In the same turn as the last check of the queue: an entry queued after it starts a new drain.
      this.#writing = undefined;
    }
  }

  /** One write per file: the lines that fit before the next rotation go together. */
  async #writeLines(lines: string[]): Promise<void> {
    let chunk = '';
    let chunkBytes = 0;
    let chunkCount = 0;
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      if (!this.#handle) await this.#open();
      if (this.#size + chunkBytes > 0 && this.#size + chunkBytes + bytes > this.#options.maxBytes) {
        if (chunkCount > 0) await this.#write(chunk, chunkBytes, chunkCount);
        chunk = '';
        chunkBytes = 0;
        chunkCount = 0;
        await this.#rotate();
      }
      chunk += line;
      chunkBytes += bytes;
      chunkCount++;
    }
    if (chunkCount > 0) await this.#write(chunk, chunkBytes, chunkCount);
  }

  async #write(text: string, bytes: number, count: number): Promise<void> {
    await (await this.#open()).write(text);
    this.#size += bytes;
    this.#written += count;
    this.#waiting -= count;
  }

  async #open(): Promise<FileHandle> {
    if (this.#handle) return this.#handle;
    await mkdir(dirname(this.path), { recursive: true });
    this.#handle = await open(this.path, 'a');
    this.#size = (await stat(this.path)).size;
    return this.#handle;
  }

  /** FILE → FILE.1 → FILE.2 …, the oldest beyond maxFiles removed; a new FILE opened. */
  async #rotate(): Promise<FileHandle> {
    await this.#handle?.close();
    this.#handle = undefined;
    const kept = this.#options.maxFiles - 1;
    await rm(`${this.path}.${kept}`, { force: true });
    for (let n = kept - 1; n >= 1; n--) await rename(`${this.path}.${n}`, `${this.path}.${n + 1}`).catch(ignoreMissing);
    if (kept >= 1) await rename(this.path, `${this.path}.1`);
    else await rm(this.path, { force: true });
    return this.#open();
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
