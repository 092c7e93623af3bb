// Throughput of the sandbox next to Prism and a bare Fastify route serving the same JSON,
// with the same signed request mix (reads and a state change), one after another: the
// sandbox with its state in memory, in PostgreSQL with one replica and with two (on a
// throwaway cluster the bench starts and stops), and, with --baseline REF, the sandbox as it
// was at that commit (the same mix, in the same run). Prints req/s, p50, p99, CPU per request
// and the ratios. Goals: in memory ≥ 12× Prism, ≥ 0.8× the bare route and ≥ 0.95× the
// baseline; PostgreSQL ≥ 2× Prism; two replicas more than one. A command, not a test.
// The CPU per request of a PostgreSQL target counts its database's too.
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
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { symlinkSync } from 'node:fs';
import { startPlainPrism } from '../../tools/mock/prism.ts';
import { startPostgresCluster } from '../../tools/support/postgres-cluster.ts';
import { demoCredentials } from '../../packages/sandbox/src/index.ts';
import { formatTimestamp, hmacSha256 } from '../../packages/sdk/src/signing/index.ts';
import { freePort, spawnService, typeScriptCommand, waitForHttp, type RunningProcess } from '../../tools/support/process.ts';
import { repoRoot } from '../../tools/support/repo.ts';
import { cpuSeconds, type CpuScope } from './sandbox/process-cpu.ts';
import { median } from './support/median.ts';
import { readBenchOptions } from './support/options.ts';

const { seconds, rounds, connections, 'slow-connections': requestedSlowConnections, baseline: baselineRef, 'pool-size': poolSize } = readBenchOptions(
  {
    command: 'npm run bench:sandbox --',
    about: 'Loads the sandbox (in memory, in PostgreSQL with one and two replicas), Prism and a bare Fastify route with the same signed request mix, then the sandbox while slow connections are held open.',
  },
  {
    seconds: { kind: 'whole number', min: 1, max: 600, default: 5, about: 'length of each measured run, after a 2 s warm-up' },
    rounds: { kind: 'whole number', min: 1, max: 50, default: 3, about: 'rounds in which the three targets take turns' },
    connections: { kind: 'whole number', min: 1, max: 10_000, default: 32, about: 'connections of the load generator' },
    'pool-size': { kind: 'whole number', min: 1, max: 1000, about: "each PostgreSQL replica's connection pool (default: the sandbox's, 10)" },
    'slow-connections': { kind: 'whole number', min: 0, max: 1_000_000, default: 5000, about: 'connections held open in the second scenario; 0 skips it' },
    baseline: { kind: 'text', placeholder: 'REF', about: "a commit whose in-memory sandbox is loaded too, for the in-memory store's ratio to it (git archive of REF; it needs this checkout's node_modules to fit)" },
  },
);
const warmupSeconds = 2;
const cores = availableParallelism();
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

/** The request mix: one discovery read, two reads of the caller's state and one state change (a swap created). */
const mix = [
  { method: 'GET', path: '/api/v1/wallets/markets' },
  { method: 'GET', path: '/api/v1/wallets' },
  { method: 'GET', path: '/api/v1/transactions?limit=20&page=1' },
  { method: 'POST', path: '/api/v1/swaps', body: JSON.stringify({ from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' }) },
] as const;
const paths = mix.map((entry) => `${entry.method} ${entry.path}`);

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

async function startTarget(mode: 'sandbox' | 'bare', extra: string[] = [], server = target): Promise<{ url: string; process: RunningProcess }> {
  const port = await freePort();
  const service = spawnService('sh', withRaisedFileLimit(...typeScriptCommand(server, ['--mode', mode, '--port', String(port), ...extra])));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 30_000, service.child);
  return { url, process: service };
}

/** Per run: req/s, latency, the server's CPU µs per request and the CPU shares (1 = one core) of the server and of the load generator. */
type Figures = { name: string; rps: number; p50: number; p99: number; failures: number; serverUsPerRequest: number; serverShare: number; loaderShare: number; shareByServer: number[] };

/**
 * One measured run: the connections spread evenly over the target's URLs (one per replica),
 * each URL loaded by its own autocannon instance at the same time. The server CPU is every
 * process of the target's scopes (each replica's process group, the database's postmaster
 * and its children); with several URLs the req/s add up and p50/p99 are the worst of them.
 */
async function load(name: string, target: string | string[], servers: CpuScope[]): Promise<Figures> {
  const urls = [target].flat();
  // Headers are signed just before each run; the timestamp stays inside the ±300 s window.
  const requests = await Promise.all(
    mix.map(async (entry) => ({ method: entry.method, path: entry.path, ...('body' in entry ? { body: entry.body } : {}), headers: await signedHeaders(entry.method, entry.path, 'body' in entry ? entry.body : '') })),
  );
  const perUrl = Math.max(1, Math.floor(connections / urls.length));
  const cannon = (duration: number) => Promise.all(urls.map((url) => autocannon({ url, connections: perUrl, duration, requests })));
  await cannon(warmupSeconds);
  const cpuEach = () => servers.map((scope) => cpuSeconds(scope) ?? Number.NaN);
  const eachBefore = cpuEach();
  const loaderBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const results = await cannon(seconds);
  const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const loader = process.cpuUsage(loaderBefore);
  const eachSeconds = cpuEach().map((seconds, index) => seconds - eachBefore[index]!);
  const serverSeconds = eachSeconds.reduce((sum, seconds) => sum + seconds, 0);
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    name,
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failures: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    serverUsPerRequest: (serverSeconds * 1e6) / total,
    serverShare: serverSeconds / wallSeconds,
    shareByServer: eachSeconds.map((seconds) => seconds / wallSeconds),
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
    shareByServer: list[0]!.shareByServer.map((_, index) => median(list.map((f) => f.shareByServer[index]!))),
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
  const clients = spawnService('sh', withRaisedFileLimit(...typeScriptCommand(slowClients, ['--url', url, '--count', String(slowConnections), '--mode', mode])));
  try {
    const deadline = Date.now() + 60_000;
    while (slowStatus(clients).open < slowConnections && Date.now() < deadline && clients.child.exitCode === null) await new Promise((r) => setTimeout(r, 250));
    const atStart = slowStatus(clients);
    const run = await load(`sandbox, ${mode}`, url, [{ group }]);
    return { run, atStart, atEnd: slowStatus(clients) };
  } finally {
    await clients.stop();
  }
}

const started: { close: () => Promise<void> }[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));

/** Some state, so the wallet and transaction reads return real pages. */
async function seed(url: string): Promise<void> {
  for (const token of ['usdt', 'bitcoin']) await call(url, 'POST', '/api/v1/wallets/generate-wallet', { token });
  for (let i = 0; i < 5; i++) await call(url, 'POST', '/api/v1/wallets/preview-withdraw', { chain: 'ethereum', amount: 20 + i, coin: 'usdt', receiverAddress: '0xabc' });
}

/** The sandbox's benchmark server as it was at a commit, from git archive, run with this checkout's node_modules. */
async function startBaseline(ref: string): Promise<{ url: string; process: RunningProcess }> {
  const dir = join(workDir, 'baseline');
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('sh', ['-c', 'git -C "$1" archive "$2" src scripts generated package.json tsconfig.json | tar -x -C "$3"', 'sh', repoRoot, ref, dir]);
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  return startTarget('sandbox', [], join(dir, 'scripts/bench/sandbox/target-server.ts'));
}

try {
  const sandbox = await startTarget('sandbox');
  started.push({ close: sandbox.process.stop });
  await seed(sandbox.url);

  // The PostgreSQL store: a throwaway cluster, a database for one replica and one shared by two.
  const cluster = await startPostgresCluster();
  started.push({ close: cluster.stop });
  const admin = new URL(cluster.url);
  const databaseUrl = (name: string) => Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  for (const name of ['bench_one', 'bench_two']) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const onDatabase = (name: string) => ['--database-url', databaseUrl(name), ...(poolSize ? ['--pool-size', String(poolSize)] : [])];
  const single = await startTarget('sandbox', onDatabase('bench_one'));
  started.push({ close: single.process.stop });
  const pair = await Promise.all([startTarget('sandbox', onDatabase('bench_two')), startTarget('sandbox', onDatabase('bench_two'))]);
  for (const replica of pair) started.push({ close: replica.process.stop });
  await seed(single.url);
  await seed(pair[0].url);
  // Its postmaster and every backend (each backend leads a process group of its own).
  const database: CpuScope = { parent: cluster.serverPid() };

  const baseline = baselineRef === undefined ? undefined : await startBaseline(baselineRef);
  if (baseline) {
    started.push({ close: baseline.process.stop });
    await seed(baseline.url);
  }

  // The bare route serves exactly what the sandbox answered.
  const payloads = Object.fromEntries(await Promise.all(mix.map(async (entry) => [`${entry.method} ${entry.path.split('?')[0]}`, await call(sandbox.url, entry.method, entry.path, 'body' in entry ? JSON.parse(entry.body) : undefined)])));
  const payloadPath = join(workDir, 'payloads.json');
  writeFileSync(payloadPath, JSON.stringify(payloads));
  const bare = await startTarget('bare', ['--payloads', payloadPath]);
  started.push({ close: bare.process.stop });
  const prism = await startPlainPrism();
  started.push(prism);

  process.stdout.write(`Request mix: ${paths.join(', ')} (signed); ${connections} connections; ${rounds} rounds of ${seconds} s per target, each after ${warmupSeconds} s warm-up\n`);
  const group = (pid: number): CpuScope => ({ group: pid });
  const targets: [name: string, url: string | string[], servers: CpuScope[]][] = [
    ['in memory', sandbox.url, [group(sandbox.process.child.pid!)]],
    ...(baseline ? [[`in memory @${baselineRef}`, baseline.url, [group(baseline.process.child.pid!)]] as [string, string, CpuScope[]]] : []),
    ['postgres ×1', single.url, [group(single.process.child.pid!), database]],
    ['postgres ×2', pair.map((r) => r.url), [...pair.map((r) => group(r.process.child.pid!)), database]],
    ['prism', prism.url, [group(prism.processGroup)]],
    ['bare fastify', bare.url, [group(bare.process.child.pid!)]],
  ];
  const runs: Figures[][] = targets.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, [name, url, servers]] of targets.entries()) {
      const run = await load(name, url, servers);
      runs[index]!.push(run);
      process.stdout.write(`  round ${round}: ${name} ${run.rps.toFixed(0)} req/s, server ${run.serverUsPerRequest.toFixed(1)} µs CPU/request (${percent(run.serverShare)} of a core${run.shareByServer.length > 1 ? `: ${run.shareByServer.map(percent).join(' + ')}, replicas then database` : ''}), load generator ${percent(run.loaderShare)}\n`);
    }
  }
  const figures = runs.map((list) => medianFigures(list));
  const byName = (name: string) => figures.find((f) => f.name === name)!;

  const [ours, prismFigures, bareFigures] = [byName('in memory'), byName('prism'), byName('bare fastify')];
  const [pgOne, pgTwo] = [byName('postgres ×1'), byName('postgres ×2')];
  const baselineFigures = baseline ? byName(`in memory @${baselineRef}`) : undefined;
  const rows = figures.map(
    (f) =>
      `${f.name.padEnd(22)}${f.rps.toFixed(0).padStart(10)}${`${f.p50} ms`.padStart(8)}${`${f.p99} ms`.padStart(8)}${f.serverUsPerRequest.toFixed(1).padStart(12)}${percent(f.serverShare).padStart(9)}${percent(f.loaderShare).padStart(9)}${String(f.failures).padStart(10)}`,
  );
  const verdict = (ratio: number, goal: number, strictlyMore = false) => `${ratio.toFixed(2)}×  (goal ${strictlyMore ? '>' : '≥'} ${goal}×: ${(strictlyMore ? ratio > goal : ratio >= goal) ? 'met' : 'not met'})`;
  // A load generator using most of a core (of two) cannot push a fast server to its limit.
  const loaderBound = figures.filter((f) => f.loaderShare >= 0.85).map((f) => f.name);
  process.stdout.write(
    [
      '',
      `Medians over ${rounds} rounds (µs/req: the server's CPU time per request, its database's included; server and load CPU: shares of one core):`,
      `${'target'.padEnd(22)}${'req/s'.padStart(10)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'µs/req'.padStart(12)}${'server'.padStart(9)}${'load'.padStart(9)}${'failures'.padStart(10)}`,
      ...rows,
      '',
      `in memory / prism, req/s:              ${verdict(ours.rps / prismFigures.rps, 12)}`,
      ...(baselineFigures
        ? [
            `in memory / @${baselineRef}, req/s:`.padEnd(40) + verdict(ours.rps / baselineFigures.rps, 0.95),
            `in memory / @${baselineRef}, CPU/request:`.padEnd(40) + verdict(baselineFigures.serverUsPerRequest / ours.serverUsPerRequest, 0.95),
          ]
        : ['in memory / before the store: pass --baseline REF to measure']),
      `in memory / bare, req/s:               ${verdict(ours.rps / bareFigures.rps, 0.8)}`,
      `in memory / bare, CPU per request:     ${verdict(bareFigures.serverUsPerRequest / ours.serverUsPerRequest, 0.8)}`,
      `postgres ×1 / prism, req/s:            ${verdict(pgOne.rps / prismFigures.rps, 2)}`,
      `postgres ×2 / postgres ×1, req/s:      ${verdict(pgTwo.rps / pgOne.rps, 1, true)}`,
      // A second replica adds a core's worth of work only where one replica's process was the
      // bound and the machine had cores left for it: the shares say which.
      `CPU (shares of one core of ${cores}): postgres ×1 replica ${percent(pgOne.shareByServer[0]!)}, database ${percent(pgOne.shareByServer[1]!)}, load ${percent(pgOne.loaderShare)}; ` +
        `postgres ×2 replicas ${pgTwo.shareByServer.slice(0, -1).map(percent).join(' + ')}, database ${percent(pgTwo.shareByServer.at(-1)!)}, load ${percent(pgTwo.loaderShare)}`,
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
    const baseline = await load('sandbox, alone', sandbox.url, [{ group }]);
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
