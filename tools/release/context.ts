// What every artifact check of `npm run release:check` is given: the tree, the version, a
// scratch folder of its own, and a way to run a tool that fails with the tool's own words.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runTool } from '../support/tool.ts';

export type ReleaseContext = {
  /** The repository's root. */
  root: string;
  /** The kit's version (VERSION). */
  version: string;
  /** A scratch folder for this artifact, removed after the run. */
  work: string;
  /** The npm packages of the rows this run checks: built and packed together, once. */
  npmPackages: readonly string[];
};

export type ToolOptions = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Where a failing tool says why: at the end of its output (default) or at its start (a report with its findings first). */
  findings?: 'last' | 'first';
};

/** Runs a tool to completion and returns what it printed; throws with the last lines of its output when it fails. */
export async function tool(command: string, args: readonly string[], options: ToolOptions = {}): Promise<string> {
  const { exitCode, output, timedOut } = await runTool(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, timeoutMs: options.timeoutMs ?? 300_000 });
  if (exitCode !== 0 || timedOut) {
    const name = command.split('/').pop();
    const lines = output.trim().split('\n');
    const tail = (options.findings === 'first' ? lines.slice(0, 15) : lines.slice(-15)).join('\n');
    throw new Error(`${[name, ...args.slice(0, 2)].join(' ')} ${timedOut ? 'timed out' : `failed (exit ${exitCode})`}:\n${tail}`);
  }
  return output;
}

/** An npm-installed command: the project's own (node_modules/.bin), else the one on PATH. */
export function installedBin(root: string, name: string): string {
  const own = join(root, 'node_modules', '.bin', name);
  return existsSync(own) ? own : name;
}
