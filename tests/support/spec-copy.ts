// A throw-away copy of the spec's split source, for tests that let a proposal edit it, and
// its bundle made the way `npm run bundle` makes it (Redocly, the repository's redocly.yaml).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { redoclyBin, redoclyEnv, withoutNotices } from '../../tools/support/redocly.ts';
import { runTool } from '../../tools/support/tool.ts';
import { repoRoot } from './run.ts';

export type SpecCopy = { dir: string; root: string; bundle(): Promise<OpenApiDocument>; lint(): Promise<{ exitCode: number; output: string }>; remove(): void };

export function copySpecSource(): SpecCopy {
  const dir = mkdtempSync(join(tmpdir(), 'spec-copy-'));
  cpSync(join(repoRoot, 'openapi'), join(dir, 'openapi'), { recursive: true });
  const root = join(dir, 'openapi', 'openapi.yaml');
  const redocly = (args: string[]) => runTool(redoclyBin, args, { cwd: repoRoot, env: { ...redoclyEnv(process.env), NO_COLOR: '1' }, timeoutMs: 60_000 });
  return {
    dir,
    root,
    async bundle() {
      const out = join(dir, 'bundle.yaml');
      const run = await redocly(['bundle', root, '--output', out]);
      if (run.exitCode !== 0) throw new Error(`redocly bundle failed:\n${run.output}`);
      return parseDocument(readFileSync(out, 'utf8'));
    },
    lint: async () => {
      const run = await redocly(['lint', root, '--format=stylish']);
      return { exitCode: run.exitCode, output: withoutNotices(run.output) };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
