// The traffic `bench:learn` times, recorded for real: the sandbox, in this process on
// loopback, plays a provider profile; the provider walk (packages/sandbox/src/walk/provider-walk.ts) sends every
// operation and one deliberately wrong request per refusal class and timestamp skew through
// the kit's recording fetch, each labelled with its probe; the kit's HAR writer redacts and
// writes them. A walk of a few rounds is recorded and its exchanges are repeated, in order,
// up to the count asked for (each repeat is a new HAR entry, with its own index): a walk as
// long as the count would cost minutes before anything is timed, and the sandbox keeps every
// wallet it creates and lists them all unpaged, so by the end of a 400-round walk each
// wallet list would hold over a thousand wallets and dwarf every other answer.
import type { OpenApiDocument } from '../../../packages/sdk/src/spec/openapi.ts';
import { listOperations } from '../../../packages/sdk/src/spec/openapi.ts';
import { ExchangeAnalyser } from '../../../tools/learn/findings.ts';
import { demoCredentials, startSandbox } from '../../../packages/sandbox/src/index.ts';
import type { RecordedExchange } from '../../../packages/sdk/src/privacy/exchange.ts';
import { signingHeaderNames } from '../../../packages/sdk/src/signing/index.ts';
import { copyFile } from 'node:fs/promises';
import { defaultPolicy } from '../../../packages/sdk/src/privacy/index.ts';
import { buildEntry } from '../../../packages/sdk/src/traffic/entry.ts';
import { appendExchanges } from '../../../packages/sdk/src/traffic/har-file.ts';
import type { HarEntry } from '../../../packages/sdk/src/traffic/har.ts';
import { HarLinesWriter } from '../../../packages/sdk/src/traffic/har-lines.ts';
import { recordingFetch } from '../../../packages/sdk/src/traffic/recording-fetch.ts';
import { walkProvider, type WalkSend } from '../../../packages/sandbox/src/walk/provider-walk.ts';
import { signedHeaders } from '../../../packages/sandbox/src/walk/signed-request.ts';

export type RecordedTraffic = {
  /** Exchanges the walk made and the recorder kept. */
  walked: number;
  /** Of those, deliberately wrong requests (refusal classes and timestamp skews). */
  probes: number;
  /** The operations of the spec the walk sent a request for, and the spec's count. */
  operations: { driven: number; of: number; missing: string[] };
  /** Entries written to the HAR file. */
  written: number;
  walkMs: number;
  writeMs: number;
  /** The first entries written (at most 10,000), as the recording fetch handed them to the writer: what the privacy policy is timed on. */
  sample: RecordedExchange[];
};

/** Sends the walk through the recording fetch, against the sandbox at `baseUrl`; answers the exchanges recorded, in the order sent. */
async function recordWalk(baseUrl: string, rounds: number): Promise<RecordedExchange[]> {
  const recorded: RecordedExchange[] = [];
  const send: WalkSend = async (request, probe) => {
    const { headers } = await signedHeaders(request, demoCredentials);
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    // One recorder per request: the probe label belongs to this exchange alone.
    const recorder = recordingFetch(fetch, {
      record: async (exchange) => void recorded.push(probe ? { ...exchange, probe } : exchange),
      addedHeaders: signingHeaderNames,
    });
    const response = await recorder.fetch(new URL(request.pathWithQuery, baseUrl), { method: request.method, headers, ...(request.body === undefined ? {} : { body: request.body }) });
    const text = await response.text();
    await recorder.settled();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  };
  await walkProvider(send, rounds);
  return recorded;
}

/** Which operations of the spec the exchanges exercised. */
function operationsDriven(document: OpenApiDocument, exchanges: readonly RecordedExchange[]): RecordedTraffic['operations'] {
  const analyser = new ExchangeAnalyser(document);
  const driven = new Set(exchanges.map((e) => analyser.operationOf(e.request.method, e.request.url)?.operationId).filter((id) => id !== undefined));
  const all = listOperations(document).map((o) => o.operationId);
  return { driven: driven.size, of: all.length, missing: all.filter((id) => !driven.has(id)) };
}

/** How the recording is written: a HAR document (the command line's and the contract run's `--record`), or HAR entries as JSON lines (the SDK's `recordTraffic`, in production). */
export type RecordingFormat = 'har' | 'jsonl';

/** Entries handed to the writer at a time: what a long recording's writer holds at once. */
const batchSize = 1000;

/** Writes entries `from` to `to` (exclusive) of the walk repeated in order to `file`, after what it holds, batch by batch, through the kit's writer of that format. */
async function writeRepeated(walked: readonly RecordedExchange[], from: number, to: number, file: string, format: RecordingFormat): Promise<void> {
  const batchOf = (start: number) => Array.from({ length: Math.min(batchSize, to - start) }, (_, i) => walked[(start + i) % walked.length]!);
  if (format === 'har') {
    for (let start = from; start < to; start += batchSize) await appendExchanges(file, batchOf(start));
    return;
  }
  let failure: unknown;
  // No rotation: the report reads one file.
  const writer = new HarLinesWriter(file, { maxBytes: Number.MAX_SAFE_INTEGER, maxFiles: 1, onError: (error) => (failure ??= error) });
  // As recordTraffic does: each exchange through the privacy policy, then its entry; once per
  // exchange of the walk, as a repeat would give the same entry (the policy costs over 100 µs an exchange).
  const entries = new Map<number, HarEntry>();
  const entryOf = (index: number) => {
    let entry = entries.get(index % walked.length);
    if (!entry) entries.set(index % walked.length, (entry = buildEntry(defaultPolicy.redactExchange(walked[index % walked.length]!))));
    return entry;
  };
  for (let start = from; start < to; start += batchSize) {
    for (let index = start; index < Math.min(start + batchSize, to); index++) writer.append(entryOf(index));
    await writer.flush();
  }
  await writer.close();
  if (failure !== undefined) throw failure;
}

/**
 * Records the walk against the sandbox playing `profile` and writes `count` entries of it to
 * `file`; with `baseline`, first its first `baseline.count` entries to `baseline.file`, which
 * `file` then continues (a copy, appended to), so the two recordings differ only in length.
 */
export async function recordTraffic(options: { document: OpenApiDocument; profile: string; rounds: number; count: number; file: string; format: RecordingFormat; baseline?: { count: number; file: string } }): Promise<RecordedTraffic> {
  const walkStarted = performance.now();
  const sandbox = await startSandbox({ profile: options.profile, logger: false, deterministic: true });
  let walked: RecordedExchange[];
  try {
    walked = await recordWalk(sandbox.url, options.rounds);
  } finally {
    await sandbox.close();
  }
  const walkMs = performance.now() - walkStarted;
  const writeStarted = performance.now();
  // In batches: the writers append without reading back, so the cost grows with the count alone.
  let written = 0;
  if (options.baseline) {
    written = Math.min(options.baseline.count, options.count);
    await writeRepeated(walked, 0, written, options.baseline.file, options.format);
    await copyFile(options.baseline.file, options.file);
  }
  await writeRepeated(walked, written, options.count, options.file, options.format);
  return {
    walked: walked.length,
    probes: walked.filter((e) => e.probe !== undefined).length,
    operations: operationsDriven(options.document, walked),
    written: options.count,
    sample: Array.from({ length: Math.min(options.count, 10_000) }, (_, index) => walked[index % walked.length]!),
    walkMs,
    writeMs: performance.now() - writeStarted,
  };
}
