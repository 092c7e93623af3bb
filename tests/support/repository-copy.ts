// A throw-away copy of the repository with its own git history (so `npm run dev`'s gate has
// a last commit to compare with), for the dev command's tests and its benchmark.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A copy of the repository's tracked and unignored files, sharing its node_modules, committed once. */
export function copyRepository(root: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-dev-copy-'));
  // node_modules is linked below, not copied: git's `node_modules/` rule ignores a directory, so
  // an install that is a link to one (a clone sharing another checkout's install) is listed.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && file !== 'node_modules');
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      copyFileSync(join(root, file), join(dir, file));
    } catch (error) {
      // A file deleted in the working tree but still tracked.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=dev', '-c', 'user.email=dev@localhost', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'copy');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
