// `npm run bench:client`: how fast this client makes signed calls next to raw fetch doing the
// same signing and timeout (the floor), on loopback and with the server waiting 20 ms before
// each answer, as integrators' calls wait on a network. It builds the SDK package, then for
// each round runs each variant against the floor in a fresh process of its own
// (client/round.ts says why one per process), at both round trips: a process's own JIT and
// heap make its ratios differ from the next one's by several percent. Prints, per variant,
// the medians over the rounds of req/s, the ratio to the floor, and the CPU µs per request of
// the client process with the floor's over it (the client's own cost, steadier on a shared
// machine than req/s); then the client's own work per call with fetch answered in-process
// (client/in-process-timing.ts); last, the summary against the goals and the time it took.
// By default only the client, without middleware and with one, is compared with the floor,
// so the run ends within a few minutes; --long adds the other variants and more requests.
// Then the client's telemetry (client/telemetry-round.ts): the client as it was before it
// (compiled from that commit in a temporary git worktree, client/base-sdk.ts), the same again
// as a control that shows the noise, this client with nobody subscribed, the same with the
// span and histogram made by OpenTelemetry's API directly (what writing them costs at least),
// and this client with @wallet-api/sdk/opentelemetry on, side by side in one
// process per round, on loopback and at the simulated round trip; and the traffic recorder
// writing every one of --recording-calls calls (client/recording-run.ts). Last, the operation
// layer: the method call (client.createSwap) against the path-string call it makes, the two
// in turns in one process per round, at both round trips.
import { execFileSync } from 'node:child_process';
import { repoRoot } from '../../tools/support/repo.ts';
import { buildPackages, packageBuilds } from '../build.ts';
import { readBenchOptions } from './support/options.ts';
import { baseCommit, builtBaseSdk } from './client/base-sdk.ts';
import { clockTime, comparisonTable, driftCostLines, inProcessLines, operationLayerLines, recordingLines, requestTitles, summaryLines, telemetryLines, type LayerTiming, type Rounds } from './client/report.ts';
import { requestKinds, type InProcessResult, type RecordingRun, type RoundResult, type TelemetryRound } from './client/results.ts';
import { floor, goalVariants, operationLayer, variantNames } from './client/variant-names.ts';

const startedAt = performance.now();
const options = readBenchOptions(
  {
    command: 'npm run bench:client --',
    about: `Compares this client, as built for @wallet-api/sdk, with raw fetch doing the same signing and timeout (${floor}), each variant in a fresh process, on loopback and at a simulated round trip.`,
  },
  {
    long: { kind: 'switch', about: 'every variant (raw fetch, raw fetch+timeout, openapi-fetch, clone-and-read too), 5 rounds, 3000 loopback requests, 120000 in-process calls: about a quarter of an hour' },
    rounds: { kind: 'whole number', min: 1, max: 50, defaultText: '3, 5 with --long', about: 'rounds; in each, every variant runs in a fresh process with the floor at each round trip' },
    requests: { kind: 'whole number', min: 1, max: 100_000, defaultText: '1000, 3000 with --long', about: 'loopback requests of each variant and request kind per round' },
    block: { kind: 'whole number', min: 1, max: 100_000, default: 100, about: 'loopback requests of one variant in a row: one turn' },
    'delay-ms': { kind: 'whole number', min: 1, max: 1000, default: 20, about: 'the simulated round trip: how long the server waits before each answer' },
    'delayed-requests': { kind: 'whole number', min: 1, max: 10_000, default: 100, about: 'requests of each variant and request kind per round at --delay-ms' },
    'delayed-block': { kind: 'whole number', min: 1, max: 10_000, default: 10, about: 'requests at --delay-ms of one variant in a row: one turn' },
    'in-process-calls': { kind: 'whole number', min: 0, max: 1_000_000, defaultText: '30000, 120000 with --long', about: 'calls of each for the timing with fetch answered in-process; 0 skips it' },
    'telemetry-requests': { kind: 'whole number', min: 0, max: 100_000, default: 1000, about: 'loopback requests of each (as it was, its control, nobody subscribed, OpenTelemetry by hand, telemetry on) and kind per round, in turns of --block; at --delay-ms, --delayed-requests; 0 skips the telemetry comparison' },
    base: { kind: 'text', placeholder: 'COMMIT', about: 'the commit whose client is "the client as it was" (default: the parent of the commit that added packages/sdk/src/client/call-channel.ts)' },
    'recording-calls': { kind: 'whole number', min: 0, max: 1_000_000, default: 100_000, about: 'calls recorded to a file at sample rate 1, timed in blocks of --recording-block; 0 skips it' },
    'recording-block': { kind: 'whole number', min: 100, max: 100_000, default: 10_000, about: 'calls of one block of the recording run' },
  },
);
const rounds = options.rounds ?? (options.long ? 5 : 3);
const compared = options.long ? variantNames.filter((name) => name !== floor) : goalVariants;
const delay = options['delay-ms'];
// The goals: at 20 ms, where integrators' calls wait, the client should cost nothing that
// shows (0.99× of the floor); on loopback, where its own work shows most, 0.85×, and 0.9×
// with the drift watch reading every answer (it is measured against the floor, not against
// the client without it: what the watch adds is printed apart, in µs per call).
const roundTrips = [
  { label: 'on loopback', delayMs: 0, requests: options.requests ?? (options.long ? 3000 : 1000), block: options.block, atLeast: 0.85, atLeastFor: { 'client + drift report': 0.9 } },
  { label: `at ${delay} ms`, delayMs: delay, requests: options['delayed-requests'], block: options['delayed-block'], atLeast: 0.99 },
];
const inProcessCalls = options['in-process-calls'] ?? (options.long ? 120_000 : 30_000);
const refusal = roundTrips.some(({ requests, block }) => requests < block)
  ? '--requests and --delayed-requests must each be at least their block'
  : inProcessCalls > 0 && inProcessCalls < 1000
    ? '--in-process-calls must be 0 or at least 1000'
    : undefined;
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(2);
}

/** The last JSON line a script printed, run in a fresh process. */
function runScript<T>(script: string, args: string[]): T {
  const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, ...args], { cwd: repoRoot, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as T;
}

await buildPackages(packageBuilds.filter(({ folder }) => folder === 'packages/sdk'));
console.log(
  `node ${process.version}; ${rounds} round${rounds === 1 ? '' : 's'}; in each, every variant in a fresh process with the floor (${floor}), ` +
    `on loopback and with the server waiting ${delay} ms before each answer; sequential requests in turns, after a warm-up of one turn`,
);
const results = roundTrips.map((): Rounds => new Map(compared.map((name) => [name, []])));
for (let round = 1; round <= rounds; round++) {
  for (const [index, { delayMs, requests, block }] of roundTrips.entries()) {
    for (const name of compared) {
      const args = ['--variant', name, '--requests', String(requests), '--block', String(block), '--delay-ms', String(delayMs)];
      results[index]!.get(name)!.push(runScript<RoundResult>('scripts/bench/client/round.ts', args));
    }
  }
  console.log(`  round ${round} done (${clockTime(performance.now() - startedAt)})`);
}

for (const kind of requestKinds) {
  console.log(`\n${requestTitles[kind]}`);
  for (const [index, { label, requests, block }] of roundTrips.entries()) {
    console.log(`  ${label}: ${requests} requests of each in turns of ${block}`);
    for (const line of comparisonTable(results[index]!, kind, goalVariants)) console.log(line);
  }
}

if (inProcessCalls > 0) {
  // The client with one no-op middleware in a process of its own, as in the round trips.
  const withoutMiddleware = runScript<InProcessResult>('scripts/bench/client/in-process-timing.ts', ['--calls', String(inProcessCalls)]);
  const withMiddleware = runScript<InProcessResult>('scripts/bench/client/in-process-timing.ts', ['--calls', String(inProcessCalls), '--middleware']);
  const watching = runScript<InProcessResult>('scripts/bench/client/in-process-timing.ts', ['--calls', String(inProcessCalls), '--drift']);
  const byMethod = runScript<InProcessResult>('scripts/bench/client/in-process-timing.ts', ['--calls', String(inProcessCalls), '--method']);
  console.log(`\n${inProcessLines({ 'client': withoutMiddleware, 'client method': byMethod, 'client + no-op mw': withMiddleware, 'client + drift report': watching }).join('\n')}`);
  console.log(driftCostLines(withoutMiddleware, watching).join('\n'));
}

const telemetryRequests = options['telemetry-requests'];
const telemetryResults: { label: string; rounds: TelemetryRound[]; atLeast: number }[] = [];
if (telemetryRequests > 0) {
  const commit = baseCommit(options.base);
  const base = builtBaseSdk(commit);
  console.log(`\nTelemetry: the client as it was at ${commit.slice(0, 12)} (compiled in a temporary git worktree), the same again as a control, this client with nobody subscribed, this client with the same span and histogram made by hand, and with @wallet-api/sdk/opentelemetry on (no-op span exporter), in turns in one process per round`);
  // The goals: nobody subscribed at least 0.98× the client as it was; telemetry on, 0.9× on loopback and 0.99× at the round trip.
  const settings = [
    { label: 'on loopback', delayMs: 0, requests: telemetryRequests, block: options.block, atLeast: 0.9 },
    { label: `at ${delay} ms`, delayMs: delay, requests: options['delayed-requests'], block: options['delayed-block'], atLeast: 0.99 },
  ];
  for (const { label, delayMs, requests, block, atLeast } of settings) {
    const measured: TelemetryRound[] = [];
    for (let round = 1; round <= rounds; round++) {
      measured.push(runScript<TelemetryRound>('scripts/bench/client/telemetry-round.ts', ['--base', base, '--requests', String(requests), '--block', String(block), '--delay-ms', String(delayMs)]));
    }
    telemetryResults.push({ label, rounds: measured, atLeast });
  }
  console.log(`\n${telemetryLines(telemetryResults).join('\n')}`);
}

const recordingCalls = options['recording-calls'];
if (recordingCalls > 0) {
  const run = runScript<RecordingRun>('scripts/bench/client/recording-run.ts', ['--calls', String(recordingCalls), '--block', String(options['recording-block'])]);
  console.log(`\n${recordingLines(run).join('\n')}`);
}

// The operation layer: the method call against the path-string call it makes, in turns in one process per round.
const layer = roundTrips.map(({ label, delayMs, requests, block }) => ({
  label,
  rounds: Array.from({ length: rounds }, () =>
    runScript<RoundResult>('scripts/bench/client/round.ts', ['--variant', operationLayer.method, '--against', operationLayer.path, '--requests', String(requests), '--block', String(block), '--delay-ms', String(delayMs)]),
  ),
}));

const layerTiming = inProcessCalls > 0 ? runScript<LayerTiming>('scripts/bench/client/layer-timing.ts', ['--calls', String(inProcessCalls)]) : undefined;

const goals = roundTrips.map(({ label, atLeast, atLeastFor }, index) => ({ label, atLeast, ...(atLeastFor ? { atLeastFor } : {}), rounds: results[index]! }));
console.log(`\n${summaryLines(goals, goalVariants, rounds).join('\n')}`);
console.log(operationLayerLines(layer, layerTiming).join('\n'));
console.log(`\nElapsed: ${clockTime(performance.now() - startedAt)} (m:ss)`);
