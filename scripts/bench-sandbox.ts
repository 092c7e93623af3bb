// Throughput of the sandbox next to Prism and a bare Fastify route serving the same JSON,
// with the same request mix, one after another. Prints req/s, p50, p99 and the ratios.
// Goals: sandbox ≥ 10× Prism and ≥ 0.5× the bare route. A command, not a test.
// The targets take turns for BENCH_ROUNDS rounds and each figure is the median over the
// rounds, so a burst of other work on the machine skews one round, not the result.
// Usage: npm run bench:sandbox   (BENCH_SECONDS per run, default 5; BENCH_ROUNDS, default 3;
// BENCH_CONNECTIONS, default 32)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startMock } from '../src/mock/prism.ts';
import { demoCredentials } from '../src/sandbox/index.ts';
import { formatTimestamp, hmacSha256 } from '../src/signing/index.ts';
import { freePort, spawnService, waitForHttp, type RunningProcess } from '../src/support/process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const warmupSeconds = 2;
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const target = fileURLToPath(new URL('./bench-target.ts', import.meta.url));

/** The request mix: one discovery read and two reads of the caller's state. */
const paths = ['/api/v1/wallets/markets', '/api/v1/wallets', '/api/v1/transactions?limit=20&page=1'];

const sign = hmacSha256({ secret: demoCredentials.secret });

async function signedHeaders(method: string, pathWithQuery: string, body = ''): Promise<Record<string, string>> {
  const timestamp = formatTimestamp(new Date());
  const signature = await sign({ method, pathWithQuery, body, timestamp, apiKey: demoCredentials.apiKey });
  return { 'x-api-key': demoCredentials.apiKey, 'x-timestamp': timestamp, 'x-signature': signature, ...(body ? { 'content-type': 'application/json' } : {}) };
}

async function call(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const response = await fetch(url + path, { method, headers: await signedHeaders(method, path, text), ...(text ? { body: text } : {}) });
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function startTarget(mode: 'sandbox' | 'bare', payloadPath?: string): Promise<{ url: string; process: RunningProcess }> {
  const port = await freePort();
  const service = spawnService(tsx, [target, mode, String(port), ...(payloadPath ? [payloadPath] : [])]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 30_000, service.child);
  return { url, process: service };
}

type Figures = { name: string; rps: number; p50: number; p99: number; failures: number };

async function load(name: string, url: string): Promise<Figures> {
  // Headers are signed just before each run; the timestamp stays inside the ±300 s window.
  const requests = await Promise.all(paths.map(async (path) => ({ method: 'GET' as const, path, headers: await signedHeaders('GET', path) })));
  await autocannon({ url, connections, duration: warmupSeconds, requests });
  const result = await autocannon({ url, connections, duration: seconds, requests });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(list: Figures[]): Figures {
  return {
    name: list[0]!.name,
    rps: median(list.map((f) => f.rps)),
    p50: median(list.map((f) => f.p50)),
    p99: median(list.map((f) => f.p99)),
    failures: list.reduce((sum, f) => sum + f.failures, 0),
  };
}

const started: { close: () => Promise<void> }[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
try {
  const sandbox = await startTarget('sandbox');
  started.push({ close: sandbox.process.stop });
  // Some state, so the wallet and transaction reads return real pages.
  for (const token of ['usdt', 'bitcoin']) await call(sandbox.url, 'POST', '/api/v1/wallets/generate-wallet', { token });
  for (let i = 0; i < 5; i++) await call(sandbox.url, 'POST', '/api/v1/wallets/preview-withdraw', { chain: 'ethereum', amount: 20 + i, coin: 'usdt', receiverAddress: '0xabc' });

  // The bare route serves exactly what the sandbox answered.
  const payloads = Object.fromEntries(await Promise.all(paths.map(async (path) => [path.split('?')[0], await call(sandbox.url, 'GET', path)])));
  const payloadPath = join(workDir, 'payloads.json');
  writeFileSync(payloadPath, JSON.stringify(payloads));
  const bare = await startTarget('bare', payloadPath);
  started.push({ close: bare.process.stop });
  const prism = await startMock();
  started.push(prism);

  process.stdout.write(`Request mix: ${paths.join(', ')} (signed); ${connections} connections; ${rounds} rounds of ${seconds} s per target, each after ${warmupSeconds} s warm-up\n`);
  const targets = [['sandbox', sandbox.url], ['prism', prism.url], ['bare fastify', bare.url]] as const;
  const runs: Figures[][] = targets.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, [name, url]] of targets.entries()) {
      const run = await load(name, url);
      runs[index]!.push(run);
      process.stdout.write(`  round ${round}: ${name} ${run.rps.toFixed(0)} req/s\n`);
    }
  }
  const figures = runs.map((list) => medianFigures(list));

  const [ours, prismFigures, bareFigures] = figures as [Figures, Figures, Figures];
  const rows = figures.map((f) => `${f.name.padEnd(14)}${f.rps.toFixed(0).padStart(10)}${`${f.p50} ms`.padStart(10)}${`${f.p99} ms`.padStart(10)}${String(f.failures).padStart(10)}`);
  const vsPrism = ours.rps / prismFigures.rps;
  const vsBare = ours.rps / bareFigures.rps;
  process.stdout.write(
    [
      '',
      `Medians over ${rounds} rounds:`,
      `${'target'.padEnd(14)}${'req/s'.padStart(10)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'failures'.padStart(10)}`,
      ...rows,
      '',
      `sandbox / prism: ${vsPrism.toFixed(2)}×  (goal ≥ 10×: ${vsPrism >= 10 ? 'met' : 'not met'})`,
      `sandbox / bare:  ${vsBare.toFixed(2)}×  (goal ≥ 0.5×: ${vsBare >= 0.5 ? 'met' : 'not met'})`,
      '',
    ].join('\n'),
  );
  if (figures.some((f) => f.failures > 0)) {
    process.stderr.write('Some requests failed (non-2xx, errors or timeouts): the figures above are not comparable.\n');
    process.exitCode = 1;
  }
} finally {
  for (const service of started.reverse()) await service.close();
  rmSync(workDir, { recursive: true, force: true });
}
