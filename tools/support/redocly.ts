// Redocly's CLI as the project's commands run it: the installed binary, offline (no
// telemetry, no update check), from the repository root so redocly.yaml's rules, plugins
// and decorators apply. Bundling to a chosen file is shared by the drift check and the
// live edit loop, both of which must not touch the committed bundle.
import { join } from 'node:path';
import { repoRoot } from './repo.ts';
import { runTool } from './tool.ts';

export const redoclyBin = join(repoRoot, 'node_modules/.bin/redocly');

/** The environment Redocly runs in: the given one, offline. */
export const redoclyEnv = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({ ...env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' });

/** The spec's root file, as redocly.yaml's `apis.main.root` names it. */
export const specRootInRepo = 'openapi/openapi.yaml';

/** A Redocly run: exit code and everything it printed (stdout and stderr in order). */
export async function runRedocly(args: string[], signal?: AbortSignal): Promise<{ exitCode: number; output: string }> {
  return runTool(redoclyBin, args, { cwd: repoRoot, env: redoclyEnv(), timeoutMs: 120_000, signal });
}

/** Bundles the spec into `outputPath` exactly as `npm run bundle` bundles it; the error is Redocly's output when it fails. */
export async function bundleSpec(outputPath: string, signal?: AbortSignal): Promise<{ ok: true } | { ok: false; error: string }> {
  const { exitCode, output } = await runRedocly(['bundle', specRootInRepo, '--output', outputPath], signal);
  return exitCode === 0 ? { ok: true } : { ok: false, error: withoutNotices(output).slice(-2000) };
}

/** Redocly's output without its boxed notices (Node 20's end of support): they say nothing about the spec. */
export function withoutNotices(output: string): string {
  return output
    .split('\n')
    .filter((line) => !/^\s*[╔║╚]/.test(line))
    .join('\n')
    .trim();
}
