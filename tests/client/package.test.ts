// The package as a team gets it: `npm pack`, unpacked into a fresh project's
// node_modules, imported by its name from plain Node and type-checked from TypeScript,
// calling a running server.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacSha256 } from '../../src/signing/index.ts';
import { startCaptureServer, type CaptureServer } from '../support/capture-server.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);
const secret = 'package-test-secret';
let project: string;
let server: CaptureServer;
let packedFiles: string[];

beforeAll(async () => {
  server = await startCaptureServer();
  const work = mkdtempSync(join(tmpdir(), 'sdk-package-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: repoRoot, maxBuffer: 10_000_000 });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  packedFiles = packed!.files.map((f) => f.path);
  project = join(work, 'project');
  const installed = join(project, 'node_modules', '@wallet-api', 'sdk');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', join(work, packed!.filename), '-C', installed, '--strip-components=1']);
  // The client's one runtime dependency and the Node types, as a team's install would provide them.
  for (const dependency of ['openapi-fetch', '@types/node']) {
    mkdirSync(join(project, 'node_modules', dependency, '..'), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', dependency), join(project, 'node_modules', dependency));
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'integrator-backend', private: true, type: 'module' }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (project) rmSync(join(project, '..'), { recursive: true, force: true });
});

describe('the packed @wallet-api/sdk', () => {
  it('ships the built client, its types and the generated schema types, not the sources', () => {
    for (const file of ['dist/client/index.js', 'dist/client/index.d.ts', 'dist/signing/index.js', 'dist/signing/index.d.ts', 'generated/schema.d.ts', 'package.json']) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((f) => /^(src|tests|scripts|openapi)\//.test(f))).toEqual([]);
  });

  it('is imported by name from plain Node and calls a running server', async () => {
    writeFileSync(
      join(project, 'call.mjs'),
      `import { createClient, hmacSha256, unwrap, ApiError } from '@wallet-api/sdk';
import { signaturesMatch } from '@wallet-api/sdk/signing';
const client = createClient({ environment: 'custom', baseUrl: process.env.API_URL, apiKey: 'team-key', signer: hmacSha256({ secret: process.env.SECRET }) });
const data = await unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: 'swap-1' } } }));
console.log(JSON.stringify({ data, apiError: typeof ApiError, match: signaturesMatch('a', 'a') }));
`,
    );
    const { stdout } = await run(process.execPath, ['call.mjs'], { cwd: project, env: { ...process.env, API_URL: server.url, SECRET: secret } });
    expect(JSON.parse(stdout)).toEqual({ data: { id: 'swap-1', status: 'confirmed' }, apiError: 'function', match: true });
    const [received] = server.requests;
    expect(received).toMatchObject({ method: 'POST', url: '/api/v1/swaps/swap-1/confirm' });
    const wire = { method: 'POST', pathWithQuery: received!.url, body: '', timestamp: String(received!.headers['x-timestamp']), apiKey: 'team-key' };
    expect(received!.headers['x-signature']).toBe(await hmacSha256({ secret })(wire));
  });

  it('type-checks a TypeScript consumer against the packed declarations', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'] }, include: ['*.ts'] }),
    );
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createClient, hmacSha256, unwrap, type Swap, type TransactionPage } from '@wallet-api/sdk';
import type { SignatureInput } from '@wallet-api/sdk/signing';
const client = createClient({ environment: 'staging', baseUrl: 'https://staging.example.test', apiKey: 'k', signer: hmacSha256({ secret: 's' }) });
export const swap: Promise<Swap> = unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'p' } }));
export const page: Promise<TransactionPage> = unwrap(client.GET('/api/v1/transactions', { params: { query: { limit: 20 } } }));
export const input: SignatureInput = { method: 'GET', pathWithQuery: '/', body: '', timestamp: '', apiKey: '' };
// @ts-expect-error password is required
client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } });
// @ts-expect-error not a path of the API
client.GET('/api/v1/nothing');
`,
    );
    const result = await run(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', project]).then(
      () => 'ok',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('ok');
  });
});
