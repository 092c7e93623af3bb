// Runs a CLI installed in node_modules/.bin the way npm scripts do, quietly.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export function runBin(bin: string, args: string[]): string {
  return execFileSync(`${repoRoot}node_modules/.bin/${bin}`, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
}
