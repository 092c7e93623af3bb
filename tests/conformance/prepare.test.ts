// `npm run conformance` on a fresh clone: a runner whose environment is missing is prepared
// by its own command first, and a preparation that fails stops the run at once, naming the
// command to run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareRunner, readRunners } from '../../tools/conformance/matrix.ts';
import { repoRoot } from '../support/run.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-prepare-'));
  dirs.push(dir);
  return relative(repoRoot, dir);
};

describe('preparing a runner', () => {
  it('runs the prepare command when what the runner needs is missing, and not when it is there', () => {
    const needs = join(scratch(), 'made');
    const lines: string[] = [];
    const runner = { command: ['true'], prepare: { needs, command: ['bash', '-c', `echo made > "${join(repoRoot, needs)}"`] } };
    prepareRunner('demo', runner, (line) => lines.push(line));
    expect(existsSync(join(repoRoot, needs))).toBe(true);
    expect(lines).toEqual([`== demo: ${needs} is missing; preparing it: ${runner.prepare.command.join(' ')}`]);
    prepareRunner('demo', { ...runner, prepare: { needs, command: ['false'] } }, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
  });

  it('stops naming the command when the preparation fails or makes nothing', () => {
    const needs = join(scratch(), 'never-made');
    expect(() => prepareRunner('demo', { command: ['true'], prepare: { needs, command: ['bash', '-c', 'exit 3'] } }, () => undefined)).toThrow(
      `the demo runner needs ${needs}, and \`bash -c exit 3\` failed to make it (exit code 3): run it yourself and see why`,
    );
    expect(() => prepareRunner('demo', { command: ['true'], prepare: { needs, command: ['true'] } }, () => undefined)).toThrow(`(it did not make ${needs})`);
    expect(() => prepareRunner('demo', { command: ['true'], prepare: { needs, command: ['/no/such/program'] } }, () => undefined)).toThrow(/`\/no\/such\/program` failed to make it \(spawnSync \/no\/such\/program ENOENT\)/);
  });

  it("gives every runner whose command is not on a fresh machine's PATH a prepare command", () => {
    for (const [client, runner] of Object.entries(readRunners())) {
      const program = runner.command[0]!;
      if (program.includes('/')) expect(runner.prepare?.needs, client).toBe(program);
    }
  });
});
