// npm run bench:dev: how long a spec owner waits after a save. In a copy of the repository,
// `npm run dev` runs as they run it; a one-line summary change is saved --saves times
// (default 10), each once the previous rebuild has finished (the gate included), and the time
// from the save to the open page being told to reload is measured from outside, on the
// live-reload stream the page listens to. Prints each save, the median against the 2 s goal,
// and the whole rebuild with the gate's verdict.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDevCommand } from '../../tests/support/dev-command.ts';
import { StatusStream } from '../../tests/support/live-reload-stream.ts';
import { copyRepository } from '../../tests/support/repository-copy.ts';
import { repoRoot } from '../../tools/support/repo.ts';
import { median } from './support/median.ts';
import { readBenchOptions } from './support/options.ts';

const { saves } = readBenchOptions(
  { command: 'npm run bench:dev --', about: 'Saves a one-line change in a copy of the repository under npm run dev, and times each save to the page being told to reload.' },
  { saves: { kind: 'whole number', min: 1, max: 1000, default: 10, about: 'saves to time, each after the previous rebuild has finished' } },
);
const goalSeconds = 2;
const file = 'openapi/paths/api_v1_wallets.yaml';
const summaries = ['summary: List wallets\n', 'summary: List the wallets of the integration\n'];

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const copy = copyRepository(repoRoot);
let dev: Awaited<ReturnType<typeof startDevCommand>> | undefined;
try {
  dev = await startDevCommand(copy.dir);
  const events = new StatusStream(dev.url);
  const first = await events.next((status) => status.verdict !== undefined);
  process.stdout.write(`npm run dev, ${saves} saves of a one-line summary change (${file}), Node ${process.version}\n`);
  const toReload: number[] = [];
  const toVerdict: number[] = [];
  let build = first.build;
  for (let save = 0; save < saves; save++) {
    const path = join(copy.dir, file);
    const text = readFileSync(path, 'utf8');
    const [from, to] = text.includes(summaries[0]!) ? summaries : [summaries[1]!, summaries[0]!];
    const savedAt = performance.now();
    writeFileSync(path, text.replace(from!, to!));
    build += 1;
    const reloaded = await events.next((status) => status.build === build, { since: savedAt });
    const judged = await events.next((status) => status.build === build && status.verdict !== undefined, { since: savedAt });
    toReload.push(reloaded.receivedAt - savedAt);
    toVerdict.push(judged.receivedAt - savedAt);
    process.stdout.write(`  save ${save + 1}: reload after ${seconds(toReload.at(-1)!)}, gate verdict after ${seconds(toVerdict.at(-1)!)} (${judged.verdict})\n`);
  }
  events.close();
  const middle = median(toReload);
  process.stdout.write(
    [
      '',
      `save to reload: median ${seconds(middle)}, min ${seconds(Math.min(...toReload))}, max ${seconds(Math.max(...toReload))}`,
      `  ${(middle / 1000 / goalSeconds).toFixed(2)}× the ${goalSeconds} s goal: ${middle <= goalSeconds * 1000 ? 'met' : 'NOT met'}`,
      `save to the gate's verdict (the whole rebuild): median ${seconds(median(toVerdict))}`,
      '',
    ].join('\n'),
  );
} finally {
  await dev?.stop('SIGINT');
  copy.remove();
}
