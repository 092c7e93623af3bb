// The last part of `npm run bench:client`: the client's own work per call, without the
// network. Both the client and raw fetch+signing get a fetch that answers at once with a
// fresh Response, so what remains is what each does around fetch: building the request,
// signing, the timeout, reading the answer and, for the client, the envelope check. Steadier
// than a round trip, whose time is mostly the HTTP stack's and moves with the machine's load.
// Prints one JSON line: per request kind, the median µs per call of each over its turns.
// Usage: node --import tsx scripts/bench/client/in-process-timing.ts --calls N
import { parseArgs } from 'node:util';
import { median } from '../support/median.ts';
import { signedFetcher } from './signed-fetch.ts';

const { values } = parseArgs({ options: { calls: { type: 'string' } } });
const calls = Number(values.calls);
if (!(Number.isInteger(calls) && calls >= 1000 && calls <= 1_000_000)) throw new Error('--calls must be an integer from 1000 to 1000000');

const sdk = (name: string) => new URL(`../../../packages/sdk/dist/${name}/index.js`, import.meta.url).href;
const { createClient, hmacSha256, unwrap } = (await import(sdk('client'))) as typeof import('../../../src/client/index.ts');
const { formatTimestamp } = (await import(sdk('signing'))) as typeof import('../../../src/signing/index.ts');

export type StubResult = Record<'post' | 'get', { client: number; raw: number }>;

const answer = JSON.stringify({ status: 'success', message: 'Swap created', data: { id: '665f1c2a9b1e4a0012ab34cd', from: 'usdt', to: 'ngn', status: 'pending' } });
const answerHeaders = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(answer)) };
const stubFetch = async (_url: string | URL | Request, _init?: RequestInit) => new Response(answer, { status: 200, headers: answerHeaders });

const baseUrl = 'http://127.0.0.1:9';
const apiKey = 'bench-key';
const sign = hmacSha256({ secret: 'bench-secret' });
const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };
const client = createClient({ environment: 'custom', baseUrl, apiKey, signer: sign, fetch: stubFetch });

const signedFetch = signedFetcher({ baseUrl, apiKey, sign, formatTimestamp, fetch: stubFetch });

const variants = {
  post: {
    client: () => unwrap(client.POST('/api/v1/swaps', { body: swap })),
    raw: () => signedFetch('POST', '/api/v1/swaps', JSON.stringify(swap)),
  },
  get: {
    client: () => unwrap(client.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 1 } } })),
    raw: () => signedFetch('GET', '/api/v1/transactions?limit=20&page=1', undefined),
  },
};

async function microsPerCall(call: () => Promise<unknown>, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await call();
  return ((performance.now() - started) * 1000) / count;
}

const turns = 6;
const perTurn = Math.ceil(calls / turns);
const result = {} as StubResult;
for (const kind of ['post', 'get'] as const) {
  const { client: viaClient, raw } = variants[kind];
  await microsPerCall(viaClient, perTurn); // warm-up
  await microsPerCall(raw, perTurn);
  const times = { client: [] as number[], raw: [] as number[] };
  for (let turn = 0; turn < turns; turn++) {
    // Alternating who goes first.
    if (turn % 2 === 0) times.client.push(await microsPerCall(viaClient, perTurn));
    times.raw.push(await microsPerCall(raw, perTurn));
    if (turn % 2 === 1) times.client.push(await microsPerCall(viaClient, perTurn));
  }
  result[kind] = { client: median(times.client), raw: median(times.raw) };
}
console.log(JSON.stringify(result));
