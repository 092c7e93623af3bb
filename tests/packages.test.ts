// The two published packages as teams get them: both packed with `npm run pack`; the SDK
// installed alone into an empty project by npm (its dependency count and size are the point
// of the split: a production backend gets a client, not a web server), and both installed
// into another project, where the sandbox runs from its package (as a module and as the bin)
// and is driven by the packed client. The packing and both installs happen once per test run,
// shared with the packed bin's test and with tests/packages-typescript.test.ts (TypeScript
// and CommonJS consumers of the same install): tests/support/packed.ts.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp, hmacSha256 } from '../packages/sdk/src/signing/index.ts';
import { SpecValidator } from '../packages/sandbox/src/spec/validator.ts';
import { spawnService, type RunningProcess } from '../tools/support/process.ts';
import { startCaptureServer, type CaptureServer } from './support/capture-server.ts';
import { integratorProjectInstalled, mswVersion, packedTarballs, sdkInstalledAlone } from './support/packed.ts';
import { scenarioTable } from './support/scenario-table.ts';
import { scriptRunner, type ScriptRunner } from './support/script-runner.ts';
import { repoRoot } from './support/run.ts';

const run = promisify(execFile);
const secret = 'package-test-secret';
/** The SDK's promise to production backends: at most this many packages besides itself. */
const sdkDependencyLimit = 3;
/** ... and an install of the SDK itself under this many bytes. */
const sdkSizeLimit = 1_000_000;

type Manifest = {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bin?: Record<string, string>;
  exports: Record<string, unknown>;
};
type Packed = { tarball: string; files: string[] };

let server: CaptureServer;
const packed: Record<'sdk' | 'sandbox', Packed> = { sdk: { tarball: '', files: [] }, sandbox: { tarball: '', files: [] } };
/** The project with only the SDK installed (shared, only read here), and the one with both packages. */
let sdkOnly: string;
let project: string;
/**
 * The integrator scripts that start the packed sandbox, run in one plain Node process in
 * `project` (each still fails its test if it throws or leaves Node's event loop busy); the
 * scripts whose point is a process of their own (plain Node importing the SDK by name, the
 * CommonJS backend, the bins) still run as one.
 */
let scripts: ScriptRunner;
let staleFile: string;

const installed = (root: string, name: string) => join(root, 'node_modules', ...name.split('/'));
const manifestOf = (root: string, name: string) => JSON.parse(readFileSync(join(installed(root, name), 'package.json'), 'utf8')) as Manifest;
const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, entry) => total + sizeOf(join(path, entry)), 0);
}

/** The packages a folder's JavaScript imports at run time (TypeScript's own import scanner). */
/**
 * The packages a package's shipped files import: its code at run time, and its type
 * declarations when a TypeScript project compiles against it (a strict installer such as
 * pnpm resolves those only from the package's own dependencies).
 */
function importedPackages(root: string, files: string[]): string[] {
  const imported = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.d.ts') || f.endsWith('.d.cts'))) {
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles) {
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      // 'ajv/dist/2020.js' → ajv, '@scope/name/sub' → @scope/name
      imported.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return [...imported].sort();
}

beforeAll(async () => {
  server = await startCaptureServer();
  const tarballs = await packedTarballs();
  staleFile = tarballs.staleFile;
  for (const key of ['sdk', 'sandbox'] as const) {
    const { stdout: listing } = await run('tar', ['-tzf', tarballs[key]]);
    packed[key] = { tarball: tarballs[key], files: listing.trim().split('\n').map((f) => f.replace(/^package\//, '')) };
  }
  [sdkOnly, project] = await Promise.all([sdkInstalledAlone(), integratorProjectInstalled()]);
  scripts = scriptRunner(project);
}, 180_000);

afterAll(async () => {
  scripts?.stop();
  await server?.close();
});

describe('the packed @wallet-api/sdk', () => {
  it('ships the built client, signing, the traffic recorder, the wallet-api bin, their types, the generated types and validators and the spec as JSON; no sources and no sandbox', () => {
    for (const file of ['dist/sdk/src/client/index.js', 'dist/sdk/src/client/index.d.ts', 'dist/sdk/src/client/index.d.cts', 'dist/sdk/src/client/record-traffic.js', 'dist/sdk/src/client/record-traffic.d.ts', 'dist/sdk/src/opentelemetry/index.js', 'dist/sdk/src/opentelemetry/index.d.ts', 'dist/sdk/src/opentelemetry/index.d.cts', 'generated/drift-validators.js', 'generated/drift-validators.d.ts', 'generated/drift-validators.d.cts', 'generated/request-validators.js', 'generated/request-validators.d.ts', 'generated/request-validators.d.cts', 'dist/sdk/src/cli/request-check.js', 'dist/sdk/src/signing/index.js', 'dist/sdk/src/signing/index.d.ts', 'dist/sdk/src/signing/index.d.cts', 'dist/sdk/src/cli/bin.js', 'generated/schema.d.ts', 'generated/schema.d.cts', 'generated/openapi.json', 'package.json', 'README.md']) {
      expect(packed.sdk.files).toContain(file);
    }
    expect(packed.sdk.files.filter((f) => /^(src|tests|scripts|openapi)\//.test(f) || f.startsWith('dist/sandbox/src/') || f.endsWith('.yaml'))).toEqual([]);
    // The build rebuilds dist/ whole: a file it did not write is not shipped.
    expect(staleFile).toMatch(/^dist\/sdk\/src\/client\/stale-/);
    expect(packed.sdk.files).not.toContain(staleFile);
    // The command line (tests/cli/packed-bin.test.ts runs it) reads the spec the package ships.
    expect(manifestOf(sdkOnly, '@wallet-api/sdk').bin).toEqual({ 'wallet-api': 'dist/sdk/src/cli/bin.js' });
  });

  it('installs alone with at most 3 packages besides itself, under 1 MB, and never pulls in the sandbox', () => {
    const lock = JSON.parse(readFileSync(join(sdkOnly, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    const others = Object.keys(lock.packages).filter((path) => path !== 'node_modules/@wallet-api/sdk');
    const sdkBytes = sizeOf(installed(sdkOnly, '@wallet-api/sdk'));
    console.log(`@wallet-api/sdk alone: ${others.length} packages besides itself (${others.map((p) => p.replace('node_modules/', '')).join(', ')}); the SDK ${(sdkBytes / 1024).toFixed(0)} KiB, node_modules ${(sizeOf(join(sdkOnly, 'node_modules')) / 1024).toFixed(0)} KiB`);
    expect(others.length).toBeLessThanOrEqual(sdkDependencyLimit);
    expect(sdkBytes).toBeLessThan(sdkSizeLimit);
    expect(others.some((path) => /fastify|ajv|yaml|pino|@wallet-api\/sandbox/.test(path))).toBe(false);
  });

  it('declares exactly the packages its code and its type declarations import, at the versions the repository is tested with; @opentelemetry/api as an optional peer only its opentelemetry entry imports', () => {
    const manifest = manifestOf(sdkOnly, '@wallet-api/sdk');
    const root = installed(sdkOnly, '@wallet-api/sdk');
    expect(importedPackages(root, packed.sdk.files)).toEqual([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies ?? {})].sort());
    for (const [name, range] of Object.entries(manifest.dependencies)) expect(range, name).toBe(rootManifest.dependencies[name]);
    expect(manifest.peerDependencies).toEqual({ '@opentelemetry/api': '^1.7.0' });
    expect(manifest.peerDependenciesMeta).toEqual({ '@opentelemetry/api': { optional: true } });
    // Nothing but dist/sdk/src/opentelemetry/ imports it: the main entry runs without it (sdkOnly has none).
    expect(importedPackages(root, packed.sdk.files.filter((f) => !f.startsWith('dist/sdk/src/opentelemetry/')))).toEqual(Object.keys(manifest.dependencies).sort());
    expect(existsSync(installed(sdkOnly, '@opentelemetry/api'))).toBe(false);
  });
});

describe('the packed @wallet-api/sandbox', () => {
  it('ships its code and types, its bin, the default data file and the bundled spec it serves', () => {
    for (const file of ['dist/sandbox/src/index.js', 'dist/sandbox/src/index.d.ts', 'dist/sandbox/src/index.d.cts', 'dist/sandbox/src/bin.js', 'dist/sandbox/src/data.json', 'generated/openapi.yaml', 'generated/schema.d.ts', 'generated/schema.d.cts', 'README.md']) {
      expect(packed.sandbox.files).toContain(file);
    }
    expect(packed.sandbox.files.filter((f) => /^(src|tests|scripts|openapi)\//.test(f) || f.startsWith('dist/sdk/src/client/'))).toEqual([]);
    expect(manifestOf(project, '@wallet-api/sandbox').bin).toEqual({ 'wallet-api-sandbox': 'dist/sandbox/src/bin.js' });
  });

  it('declares exactly the packages its code and its type declarations import, at the versions the repository is tested with; msw as an optional peer', () => {
    const manifest = manifestOf(project, '@wallet-api/sandbox');
    expect(importedPackages(installed(project, '@wallet-api/sandbox'), packed.sandbox.files)).toEqual([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies ?? {})].sort());
    for (const [name, range] of Object.entries(manifest.dependencies)) expect(range, name).toBe(rootManifest.dependencies[name]);
    // Only @wallet-api/sandbox/msw imports msw; installing the sandbox never pulls it in.
    expect(manifest.peerDependencies).toEqual({ msw: `^${mswVersion}` });
    expect(manifest.peerDependenciesMeta).toEqual({ msw: { optional: true } });
  });
});

describe('the packages installed together', () => {
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

  it('turns the packed client calls into spans through @wallet-api/sdk/opentelemetry, with the integrator OpenTelemetry SDK', async () => {
    writeFileSync(
      join(project, 'telemetry.mjs'),
      `import { createClient, hmacSha256 } from '@wallet-api/sdk';
import { instrumentWalletApi } from '@wallet-api/sdk/opentelemetry';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
const exporter = new InMemorySpanExporter();
const telemetry = instrumentWalletApi({ tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }) });
const client = createClient({ environment: 'custom', baseUrl: process.env.API_URL, apiKey: 'team-key', signer: hmacSha256({ secret: process.env.SECRET }) });
await client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: 'swap-1' } } });
telemetry.disable();
await client.GET('/api/v1/wallets');
console.log(JSON.stringify(exporter.getFinishedSpans().map((s) => ({ name: s.name, kind: s.kind, attributes: s.attributes }))));
`,
    );
    const { stdout } = await run(process.execPath, ['telemetry.mjs'], { cwd: project, env: { ...process.env, API_URL: server.url, SECRET: secret } });
    const url = new URL(server.url);
    expect(JSON.parse(stdout)).toEqual([
      {
        name: 'POST /api/v1/swaps/{id}/confirm',
        kind: 2,
        attributes: { 'http.request.method': 'POST', 'url.template': '/api/v1/swaps/{id}/confirm', 'server.address': url.hostname, 'server.port': Number(url.port), 'wallet_api.operation': 'confirmSwap', 'wallet_api.attempts': 1, 'http.response.status_code': 200 },
      },
    ]);
  });

  it('is imported from @wallet-api/sandbox and runs quote → create → confirm through the packed client', async () => {
    writeFileSync(
      join(project, 'sandbox-flow.mjs'),
      `import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApiError, createClient, hmacSha256, unwrap } from '@wallet-api/sdk';
import { demoCredentials, startSandbox } from '@wallet-api/sandbox';
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
    dataFile: existsSync(fileURLToPath(import.meta.resolve('@wallet-api/sandbox/data.json'))),
  }));
} finally {
  await sandbox.close();
}
`,
    );
    const stdout = await scripts.run('sandbox-flow.mjs');
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

  it('watches drift from the packed client, and records its traffic, against the packed sandbox playing a provider', async () => {
    const har = join(project, 'drift.har.jsonl');
    writeFileSync(
      join(project, 'drift-watch.mjs'),
      `import { readFileSync } from 'node:fs';
import { createClient, hmacSha256, InvalidResponseError } from '@wallet-api/sdk';
import { recordTraffic } from '@wallet-api/sdk/traffic';
import { startSandbox } from '@wallet-api/sandbox';
const sandbox = await startSandbox({ port: 0, logger: false, profile: process.env.PROFILE, apiKeys: { 'team-key': 'team-secret' } });
try {
  const events = [];
  const client = createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey: 'team-key', signer: hmacSha256({ secret: 'team-secret' }), drift: { mode: 'report', onDrift: (event) => events.push(event) } });
  const recorder = recordTraffic({ file: process.env.HAR });
  client.use(recorder);
  await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } });
  const strict = await client.GET('/api/v1/swaps/quotes', { params: { query: { from: 'usdt', to: 'ngn', amount: 100 } }, drift: 'strict' }).catch((error) => error);
  await recorder.flush();
  console.log(JSON.stringify({ events, strict: { invalid: strict instanceof InvalidResponseError, reason: strict.reason, drift: strict.drift }, entries: readFileSync(process.env.HAR, 'utf8').trim().split('\\n').map((line) => JSON.parse(line)).filter((entry) => entry.request && entry.response).length }));
} finally {
  await sandbox.close();
}
`,
    );
    const env = { PROFILE: join(repoRoot, 'tests/fixtures/providers/contradicts.json'), HAR: har };
    const stdout = await scripts.run('drift-watch.mjs', { env });
    const result = JSON.parse(stdout) as { events: Record<string, unknown>[]; strict: { invalid: boolean; reason: string; drift: Record<string, unknown>[] }; entries: number };
    expect(result.events.filter((e) => e.operation === 'POST /api/v1/swaps').map((e) => `${e.class} ${e.kind} ${e.pointer}`).sort()).toEqual(['learning unknown-field /data/rate', 'learning unknown-field /data/reference']);
    expect(result.strict).toEqual({
      invalid: true,
      reason: 'that drifted from the spec (not-envelope at /): the body is not the {status, message, data} envelope',
      drift: [{ operation: 'GET /api/v1/swaps/quotes', operationId: 'getSwapQuote', status: 200, class: 'contradiction', kind: 'not-envelope', pointer: '', detail: 'the body is not the {status, message, data} envelope' }],
    });
    expect(result.entries).toBe(2);
    const recorded = readFileSync(har, 'utf8');
    for (const secretValue of ['team-key', 'team-secret', 'customer-authorization-value']) expect(recorded).not.toContain(secretValue);
  });

  it('gives, row by row, what the failure scenarios table says through the packed client and sandbox', async () => {
    writeFileSync(
      join(project, 'scenario-rows.mjs'),
      `import { createClient, hmacSha256, unwrap } from '@wallet-api/sdk';
import { startSandbox } from '@wallet-api/sandbox';
const rows = JSON.parse(process.env.ROWS);
// A key per row, as a team gives each test its own tenant: the rows run side by side.
const keyOf = (row) => 'team-key-' + row.answer;
const apiKeys = Object.fromEntries(['team-key', ...rows.map(keyOf)].map((key) => [key, 'team-secret']));
const sandbox = await startSandbox({ port: 0, logger: false, apiKeys });
try {
  const settings = { environment: 'custom', baseUrl: sandbox.url, apiKey: 'team-key', signer: hmacSha256({ secret: 'team-secret' }) };
  const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };
  // The first answer to an operation pays for compiling its schemas: not a row's to pay within its timeout.
  await unwrap(createClient(settings).POST('/api/v1/swaps', { body: swap }));
  const results = await Promise.all(rows.map(async (row) => {
    const client = createClient({ ...settings, apiKey: keyOf(row), timeoutMs: 1000 });
    sandbox.scenarios.arm({ operation: 'createSwap', ...row.definition }, keyOf(row));
    const kind = await unwrap(client.POST('/api/v1/swaps', { body: swap })).then(() => 'ok', (error) => error.kind);
    if (row.definition.delayMs) await new Promise((resolve) => setTimeout(resolve, row.definition.delayMs));
    const swaps = (await client.GET('/sandbox/swaps')).data.data.length;
    return { answer: row.answer, kind, operationRuns: swaps === 1 };
  }));
  console.log(JSON.stringify(results));
} finally {
  await sandbox.close();
}
`,
    );
    const { rows } = scenarioTable('docs/sandbox.md');
    const stdout = await scripts.run('scenario-rows.mjs', { env: { ROWS: JSON.stringify(rows) }, timeoutMs: 60_000 });
    expect(JSON.parse(stdout)).toEqual(rows.map(({ answer, kind, operationRuns }) => ({ answer, kind, operationRuns })));
  }, 60_000);

  it('answers the packed client in-process through @wallet-api/sandbox/msw and msw/node', async () => {
    writeFileSync(
      join(project, 'msw-call.mjs'),
      `import { setupServer } from 'msw/node';
import { createClient, hmacSha256, unwrap } from '@wallet-api/sdk';
import { sandboxHandlers } from '@wallet-api/sandbox/msw';
const sandbox = sandboxHandlers({ baseUrl: 'http://sandbox.test', apiKeys: { 'team-key': 'team-secret' } });
const server = setupServer(...sandbox);
server.listen({ onUnhandledRequest: 'error' });
try {
  const client = createClient({ environment: 'custom', baseUrl: 'http://sandbox.test', apiKey: 'team-key', signer: hmacSha256({ secret: 'team-secret' }) });
  console.log(JSON.stringify(await unwrap(client.GET('/api/v1/swaps/quotes', { params: { query: { from: 'usdt', to: 'ngn', amount: 100 } } }))));
} finally {
  server.close();
  await sandbox.close();
}
`,
    );
    const stdout = await scripts.run('msw-call.mjs');
    const quote = JSON.parse(stdout) as unknown;
    expect(new SpecValidator().validateAt('#/components/schemas/SwapQuote', quote)).toEqual({ valid: true });
    expect(quote).toMatchObject({ quotedCurrency: 'NGN' });
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
