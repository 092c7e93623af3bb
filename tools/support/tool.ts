// Runs a command-line tool (Dredd, Optic, a preflight check) to completion with a time
// limit, collecting what it prints. A tool still running at the limit is killed.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export type ToolRun = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Stops the tool (SIGTERM) when aborted; the run then resolves with what it printed and its exit code. */
  signal?: AbortSignal;
  /** Receives the output as it arrives; when given, nothing is collected (so a caller can redact first). */
  onData?: (stream: 'stdout' | 'stderr', text: string) => void;
  /**
   * The tool's scheduling priority (os.setPriority: from -20, the highest, to 19, the lowest;
   * the processes it starts inherit it), set as it starts. Default: this process's.
   */
  priority?: number;
};

export type ToolResult = { exitCode: number; output: string; timedOut: boolean };

/** Resolves when the tool exits; rejects when it cannot be started. */
export function runTool(command: string, args: readonly string[], run: ToolRun): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: run.cwd, env: run.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (run.priority !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, run.priority);
      } catch (error) {
        // Not run at all rather than at a priority it was not given (a higher one needs privileges).
        child.kill('SIGKILL');
        reject(new Error(`${command}: cannot run at priority ${run.priority}: ${(error as Error).message}`));
        return;
      }
    }
    let output = '';
    let timedOut = false;
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].on('data', (chunk: Buffer) => (run.onData ? run.onData(stream, chunk.toString()) : (output += chunk.toString())));
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, run.timeoutMs);
    const stop = () => child.kill('SIGTERM');
    run.signal?.addEventListener('abort', stop, { once: true });
    if (run.signal?.aborted) stop();
    const settle = () => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', stop);
    };
    child.on('error', (error) => {
      settle();
      reject(error);
    });
    child.on('close', (code) => {
      settle();
      resolve({ exitCode: code ?? 1, output, timedOut });
    });
  });
}
