// `npm run bench:client [-- --rounds R --requests N --block B]`: how fast this client makes
// signed calls next to raw fetch doing the same signing and timeout (the floor), and next to
// raw fetch, plain openapi-fetch and the same client with one middleware registered. It
// builds the packages, then for each of R rounds (default 5) runs each variant against the
// floor in a fresh process of its own (client/round.ts says what each variant does and
// why one per process): a process's own JIT and heap make its ratios differ from the next
// one's by several percent. Prints, per variant, the medians over the rounds of req/s, the
// ratio to the floor, and the CPU µs per request of the client process with the floor's over
// it (the client's own cost, steadier on a shared machine than req/s); then each round's
// ratios of the client; then the client's own work per call with fetch answered in-process
// (client/in-process-timing.ts).
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../src/support/repo.ts';
import { median } from './support/median.ts';
import { buildPackages } from '../build.ts';
import { floor, variantNames, type VariantName } from './client/variant-names.ts';
import type { RoundResult } from './client/round.ts';
import type { StubResult } from './client/in-process-timing.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, requests: { type: 'string', default: '3000' }, block: { type: 'string', default: '200' } } });
const rounds = Number(values.rounds);
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 50)) throw new Error('--rounds must be an integer from 1 to 50');

/** The last JSON line a script printed, run in a fresh process. */
function runScript<T>(script: string, args: string[]): T {
  const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, ...args], { cwd: repoRoot, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as T;
}

buildPackages();
const compared = variantNames.filter((name) => name !== floor);
console.log(
  `node ${process.version}; ${rounds} round${rounds === 1 ? '' : 's'}; in each, every variant in a fresh process with the floor (${floor}): ` +
    `${values.requests} sequential requests each in turns of ${values.block}, after a warm-up of one turn`,
);
const results = new Map<VariantName, RoundResult[]>(compared.map((name) => [name, []]));
for (let round = 1; round <= rounds; round++) {
  for (const name of compared) {
    results.get(name)!.push(runScript<RoundResult>('scripts/bench/client/round.ts', ['--variant', name, '--requests', values.requests!, '--block', values.block!]));
  }
  process.stdout.write(`  round ${round} done\n`);
}

const ratio = (value: number) => `${value.toFixed(2)}×`;
for (const kind of ['post', 'get'] as const) {
  console.log(`\n${kind === 'post' ? 'POST /api/v1/swaps (JSON body, signed)' : 'GET /api/v1/transactions?limit=20&page=1'}`);
  console.log(`  ${'variant'.padEnd(18)} ${'req/s'.padStart(7)}   ${'× floor'.padStart(7)}   ${'CPU µs/request'.padStart(14)}   ${'× floor, by CPU'.padStart(15)}`);
  /** Every round's row of `name`; the floor's from every process it ran in. */
  const rows = (name: VariantName) => (name === floor ? compared.flatMap((other) => results.get(other)!) : results.get(name)!).map((r) => r[kind].find((row) => row.name === name)!);
  for (const name of variantNames) {
    const of = rows(name);
    const rate = median(of.map((r) => r.rate)).toFixed(0).padStart(7);
    const cpu = median(of.map((r) => r.cpuMicros)).toFixed(0).padStart(14);
    console.log(`  ${name.padEnd(18)} ${rate}   ${ratio(median(of.map((r) => r.toSigned))).padStart(7)}   ${cpu}   ${ratio(median(of.map((r) => r.cpuToSigned))).padStart(15)}`);
  }
  const client = rows('client (signed)');
  console.log(`  client (signed) × floor, round by round: ${client.map((r) => ratio(r.toSigned)).join(', ')} (by CPU: ${client.map((r) => ratio(r.cpuToSigned)).join(', ')})`);
}

const stub = runScript<StubResult>('scripts/bench/client/in-process-timing.ts', ['--calls', '120000']);
console.log('\nWithout the network (fetch answered in-process at once), µs per call:');
for (const kind of ['post', 'get'] as const) {
  const { client, raw } = stub[kind];
  console.log(`  ${kind.toUpperCase().padEnd(4)}  client ${client.toFixed(1)}, ${floor} ${raw.toFixed(1)}: the client adds ${(client - raw).toFixed(1)} µs`);
}
