// The suite's start order (tests/support/sequencer.ts): the background files first, then the
// files known to be long, with the files that mostly wait between them.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import SuiteSequencer, { arrange, inBackground, longestFirst, mostlyWaiting, waitingAfter } from './support/sequencer.ts';
import { repoRoot } from './support/run.ts';

/** What the sequencer reads of a file to run: its path and its project's name and group. */
const spec = (path: string, project = 'suite', groupOrder = 0) => ({ moduleId: join(repoRoot, path), project: { name: project, config: { sequence: { groupOrder }, isolate: false } } }) as unknown as TestSpecification;
const paths = (files: TestSpecification[]) => files.map((file) => relative(repoRoot, file.moduleId));

// vitest's own order needs its cache: this one knows no earlier run and no file sizes, so vitest leaves the order as given.
const noCache = { cache: { getFileTestResults: () => undefined, getFileStats: () => undefined }, config: { root: repoRoot } };

describe('the order the suite starts its files in', () => {
  it('names only files that exist, each in one list, so a renamed file is not silently started elsewhere', () => {
    const listed = [...inBackground, ...longestFirst, ...mostlyWaiting];
    expect(listed.filter((path) => !existsSync(join(repoRoot, path)))).toEqual([]);
    expect(listed.filter((path, index) => listed.indexOf(path) !== index)).toEqual([]);
  });

  it('starts the background files first, then the listed long files in the list order, and keeps the rest and the projects in their order', async () => {
    const files = [spec('tests/args.test.ts'), spec(longestFirst[2]!), spec('tests/other-project.test.ts', 'other', 1), spec('tests/signing.test.ts'), spec(inBackground[0]!), spec(longestFirst[0]!)];
    const sorted = await new SuiteSequencer(noCache as never).sort(files);
    expect(paths(sorted)).toEqual([inBackground[0], longestFirst[0], longestFirst[2], 'tests/args.test.ts', 'tests/signing.test.ts', 'tests/other-project.test.ts']);
  });

  it('puts a file that mostly waits after each listed long file from the waitingAfter-th on, the rest after them', () => {
    const [w1, w2, w3] = mostlyWaiting;
    const long = longestFirst.slice(0, waitingAfter + 1);
    const shuffled = ['tests/other-1.test.ts', w2!, ...[...long].reverse(), 'tests/other-2.test.ts', w1!, w3!];
    const before = long.slice(0, waitingAfter - 1);
    const [atSlot, next] = long.slice(waitingAfter - 1);
    expect(paths(arrange(shuffled.map((path) => spec(path))))).toEqual([...before, atSlot, w1, next, w2, w3, 'tests/other-1.test.ts', 'tests/other-2.test.ts']);
  });

});
