// Calls per second of the client through @wallet-api/sandbox/msw (MSW answering fetch with
// the sandbox app in this process) beside the same client over loopback HTTP to the sandbox
// started with startSandbox, also in this process: the two ways a unit test can reach the
// sandbox. Same options, same signed request mix as `bench:sandbox` (markets, wallets,
// transactions), the calls awaited one after another as a test does (--concurrency runs
// several at once). The two take turns for --rounds rounds; each figure is the median over
// the rounds. A command, not a test.
import { setupServer } from 'msw/node';
import { createClient, hmacSha256, unwrap, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { sandboxHandlers } from '../../packages/sandbox/src/msw/index.ts';
import { median } from './support/median.ts';
import { readBenchOptions } from './support/options.ts';

const { calls, rounds, concurrency } = readBenchOptions(
  {
    command: 'npm run bench:msw --',
    about: 'Calls per second of the client through the sandbox in-process (MSW) and over loopback HTTP, taking turns.',
  },
  {
    calls: { kind: 'whole number', min: 10, max: 1_000_000, default: 3000, about: 'calls measured per turn, after a tenth as many to warm up' },
    rounds: { kind: 'whole number', min: 1, max: 50, default: 3, about: 'rounds in which the two take turns' },
    concurrency: { kind: 'whole number', min: 1, max: 256, default: 1, about: 'calls in flight at once' },
  },
);

const inProcessUrl = 'http://sandbox.test';
/** The global fetch before MSW patches it: the loopback client must not pass through MSW's interceptor. */
const loopbackFetch = globalThis.fetch;

const inProcess = sandboxHandlers({ baseUrl: inProcessUrl });
const server = setupServer(...inProcess);
const http = await startSandbox({ logger: false });
server.listen({ onUnhandledRequest: 'error' });
await inProcess.ready();

const clientFor = (baseUrl: string, fetch: typeof globalThis.fetch): WalletApiClient =>
  createClient({ environment: 'custom', baseUrl, apiKey: demoCredentials.apiKey, signer: hmacSha256({ secret: demoCredentials.secret }), fetch });
const targets = [
  { name: 'in-process (MSW)', client: clientFor(inProcessUrl, globalThis.fetch), rates: [] as number[] },
  { name: 'loopback HTTP', client: clientFor(http.url, loopbackFetch), rates: [] as number[] },
];

/** One call of the mix: a discovery read and two reads of the caller's state, in turn. */
function call(client: WalletApiClient, index: number): Promise<unknown> {
  switch (index % 3) {
    case 0:
      return unwrap(client.GET('/api/v1/wallets/markets'));
    case 1:
      return unwrap(client.GET('/api/v1/wallets'));
    default:
      return unwrap(client.GET('/api/v1/transactions', { params: { query: { limit: 20, page: 1 } } }));
  }
}

/** Runs `count` calls, `concurrency` at a time; answers calls per second. */
async function measure(client: WalletApiClient, count: number): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < count) await call(client, next++);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return count / ((performance.now() - started) / 1000);
}

try {
  console.log(`${calls} calls per turn, ${concurrency} in flight, ${rounds} rounds; both sandboxes in this process (Node ${process.version})\n`);
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      await measure(target.client, Math.max(10, Math.round(calls / 10)));
      const rate = await measure(target.client, calls);
      target.rates.push(rate);
      console.log(`round ${round}  ${target.name.padEnd(18)} ${rate.toFixed(0).padStart(7)} calls/s`);
    }
  }
  const [msw, loopback] = targets.map((target) => median(target.rates)) as [number, number];
  console.log('\nmedian');
  for (const [name, rate] of [[targets[0]!.name, msw], [targets[1]!.name, loopback]] as const) {
    console.log(`  ${name.padEnd(18)} ${rate.toFixed(0).padStart(7)} calls/s  ${(1e6 / rate).toFixed(0).padStart(5)} µs per call`);
  }
  console.log(`  in-process / loopback: ${(msw / loopback).toFixed(2)}×`);
} finally {
  server.close();
  await inProcess.close();
  await http.close();
}
