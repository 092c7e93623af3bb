// A CommonJS backend beside the installed packages: a folder whose package.json has no
// "type" (as NestJS and many Express services still compile), one TypeScript module that
// uses the SDK, compiled by one tsconfig per module setting integrators use, and a jest-style
// globalSetup/globalTeardown pair in plain CommonJS that starts and stops the sandbox.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { sharingHost, type DeclarationCache } from './shared-compile.ts';

export type ModuleSetting = {
  name: string;
  compilerOptions: Record<string, unknown>;
  /** What tsc emits for the consumer here; 'module' output is run as ES modules, as a bundler's would be. */
  output: 'commonjs' | 'module';
};

export const moduleSettings: ModuleSetting[] = [
  { name: 'commonjs', compilerOptions: { module: 'commonjs', moduleResolution: 'node10' }, output: 'commonjs' },
  // Still models a Node that cannot require() an ES module: the packages' CommonJS type twins
  // are what it reads (declarationProblems checks them inside).
  { name: 'node16', compilerOptions: { module: 'node16' }, output: 'commonjs' },
  { name: 'nodenext', compilerOptions: { module: 'nodenext' }, output: 'commonjs' },
  { name: 'bundler-esnext', compilerOptions: { module: 'esnext', moduleResolution: 'bundler' }, output: 'module' },
  { name: 'bundler-preserve', compilerOptions: { module: 'preserve', moduleResolution: 'bundler' }, output: 'module' },
];

/** The consumer, written once and compiled under every setting. */
const consumer = `import { ApiError, WalletApiError, createClient, hmacSha256, unwrap, type Swap, type WalletApiClient } from '@wallet-api/sdk';
import { signaturesMatch, type SignatureInput } from '@wallet-api/sdk/signing';

export async function swapTwice(baseUrl: string) {
  const client = createClient({ environment: 'custom', baseUrl, apiKey: 'team-key', signer: hmacSha256({ secret: 'team-secret' }) });
  const created: Swap = await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } }));
  await unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: created.id } } }));
  const again: unknown = await unwrap(client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: created.id } } })).catch((error: unknown) => error);
  if (!(again instanceof ApiError)) throw new Error(\`confirming twice gave \${String(again)}\`);
  const httpStatus: number = again.httpStatus;
  return {
    format: typeof module === 'object' ? 'commonjs' : 'module',
    created: created.status,
    again: { walletApiError: again instanceof WalletApiError, kind: again.kind, httpStatus },
    signaturesMatch: signaturesMatch('a', 'a'),
  };
}

// Never called: the SDK's types must refuse these, so they are not 'any'.
export function refusedByTheTypes(client: WalletApiClient, error: WalletApiError) {
  // @ts-expect-error password is required
  client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } });
  // @ts-expect-error not a path of the API
  client.GET('/api/v1/nothing');
  // @ts-expect-error a signature input has an API key
  const input: SignatureInput = { method: 'GET', pathWithQuery: '/', body: '', timestamp: '' };
  // @ts-expect-error httpStatus belongs to ApiError, not to every WalletApiError
  return [input, error.httpStatus];
}
`;

/** The sandbox's types from CommonJS, type-checked under node16 only (where the twins matter). */
const typedSandboxSetup = `import { demoCredentials, startSandbox, type RunningSandbox, type SandboxOptions } from '@wallet-api/sandbox';
const options: SandboxOptions = { port: 0, apiKeys: { [demoCredentials.apiKey]: demoCredentials.secret }, logger: false };
export const sandbox: Promise<RunningSandbox> = startSandbox(options);
// @ts-expect-error not an option of the sandbox
startSandbox({ seed: 1 });
`;

// jest loads globalSetup and globalTeardown with Node's own require().
const globalSetup = `module.exports = async () => {
  const { startSandbox } = require('@wallet-api/sandbox');
  const sandbox = await startSandbox({ port: 0, apiKeys: { 'team-key': 'team-secret' }, logger: false });
  globalThis.__WALLET_API_SANDBOX__ = sandbox;
  process.env.WALLET_API_SANDBOX_URL = sandbox.url;
};
`;
const globalTeardown = `module.exports = async () => {
  await globalThis.__WALLET_API_SANDBOX__.close();
};
`;

/**
 * Runs as jest would: the globalSetup, then each compiled consumer (argv: name=require or
 * name=import), then the globalTeardown; prints what each consumer returned or threw, and
 * whether the sandbox still answers after the teardown.
 */
const runner = `const { pathToFileURL } = require('node:url');
(async () => {
  await require('./global-setup.cjs')();
  const url = process.env.WALLET_API_SANDBOX_URL;
  const results = {};
  try {
    for (const [name, load] of process.argv.slice(2).map((arg) => arg.split('='))) {
      const file = require.resolve(\`./out/\${name}/consumer.js\`);
      try {
        const consumer = load === 'import' ? await import(pathToFileURL(file).href) : require(file);
        results[name] = await consumer.swapTwice(url);
      } catch (error) {
        results[name] = { failed: String(error) };
      }
    }
  } finally {
    await require('./global-teardown.cjs')();
  }
  const afterTeardown = await fetch(url).then(() => 'answering', () => 'closed');
  console.log(JSON.stringify({ url, results, afterTeardown }));
})();
`;

export function writeCommonJsBackend(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'commonjs-backend', private: true }));
  writeFileSync(join(dir, 'consumer.ts'), consumer);
  writeFileSync(join(dir, 'sandbox-setup.ts'), typedSandboxSetup);
  writeFileSync(join(dir, 'global-setup.cjs'), globalSetup);
  writeFileSync(join(dir, 'global-teardown.cjs'), globalTeardown);
  writeFileSync(join(dir, 'run-like-jest.cjs'), runner);
  for (const { name, compilerOptions, output } of moduleSettings) {
    const outDir = join(dir, 'out', name);
    mkdirSync(outDir, { recursive: true });
    // ES module output stays ES modules in Node, without Node guessing the format.
    if (output === 'module') writeFileSync(join(outDir, 'package.json'), JSON.stringify({ type: 'module' }));
    const files = name === 'node16' ? ['consumer.ts', 'sandbox-setup.ts'] : ['consumer.ts'];
    // skipLibCheck as most project templates have it (and checking all of @types/node and
    // Fastify five times over would triple the time); declarationProblems covers ours.
    writeFileSync(
      join(dir, `tsconfig.${name}.json`),
      JSON.stringify({ compilerOptions: { target: 'ES2022', strict: true, types: ['node'], skipLibCheck: true, outDir: `out/${name}`, ...compilerOptions }, files }),
    );
  }
}

/**
 * What a project without skipLibCheck would see inside the packages' declarations under
 * --module node16, where its CommonJS modules read the twins: each declaration file of
 * @wallet-api/* that the backend's TypeScript reaches, relative to node_modules, with the
 * errors TypeScript finds in it. Only those files are checked, not all of @types/node.
 */
export function declarationProblems(dir: string, cache: DeclarationCache): Record<string, string[]> {
  const options: ts.CompilerOptions = { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, target: ts.ScriptTarget.ES2022, strict: true, types: ['node'], noEmit: true };
  const program = ts.createProgram({ rootNames: [join(dir, 'consumer.ts'), join(dir, 'sandbox-setup.ts')], options, host: sharingHost(options, cache) });
  const packages = join(dir, '..', 'node_modules');
  const result: Record<string, string[]> = {};
  for (const file of program.getSourceFiles().filter((f) => f.fileName.startsWith(join(packages, '@wallet-api')))) {
    result[relative(packages, file.fileName)] = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
  }
  return result;
}
