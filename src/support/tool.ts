// Runs a command-line tool (Dredd, Optic, a preflight check) to completion with a time
// limit, collecting what it prints. A tool still running at the limit is killed.
import { spawn } from 'node:child_process';

export type ToolRun = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Receives the output as it arrives; when given, nothing is collected (so a caller can redact first). */
  onData?: (stream: 'stdout' | 'stderr', text: string) => void;
};

export type ToolResult = { exitCode: number; output: string; timedOut: boolean };

/** Resolves when the tool exits; rejects when it cannot be started. */
export function runTool(command: string, args: readonly string[], run: ToolRun): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: run.cwd, env: run.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].on('data', (chunk: Buffer) => (run.onData ? run.onData(stream, chunk.toString()) : (output += chunk.toString())));
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, run.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? 1, output, timedOut });
    });
  });
}
