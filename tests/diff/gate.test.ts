import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareSpecs, defaultBaseRef, runGate } from '../../src/diff/gate.ts';

const fixture = (pair: string, side: 'base' | 'head') => readFileSync(new URL(`../fixtures/optic/${pair}/${side}.yaml`, import.meta.url), 'utf8');
const labels = { base: 'base.yaml', head: 'head.yaml' };

describe('breaking-change gate (Optic)', () => {
  it('passes an additive change', async () => {
    const result = await compareSpecs(fixture('additive', 'base'), fixture('additive', 'head'), labels);
    expect(result.summary).toBe('no breaking change (info.version 1.0.0 → 1.0.0)');
    expect(result.details).toContain('1 operation added');
    expect(result.passed).toBe(true);
  });

  it('fails a breaking change, naming it', async () => {
    const result = await compareSpecs(fixture('breaking', 'base'), fixture('breaking', 'head'), labels);
    expect(result.passed).toBe(false);
    expect(result.summary).toBe('1 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
    expect(result.details).toContain("cannot make optional query parameter 'page' required. This is a breaking change.");
  });

  it('lets the same breaking change through when the major version was raised, never when it went down', async () => {
    const raised = await compareSpecs(fixture('major', 'base'), fixture('major', 'head'), labels);
    expect(raised).toMatchObject({ passed: true, summary: 'major version raised, breaking changes allowed (info.version 1.0.0 → 2.0.0)' });
    const lowered = await compareSpecs(fixture('major', 'head'), fixture('major', 'base'), labels);
    expect(lowered).toMatchObject({ passed: false, summary: 'major version went down (info.version 2.0.0 → 1.0.0)' });
  });
});

describe('breaking-change gate on git refs', () => {
  const repo = mkdtempSync(join(tmpdir(), 'gate-repo-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'pipe', encoding: 'utf8' });
  const writeSpec = (text: string) => writeFileSync(join(repo, 'generated/openapi.yaml'), text);
  mkdirSync(join(repo, 'generated'));
  git('init', '-q');
  writeSpec(fixture('breaking', 'base'));
  git('add', '.');
  git('commit', '-qm', 'first');
  const first = git('rev-parse', 'HEAD').trim();
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('compares the working tree with the first commit when there is no v* tag', async () => {
    expect(defaultBaseRef(repo)).toEqual({ ref: first, why: 'no v* tag: first commit' });
    writeSpec(fixture('breaking', 'head'));
    const result = await runGate({ cwd: repo });
    expect(result.passed).toBe(false);
    expect(result.summary).toBe(`against ${first.slice(0, 12)} (no v* tag: first commit): 1 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)`);
  });

  it('compares with the latest v* tag, or the ref given', async () => {
    git('commit', '-qam', 'second');
    git('tag', 'v1.1.0');
    expect(defaultBaseRef(repo)).toEqual({ ref: 'v1.1.0', why: 'latest v* tag' });
    const result = await runGate({ cwd: repo });
    expect(result).toMatchObject({ passed: true });
    expect(result.summary).toMatch(/^against v1\.1\.0 \(latest v\* tag, [0-9a-f]{12}\): no breaking change/);
    expect(await runGate({ cwd: repo, base: 'nope' })).toMatchObject({ passed: false, summary: 'unknown git ref "nope"' });
  });
});
