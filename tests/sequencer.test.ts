// The suite's start order (tests/support/sequencer.ts): the files known to be long start first.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import LongestFirstSequencer, { longestFirst } from './support/sequencer.ts';
import { repoRoot } from './support/run.ts';

/** What the sequencer reads of a file to run: its path and its project's name and group. */
const spec = (path: string, project: string, groupOrder: number) => ({ moduleId: join(repoRoot, path), project: { name: project, config: { sequence: { groupOrder }, isolate: false } } }) as unknown as TestSpecification;

// vitest's own order needs its cache: this one knows no earlier run and no file sizes, so vitest leaves the order as given.
const noCache = { cache: { getFileTestResults: () => undefined, getFileStats: () => undefined }, config: { root: repoRoot } };

describe('the order the suite starts its files in', () => {
  it('names only files that exist, so a renamed slow file is not silently started late', () => {
    expect(longestFirst.filter((path) => !existsSync(join(repoRoot, path)))).toEqual([]);
  });

  it('starts the listed files first, in the list order, and keeps the rest and the projects in their order', async () => {
    const files = [
      spec('tests/args.test.ts', 'suite', 0),
      spec(longestFirst[2]!, 'suite', 0),
      spec('tests/learn/learning-loop.test.ts', 'end to end', 1),
      spec('tests/signing.test.ts', 'suite', 0),
      spec(longestFirst[0]!, 'suite', 0),
    ];
    const sorted = await new LongestFirstSequencer(noCache as never).sort(files);
    expect(sorted.map((file) => relative(repoRoot, file.moduleId))).toEqual([longestFirst[0], longestFirst[2], 'tests/args.test.ts', 'tests/signing.test.ts', 'tests/learn/learning-loop.test.ts']);
  });
});
