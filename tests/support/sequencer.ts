// The order the suite's files start in. The run is bound by CPU on two cores, so two things
// waste it: a long file that starts late and finishes alone, and files that mostly wait (on
// timeouts and delays they test) running at the same time, leaving both cores idle.
//
// vitest starts the files that took longest in its last run first, but a fresh clone has no
// last run, and vitest then starts the largest files first, which puts several of the longest
// (the dev command, preflight, the contract hooks: short files that run processes) near the
// end. And by duration, the files that wait look long, so vitest starts them one after another.
// So: the files run in the background start first (each on a worker of its own, whose
// commands run at the lowest priority: vitest.config.ts); then the files known to use most
// CPU, longest first, with the files that mostly wait between them, so that each runs beside
// files that keep the cores busy; then vitest's order of the others.
//
// The lists come from the closing list of slowest files (tests/support/slowest-files.ts,
// docs/testing.md): CPU time for the long files, wall time far above CPU time for the waiting
// ones. A file missing from them only starts elsewhere; nothing fails.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files whose commands run at the lowest scheduling priority, filling the CPU time the others
 * leave idle: each gets a worker of its own (vitest.config.ts) and starts first, so that it
 * holds that worker, and not one of the others', for the whole run.
 */
export const inBackground = ['tests/learn/learning-loop.test.ts'];

export const longestFirst = [
  'tests/packages.test.ts',
  // Over a minute on a machine whose Python lane never ran: release:check first makes the
  // lane's environment (clients/python/.venv) in its copy, then builds and checks the packages.
  'tests/release/release-check.test.ts',
  'tests/dev/dev-command.test.ts',
  'tests/preflight/preflight.test.ts',
  'tests/diff/gate.test.ts',
  // After the files above: it waits for the packing and the install the packages test starts.
  'tests/packages-typescript.test.ts',
  'tests/sandbox/replicas.test.ts',
  'tests/contract/hooks.test.ts',
  'tests/bench/learn.test.ts',
  'tests/privacy/writers-property.test.ts',
  'tests/learn/report.test.ts',
  'tests/check-generated.test.ts',
  'tests/conformance/broken-client.test.ts',
  'tests/sandbox/command.test.ts',
  'tests/diff/changelog.test.ts',
  'tests/learn/stream-input.test.ts',
  'tests/cli/packed-bin.test.ts',
];

/** Files whose wall time is mostly waiting: timeouts, delays and retries they test in real time. */
export const mostlyWaiting = [
  'tests/sandbox/scenario-table.test.ts',
  'tests/client/scenarios.test.ts',
  'tests/sandbox/delay-past-idle.test.ts',
  'tests/sandbox/scenarios.test.ts',
  'tests/opentelemetry/scenario-rows.test.ts',
  'tests/sandbox/connections.test.ts',
  'tests/client/retry-after.test.ts',
  'tests/shutdown.test.ts',
  'tests/client/client.test.ts',
  // After the heaviest files: its hanging answers time out after 300 ms, and a starved machine
  // makes it run cases again.
  'tests/robustness/client-faults.test.ts',
];

const indexIn = (list: readonly string[], file: TestSpecification) => list.findIndex((path) => file.moduleId.endsWith(`/${path}`));

/**
 * How many long files start before the first waiting file. The waiting files test timeouts
 * against a clock: during the first files (the packing, the installs, npm run dev and tsc
 * all at once) a starved test process read its timer too late (a dribble that must time out
 * at 1 s completed first), so they start once that burst is over.
 */
export const waitingAfter = 4;

/**
 * One project's files: the background ones first; then the listed long ones, each from the
 * `waitingAfter`th on followed by one of the files that mostly wait, so that a waiting file
 * runs beside long files that keep the cores busy (spread through the short files instead,
 * the waiting files met at the end, where the short files leave the cores idle too); then
 * vitest's order of the rest.
 */
export function arrange(files: readonly TestSpecification[]): TestSpecification[] {
  const listed = (list: readonly string[]) => files.filter((file) => indexIn(list, file) !== -1).sort((a, b) => indexIn(list, a) - indexIn(list, b));
  // The lists name each file once (tests/sequencer.test.ts).
  const [background, first, waiting] = [listed(inBackground), listed(longestFirst), listed(mostlyWaiting)];
  const rest = files.filter((file) => ![inBackground, longestFirst, mostlyWaiting].some((list) => indexIn(list, file) !== -1));
  const slot = (index: number) => index + 1 - waitingAfter;
  const interleaved = first.flatMap((file, index) => (slot(index) >= 0 && slot(index) < waiting.length ? [file, waiting[slot(index)]!] : [file]));
  return [...background, ...interleaved, ...waiting.slice(Math.max(0, first.length + 1 - waitingAfter)), ...rest];
}

export default class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // vitest keeps each project's files together, in the projects' order (groupOrder): only
    // the order within a project changes.
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of await super.sort(files)) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    return [...byProject.values()].flatMap(arrange);
  }
}
