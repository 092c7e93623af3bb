// `npm run release:publish --dry-run`: what each registry would be sent, from the folder
// release:check --out wrote, and the registry named by the environment (docs/releasing.md).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kitVersion } from '../../tools/codegen/kit-version.ts';
import { runTool } from '../../tools/support/tool.ts';
import { repoRoot } from '../support/run.ts';

const out = mkdtempSync(join(tmpdir(), 'release-out-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
for (const file of ['npm-sdk/wallet-api-sdk-1.0.0.tgz', 'npm-sandbox/wallet-api-sandbox-1.0.0.tgz', 'python/dist/wallet_api_sdk-1.0.0-py3-none-any.whl', 'python/dist/wallet_api_sdk-1.0.0.tar.gz', 'python/consumer/lib/other-1.0-py3-none-any.whl']) {
  mkdirSync(join(out, file, '..'), { recursive: true });
  writeFileSync(join(out, file), '');
}

const publish = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(NPM_|PYPI_|TWINE_|GO_TAG)/.test(name)));
  return runTool(process.execPath, ['--import', 'tsx', 'scripts/release-publish.ts', ...args, '--dry-run'], { cwd: repoRoot, env: { ...clean, ...env }, timeoutMs: 30_000 });
};

describe('npm run release:publish --dry-run', () => {
  it('publishes both checked tarballs to the named npm registry, with provenance when asked', async () => {
    const run = await publish(['--to', 'npm', '--from', out], { NPM_REGISTRY_URL: 'https://npm.corp.invalid/', NPM_PROVENANCE: 'true' });
    expect(run.output.trim().split('\n')).toEqual([
      `release:publish: would run npm publish ${join(out, 'npm-sdk/wallet-api-sdk-1.0.0.tgz')} --access restricted --provenance --registry https://npm.corp.invalid/`,
      `release:publish: would run npm publish ${join(out, 'npm-sandbox/wallet-api-sandbox-1.0.0.tgz')} --access restricted --provenance --registry https://npm.corp.invalid/`,
    ]);
    expect(run.exitCode).toBe(0);
  });

  it('uploads the checked wheel and sdist, not the consumer test environment, to the named index', async () => {
    const run = await publish(['--to', 'pypi', '--from', out], { PYPI_REPOSITORY_URL: 'https://pypi.corp.invalid/simple/', TWINE_PASSWORD: 'index-password-value' });
    expect(run.output).toContain(`upload --non-interactive --repository-url https://pypi.corp.invalid/simple/ ${join(out, 'python/dist/wallet_api_sdk-1.0.0-py3-none-any.whl')} ${join(out, 'python/dist/wallet_api_sdk-1.0.0.tar.gz')}\n`);
    expect(run.output).not.toContain('other-1.0');
    expect(run.output).not.toContain('index-password-value');
  });

  it('tags the Go module where a proxy finds it', async () => {
    const run = await publish(['--to', 'go']);
    expect(run.output.trim().split('\n')).toEqual([`release:publish: would run git tag clients/go/v${kitVersion()}`, `release:publish: would run git push origin clients/go/v${kitVersion()}`]);
  });

  it('refuses a registry without its variable, an unknown registry and a missing folder, naming each', async () => {
    const noIndex = await publish(['--to', 'pypi', '--from', out]);
    expect([noIndex.exitCode, noIndex.output]).toEqual([2, 'release:publish: PYPI_REPOSITORY_URL is not set: it names the pypi registry to publish to (docs/releasing.md)\n']);
    const unknown = await publish(['--to', 'rubygems']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toContain('--to must be one of npm, pypi, maven, composer, go');
    const empty = await publish(['--to', 'npm', '--from', join(out, 'nothing')]);
    expect(empty.exitCode).toBe(2);
    expect(empty.output).toContain(`no .tgz under ${join(out, 'nothing', 'npm-sdk')}: run npm run release:check -- --out`);
  });
});
