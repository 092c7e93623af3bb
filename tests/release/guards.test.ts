// What stops a release before anything is built (tools/release/guards.ts), on a small git
// repository of its own: each problem named, none on a tree ready to release.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GeneratedFileResult } from '../../tools/generated-files/check.ts';
import { releaseProblems } from '../../tools/release/guards.ts';

const repos: string[] = [];
afterEach(() => repos.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const fresh = async (): Promise<GeneratedFileResult[]> => [{ path: 'generated/openapi.yaml', fixWith: 'npm run bundle', fresh: true }];

/** A repository at `version` with a changelog section for it, committed; `tags` tag earlier commits. */
function repository(version: string, options: { tags?: string[]; changelogFor?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'release-guards-'));
  repos.push(dir);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  for (const tag of options.tags ?? []) {
    writeFileSync(join(dir, 'VERSION'), `${tag.slice(1)}\n`);
    git('add', '-A');
    git('commit', '-qm', tag);
    git('tag', tag);
  }
  writeFileSync(join(dir, 'VERSION'), `${version}\n`);
  writeFileSync(join(dir, 'CHANGELOG.md'), `# Changelog\n\n## ${options.changelogFor ?? version}\n\n### Python\n\n- a change\n`);
  git('add', '-A');
  git('commit', '-qm', 'release');
  return { dir, git };
}

describe('the release guards', () => {
  it('let a committed, higher, changelogged version with fresh generated files through', async () => {
    const { dir } = repository('1.3.0-rc.1', { tags: ['v1.2.0', 'v1.3.0-beta.2', 'v0.9.0'] });
    expect(await releaseProblems(dir, { checkGenerated: fresh })).toEqual([]);
  });

  it('let the release through on its own tag, where the release workflow runs', async () => {
    const { dir, git } = repository('1.2.0', { tags: ['v1.1.0'] });
    git('tag', 'v1.2.0');
    expect(await releaseProblems(dir, { checkGenerated: fresh })).toEqual([]);
  });

  it('stop a tree with uncommitted changes, naming them', async () => {
    const { dir } = repository('1.0.0');
    writeFileSync(join(dir, 'CHANGELOG.md'), '# edited\n\n## 1.0.0\n');
    writeFileSync(join(dir, 'notes.txt'), 'new');
    expect(await releaseProblems(dir, { checkGenerated: fresh })).toEqual(['the working tree has uncommitted changes (CHANGELOG.md, notes.txt): commit or stash them, a release is built from a commit']);
  });

  it('stop a version that is not semantic, naming VERSION', async () => {
    const { dir } = repository('1.2');
    expect(await releaseProblems(dir, { checkGenerated: fresh })).toEqual(["VERSION holds '1.2', which is not a semantic version (X.Y.Z, e.g. 1.4.0 or 1.4.0-rc.1): npm run version:set -- X.Y.Z"]);
  });

  it('stop a version not above the last release tag, by semantic precedence', async () => {
    expect(await releaseProblems(repository('1.10.0', { tags: ['v1.9.0', 'v1.10.0-rc.1'] }).dir, { checkGenerated: fresh })).toEqual([]);
    expect(await releaseProblems(repository('1.2.0', { tags: ['v1.10.0'] }).dir, { checkGenerated: fresh })).toEqual(['VERSION 1.2.0 is not above the last release tag v1.10.0: raise it (npm run version:set -- X.Y.Z)']);
    expect(await releaseProblems(repository('2.0.0-rc.1', { tags: ['v2.0.0'] }).dir, { checkGenerated: fresh })).toEqual(['VERSION 2.0.0-rc.1 is not above the last release tag v2.0.0: raise it (npm run version:set -- X.Y.Z)']);
  });

  it('stop a version already released from another commit', async () => {
    const { dir } = repository('1.2.0', { tags: ['v1.2.0'] });
    expect(await releaseProblems(dir, { checkGenerated: fresh })).toEqual(['VERSION 1.2.0 is already released: tag v1.2.0 is on another commit; raise VERSION (npm run version:set -- X.Y.Z)']);
  });

  it('stop a changelog without the version, naming the heading it needs', async () => {
    const { dir } = repository('1.2.0', { changelogFor: '1.2.0-rc.1' });
    expect(await releaseProblems(dir, { checkGenerated: fresh })).toEqual(['CHANGELOG.md has no section for 1.2.0: add a "## 1.2.0" heading with what changed per language']);
  });

  it('stop a generated file out of date, or one that could not be checked, naming it and its fix', async () => {
    const { dir } = repository('1.0.0');
    const generated = async (): Promise<GeneratedFileResult[]> => [
      { path: 'clients/go/version.go', fixWith: 'npm run version:set', fresh: false },
      { path: 'clients/python/src/wallet_api/_generated/models.py', fixWith: 'generate.py', fresh: false, notChecked: 'the Python toolchain is absent' },
      { path: 'generated/schema.d.ts', fixWith: 'npm run generate', fresh: true },
    ];
    expect(await releaseProblems(dir, { checkGenerated: generated })).toEqual([
      'generated file clients/go/version.go is out of date: run `npm run version:set` and commit it',
      'generated file clients/python/src/wallet_api/_generated/models.py could not be checked: the Python toolchain is absent',
    ]);
  });
});
