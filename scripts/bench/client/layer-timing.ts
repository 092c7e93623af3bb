// The operation layer without the network, for `npm run bench:client`: the built client's
// method call (client.createSwap(swap), client.listTransactions(query)) and the path-string
// call it makes, with fetch answered in-process at once, taking turns in one process. Timed
// by the CPU this process spends per call (process.cpuUsage), steadier than wall time on a
// shared machine. Prints one JSON line: per request kind, the median µs of each over the
// turns and the median of the turns' differences.
import { median } from '../support/median.ts';
import { readBenchOptions } from '../support/options.ts';
import { loadBuiltSdk } from './built-sdk.ts';
import { answerFor, apiKey, secret, swap, transactionsQuery } from './payloads.ts';
import { requestKinds } from './results.ts';
import { methodCalls } from './variants.ts';

const { calls } = readBenchOptions(
  { command: 'node --import tsx scripts/bench/client/layer-timing.ts', about: 'Times the method call and the path-string call of the built client per call, in turns in one process, and prints the medians as one JSON line.' },
  { calls: { kind: 'whole number', min: 1000, max: 1_000_000, required: true, about: 'calls of each per request kind, spread over nine turns' } },
);

const { createClient, hmacSha256, unwrap } = await loadBuiltSdk();
const stubFetch = async (_url: string | URL | Request, init?: RequestInit) => {
  const { body, headers } = answerFor(init?.method ?? 'GET');
  return new Response(body, { status: 200, headers });
};
const client = createClient({ environment: 'custom', baseUrl: 'http://127.0.0.1:9', apiKey, signer: hmacSha256({ secret }), fetch: stubFetch });
const byMethod = methodCalls(client);
const pairs = {
  post: { path: () => unwrap(client.POST('/api/v1/swaps', { body: swap })), method: byMethod.post },
  get: { path: () => unwrap(client.GET('/api/v1/transactions', { params: { query: transactionsQuery } })), method: byMethod.get },
};

async function cpuMicrosPerCall(call: () => Promise<unknown>, count: number): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++) await call();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

const turns = 9;
const perTurn = Math.ceil(calls / turns);
const result: Record<string, { path: number; method: number; added: number }> = {};
for (const kind of requestKinds) {
  const { path, method } = pairs[kind];
  await cpuMicrosPerCall(path, perTurn); // warm-up
  await cpuMicrosPerCall(method, perTurn);
  const times = { path: [] as number[], method: [] as number[] };
  for (let turn = 0; turn < turns; turn++) {
    // Alternating who goes first.
    if (turn % 2 === 0) times.method.push(await cpuMicrosPerCall(method, perTurn));
    times.path.push(await cpuMicrosPerCall(path, perTurn));
    if (turn % 2 === 1) times.method.push(await cpuMicrosPerCall(method, perTurn));
  }
  result[kind] = { path: median(times.path), method: median(times.method), added: median(times.method.map((m, turn) => m - times.path[turn]!)) };
}
console.log(JSON.stringify(result));
