// runTool (tools/support/tool.ts): a tool asked to run at a priority runs at it, and so do the
// processes it starts; one that cannot be given its priority is not run.
import { constants } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runTool } from '../tools/support/tool.ts';

/** A Node process printing its own priority and its child's. */
const printPriorities = ['-e', "const { execFileSync } = require('node:child_process'); const own = require('node:os').getPriority(); const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(String(require(\"node:os\").getPriority()))']).toString(); process.stdout.write(`${own} ${child}`)"];

describe('runTool', () => {
  it('runs a tool at the lowest priority when asked, and the processes it starts too', async () => {
    const lowest = await runTool(process.execPath, printPriorities, { timeoutMs: 20_000, priority: constants.priority.PRIORITY_LOW });
    expect(lowest).toEqual({ exitCode: 0, output: '19 19', timedOut: false });
  });

  it("runs a tool at this process's priority by default", async () => {
    const { getPriority } = await import('node:os');
    const own = getPriority();
    expect((await runTool(process.execPath, printPriorities, { timeoutMs: 20_000 })).output).toBe(`${own} ${own}`);
  });

  it('does not run a tool at a priority it cannot set, and says which', async () => {
    await expect(runTool(process.execPath, ['-e', 'require("node:fs").writeFileSync(1, "ran")'], { timeoutMs: 20_000, priority: 20 })).rejects.toThrow(/cannot run at priority 20: .*priority/);
  });
});
