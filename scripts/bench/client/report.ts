// How `npm run bench:client` prints what its processes measured: per request kind and
// round trip, each variant's medians over the rounds; the in-process timing; and the
// summary of the client's ratios to the floor against their goals.
import { median } from '../support/median.ts';
import { requestKinds, telemetryVariants, type InProcessResult, type RecordingRun, type RequestKind, type RoundResult, type TelemetryRound, type VariantFigures } from './results.ts';
import { floor, operationLayer, variantNames, type VariantName } from './variant-names.ts';

export const requestTitles: Record<RequestKind, string> = {
  post: 'POST /api/v1/swaps (JSON body, signed)',
  get: 'GET /api/v1/transactions?limit=20&page=1',
};

/** Every round of each compared variant against the floor, at one round trip. */
export type Rounds = Map<VariantName, RoundResult[]>;

const ratio = (value: number) => `${value.toFixed(2)}×`;

/** Every round's figures of `name`; the floor's from every process it ran in. */
function figuresOf(rounds: Rounds, name: VariantName, kind: RequestKind): VariantFigures[] {
  const results = name === floor ? [...rounds.values()].flat() : (rounds.get(name) ?? []);
  return results.map((result) => result[kind].find((row) => row.name === name)!);
}

/** The median over the rounds of `name`'s ratio to the floor. */
function medianToFloor(rounds: Rounds, name: VariantName, kind: RequestKind): number {
  return median(figuresOf(rounds, name, kind).map((f) => f.toFloor));
}

/** Each variant's medians over the rounds, then each round's ratio of the variants named. */
export function comparisonTable(rounds: Rounds, kind: RequestKind, roundByRound: readonly VariantName[]): string[] {
  const shown = variantNames.filter((name) => name === floor || rounds.has(name));
  const nameWidth = Math.max(...shown.map((name) => name.length));
  const rows = shown.map((name) => {
    const of = figuresOf(rounds, name, kind);
    const rate = median(of.map((f) => f.rate)).toFixed(0).padStart(7);
    const cpu = median(of.map((f) => f.cpuMicros)).toFixed(0).padStart(14);
    return `    ${name.padEnd(nameWidth)} ${rate}   ${ratio(median(of.map((f) => f.toFloor))).padStart(7)}   ${cpu}   ${ratio(median(of.map((f) => f.cpuToFloor))).padStart(15)}`;
  });
  const roundLines = roundByRound.map((name) => {
    const of = figuresOf(rounds, name, kind);
    return `    ${name} × floor, round by round: ${of.map((f) => ratio(f.toFloor)).join(', ')} (by CPU: ${of.map((f) => ratio(f.cpuToFloor)).join(', ')})`;
  });
  return [`    ${'variant'.padEnd(nameWidth)} ${'req/s'.padStart(7)}   ${'× floor'.padStart(7)}   ${'CPU µs/request'.padStart(14)}   ${'× floor, by CPU'.padStart(15)}`, ...rows, ...roundLines];
}

/** The in-process timing of each client variant (each from a process of its own, beside its own floor). */
export function inProcessLines(results: Record<string, InProcessResult>): string[] {
  const width = Math.max(...Object.keys(results).map((name) => name.length));
  return [
    'Without the network (fetch answered in-process at once), µs per call:',
    ...requestKinds.flatMap((kind) =>
      Object.entries(results).map(([name, result]) => {
        const { client, floor: raw } = result[kind];
        return `  ${kind.toUpperCase().padEnd(4)}  ${name.padEnd(width)} ${client.toFixed(1)}, ${floor} ${raw.toFixed(1)}: it adds ${(client - raw).toFixed(1)} µs`;
      }),
    ),
  ];
}

/**
 * What the drift watch adds per call: its reading of the answer timed alone, and the
 * watching client's µs over the plain client's (each timed in a process of its own, so
 * this difference carries the noise of two processes).
 */
export function driftCostLines(plain: InProcessResult, watching: InProcessResult): string[] {
  return requestKinds.map((kind) => {
    const added = watching[kind].client - plain[kind].client;
    const reading = watching[kind].reading;
    return `  ${kind.toUpperCase().padEnd(4)}  the drift watch (report, sample rate 1) adds ${reading === undefined ? '?' : reading.toFixed(1)} µs per call reading the answer (client ${plain[kind].client.toFixed(1)} → ${watching[kind].client.toFixed(1)} µs with it: ${added >= 0 ? '+' : ''}${added.toFixed(1)})`;
  });
}

/** One column of the summary: the rounds at one round trip and the ratio the client should reach there (`atLeastFor`: another for some variants). */
export type Goal = { label: string; rounds: Rounds; atLeast: number; atLeastFor?: Partial<Record<VariantName, number>> };

/** Per request kind, each variant's median ratio to the floor in each column, with whether it meets the column's goal. */
export function summaryLines(goals: readonly Goal[], shown: readonly VariantName[], roundCount: number): string[] {
  const labels = goals.map((goal) => `${goal.label} (goal ≥ ${goal.atLeast}×${Object.entries(goal.atLeastFor ?? {}).map(([name, value]) => `, ${value}× ${name}`).join('')})`);
  const width = Math.max(...labels.map((label) => label.length)) + 3;
  const header = labels.map((label) => label.padEnd(width)).join('');
  const nameWidth = Math.max(...shown.map((name) => name.length)) + 2;
  const rows = requestKinds.flatMap((kind) =>
    shown.map((name, index) => {
      const cells = goals.map((goal) => {
        const value = medianToFloor(goal.rounds, name, kind);
        // Cut, not rounded, to three decimals: a figure just under its goal never prints as the goal.
        const cut = (Math.floor(value * 1000) / 1000).toFixed(3);
        return `${cut}×  ${value >= (goal.atLeastFor?.[name] ?? goal.atLeast) ? 'met' : 'NOT met'}`.padEnd(width);
      });
      return `  ${(index === 0 ? kind.toUpperCase() : '').padEnd(6)}${name.padEnd(nameWidth)}${cells.join('')}`.trimEnd();
    }),
  );
  return [`Summary: × floor (${floor}), medians over ${roundCount} round${roundCount === 1 ? '' : 's'}`, `  ${''.padEnd(6 + nameWidth)}${header}`.trimEnd(), ...rows];
}

/**
 * The operation layer against the path-string call beneath it: per round trip and request
 * kind, the medians over the rounds (each a process of its own, the two taking turns in
 * it) of the method call's rate over the path-string call's, and the CPU µs of each per call.
 */
/** layer-timing.ts: per request kind, the CPU µs per call of the path-string call and the method call, without the network, and the median of the turns' differences. */
export type LayerTiming = Record<RequestKind, { path: number; method: number; added: number }>;

export function operationLayerLines(layer: readonly { label: string; rounds: readonly RoundResult[] }[], timing?: LayerTiming): string[] {
  const { method, path, atLeast } = operationLayer;
  const lines = requestKinds.flatMap((kind) =>
    layer.map(({ label, rounds }) => {
      const row = (result: RoundResult, name: VariantName) => result[kind].find((r) => r.name === name)!;
      const value = median(rounds.map((r) => row(r, method).toFloor));
      const cut = (Math.floor(value * 1000) / 1000).toFixed(3);
      const cpu = (name: VariantName) => median(rounds.map((r) => row(r, name).cpuMicros));
      const each = rounds.map((r) => ratio(row(r, method).toFloor)).join(', ');
      return `  ${kind.toUpperCase().padEnd(6)}${label.padEnd(14)}${cut}×  ${(value >= atLeast ? 'met' : 'NOT met').padEnd(9)}CPU µs/call: ${path} ${cpu(path).toFixed(0)}, ${method} ${cpu(method).toFixed(0)} (round by round: ${each})`;
    }),
  );
  const withoutNetwork = timing
    ? requestKinds.map((kind) => `  ${kind.toUpperCase().padEnd(6)}without the network, CPU µs per call in one process: ${path} ${timing[kind].path.toFixed(1)}, ${method} ${timing[kind].method.toFixed(1)}: the layer adds ${timing[kind].added.toFixed(1)} µs`)
    : [];
  return [`The operation layer: ${method} × ${path}, the two in turns in one process per round (goal ≥ ${atLeast}×), medians over the rounds`, ...lines, ...withoutNetwork];
}

/** Minutes and seconds, as a wall clock reads. */
export function clockTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Nobody subscribed should cost nothing that shows next to the client as it was. */
export const nobodySubscribedGoal = 0.98;

/**
 * The telemetry comparison: per round trip and request kind, each one's median req/s and its
 * median ratio to the client as it was, over the rounds, with whether it meets its goal
 * (nobody subscribed ≥ 0.98×; telemetry on ≥ the round trip's own goal; the control and
 * OpenTelemetry by hand have none), and the CPU µs the client process spent per call with
 * what that adds to the client as it was.
 */
export function telemetryLines(results: readonly { label: string; rounds: TelemetryRound[]; atLeast: number }[]): string[] {
  const width = Math.max(...telemetryVariants.map((v) => v.length));
  const lines: string[] = [];
  for (const { label, rounds, atLeast } of results) {
    lines.push(`  ${label} (${rounds.length} round${rounds.length === 1 ? '' : 's'}; goals: nobody subscribed ≥ ${nobodySubscribedGoal}×, telemetry on ≥ ${atLeast}× the client as it was)`);
    for (const kind of requestKinds) {
      lines.push(`    ${kind.toUpperCase()}`);
      const baseCpu = median(rounds.map((r) => r[kind]['client as it was'].cpuMicros));
      for (const variant of telemetryVariants) {
        const rate = median(rounds.map((r) => r[kind][variant].rate));
        const ratio = median(rounds.map((r) => r[kind][variant].toBase));
        const cpu = median(rounds.map((r) => r[kind][variant].cpuMicros));
        const goal = variant === 'nobody subscribed' ? nobodySubscribedGoal : variant === 'telemetry on' ? atLeast : undefined;
        const cut = (Math.floor(ratio * 1000) / 1000).toFixed(3);
        const verdict = goal === undefined ? '' : ratio >= goal ? 'met' : 'NOT met';
        const added = variant === 'client as it was' ? '' : ` (${cpu >= baseCpu ? '+' : '−'}${Math.abs(cpu - baseCpu).toFixed(0)})`;
        const cpuText = `${cpu.toFixed(0)} µs CPU/call${added}`;
        lines.push(`      ${variant.padEnd(width)} ${rate.toFixed(0).padStart(7)} req/s   ${cut}× ${verdict.padEnd(7)}  ${cpuText.padEnd(26)} (round by round: ${rounds.map((r) => ratio_(r[kind][variant].toBase)).join(', ')})`);
      }
    }
  }
  return [
    'Telemetry, × the client as it was (req/s medians over the turns of each round, then over the rounds; CPU µs of the client process per call):',
    ...lines,
    "  (the control is the client as it was in turns of its own: its distance from 1.000× is the run's noise, within which a ratio cannot be told from 1;",
    '   OpenTelemetry by hand is this client, nobody subscribed, with the same span and histogram made around each call with the API directly: what writing them costs at least)',
  ];
}

const ratio_ = (value: number) => `${value.toFixed(2)}×`;

/** The recording run: per-call cost of the first and last blocks, memory, and what was written and dropped. */
export function recordingLines(run: RecordingRun): string[] {
  const first = run.blocks[0]!;
  const last = run.blocks.at(-1)!;
  const growth = run.rssPeakMB - run.rssStartMB;
  const ratio = last / first;
  return [
    `Recording every call (recordTraffic, sample rate 1, default limits: 64 MiB files, 5 kept, 1000 waiting) over ${run.calls.toLocaleString('en')} calls with fetch answered in-process:`,
    `  µs per call by block of ${run.block.toLocaleString('en')}: ${run.blocks.map((b) => b.toFixed(1)).join(', ')}`,
    `  last block ${last.toFixed(1)} µs against the first ${first.toFixed(1)} µs: ${(Math.floor(ratio * 1000) / 1000).toFixed(3)}× (goal ≤ 1.2×)  ${ratio <= 1.2 ? 'met' : 'NOT met'}`,
    `  resident memory ${run.rssStartMB.toFixed(0)} MB at the start, ${run.rssPeakMB.toFixed(0)} MB at the peak (+${growth.toFixed(1)} MB; goal ≤ +50 MB)  ${growth <= 50 ? 'met' : 'NOT met'}, ${run.rssEndMB.toFixed(0)} MB after close()`,
    `  written ${run.written.toLocaleString('en')}, dropped ${run.dropped.toLocaleString('en')}; ${run.files} file${run.files === 1 ? '' : 's'} on disk, ${(run.bytes / (1024 * 1024)).toFixed(1)} MiB`,
  ];
}
