// The package as a team gets it: `npm pack`, unpacked into a fresh project's
// node_modules with its bin linked by npm, imported by its name from plain Node and
// type-checked from TypeScript, calling a running server; and the sandbox it ships,
// started from the package (as a module and as the bin) and driven by the packed client.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp, hmacSha256 } from '../../src/signing/index.ts';
import { SpecValidator } from '../../src/spec/validator.ts';
import { spawnService, type RunningProcess } from '../../src/support/process.ts';
import { startCaptureServer, type CaptureServer } from '../support/capture-server.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);
const secret = 'package-test-secret';
let project: string;
let installed: string;
let server: CaptureServer;
let packedFiles: string[];
let packedManifest: { dependencies: Record<string, string>; bin: Record<string, string> };
// npm pack runs the build (prepack). dist/docs belongs to `npm run docs` and must survive
// it; a file the build did not write in one of its own folders must not.
const docsFile = join(repoRoot, 'dist', 'docs', `kept-by-the-build-${process.pid}.html`);
const staleFile = join(repoRoot, 'dist', 'client', `stale-${process.pid}.js`);
let afterBuild: { docsFileKept: boolean; staleFileKept: boolean };

beforeAll(async () => {
  server = await startCaptureServer();
  const work = mkdtempSync(join(tmpdir(), 'sdk-package-'));
  for (const file of [docsFile, staleFile]) {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '<p>not written by the build</p>');
  }
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: repoRoot, maxBuffer: 10_000_000 });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  packedFiles = packed!.files.map((f) => f.path);
  afterBuild = { docsFileKept: existsSync(docsFile), staleFileKept: existsSync(staleFile) };
  project = join(work, 'project');
  installed = join(project, 'node_modules', '@wallet-api', 'sdk');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', join(work, packed!.filename), '-C', installed, '--strip-components=1']);
  packedManifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as typeof packedManifest;
  // The package's runtime dependencies (as its own package.json declares them) and the
  // Node types, as a team's install would provide them.
  for (const dependency of [...Object.keys(packedManifest.dependencies), '@types/node']) {
    mkdirSync(join(project, 'node_modules', dependency, '..'), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', dependency), join(project, 'node_modules', dependency));
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'integrator-backend', private: true, type: 'module', dependencies: { '@wallet-api/sdk': '*' } }));
  // npm's own bin linking (what `npm install` does after unpacking): node_modules/.bin
  // entries and the executable bit, which `npm pack` does not store.
  await run('npm', ['rebuild', '@wallet-api/sdk', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], { cwd: project });
}, 120_000);

afterAll(async () => {
  rmSync(docsFile, { force: true });
  rmSync(staleFile, { force: true });
  await server?.close();
  if (project) rmSync(join(project, '..'), { recursive: true, force: true });
});

describe('the packed @wallet-api/sdk', () => {
  it('is built by replacing only the package folders of dist/, never dist/docs, and ships no docs', () => {
    expect(afterBuild).toEqual({ docsFileKept: true, staleFileKept: false });
    expect(packedFiles.filter((f) => f.startsWith('dist/') && !/^dist\/(client|signing|sandbox|spec|support)\//.test(f))).toEqual([]);
  });

  it('ships the built client, its types and the generated schema types, not the sources', () => {
    for (const file of ['dist/client/index.js', 'dist/client/index.d.ts', 'dist/signing/index.js', 'dist/signing/index.d.ts', 'generated/schema.d.ts', 'package.json']) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((f) => /^(src|tests|scripts|openapi)\//.test(f))).toEqual([]);
  });

  it('ships the sandbox: its code and types, its bin, the default data file and the bundled spec it serves', () => {
    for (const file of ['dist/sandbox/index.js', 'dist/sandbox/index.d.ts', 'dist/sandbox/bin.js', 'dist/sandbox/data.json', 'generated/openapi.yaml']) {
      expect(packedFiles).toContain(file);
    }
    expect(packedManifest.bin).toEqual({ 'wallet-api-sandbox': 'dist/sandbox/bin.js' });
  });

  it('declares exactly the packages its code imports at run time as dependencies', () => {
    const imported = new Set<string>();
    for (const file of packedFiles.filter((f) => f.endsWith('.js'))) {
      // TypeScript's own import scanner: static, re-export and dynamic imports.
      for (const { fileName: specifier } of ts.preProcessFile(readFileSync(join(installed, file), 'utf8'), true, true).importedFiles) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
        // 'ajv/dist/2020.js' → ajv, '@scope/name/sub' → @scope/name
        imported.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
      }
    }
    expect([...imported].sort()).toEqual(Object.keys(packedManifest.dependencies).sort());
    // The lockfile was resolved against these same entries and installs them for production too.
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string>; dev?: boolean }> };
    expect(lock.packages['']!.dependencies).toEqual(packedManifest.dependencies);
    for (const name of Object.keys(packedManifest.dependencies)) expect(lock.packages[`node_modules/${name}`]?.dev, name).toBeUndefined();
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
    writeFileSync(
      join(project, 'sandbox-setup.ts'),
      `import { demoCredentials, startSandbox, type RunningSandbox, type SandboxOptions } from '@wallet-api/sdk/sandbox';
const options: SandboxOptions = { port: 0, apiKeys: { [demoCredentials.apiKey]: demoCredentials.secret }, deterministic: true, logger: false };
export const sandbox: Promise<RunningSandbox> = startSandbox(options);
export const url: Promise<string> = sandbox.then((s) => s.url);
// @ts-expect-error the port is a number
startSandbox({ port: '0' });
// @ts-expect-error not an option of the sandbox
startSandbox({ seed: 1 });
`,
    );
    const result = await run(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', project]).then(
      () => 'ok',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('ok');
  });
});

describe('the sandbox from the packed package', () => {
  it('is imported from @wallet-api/sdk/sandbox and runs quote → create → confirm through the packed client', async () => {
    writeFileSync(
      join(project, 'sandbox-flow.mjs'),
      `import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApiError, createClient, hmacSha256, unwrap } from '@wallet-api/sdk';
import { demoCredentials, startSandbox } from '@wallet-api/sdk/sandbox';
const sandbox = await startSandbox({ port: 0, apiKeys: { 'team-key': 'team-secret' } });
try {
  const client = createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey: 'team-key', signer: hmacSha256({ secret: 'team-secret' }) });
  const markets = await unwrap(client.GET('/api/v1/wallets/markets'));
  const quote = await unwrap(client.GET('/api/v1/swaps/quotes', { params: { query: { from: 'usdt', to: 'ngn', amount: 100 } } }));
  const created = await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } }));
  const confirmed = await unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: created.id } } }));
  const again = await unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: created.id } } })).catch((error) => error);
  const demoKey = await unwrap(createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey: demoCredentials.apiKey, signer: hmacSha256({ secret: demoCredentials.secret }) }).GET('/api/v1/wallets')).catch((error) => error);
  console.log(JSON.stringify({
    url: sandbox.url,
    market: markets.usdtngn,
    quote,
    created,
    confirmed,
    again: { isApiError: again instanceof ApiError, httpStatus: again.httpStatus, message: again.apiMessage },
    demoKeyRefused: demoKey instanceof ApiError && demoKey.httpStatus === 401,
    dataFile: existsSync(fileURLToPath(import.meta.resolve('@wallet-api/sdk/sandbox/data.json'))),
  }));
} finally {
  await sandbox.close();
}
`,
    );
    const { stdout } = await run(process.execPath, ['sandbox-flow.mjs'], { cwd: project, timeout: 30_000 });
    const result = JSON.parse(stdout) as Record<string, any>;
    expect(result.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Selling USDT, the base of the usdtngn market, is priced at the ticker's sell price.
    expect(new SpecValidator().validateAt('#/components/schemas/SwapQuote', result.quote)).toEqual({ valid: true });
    expect(result.quote.quotedCurrency).toBe('NGN');
    expect(Number(result.quote.originalQuotedPrice)).toBe(Number(result.market.ticker.sell));
    expect(Number(result.quote.originalToAmount)).toBeCloseTo(100 * Number(result.market.ticker.sell), 6);
    expect(result.created).toMatchObject({ from: 'usdt', to: 'ngn', status: 'pending' });
    expect(result.confirmed).toEqual({ id: result.created.id, status: 'confirmed' });
    expect(result.again).toEqual({ isApiError: true, httpStatus: 409, message: `Swap ${result.created.id} is confirmed; only a pending swap can be confirmed` });
    expect(result.demoKeyRefused).toBe(true);
    expect(result.dataFile).toBe(true);
  });

  describe('the wallet-api-sandbox bin', () => {
    let service: RunningProcess | undefined;
    afterAll(() => service?.stop());

    it('prints its URL and the demo credentials with PORT=0, and answers signed requests', async () => {
      service = spawnService(join(project, 'node_modules', '.bin', 'wallet-api-sandbox'), [], { PORT: '0' });
      const deadline = Date.now() + 20_000;
      while (!service.output().includes('Ctrl-C') && service.child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const output = service.output();
      const url = /^Sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output);
      expect(url, output).not.toBeNull();
      expect(Number(url![2])).toBeGreaterThan(0);
      // Fastify's request log (JSON lines) may come first; the banner is four lines.
      const lines = output.split('\n');
      expect(lines.slice(lines.indexOf(url![0]), lines.indexOf(url![0]) + 4)).toEqual([
        url![0],
        'Demo API key:        sandbox-demo-key',
        'Demo signing secret: sandbox-demo-secret',
        'State is in memory and is lost when the sandbox stops. Ctrl-C to stop.',
      ]);

      const pathWithQuery = '/api/v1/wallets/markets';
      const timestamp = formatTimestamp(new Date());
      const signature = await hmacSha256({ secret: 'sandbox-demo-secret' })({ method: 'GET', pathWithQuery, body: '', timestamp, apiKey: 'sandbox-demo-key' });
      const signed = await fetch(`${url![1]}${pathWithQuery}`, { headers: { 'x-api-key': 'sandbox-demo-key', 'x-timestamp': timestamp, 'x-signature': signature } });
      expect(signed.status).toBe(200);
      expect(await signed.json()).toMatchObject({ status: 'success', data: { usdtngn: expect.any(Object) } });
      const unsigned = await fetch(`${url![1]}${pathWithQuery}`);
      expect(unsigned.status).toBe(401);
      expect(await unsigned.json()).toEqual({ status: 'error', message: 'No API key was provided', data: null });
    });
  });
});
