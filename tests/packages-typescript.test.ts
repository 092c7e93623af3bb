// TypeScript and CommonJS consumers of the two packed packages, installed together as an
// integrator's backend installs them (once per test run, shared with tests/packages.test.ts:
// tests/support/packed.ts): an ES module project that type-checks against the packed
// declarations without skipLibCheck, and a CommonJS backend where TypeScript compiles the
// SDK's users under each module setting and both packages load through require() and import().
// Each writes in a folder of its own inside the shared project.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationProblems, moduleSettings, writeCommonJsBackend } from './support/commonjs-backend.ts';
import { integratorProjectInstalled } from './support/packed.ts';
import { compileProject, type DeclarationCache } from './support/shared-compile.ts';

const run = promisify(execFile);

/** The project with both packages installed (shared: only its node_modules is read here). */
let project: string;
/** Every TypeScript compile of this file reads the same declarations; each is parsed once. */
const declarations: DeclarationCache = new Map();
const manifestOf = (root: string, name: string) => JSON.parse(readFileSync(join(root, 'node_modules', ...name.split('/'), 'package.json'), 'utf8')) as { exports: Record<string, unknown> };

beforeAll(async () => {
  project = await integratorProjectInstalled();
}, 180_000);

afterAll(() => {
  // The worker runs other files after this one (isolate: false): the parsed declarations,
  // some hundreds of MB, would stay in its heap and make every later full collection longer.
  declarations.clear();
  if (!project) return;
  for (const folder of ['typescript-consumer', 'commonjs-backend']) rmSync(join(project, folder), { recursive: true, force: true });
});

describe('a TypeScript consumer of both packages', () => {
  /** The verdict on the consumer: 'ok', or the errors as tsc prints them. */
  let verdict: string;

  // In a hook, with the time the CommonJS compiles below have: the compile runs in this
  // process and checks all of @types/node and the lib files, which takes most of a loaded
  // machine's 30 s test budget.
  beforeAll(() => {
    const consumer = join(project, 'typescript-consumer');
    mkdirSync(consumer);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'] }, include: ['*.ts'] }),
    );
    writeFileSync(
      join(consumer, 'consumer.ts'),
      `import { createClient, hmacSha256, unwrap, type Swap, type TransactionPage } from '@wallet-api/sdk';
import type { SignatureInput } from '@wallet-api/sdk/signing';
import { recordTraffic, type HarEntry } from '@wallet-api/sdk/traffic';
import type { DriftEvent, Logger } from '@wallet-api/sdk';
import { instrumentWalletApi, type WalletApiTelemetry } from '@wallet-api/sdk/opentelemetry';
import { trace } from '@opentelemetry/api';
export const telemetry: WalletApiTelemetry = instrumentWalletApi({ tracerProvider: trace.getTracerProvider() });
export const logger: Logger = console;
// @ts-expect-error not a log level
createClient({ environment: 'staging', baseUrl: 'https://staging.example.test', apiKey: 'k', signer: hmacSha256({ secret: 's' }), logger, logLevel: 'verbose' });
const client = createClient({ environment: 'staging', baseUrl: 'https://staging.example.test', apiKey: 'k', signer: hmacSha256({ secret: 's' }), drift: { mode: 'report', sampleRate: 0.1, onDrift: (event: DriftEvent) => console.log(event.kind, event.pointer) } });
client.use(recordTraffic({ onEntry: (entry: HarEntry) => console.log(entry.response.status), sampleRate: 0.01 }));
// @ts-expect-error not a drift mode
createClient({ environment: 'staging', baseUrl: 'https://staging.example.test', apiKey: 'k', signer: hmacSha256({ secret: 's' }), drift: 'loud' });
export const swap: Promise<Swap> = unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'p' } }));
export const page: Promise<TransactionPage> = unwrap(client.GET('/api/v1/transactions', { params: { query: { limit: 20 } }, drift: 'strict' }));
export const input: SignatureInput = { method: 'GET', pathWithQuery: '/', body: '', timestamp: '', apiKey: '' };
// @ts-expect-error password is required
client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } });
// @ts-expect-error not a path of the API
client.GET('/api/v1/nothing');
`,
    );
    writeFileSync(
      join(consumer, 'sandbox-setup.ts'),
      `import { demoCredentials, startSandbox, type RunningSandbox, type SandboxOptions } from '@wallet-api/sandbox';
const options: SandboxOptions = { port: 0, apiKeys: { [demoCredentials.apiKey]: demoCredentials.secret }, deterministic: true, logger: false };
export const sandbox: Promise<RunningSandbox> = startSandbox(options);
export const url: Promise<string> = sandbox.then((s) => s.url);
// @ts-expect-error the port is a number
startSandbox({ port: '0' });
// @ts-expect-error not an option of the sandbox
startSandbox({ seed: 1 });
`,
    );
    writeFileSync(
      join(consumer, 'msw-setup.ts'),
      `import { setupServer } from 'msw/node';
import { sandboxHandlers, type SandboxHandlers } from '@wallet-api/sandbox/msw';
export const sandbox: SandboxHandlers = sandboxHandlers({ baseUrl: 'http://sandbox.test', deterministic: true });
export const server = setupServer(...sandbox);
export const reset: () => void = sandbox.reset;
// @ts-expect-error baseUrl is required
sandboxHandlers({ deterministic: true });
`,
    );
    verdict = compileProject(join(consumer, 'tsconfig.json'), declarations);
  }, 120_000);

  it('type-checks against the packed declarations', () => {
    expect(verdict).toBe('ok');
  });
});

describe('the packages from CommonJS', () => {
  let backend: string;
  /** The verdict on the backend under each module setting: 'ok', or the errors as tsc prints them. */
  const compiled: Record<string, string> = {};

  beforeAll(async () => {
    backend = join(project, 'commonjs-backend');
    writeCommonJsBackend(backend);
    for (const { name } of moduleSettings) compiled[name] = compileProject(join(backend, `tsconfig.${name}.json`), declarations);
  }, 120_000);

  it('type-checks a consumer of the SDK under module commonjs (node10), node16, nodenext, and bundler resolution with esnext and preserve', () => {
    expect(compiled).toEqual(Object.fromEntries(moduleSettings.map(({ name }) => [name, 'ok'])));
  });

  it('ships CommonJS declarations that are sound for a project checking libraries under module node16', () => {
    const problems = declarationProblems(backend, declarations);
    // The entries read are the twins, and so is everything they import.
    expect(Object.keys(problems)).toEqual(expect.arrayContaining(['@wallet-api/sdk/dist/sdk/src/client/index.d.cts', '@wallet-api/sdk/dist/sdk/src/signing/index.d.cts', '@wallet-api/sdk/generated/schema.d.cts', '@wallet-api/sandbox/dist/sandbox/src/index.d.cts']));
    expect(Object.keys(problems).filter((file) => !file.endsWith('.d.cts'))).toEqual([]);
    expect(Object.entries(problems).filter(([, errors]) => errors.length > 0)).toEqual([]);
  });

  it('runs each compiled consumer against the sandbox a jest-style CommonJS globalSetup require()s, starts and closes', async () => {
    const args = moduleSettings.map(({ name, output }) => `${name}=${output === 'module' ? 'import' : 'require'}`);
    const { stdout } = await run(process.execPath, ['run-like-jest.cjs', ...args], { cwd: backend, timeout: 30_000 });
    const { url, results, afterTeardown } = JSON.parse(stdout) as { url: string; results: Record<string, unknown>; afterTeardown: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const { name, output } of moduleSettings) {
      expect(results[name], name).toEqual({
        format: output,
        created: 'pending',
        again: { walletApiError: true, kind: 'api', httpStatus: 409 },
        signaturesMatch: true,
      });
    }
    expect(afterTeardown).toBe('closed');
  });

  it('gives require() and import() the same module: one WalletApiError class, no warning', async () => {
    const script = `const required = require('@wallet-api/sdk');
import('@wallet-api/sdk').then((imported) => {
  const error = new imported.ApiError({ operation: 'GET /', httpStatus: 500, envelope: { status: 'error', message: 'm', data: null } });
  console.log(JSON.stringify({ sameModule: required === imported, sameClass: required.WalletApiError === imported.WalletApiError, instanceOfRequired: error instanceof required.WalletApiError }));
});`;
    const { stdout, stderr } = await run(process.execPath, ['-e', script], { cwd: backend });
    expect(JSON.parse(stdout)).toEqual({ sameModule: true, sameClass: true, instanceOfRequired: true });
    expect(stderr).toBe('');
  });

  it('reads, for require() and for import of every code entry point, the declarations of the very file Node loads, in its format', async () => {
    const codeEntries = (['@wallet-api/sdk', '@wallet-api/sandbox'] as const).flatMap((name) =>
      Object.keys(manifestOf(project, name).exports).filter((subpath) => !subpath.endsWith('.json')).map((subpath) => `${name}${subpath.slice(1)}`),
    );
    // What Node loads: require.resolve from a CommonJS file, import.meta.resolve from an ES module.
    const { stdout } = await run(process.execPath, ['-e', 'console.log(JSON.stringify(JSON.parse(process.argv[1]).map((s) => require.resolve(s))))', JSON.stringify(codeEntries)], { cwd: backend });
    const required = JSON.parse(stdout) as string[];
    const { stdout: importedOut } = await run(process.execPath, ['--input-type=module', '-e', "import { fileURLToPath } from 'node:url'; console.log(JSON.stringify(JSON.parse(process.argv[1]).map((s) => fileURLToPath(import.meta.resolve(s)))))", JSON.stringify(codeEntries)], { cwd: backend });
    const imported = JSON.parse(importedOut) as string[];
    // What TypeScript reads under --module node16 for each kind of reference, and the file
    // those declarations describe: x.d.cts describes x.cjs (CommonJS), x.d.ts in a
    // "type": "module" package x.js (an ES module), x.d.mts x.mjs.
    const options: ts.CompilerOptions = { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 };
    const described = (specifier: string, mode: ts.ResolutionMode) => {
      const declaration = ts.resolveModuleName(specifier, join(backend, 'consumer.ts'), options, ts.sys, undefined, undefined, mode).resolvedModule?.resolvedFileName ?? 'nothing';
      return declaration.replace(/\.d\.cts$/, '.cjs').replace(/\.d\.mts$/, '.mjs').replace(/\.d\.ts$/, '.js');
    };
    const packages = join(project, 'node_modules');
    const asFound = (files: string[]) => Object.fromEntries(codeEntries.map((specifier, index) => [specifier, relative(packages, files[index]!)]));
    expect(asFound(codeEntries.map((specifier) => described(specifier, ts.ModuleKind.CommonJS)))).toEqual(asFound(required));
    expect(asFound(codeEntries.map((specifier) => described(specifier, ts.ModuleKind.ESNext)))).toEqual(asFound(imported));
    // And Node loads what require() finds as CommonJS (no ES module behind a require condition).
    expect(required.filter((file) => !file.endsWith('.cjs'))).toEqual([]);
  });

  it('loads every subpath export of both packages through require() and import(), with no top-level await in their module graphs', async () => {
    const subpaths = (['@wallet-api/sdk', '@wallet-api/sandbox'] as const).flatMap((name) =>
      Object.keys(manifestOf(project, name).exports).map((subpath) => `${name}${subpath.slice(1)}`),
    );
    expect(subpaths).toEqual(['@wallet-api/sdk', '@wallet-api/sdk/signing', '@wallet-api/sdk/traffic', '@wallet-api/sdk/opentelemetry', '@wallet-api/sdk/package.json', '@wallet-api/sandbox', '@wallet-api/sandbox/msw', '@wallet-api/sandbox/data.json', '@wallet-api/sandbox/package.json']);
    // require() refuses (ERR_REQUIRE_ASYNC_MODULE) a module graph with a top-level await.
    const script = `const { isDeepStrictEqual } = require('node:util');
const specifiers = JSON.parse(process.argv[1]);
Promise.all(specifiers.map(async (specifier) => {
  const json = specifier.endsWith('.json');
  const required = require(specifier);
  const imported = json ? (await import(specifier, { with: { type: 'json' } })).default : await import(specifier);
  return [specifier, { keys: Object.keys(required).length > 0, same: json ? isDeepStrictEqual(required, imported) : required === imported }];
})).then((entries) => console.log(JSON.stringify(Object.fromEntries(entries))));`;
    const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify(subpaths)], { cwd: backend });
    expect(JSON.parse(stdout)).toEqual(Object.fromEntries(subpaths.map((specifier) => [specifier, { keys: true, same: true }])));
  });
});
