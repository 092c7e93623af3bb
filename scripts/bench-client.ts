// `npm run bench:client [-- --rounds R --requests N --block B]`: how fast this client makes
// signed calls next to raw fetch doing the same signing and timeout, plain openapi-fetch,
// and the same client with one middleware registered. It builds the packages, then runs R
// rounds (default 5), each in a fresh process (bench-client-round.ts, which says what each
// variant does), because a process's own JIT and heap make its ratios differ from the next
// one's by several percent. Prints, per variant, the medians over the rounds of req/s, the
// ratios to raw fetch and to raw fetch+signing, and the CPU µs per request of the client
// process with its ratio to raw fetch+signing's (the client's own cost, steadier on a shared
// machine than req/s), then each round's ratios of the client to raw fetch+signing.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { repoRoot } from '../src/support/repo.ts';
import { median } from '../src/support/median.ts';
import { buildPackages } from './build.ts';
import type { RoundResult } from './bench-client-round.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, requests: { type: 'string', default: '4000' }, block: { type: 'string', default: '200' } } });
const rounds = Number(values.rounds);
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 50)) throw new Error('--rounds must be an integer from 1 to 50');

buildPackages();
console.log(`node ${process.version}; ${rounds} rounds, each in a fresh process: ${values.requests} sequential requests per variant in turns of ${values.block}, after a warm-up of one turn`);
const results: RoundResult[] = [];
for (let round = 1; round <= rounds; round++) {
  const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench-client-round.ts', '--requests', values.requests!, '--block', values.block!], { cwd: repoRoot, encoding: 'utf8' });
  results.push(JSON.parse(output.trim().split('\n').at(-1)!) as RoundResult);
  process.stdout.write(`  round ${round} done\n`);
}

for (const kind of ['post', 'get'] as const) {
  console.log(`\n${kind === 'post' ? 'POST /api/v1/swaps (JSON body, signed)' : 'GET /api/v1/transactions?limit=20&page=1'}`);
  console.log(`  ${'variant'.padEnd(18)} ${'req/s'.padStart(7)}   ${'× raw fetch'.padStart(11)}   ${'× raw fetch+signing'.padStart(19)}   ${'CPU µs/request'.padStart(14)}   ${'× raw fetch+signing, by CPU'.padStart(27)}`);
  const names = results[0]![kind]!.map((v) => v.name);
  const of = (name: string) => results.map((r) => r[kind]!.find((v) => v.name === name)!);
  for (const name of names) {
    const rows = of(name);
    const ratios = `${`${median(rows.map((r) => r.toRaw)).toFixed(2)}×`.padStart(11)}   ${`${median(rows.map((r) => r.toSigned)).toFixed(2)}×`.padStart(19)}`;
    const cpu = `${median(rows.map((r) => r.cpuMicros)).toFixed(0).padStart(14)}   ${`${median(rows.map((r) => r.cpuToSigned)).toFixed(2)}×`.padStart(27)}`;
    console.log(`  ${name.padEnd(18)} ${median(rows.map((r) => r.rate)).toFixed(0).padStart(7)}   ${ratios}   ${cpu}`);
  }
  const client = of('client (signed)');
  console.log(`  client × raw fetch+signing, round by round: ${client.map((r) => `${r.toSigned.toFixed(2)}×`).join(', ')} (by CPU: ${client.map((r) => `${r.cpuToSigned.toFixed(2)}×`).join(', ')})`);
}
