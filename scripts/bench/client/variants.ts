// What each variant of `npm run bench:client` does for one POST /api/v1/swaps and one
// GET /api/v1/transactions. Each is made only in the process that times it (round.ts).
//
//   raw fetch            fetch(url, init) with fixed auth headers, then response.json()
//   raw fetch+timeout    the same with an AbortSignal timeout, as the client always has
//   raw fetch+signing    the same plus a fresh timestamp and hmacSha256 signature: the floor
//   openapi-fetch        plain openapi-fetch typed by the schema, fixed auth headers
//   clone-and-read       openapi-fetch + a middleware that clones the Request to read and sign the body
//   client (signed)      this client (the built @wallet-api/sdk): hmacSha256 signing, timeout, unwrap
//   client method        the same calls as operation methods: client.createSwap(swap),
//                        client.listTransactions(query), which go through the path-string call
//   client + no-op mw    the same client with one middleware registered that does nothing
//                        (openapi-fetch then builds a real Request for it)
//   client + drift report  the same client watching every answer for drift (report mode,
//                        sample rate 1); the answers conform, so it reads them whole and
//                        finds nothing
import createFetchClient from 'openapi-fetch';
import type { paths } from '../../../generated/schema.d.ts';
import type { Signer } from '../../../packages/sdk/src/signing/index.ts';
import type { loadBuiltSdk } from './built-sdk.ts';
import { apiKey, swap, transactionsPathWithQuery, transactionsQuery } from './payloads.ts';
import { signedFetcher } from './signed-fetch.ts';
import type { VariantName } from './variant-names.ts';

export type VariantCalls = { post: () => Promise<unknown>; get: () => Promise<unknown> };
type Setup = { baseUrl: string; sdk: Awaited<ReturnType<typeof loadBuiltSdk>>; sign: Signer };

/** Auth headers as a client that does not sign sends them: fixed values, no work per call. */
const fixedHeaders = { 'x-api-key': apiKey, 'x-timestamp': '2026-11-21T10:15:30.123Z', 'x-signature': 'f'.repeat(64) };

async function readOk(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** Calls `send` with a signal that aborts after 30 s, as the client's timeout does. */
async function withTimeout(send: (signal: AbortSignal) => Promise<Response>): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    return await readOk(await send(controller.signal));
  } finally {
    clearTimeout(timer);
  }
}

function clientCalls(client: ReturnType<Setup['sdk']['createClient']>, unwrap: Setup['sdk']['unwrap']): VariantCalls {
  return {
    post: () => unwrap(client.POST('/api/v1/swaps', { body: swap })),
    get: () => unwrap(client.GET('/api/v1/transactions', { params: { query: transactionsQuery } })),
  };
}

/** The same two calls through the operation methods. */
export function methodCalls(client: ReturnType<Setup['sdk']['createClient']>): VariantCalls {
  return {
    post: () => client.createSwap(swap),
    get: () => client.listTransactions(transactionsQuery),
  };
}

function openapiFetchCalls(client: ReturnType<typeof createFetchClient<paths>>, headers?: Record<string, string>): VariantCalls {
  return {
    post: () => client.POST('/api/v1/swaps', { body: swap, headers }),
    get: () => client.GET('/api/v1/transactions', { params: { query: transactionsQuery }, headers }),
  };
}

/**
 * The drift watch as the bench runs it: every answer read. A finding means the bench's own
 * answers drifted from the spec and it would time the wrong thing: the process says so and
 * exits non-zero when done, which fails the bench.
 */
export function driftReport() {
  return {
    mode: 'report' as const,
    sampleRate: 1,
    onDrift: (event: { kind: string; pointer: string }) => {
      process.stderr.write(`the bench's answers drifted from the spec: ${event.kind} at ${event.pointer}\n`);
      process.exitCode = 1;
    },
  };
}

export const variants: Record<VariantName, (setup: Setup) => VariantCalls> = {
  'raw fetch': ({ baseUrl }) => ({
    post: async () => readOk(await fetch(`${baseUrl}/api/v1/swaps`, { method: 'POST', headers: { 'content-type': 'application/json', ...fixedHeaders }, body: JSON.stringify(swap) })),
    get: async () => readOk(await fetch(`${baseUrl}${transactionsPathWithQuery}`, { headers: fixedHeaders })),
  }),
  'raw fetch+timeout': ({ baseUrl }) => ({
    post: () => withTimeout((signal) => fetch(`${baseUrl}/api/v1/swaps`, { method: 'POST', headers: { 'content-type': 'application/json', ...fixedHeaders }, body: JSON.stringify(swap), signal })),
    get: () => withTimeout((signal) => fetch(`${baseUrl}${transactionsPathWithQuery}`, { headers: fixedHeaders, signal })),
  }),
  'raw fetch+signing': ({ baseUrl, sdk, sign }) => {
    const signedFetch = signedFetcher({ baseUrl, apiKey, sign, formatTimestamp: sdk.formatTimestamp, fetch });
    return {
      post: () => signedFetch('POST', '/api/v1/swaps', JSON.stringify(swap)),
      get: () => signedFetch('GET', transactionsPathWithQuery, undefined),
    };
  },
  'openapi-fetch': ({ baseUrl }) => openapiFetchCalls(createFetchClient<paths>({ baseUrl }), fixedHeaders),
  'clone-and-read': ({ baseUrl, sdk, sign }) => {
    const cloning = createFetchClient<paths>({ baseUrl });
    cloning.use({
      async onRequest({ request }) {
        const url = new URL(request.url);
        const timestamp = sdk.formatTimestamp(new Date());
        const body = await request.clone().text();
        request.headers.set('x-api-key', apiKey);
        request.headers.set('x-timestamp', timestamp);
        request.headers.set('x-signature', await sign({ method: request.method, pathWithQuery: url.pathname + url.search, body, timestamp, apiKey }));
        return request;
      },
    });
    return openapiFetchCalls(cloning);
  },
  'client (signed)': ({ baseUrl, sdk, sign }) => clientCalls(sdk.createClient({ environment: 'custom', baseUrl, apiKey, signer: sign }), sdk.unwrap),
  'client method': ({ baseUrl, sdk, sign }) => methodCalls(sdk.createClient({ environment: 'custom', baseUrl, apiKey, signer: sign })),
  'client + no-op mw': ({ baseUrl, sdk, sign }) => {
    const layered = sdk.createClient({ environment: 'custom', baseUrl, apiKey, signer: sign });
    layered.use({ onRequest: () => undefined });
    return clientCalls(layered, sdk.unwrap);
  },
  'client + drift report': ({ baseUrl, sdk, sign }) => clientCalls(sdk.createClient({ environment: 'custom', baseUrl, apiKey, signer: sign, drift: driftReport() }), sdk.unwrap),
};
