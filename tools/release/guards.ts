// What stops a release before anything is built (`npm run release:check`): each problem is
// one message naming what is wrong and where, so the release engineer fixes it without
// reading a build log.
//   - a working tree with changes: a release is built from a commit, and tagged there;
//   - VERSION not a semantic version, or not above the last release tag (v*): the registries
//     refuse a version twice and sort by semantic version;
//   - CHANGELOG.md without a section for the version;
//   - a generated file out of date (npm run check:generated), the version stamps included.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareSemver, isSemver } from '../codegen/kit-version.ts';
import { checkGeneratedFiles, type GeneratedFileResult } from '../generated-files/check.ts';

export type GuardOptions = {
  /** The generated-file check; default the project's own (npm run check:generated). */
  checkGenerated?: () => Promise<GeneratedFileResult[]>;
};

/** The release tag of a version: v1.2.3. */
export const releaseTag = (version: string) => `v${version}`;

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The problems that stop the release of the tree at `root`, in the order a release engineer meets them; empty when none. */
export async function releaseProblems(root: string, options: GuardOptions = {}): Promise<string[]> {
  const problems: string[] = [];

  const changed = git(root, ['status', '--porcelain', '--untracked-files=normal']).split('\n').filter(Boolean).map((line) => line.slice(3));
  if (changed.length > 0) {
    const shown = changed.slice(0, 5).join(', ') + (changed.length > 5 ? `, and ${changed.length - 5} more` : '');
    problems.push(`the working tree has uncommitted changes (${shown}): commit or stash them, a release is built from a commit`);
  }

  const versionPath = join(root, 'VERSION');
  const version = existsSync(versionPath) ? readFileSync(versionPath, 'utf8').trim() : undefined;
  if (version === undefined) problems.push('VERSION is missing: npm run version:set -- X.Y.Z writes it');
  else if (!isSemver(version)) problems.push(`VERSION holds '${version}', which is not a semantic version (X.Y.Z, e.g. 1.4.0 or 1.4.0-rc.1): npm run version:set -- X.Y.Z`);
  else {
    const head = git(root, ['rev-parse', 'HEAD']).trim();
    const tags = git(root, ['tag', '--list', 'v*']).split('\n').filter((tag) => isSemver(tag.slice(1)));
    const own = tags.find((tag) => tag === releaseTag(version));
    // On the release's own tag (the release workflow runs there), that tag is this release, not the last one.
    if (own !== undefined && git(root, ['rev-list', '-n', '1', own]).trim() !== head) problems.push(`VERSION ${version} is already released: tag ${own} is on another commit; raise VERSION (npm run version:set -- X.Y.Z)`);
    const last = tags.filter((tag) => tag !== own).sort((a, b) => compareSemver(b.slice(1), a.slice(1)))[0];
    if (last !== undefined && compareSemver(version, last.slice(1)) <= 0) problems.push(`VERSION ${version} is not above the last release tag ${last}: raise it (npm run version:set -- X.Y.Z)`);

    const changelog = join(root, 'CHANGELOG.md');
    const heading = new RegExp(`^## ${version.replace(/[.+]/g, '\\$&')}(?:\\s|$)`, 'm');
    if (!existsSync(changelog)) problems.push('CHANGELOG.md is missing');
    else if (!heading.test(readFileSync(changelog, 'utf8'))) problems.push(`CHANGELOG.md has no section for ${version}: add a "## ${version}" heading with what changed per language`);
  }

  const results = await (options.checkGenerated ?? (() => checkGeneratedFiles()))();
  for (const result of results) {
    if (result.notChecked !== undefined) problems.push(`generated file ${result.path} could not be checked: ${result.notChecked}`);
    else if (!result.fresh) problems.push(`generated file ${result.path} is out of date: run \`${result.fixWith}\` and commit it`);
  }
  return problems;
}
