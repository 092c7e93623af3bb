// One round of one comparison for `npm run bench:client` (client.ts runs several, each in a
// fresh process, and prints their medians): sequential round trips to one local server (a
// separate process answering a fixed envelope, after --delay-ms) by raw fetch+signing, the
// floor of any client that signs and times out, and by one other variant, the same number
// each, after a warm-up. They take turns in blocks of --block requests so that load from
// other processes hits them alike. One variant per process: Node's fetch is shared by
// everything a process sends, and how its code gets optimised depends on the mix of
// arguments it is handed (a URL and an init object, or a Request, of different shapes), so a
// variant's cost measured beside all the others depends on them. An integrator's process
// sends one way. variants.ts says what each variant does. `--against` compares with another
// variant instead of the floor: the method call with the path-string call it makes, both
// handing fetch the same arguments.
// For both it prints, as one JSON line, the medians over the turns of the rate, the ratio to
// the floor, the CPU time this process spent per request and the floor's CPU time over it.
import { fileURLToPath } from 'node:url';
import { freePort, spawnService, waitForHttp } from '../../../tools/support/process.ts';
import { closeOnSignal } from '../../../packages/sandbox/src/shutdown.ts';
import { median } from '../support/median.ts';
import { readBenchOptions } from '../support/options.ts';
import { loadBuiltSdk } from './built-sdk.ts';
import { secret } from './payloads.ts';
import { requestKinds, type RoundResult } from './results.ts';
import { variants } from './variants.ts';
import { floor, variantNames, type VariantName } from './variant-names.ts';

const compared = variantNames.filter((name) => name !== floor);
// No defaults for the counts: client.ts holds them and passes them.
const options = readBenchOptions(
  { command: 'node --expose-gc --import tsx scripts/bench/client/round.ts', about: `Times one variant against the floor (${floor}) in turns, and prints the medians as one JSON line.` },
  {
    variant: { kind: 'text', placeholder: 'NAME', choices: compared, required: true, about: 'the variant compared with the floor' },
    requests: { kind: 'whole number', min: 1, max: 100_000, required: true, about: 'requests of each variant and kind, after a warm-up of one block' },
    block: { kind: 'whole number', min: 1, max: 100_000, required: true, about: 'requests of one variant in a row: one turn' },
    'delay-ms': { kind: 'whole number', min: 0, max: 10_000, default: 0, about: 'how long the server waits before each answer' },
    against: { kind: 'text', placeholder: 'NAME', choices: variantNames, default: floor, about: `the variant it is compared with (default the floor); the operation layer is the method call against the path-string call, in one process` },
  },
);
const reference = options.against as VariantName;
if (options.requests < options.block) throw new Error('--requests must be at least --block');
const blocks = Math.floor(options.requests / options.block);

const sdk = await loadBuiltSdk();
const port = await freePort();
const serverScript = fileURLToPath(new URL('./fixed-answer-server.ts', import.meta.url));
const server = spawnService(process.execPath, ['--import', 'tsx', serverScript, '--port', String(port), '--delay-ms', String(options['delay-ms'])]);
const baseUrl = `http://127.0.0.1:${port}`;
// The server runs in its own process group: Ctrl-C reaches this process, not the server.
closeOnSignal(server.stop);

/** One block of one variant: its rate and the CPU time this process spent per request. */
type Block = { rate: number; cpuMicros: number };
// With --expose-gc (client.ts runs each round with it), every block starts on a collected
// heap, so no variant pays for the garbage of the one before it.
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

try {
  await waitForHttp(baseUrl, 15_000, server.child);
  const setup = { baseUrl, sdk, sign: sdk.hmacSha256({ secret }) };
  // Only these two are made and called in this process.
  const timed = ([reference, options.variant] as const).map((name) => ({ name, calls: variants[name](setup) }));
  const result = {} as RoundResult;
  for (const kind of requestKinds) {
    const turns = new Map<string, Block[]>(timed.map((v) => [v.name, []]));
    for (const v of timed) await measure(v.calls[kind], options.block); // warm-up
    for (let turn = 0; turn < blocks; turn++) {
      // Alternate who goes first so neither always follows the other.
      for (let i = 0; i < timed.length; i++) {
        const v = timed[(turn + i) % timed.length]!;
        turns.get(v.name)!.push(await measure(v.calls[kind], options.block));
      }
    }
    // `toFloor` and `cpuToFloor` are to the reference: the floor unless --against names another.
    const floorTurns = turns.get(reference)!;
    result[kind] = timed.map((v) => ({
      name: v.name,
      rate: median(turns.get(v.name)!.map((b) => b.rate)),
      toFloor: median(turns.get(v.name)!.map((b, turn) => b.rate / floorTurns[turn]!.rate)),
      cpuMicros: median(turns.get(v.name)!.map((b) => b.cpuMicros)),
      // The same comparison by the CPU time of the client process, the client's own cost: a
      // round trip's wall time also holds the server's work and the VM's scheduling.
      cpuToFloor: median(turns.get(v.name)!.map((b, turn) => floorTurns[turn]!.cpuMicros / b.cpuMicros)),
    }));
  }
  console.log(JSON.stringify(result));
} finally {
  await server.stop();
}
