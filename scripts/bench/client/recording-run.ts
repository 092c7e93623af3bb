// The recording part of `npm run bench:client`: the built client with `recordTraffic` at
// sample rate 1 and its default limits, writing to a file under a temporary folder, makes
// --calls sequential calls (POST /api/v1/swaps and GET /api/v1/transactions in turn) against
// a fetch answered in-process (in the next turn of the event loop), so nothing but the client
// and its recorder is timed.
// It times each block of --block calls, samples the resident memory after each, closes the
// recorder and prints one JSON line: the µs per call of every block, the memory at the start
// (after a warm-up of one block, flushed), its peak and at the end, the entries written and
// dropped, and the files and bytes on disk.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBenchOptions } from '../support/options.ts';
import { loadBuiltSdk } from './built-sdk.ts';
import { answerFor, apiKey, secret, swap, transactionsQuery } from './payloads.ts';
import type { RecordingRun } from './results.ts';

type Traffic = typeof import('../../../packages/sdk/src/client/record-traffic.ts');

const options = readBenchOptions(
  { command: 'node --expose-gc --import tsx scripts/bench/client/recording-run.ts', about: 'Times the client recording every call to a file, block by block, and prints one JSON line.' },
  {
    calls: { kind: 'whole number', min: 1000, max: 1_000_000, required: true, about: 'calls made while recording' },
    block: { kind: 'whole number', min: 100, max: 100_000, required: true, about: 'calls timed together' },
  },
);

const { createClient, hmacSha256, unwrap } = await loadBuiltSdk();
const { recordTraffic } = (await import(new URL('../../../packages/sdk/dist/sdk/src/client/record-traffic.js', import.meta.url).href)) as Traffic;
// Answered in-process, but in a later turn of the event loop, as any real fetch answers: an
// answer made within the same turn would let a loop of calls run without the event loop ever
// reaching the file system's completions, which no process talking to a network does.
const stubFetch = async (_url: string | URL | Request, init?: RequestInit) => {
  await new Promise((resolve) => setImmediate(resolve));
  const { body, headers } = answerFor(init?.method ?? 'GET');
  return new Response(body, { status: 200, headers });
};
const folder = mkdtempSync(join(tmpdir(), 'wallet-api-recording-'));
const file = join(folder, 'traffic.har.jsonl');
const client = createClient({ environment: 'custom', baseUrl: 'http://127.0.0.1:9', apiKey, signer: hmacSha256({ secret }), fetch: stubFetch });
const recorder = recordTraffic({ file });
client.use(recorder);

let n = 0;
const call = () => (n++ % 2 === 0 ? unwrap(client.POST('/api/v1/swaps', { body: swap })) : unwrap(client.GET('/api/v1/transactions', { params: { query: transactionsQuery } })));
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
const rssMB = () => process.memoryUsage().rss / (1024 * 1024);

try {
  // Warm-up: one block, written, then the memory the run starts from.
  for (let i = 0; i < options.block; i++) await call();
  await recorder.flush();
  collect();
  const rssStartMB = rssMB();
  let rssPeakMB = rssStartMB;
  const blocks: number[] = [];
  const writtenBefore = recorder.written;
  for (let done = 0; done < options.calls; done += options.block) {
    const started = performance.now();
    for (let i = 0; i < options.block; i++) await call();
    blocks.push(((performance.now() - started) * 1000) / options.block);
    rssPeakMB = Math.max(rssPeakMB, rssMB());
  }
  await recorder.close();
  collect();
  const files = readdirSync(folder);
  const result: RecordingRun = {
    calls: blocks.length * options.block,
    block: options.block,
    blocks,
    rssStartMB,
    rssPeakMB: Math.max(rssPeakMB, rssMB()),
    rssEndMB: rssMB(),
    written: recorder.written - writtenBefore,
    dropped: recorder.dropped,
    files: files.length,
    bytes: files.reduce((total, name) => total + statSync(join(folder, name)).size, 0),
  };
  console.log(JSON.stringify(result));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
