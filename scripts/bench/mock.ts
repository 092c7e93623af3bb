// npm run bench:mock: the cost of the envelope proxy. The same requests go to Prism
// directly and through the proxy; prints throughput, latency and the ratios.
import autocannon from 'autocannon';
import { startApiMock } from '../../tools/mock/index.ts';
import { readBenchOptions } from './support/options.ts';

const { seconds, connections } = readBenchOptions(
  { command: 'npm run bench:mock --', about: 'Sends the same requests to Prism directly and through the envelope proxy, and prints throughput, latency and their ratios.' },
  {
    seconds: { kind: 'whole number', min: 1, max: 600, default: 5, about: 'length of each measured run, after a 2 s warm-up' },
    connections: { kind: 'whole number', min: 1, max: 10_000, default: 10, about: 'connections of the load generator' },
  },
);
const auth = { 'x-api-key': 'bench-key', 'x-timestamp': '2026-11-21T10:15:30.123Z', 'x-signature': 'bench-signature' };

const scenarios = [
  { name: 'GET /api/v1/wallets (200 example)', method: 'GET' as const, path: '/api/v1/wallets', headers: auth, body: undefined, status: 200 },
  {
    name: 'POST /api/v1/swaps, invalid body (422)',
    method: 'POST' as const,
    path: '/api/v1/swaps',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'usdt' }),
    status: 422,
  },
];

type Figures = { requestsPerSecond: number; p50: number; p99: number; unexpected: number };

async function measure(base: string, scenario: (typeof scenarios)[number], duration = seconds): Promise<Figures> {
  const result = await autocannon({ url: `${base}${scenario.path}`, method: scenario.method, headers: scenario.headers, body: scenario.body, connections, duration });
  const expected = (result.statusCodeStats as Record<string, { count: number } | undefined>)[String(scenario.status)]?.count ?? 0;
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, unexpected: result.requests.total - expected + result.errors };
}

const mock = await startApiMock();
try {
  process.stdout.write(`Envelope proxy overhead: ${seconds} s per run, ${connections} connections, Node ${process.version}\n\n`);
  for (const scenario of scenarios) {
    // Prism is slow until V8 has optimised its hot paths: warm both routes before measuring.
    await measure(mock.prismUrl, scenario, 2);
    await measure(mock.url, scenario, 2);
    const direct = await measure(mock.prismUrl, scenario);
    const proxied = await measure(mock.url, scenario);
    process.stdout.write(
      [
        scenario.name,
        `  Prism directly : ${direct.requestsPerSecond.toFixed(0)} req/s, p50 ${direct.p50} ms, p99 ${direct.p99} ms`,
        `  through proxy  : ${proxied.requestsPerSecond.toFixed(0)} req/s, p50 ${proxied.p50} ms, p99 ${proxied.p99} ms`,
        `  ratio proxy/direct: throughput ${(proxied.requestsPerSecond / direct.requestsPerSecond).toFixed(2)}, p50 latency ${(proxied.p50 / Math.max(direct.p50, 1)).toFixed(2)}`,
        `  answers with another status: direct ${direct.unexpected}, proxied ${proxied.unexpected}`,
        '',
      ].join('\n'),
    );
  }
} finally {
  await mock.close();
}
