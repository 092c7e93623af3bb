// Throughput of the sandbox next to Prism and a bare Fastify route serving the same JSON,
// with the same request mix, one after another. Prints req/s, p50, p99 and the ratios.
// Goals: sandbox ≥ 12× Prism and ≥ 0.8× the bare route. A command, not a test.
// On two cores the load generator (autocannon, in this process; each server runs in its
// own) competes with the server for CPU, so each run also reports the CPU share of both
// and the server's CPU time per request: when the load generator is near a whole core,
// req/s measures it, not the server, and the CPU-per-request ratio is the fair one.
// The targets take turns for --rounds rounds and each figure is the median over the
// rounds, so a burst of other work on the machine skews one round, not the result.
// Second scenario: the sandbox's signed-request rate while --slow-connections (default
// 5,000) other connections are held open, first idle, then dripping headers a byte at a
// time (sandbox/slow-clients.ts, its own process), next to the rate without them measured
// just before. Goal: at least half. The servers and the slow clients run with their
// open-file limit raised to the hard limit; the bench prints both limits and lowers the
// count, saying so, where the hard limit is too low. `npm run bench:sandbox -- --help`
// lists the options.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startPlainPrism } from '../../src/mock/prism.ts';
import { demoCredentials } from '../../src/sandbox/index.ts';
import { formatTimestamp, hmacSha256 } from '../../src/signing/index.ts';
import { freePort, spawnService, waitForHttp, type RunningProcess } from '../../src/support/process.ts';
import { repoRoot } from '../../src/support/repo.ts';
import { processGroupCpuSeconds } from './sandbox/process-group-cpu.ts';
import { median } from './support/median.ts';
import { readBenchOptions } from './support/options.ts';

const { seconds, rounds, connections, 'slow-connections': requestedSlowConnections } = readBenchOptions(
  {
    command: 'npm run bench:sandbox --',
    about: 'Loads the sandbox, Prism and a bare Fastify route with the same signed request mix, then the sandbox while slow connections are held open.',
  },
  {
    seconds: { kind: 'whole number', min: 1, max: 600, default: 5, about: 'length of each measured run, after a 2 s warm-up' },
    rounds: { kind: 'whole number', min: 1, max: 50, default: 3, about: 'rounds in which the three targets take turns' },
    connections: { kind: 'whole number', min: 1, max: 10_000, default: 32, about: 'connections of the load generator' },
    'slow-connections': { kind: 'whole number', min: 0, max: 1_000_000, default: 5000, about: 'connections held open in the second scenario; 0 skips it' },
  },
);
const warmupSeconds = 2;
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const target = fileURLToPath(new URL('./sandbox/target-server.ts', import.meta.url));
const slowClients = fileURLToPath(new URL('./sandbox/slow-clients.ts', import.meta.url));

/** The open-file limits (soft, hard) a child gets, as the shell reports them. */
const [softFileLimit, hardFileLimit] = execFileSync('sh', ['-c', 'ulimit -n; ulimit -Hn'], { encoding: 'utf8' })
  .trim()
  .split('\n')
  .map((line) => (line === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line))) as [number, number];
/** Runs a command with its soft open-file limit raised to the hard one (each held connection is a descriptor). */
const withRaisedFileLimit = (command: string, args: string[]) => ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', 'sh', command, ...args];
/** Descriptors a server needs besides the held connections: the load generator's, files, pipes. */
const spareDescriptors = 200;
const slowConnections = Math.max(0, Math.min(requestedSlowConnections, hardFileLimit - spareDescriptors));

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
  const service = spawnService('sh', withRaisedFileLimit(tsx, [target, '--mode', mode, '--port', String(port), ...(payloadPath ? ['--payloads', payloadPath] : [])]));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 30_000, service.child);
  return { url, process: service };
}

/** Per run: req/s, latency, the server's CPU µs per request and the CPU shares (1 = one core) of the server and of the load generator. */
type Figures = { name: string; rps: number; p50: number; p99: number; failures: number; serverUsPerRequest: number; serverShare: number; loaderShare: number };

async function load(name: string, url: string, serverGroup: number): Promise<Figures> {
  // Headers are signed just before each run; the timestamp stays inside the ±300 s window.
  const requests = await Promise.all(paths.map(async (path) => ({ method: 'GET' as const, path, headers: await signedHeaders('GET', path) })));
  await autocannon({ url, connections, duration: warmupSeconds, requests });
  const serverBefore = processGroupCpuSeconds(serverGroup) ?? Number.NaN;
  const loaderBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const result = await autocannon({ url, connections, duration: seconds, requests });
  const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const loader = process.cpuUsage(loaderBefore);
  const serverSeconds = (processGroupCpuSeconds(serverGroup) ?? Number.NaN) - serverBefore;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    serverUsPerRequest: (serverSeconds * 1e6) / result.requests.total,
    serverShare: serverSeconds / wallSeconds,
    loaderShare: (loader.user + loader.system) / 1e6 / wallSeconds,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

function medianFigures(list: Figures[]): Figures {
  return {
    name: list[0]!.name,
    rps: median(list.map((f) => f.rps)),
    p50: median(list.map((f) => f.p50)),
    p99: median(list.map((f) => f.p99)),
    failures: list.reduce((sum, f) => sum + f.failures, 0),
    serverUsPerRequest: median(list.map((f) => f.serverUsPerRequest)),
    serverShare: median(list.map((f) => f.serverShare)),
    loaderShare: median(list.map((f) => f.loaderShare)),
  };
}

type SlowStatus = { open: number; opened: number; reclaimed: number; failed: number };

/** The last status line the slow clients printed. */
function slowStatus(clients: RunningProcess): SlowStatus {
  const line = clients.output().trim().split('\n').reverse().find((l) => l.startsWith('{'));
  return line ? (JSON.parse(line) as SlowStatus) : { open: 0, opened: 0, reclaimed: 0, failed: 0 };
}

/** One load run of the sandbox while the slow clients hold their connections. */
async function underSlowClients(mode: 'idle' | 'drip', url: string, group: number): Promise<{ run: Figures; atStart: SlowStatus; atEnd: SlowStatus }> {
  const clients = spawnService('sh', withRaisedFileLimit(tsx, [slowClients, '--url', url, '--count', String(slowConnections), '--mode', mode]));
  try {
    const deadline = Date.now() + 60_000;
    while (slowStatus(clients).open < slowConnections && Date.now() < deadline && clients.child.exitCode === null) await new Promise((r) => setTimeout(r, 250));
    const atStart = slowStatus(clients);
    const run = await load(`sandbox, ${mode}`, url, group);
    return { run, atStart, atEnd: slowStatus(clients) };
  } finally {
    await clients.stop();
  }
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
  const prism = await startPlainPrism();
  started.push(prism);

  process.stdout.write(`Request mix: ${paths.join(', ')} (signed); ${connections} connections; ${rounds} rounds of ${seconds} s per target, each after ${warmupSeconds} s warm-up\n`);
  const targets = [
    ['sandbox', sandbox.url, sandbox.process.child.pid!],
    ['prism', prism.url, prism.processGroup],
    ['bare fastify', bare.url, bare.process.child.pid!],
  ] as const;
  const runs: Figures[][] = targets.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, [name, url, group]] of targets.entries()) {
      const run = await load(name, url, group);
      runs[index]!.push(run);
      process.stdout.write(`  round ${round}: ${name} ${run.rps.toFixed(0)} req/s, server ${run.serverUsPerRequest.toFixed(1)} µs CPU/request (${percent(run.serverShare)} of a core), load generator ${percent(run.loaderShare)}\n`);
    }
  }
  const figures = runs.map((list) => medianFigures(list));

  const [ours, prismFigures, bareFigures] = figures as [Figures, Figures, Figures];
  const rows = figures.map(
    (f) =>
      `${f.name.padEnd(14)}${f.rps.toFixed(0).padStart(10)}${`${f.p50} ms`.padStart(8)}${`${f.p99} ms`.padStart(8)}${f.serverUsPerRequest.toFixed(1).padStart(12)}${percent(f.serverShare).padStart(9)}${percent(f.loaderShare).padStart(9)}${String(f.failures).padStart(10)}`,
  );
  const verdict = (ratio: number, goal: number) => `${ratio.toFixed(2)}×  (goal ≥ ${goal}×: ${ratio >= goal ? 'met' : 'not met'})`;
  // A load generator using most of a core (of two) cannot push a fast server to its limit.
  const loaderBound = figures.filter((f) => f.loaderShare >= 0.85).map((f) => f.name);
  process.stdout.write(
    [
      '',
      `Medians over ${rounds} rounds (µs/req: the server's CPU time per request; server and load CPU: shares of one core):`,
      `${'target'.padEnd(14)}${'req/s'.padStart(10)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'µs/req'.padStart(12)}${'server'.padStart(9)}${'load'.padStart(9)}${'failures'.padStart(10)}`,
      ...rows,
      '',
      `sandbox / prism, req/s:            ${verdict(ours.rps / prismFigures.rps, 12)}`,
      `sandbox / bare, req/s:             ${verdict(ours.rps / bareFigures.rps, 0.8)}`,
      `sandbox / bare, CPU per request:   ${verdict(bareFigures.serverUsPerRequest / ours.serverUsPerRequest, 0.8)}`,
      loaderBound.length
        ? `The load generator used ≥ 85 % of a core against ${loaderBound.join(', ')}: those req/s are bounded by it; compare CPU per request.`
        : 'The load generator stayed below 85 % of a core: req/s measure the servers.',
      '',
    ].join('\n'),
  );
  if (figures.some((f) => f.failures > 0)) {
    process.stderr.write('Some requests failed (non-2xx, errors or timeouts): the figures above are not comparable.\n');
    process.exitCode = 1;
  }

  if (slowConnections > 0) {
    process.stdout.write(
      [
        `Slow connections: ${slowConnections} held open beside the load (open-file limit ${softFileLimit} soft, ${hardFileLimit} hard; servers and slow clients run at the hard limit)`,
        ...(slowConnections < requestedSlowConnections ? [`  (${requestedSlowConnections} asked for: the hard open-file limit bounds the figure)`] : []),
        '',
      ].join('\n'),
    );
    const group = sandbox.process.child.pid!;
    const baseline = await load('sandbox, alone', sandbox.url, group);
    const scenarios = [await underSlowClients('idle', sandbox.url, group), await underSlowClients('drip', sandbox.url, group)];
    const slowRows = scenarios.map(({ run, atStart, atEnd }) => {
      const ratio = run.rps / baseline.rps;
      return `${run.name.padEnd(16)}${run.rps.toFixed(0).padStart(8)}${`${run.p99} ms`.padStart(9)}${`${atStart.open} → ${atEnd.open}`.padStart(15)}${String(atEnd.reclaimed).padStart(11)}${String(atEnd.failed).padStart(8)}${String(run.failures).padStart(10)}   ${verdict(ratio, 0.5)}`;
    });
    process.stdout.write(
      [
        `${'scenario'.padEnd(16)}${'req/s'.padStart(8)}${'p99'.padStart(9)}${'slow open'.padStart(15)}${'reclaimed'.padStart(11)}${'refused'.padStart(8)}${'failures'.padStart(10)}   rate / alone`,
        `${baseline.name.padEnd(16)}${baseline.rps.toFixed(0).padStart(8)}${`${baseline.p99} ms`.padStart(9)}${'-'.padStart(15)}${'-'.padStart(11)}${'-'.padStart(8)}${String(baseline.failures).padStart(10)}`,
        ...slowRows,
        '(slow open: held when the run started → when it ended; reclaimed: closed by the sandbox\'s timeouts and opened again; refused: connections that could not be opened)',
        '',
      ].join('\n'),
    );
    if (baseline.failures > 0 || scenarios.some(({ run }) => run.failures > 0)) {
      process.stderr.write('Some signed requests failed while slow connections were held.\n');
      process.exitCode = 1;
    }
  }
} finally {
  for (const service of started.reverse()) await service.close();
  rmSync(workDir, { recursive: true, force: true });
}
