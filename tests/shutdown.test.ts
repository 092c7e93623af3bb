// Ctrl-C as long-running commands receive it (packages/sandbox/src/shutdown.ts): the same signal may
// arrive twice while they close, once from the terminal and once relayed by a wrapper.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { repoRoot } from './support/run.ts';

/** A process whose close takes `closeMs` once a signal comes, and that signals itself at each of the given delays (ms). */
function closingProcess(closeMs: number, signalsAtMs: number[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const script = `
    import { closeOnSignal } from ${JSON.stringify(join(repoRoot, 'packages/sandbox/src/shutdown.ts'))};
    closeOnSignal(() => new Promise((resolve) => setTimeout(resolve, ${closeMs})));
    for (const at of ${JSON.stringify(signalsAtMs)}) setTimeout(() => process.kill(process.pid, 'SIGINT'), at);
    setInterval(() => {}, 1000);
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}

// Each case is a process of its own, so the two run side by side.
describe.concurrent('closing on a signal', () => {
  it('closes once and exits 0 when the same Ctrl-C arrives twice while it closes', async ({ expect }) => {
    const run = await closingProcess(300, [50, 100]);
    expect(run).toMatchObject({ code: 0, signal: null });
    expect(run.stderr.match(/SIGINT: stopping…/g)).toHaveLength(1);
  });

  it('exits at once, 130, on a second Ctrl-C a second or more after the first, while the close hangs', async ({ expect }) => {
    const started = Date.now();
    const run = await closingProcess(30_000, [50, 1200]);
    expect(run).toMatchObject({ code: 130, signal: null });
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
