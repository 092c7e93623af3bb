// The order the suite's files start in. Two workers share two cores, so the run ends when the
// last file ends: a long file that starts late leaves one core idle while it finishes alone.
// vitest starts the files that took longest in its last run first, but a fresh clone has no
// last run, and vitest then starts the largest files first, which puts several of the longest
// (the dev command, preflight, the contract hooks: short files that run processes) near the
// end. So the files known to be long start first, longest first, and vitest orders the rest.
//
// The list is the top of the closing list of slowest files (tests/support/slowest-files.ts,
// docs/testing.md) by CPU time; a file missing from it only starts later, nothing fails.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const longestFirst = [
  'tests/packages.test.ts',
  'tests/dev/dev-command.test.ts',
  'tests/preflight/preflight.test.ts',
  'tests/sandbox/replicas.test.ts',
  'tests/cli/packed-bin.test.ts',
  'tests/diff/gate.test.ts',
  'tests/check-generated.test.ts',
  'tests/learn/report.test.ts',
  'tests/contract/hooks.test.ts',
  'tests/learn/stream-input.test.ts',
  'tests/bench/learn.test.ts',
  'tests/learn/learn-command.test.ts',
  'tests/privacy/writers-property.test.ts',
  'tests/sandbox/command.test.ts',
  'tests/sandbox/profiles.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = longestFirst.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return index === -1 ? longestFirst.length : index;
    };
    // vitest keeps each project's files together, in the projects' order (groupOrder): only
    // the order within a project changes. Array.prototype.sort is stable, so the unlisted
    // files keep vitest's order.
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}
