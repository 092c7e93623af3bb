// A throw-away copy of the whole project (its working tree, without node_modules, git or
// build output), committed once in a git repository of its own so that the breaking-change
// gate has a base, with the installed node_modules linked in. For tests that run the
// project's own commands on a copy they may edit: a proposal writing into openapi/, then
// regeneration, lint, drift, the gate and contract runs, as a team would run them.
//
// Those commands run at the lowest scheduling priority: the suite runs them beside its other
// files, in the CPU time those leave idle, never taking it from a file that times what it
// tests (vitest.config.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { runTool, type ToolResult } from '../../tools/support/tool.ts';
import { repoRoot } from './run.ts';

/** Top-level entries never copied: installed, version control, or made by a build or a run. */
const left = new Set(['node_modules', '.git', '.tmp', 'dist', 'coverage']);

export type ProjectCopy = {
  dir: string;
  /** Runs a script of the copy (scripts/NAME.ts) with tsx, from the copy's root, at the lowest priority. */
  script(name: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ToolResult>;
  /** Runs one of the copy's installed commands (node_modules/.bin/NAME), from the copy's root, at the lowest priority. */
  bin(name: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ToolResult>;
  remove(): void;
};

/** The priority of the copy's commands: the lowest. */
const commandPriority = constants.priority.PRIORITY_LOW;

export function copyProject(): ProjectCopy {
  const dir = mkdtempSync(join(tmpdir(), 'project-copy-'));
  cpSync(repoRoot, dir, {
    recursive: true,
    filter: (source) => {
      const inside = relative(repoRoot, source);
      // A language client's virtual environment and build output are installs too, not project files.
      return !left.has(inside.split(sep)[0]!) && !/(^|[\\/])packages[\\/][^\\/]+[\\/](dist|generated|node_modules)$/.test(inside) && !/(^|[\\/])(\.venv|__pycache__|\.mypy_cache|\.ruff_cache|\.pytest_cache)$|^clients[\\/]python[\\/]dist$/.test(inside) && !inside.endsWith('.tgz');
    },
  });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=copy', '-c', 'user.email=copy@localhost', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A', '.');
  git('commit', '-qm', 'base');
  // After the commit: git's `node_modules/` rule ignores a directory, not a link to one.
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const run = (command: string, args: readonly string[], env: NodeJS.ProcessEnv) =>
    runTool(command, args, {
      cwd: dir,
      env: { ...process.env, INIT_CWD: dir, FORCE_COLOR: '0', NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', ...env },
      // A hang, not a slow command: at the lowest priority on a busy machine a command waits
      // for CPU time as long as other work needs it.
      timeoutMs: 540_000,
      priority: commandPriority,
    });
  return {
    dir,
    script: (name, args, env = {}) => run(process.execPath, ['--import', 'tsx', join(dir, 'scripts', `${name}.ts`), ...args], env),
    bin: (name, args, env = {}) => run(join(dir, 'node_modules', '.bin', name), args, env),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
