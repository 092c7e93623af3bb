// The forge's workflows (.github/workflows/): they cannot run here, so actionlint, pinned in
// the Go tools module scripts/tools/go.mod, checks them (syntax, expressions, the inputs of the
// actions they use, job dependencies), and every npm script they run exists.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runTool } from '../../tools/support/tool.ts';
import { repoRoot } from '../support/run.ts';

const workflowsDir = join(repoRoot, '.github', 'workflows');
const workflows = readdirSync(workflowsDir).filter((file) => file.endsWith('.yml')).sort();
const scratch = mkdtempSync(join(tmpdir(), 'workflows-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** actionlint from the tools module, on the given files. The first run on a machine builds it. */
const actionlint = (files: string[]) => runTool('go', ['-C', join(repoRoot, 'scripts', 'tools'), 'tool', 'actionlint', '-no-color', ...files], { timeoutMs: 240_000 });

describe('the workflows', () => {
  it('are CI, the docs site and the release', () => {
    expect(workflows).toEqual(['ci.yml', 'docs.yml', 'release.yml']);
  });

  it('pass actionlint', async () => {
    const run = await actionlint(workflows.map((file) => join(workflowsDir, file)));
    expect(run.output).toBe('');
    expect(run.exitCode).toBe(0);
  }, 250_000);

  it('fail actionlint with a planted mistake, named by file and line', async () => {
    const broken = join(scratch, 'broken.yml');
    writeFileSync(broken, readFileSync(join(workflowsDir, 'release.yml'), 'utf8').replace('needs: check\n    if: vars.NPM_REGISTRY_URL', 'needs: chek\n    if: vars.NPM_REGISTRY_URL'));
    const run = await actionlint([broken]);
    expect(run.output).toMatch(/broken\.yml:\d+:\d+: job "npm" needs job "chek" which does not exist/);
    expect(run.exitCode).toBe(1);
  }, 250_000);

  it('run only npm scripts the project has', () => {
    const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const runs = workflows.flatMap((file) => {
      const { jobs } = parse(readFileSync(join(workflowsDir, file), 'utf8')) as { jobs: Record<string, { steps: { run?: string }[] }> };
      return Object.values(jobs).flatMap(({ steps }) => steps.flatMap(({ run }) => (run ? [...run.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!) : [])));
    });
    expect(runs.length).toBeGreaterThan(5);
    expect(runs.filter((name) => !(name in scripts))).toEqual([]);
  });
});
