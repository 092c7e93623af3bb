// "The client as it was before its telemetry": the SDK's client compiled from the commit
// before the diagnostics channel arrived, so `npm run bench:client` can time today's client
// with nobody subscribed, and with telemetry on, beside it in the same process. The commit
// is found in git history (the parent of the commit that added packages/sdk/src/client/call-channel.ts)
// unless `--base` names one; it is checked out into a temporary git worktree under .tmp/,
// compiled there with the repository's own tsc and build settings, and the worktree is
// removed. The compiled client is kept under .tmp/bench-base/<commit>/ for the next run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../tools/support/repo.ts';

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

/** The commit before the one that added the call channel: the client as it was without telemetry. */
export function baseCommit(given?: string): string {
  if (given) return git('rev-parse', '--verify', `${given}^{commit}`);
  const added = git('log', '--follow', '--diff-filter=A', '--format=%H', '--', 'packages/sdk/src/client/call-channel.ts').split('\n').filter(Boolean).at(-1);
  if (!added) throw new Error('packages/sdk/src/client/call-channel.ts is in no commit yet: pass --base COMMIT');
  return git('rev-parse', `${added}^`);
}

/** The folder holding that commit's compiled client (dist/client/index.js: the layout before the folders became the packages), built when missing. */
export function builtBaseSdk(commit: string): string {
  const out = join(repoRoot, '.tmp', 'bench-base', commit);
  if (existsSync(join(out, 'dist', 'client', 'index.js'))) return out;
  const worktree = join(repoRoot, '.tmp', `bench-base-worktree-${process.pid}`);
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  git('worktree', 'add', '--detach', worktree, commit);
  try {
    symlinkSync(join(repoRoot, 'node_modules'), join(worktree, 'node_modules'));
    rmSync(out, { recursive: true, force: true });
    execFileSync(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.sdk.json', '--outDir', join(out, 'dist')], { cwd: worktree, stdio: 'inherit' });
  } finally {
    git('worktree', 'remove', '--force', worktree);
  }
  return out;
}
