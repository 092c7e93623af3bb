// One round of one comparison for `npm run bench:client` (client.ts runs several,
// each in a fresh process, and prints their medians): sequential round-trips to one local
// server (a separate process answering a fixed envelope) by raw fetch+signing, the floor of
// any client that signs and times out, and by one other variant, the same number each,
// after a warm-up. They take turns in blocks of B requests so that load from other
// processes hits them alike. One variant per process: Node's fetch is shared by everything
// a process sends, and how its code gets optimised depends on the mix of arguments it is
// handed (a URL and an init object, or a Request, of different shapes), so a variant's cost
// measured beside all the others depends on them. An integrator's process sends one way.
// For both it prints, as one JSON line, the medians over the turns of the rate, the ratio to
// the floor, the CPU time this process spent per request and the floor's CPU time over it.
// Usage: node --expose-gc --import tsx scripts/bench/client/round.ts --variant NAME --requests N --block B
//
//   raw fetch            fetch(url, init) with fixed auth headers, then response.json()
//   raw fetch+timeout    the same with an AbortSignal timeout, as the client always has
//   raw fetch+signing    the same plus a fresh timestamp and hmacSha256 signature: the floor
//   openapi-fetch        plain openapi-fetch typed by the schema, fixed auth headers
//   clone-and-read       openapi-fetch + a middleware that clones the Request to read and sign the body
//   client (signed)      this client (the built @wallet-api/sdk): hmacSha256 signing, timeout, unwrap
//   client + no-op mw    the same client with one middleware registered that does nothing
//                        (openapi-fetch then builds a real Request for it)
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import createFetchClient from 'openapi-fetch';
import type { paths } from '../../../generated/schema.d.ts';
import { freePort, spawnService, waitForHttp } from '../../../src/support/process.ts';
import { median } from '../support/median.ts';
import { signedFetcher } from './signed-fetch.ts';
import { floor, variantNames, type VariantName } from './variant-names.ts';

/** Per request kind, the compared variant's and the floor's medians over the turns of one round. */
export type RoundResult = Record<'post' | 'get', { name: VariantName; rate: number; toSigned: number; cpuMicros: number; cpuToSigned: number }[]>;

// No defaults here: client.ts holds them and passes them.
const { values } = parseArgs({ options: { variant: { type: 'string' }, requests: { type: 'string' }, block: { type: 'string' } } });
const compared = variantNames.find((name) => name === values.variant && name !== floor);
if (!compared) throw new Error(`--variant must be one of: ${variantNames.filter((name) => name !== floor).join(', ')}`);
const requests = Number(values.requests);
const block = Number(values.block);
if (!(Number.isInteger(requests) && Number.isInteger(block) && block > 0 && requests >= block && requests <= 100_000)) {
  throw new Error('--requests must be an integer in [block, 100000] and --block a positive integer');
}
const blocks = Math.floor(requests / block);

// The client as integrators run it: the package's compiled code (client.ts builds it
// first). Its TypeScript sources run through tsx, whose helpers add a little work to every call.
const sdk = (name: string) => new URL(`../../../packages/sdk/dist/${name}/index.js`, import.meta.url).href;
const { createClient, hmacSha256, unwrap } = (await import(sdk('client'))) as typeof import('../../../src/client/index.ts');
const { formatTimestamp } = (await import(sdk('signing'))) as typeof import('../../../src/signing/index.ts');

const port = await freePort();
const server = spawnService(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixed-answer-server.ts', import.meta.url)), String(port)]);
const baseUrl = `http://127.0.0.1:${port}`;

try {
  await waitForHttp(baseUrl, 15_000, server.child);
  const secret = 'bench-secret';
  const apiKey = 'bench-key';
  const sign = hmacSha256({ secret });
  const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };
  const fixedHeaders = { 'x-api-key': apiKey, 'x-timestamp': '2026-11-21T10:15:30.123Z', 'x-signature': 'f'.repeat(64) };

  const plain = createFetchClient<paths>({ baseUrl });
  const cloning = createFetchClient<paths>({ baseUrl });
  cloning.use({
    async onRequest({ request }) {
      const url = new URL(request.url);
      const timestamp = formatTimestamp(new Date());
      const body = await request.clone().text();
      request.headers.set('x-api-key', apiKey);
      request.headers.set('x-timestamp', timestamp);
      request.headers.set('x-signature', await sign({ method: request.method, pathWithQuery: url.pathname + url.search, body, timestamp, apiKey }));
      return request;
    },
  });
  const client = createClient({ environment: 'custom', baseUrl, apiKey, signer: sign });
  const layered = createClient({ environment: 'custom', baseUrl, apiKey, signer: sign });
  layered.use({ onRequest: () => undefined });

  const signedFetch = signedFetcher({ baseUrl, apiKey, sign, formatTimestamp, fetch });

  type Variant = { name: VariantName; post: () => Promise<unknown>; get: () => Promise<unknown> };
  const all: Variant[] = [
    {
      name: 'raw fetch',
      post: async () => {
        const response = await fetch(`${baseUrl}/api/v1/swaps`, { method: 'POST', headers: { 'content-type': 'application/json', ...fixedHeaders }, body: JSON.stringify(swap) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      },
      get: async () => {
        const response = await fetch(`${baseUrl}/api/v1/transactions?limit=20&page=1`, { headers: fixedHeaders });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      },
    },
    {
      name: 'raw fetch+timeout',
      post: async () => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 30_000);
        try {
          const init = { method: 'POST', headers: { 'content-type': 'application/json', ...fixedHeaders }, body: JSON.stringify(swap), signal: controller.signal };
          const response = await fetch(`${baseUrl}/api/v1/swaps`, init);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return await response.json();
        } finally {
          clearTimeout(timer);
        }
      },
      get: async () => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 30_000);
        try {
          const response = await fetch(`${baseUrl}/api/v1/transactions?limit=20&page=1`, { headers: fixedHeaders, signal: controller.signal });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return await response.json();
        } finally {
          clearTimeout(timer);
        }
      },
    },
    {
      name: 'raw fetch+signing',
      post: () => signedFetch('POST', '/api/v1/swaps', JSON.stringify(swap)),
      get: () => signedFetch('GET', '/api/v1/transactions?limit=20&page=1', undefined),
    },
    {
      name: 'openapi-fetch',
      post: () => plain.POST('/api/v1/swaps', { body: swap, headers: fixedHeaders }),
      get: () => plain.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 1 } }, headers: fixedHeaders }),
    },
    {
      name: 'clone-and-read',
      post: () => cloning.POST('/api/v1/swaps', { body: swap }),
      get: () => cloning.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 1 } } }),
    },
    {
      name: 'client (signed)',
      post: () => unwrap(client.POST('/api/v1/swaps', { body: swap })),
      get: () => unwrap(client.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 1 } } })),
    },
    {
      name: 'client + no-op mw',
      post: () => unwrap(layered.POST('/api/v1/swaps', { body: swap })),
      get: () => unwrap(layered.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 1 } } })),
    },
  ];

  /** One block of one variant: its rate and the CPU time this process spent per request. */
  type Block = { rate: number; cpuMicros: number };
  // With --expose-gc (client.ts runs each round with it), every block starts on a
  // collected heap, so no variant pays for the garbage of the one before it.
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  async function measure(call: () => Promise<unknown>, count: number): Promise<Block> {
    collect();
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < count; i++) await call();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { rate: count / (ms / 1000), cpuMicros: (used.user + used.system) / count };
  }

  // Only these two are called in this process.
  const variants = all.filter((v) => v.name === floor || v.name === compared);
  if (variants.length !== 2) throw new Error(`no implementation of ${compared} or ${floor}`);
  const result = {} as RoundResult;
  for (const kind of ['post', 'get'] as const) {
    const turns = new Map<string, Block[]>(variants.map((v) => [v.name, []]));
    for (const v of variants) await measure(v[kind], block); // warm-up
    for (let turn = 0; turn < blocks; turn++) {
      // Alternate who goes first so neither always follows the other.
      for (let i = 0; i < variants.length; i++) {
        const v = variants[(turn + i) % variants.length]!;
        turns.get(v.name)!.push(await measure(v[kind], block));
      }
    }
    const floorTurns = turns.get(floor)!;
    result[kind] = variants.map((v) => ({
      name: v.name,
      rate: median(turns.get(v.name)!.map((b) => b.rate)),
      toSigned: median(turns.get(v.name)!.map((b, turn) => b.rate / floorTurns[turn]!.rate)),
      cpuMicros: median(turns.get(v.name)!.map((b) => b.cpuMicros)),
      // The same comparison by the CPU time of the client process, the client's own cost: a
      // round trip's wall time also holds the server's work and the VM's scheduling.
      cpuToSigned: median(turns.get(v.name)!.map((b, turn) => floorTurns[turn]!.cpuMicros / b.cpuMicros)),
    }));
  }
  console.log(JSON.stringify(result));
} finally {
  await server.stop();
}
