// The last part of `npm run bench:client`: the client's own work per call, without the
// network. Both the client and raw fetch+signing get a fetch that answers at once with a
// fresh Response, so what remains is what each does around fetch: building the request,
// signing, the timeout, reading the answer and, for the client, the envelope check. Steadier
// than a round trip, whose time is mostly the HTTP stack's and moves with the machine's load.
// Prints one JSON line: per request kind, the median µs per call of each over its turns.
// `--middleware` times the client with one no-op middleware registered instead, in a process
// of its own like every variant of the round trips (how fetch's code gets optimised depends
// on the mix of requests a process sends); `--drift`, the client with the drift watch
// reporting on every answer; `--method`, the same calls as operation methods.
import { median } from '../support/median.ts';
import { readBenchOptions } from '../support/options.ts';
import { loadBuiltDriftReading, loadBuiltSdk } from './built-sdk.ts';
import { answerFor, apiKey, secret, swap, transactionsPathWithQuery, transactionsQuery } from './payloads.ts';
import { requestKinds, type InProcessResult } from './results.ts';
import { signedFetcher } from './signed-fetch.ts';
import { driftReport, methodCalls } from './variants.ts';

const { calls, middleware, drift, method } = readBenchOptions(
  { command: 'node --import tsx scripts/bench/client/in-process-timing.ts', about: 'Times the client and raw fetch+signing per call with fetch answered in-process, and prints the medians as one JSON line.' },
  {
    calls: { kind: 'whole number', min: 1000, max: 1_000_000, required: true, about: 'calls of each per request kind, spread over six turns' },
    middleware: { kind: 'switch', about: 'times the client with one no-op middleware registered (openapi-fetch then hands it a Request)' },
    drift: { kind: 'switch', about: "times the client with the drift watch in report mode at sample rate 1 (every answer checked)" },
    method: { kind: 'switch', about: 'times the calls as operation methods (client.createSwap, client.listTransactions) instead of path strings' },
  },
);

const { createClient, hmacSha256, unwrap, formatTimestamp } = await loadBuiltSdk();
const stubFetch = async (_url: string | URL | Request, init?: RequestInit) => {
  const { body, headers } = answerFor(init?.method ?? 'GET');
  return new Response(body, { status: 200, headers });
};

const baseUrl = 'http://127.0.0.1:9';
const sign = hmacSha256({ secret });
const client = createClient({ environment: 'custom', baseUrl, apiKey, signer: sign, fetch: stubFetch, ...(drift ? { drift: driftReport() } : {}) });
if (middleware) client.use({ onRequest: () => undefined });
const signedFetch = signedFetcher({ baseUrl, apiKey, sign, formatTimestamp, fetch: stubFetch });

const viaMethods = methodCalls(client);
const variants = {
  post: {
    client: method ? viaMethods.post : () => unwrap(client.POST('/api/v1/swaps', { body: swap })),
    floor: () => signedFetch('POST', '/api/v1/swaps', JSON.stringify(swap)),
  },
  get: {
    client: method ? viaMethods.get : () => unwrap(client.GET('/api/v1/transactions', { params: { query: transactionsQuery } })),
    floor: () => signedFetch('GET', transactionsPathWithQuery, undefined),
  },
};

async function microsPerCall(call: () => Promise<unknown>, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await call();
  return ((performance.now() - started) * 1000) / count;
}

const turns = 6;
const perTurn = Math.ceil(calls / turns);
const result = {} as InProcessResult;
for (const kind of requestKinds) {
  const { client: viaClient, floor } = variants[kind];
  await microsPerCall(viaClient, perTurn); // warm-up
  await microsPerCall(floor, perTurn);
  const times = { client: [] as number[], floor: [] as number[] };
  for (let turn = 0; turn < turns; turn++) {
    // Alternating who goes first.
    if (turn % 2 === 0) times.client.push(await microsPerCall(viaClient, perTurn));
    times.floor.push(await microsPerCall(floor, perTurn));
    if (turn % 2 === 1) times.client.push(await microsPerCall(viaClient, perTurn));
  }
  result[kind] = { client: median(times.client), floor: median(times.floor) };
}

if (drift) {
  // The watch's reading of the parsed answer alone, in the same process: its cost without the noise of a whole call.
  const readDrift = await loadBuiltDriftReading();
  const readings = { post: ['POST /api/v1/swaps', 'POST'], get: ['GET /api/v1/transactions', 'GET'] } as const;
  for (const kind of requestKinds) {
    const [operation, method] = readings[kind];
    const body = JSON.parse(answerFor(method).body) as unknown;
    const read = async () => readDrift(operation, 200, body);
    await microsPerCall(read, perTurn);
    const times: number[] = [];
    for (let turn = 0; turn < turns; turn++) times.push(await microsPerCall(read, perTurn));
    result[kind].reading = median(times);
  }
}
console.log(JSON.stringify(result));
