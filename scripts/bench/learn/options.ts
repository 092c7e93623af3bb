// The flags of `npm run bench:learn`, apart from its entry so a test can parse them.
import type { BenchOption, BenchUsage } from '../support/options.ts';

export const learnBenchUsage: BenchUsage = {
  command: 'npm run bench:learn --',
  about: 'Records traffic from the sandbox playing a provider profile, then times `npm run learn` on it phase by phase, with its rate and memory, against a 60 s budget.',
};

export const learnBenchOptions = {
  exchanges: { kind: 'whole number', min: 1, max: 1_000_000, default: 10_000, about: 'HAR entries the report reads' },
  format: { kind: 'text', placeholder: 'FORMAT', choices: ['har', 'jsonl'], default: 'har', about: 'how the recording is written: a HAR document (`--record`) or HAR entries as JSON lines (the SDK\'s recordTraffic, in production)' },
  'memory-baseline': { kind: 'whole number', min: 1, max: 1_000_000, about: 'also times the report on the first N of the entries, and prints the peak memory at --exchanges against that at N' },
  'walk-rounds': { kind: 'whole number', min: 1, max: 100, default: 8, about: 'rounds of the walk recorded, then repeated up to --exchanges (8 rounds: 204 exchanges, every weighted value of the profile shown)' },
  rounds: { kind: 'whole number', min: 1, max: 20, default: 3, about: 'fresh processes timing the report; their medians are printed' },
  profile: { kind: 'text', placeholder: 'FILE', default: 'tests/fixtures/providers/fills-unknowns.json', about: 'the provider profile the sandbox plays' },
  'keep-recording': { kind: 'text', placeholder: 'DIR', about: 'copies the recording (and the baseline\'s) there before the temporary directory is removed' },
  'skip-command': { kind: 'switch', about: 'leaves out the end-to-end run of `tsx scripts/learn.ts`' },
  'cpu-prof-dir': { kind: 'text', placeholder: 'DIR', about: 'writes a CPU profile of each timing process there (node --cpu-prof)' },
} as const satisfies Record<string, BenchOption>;
