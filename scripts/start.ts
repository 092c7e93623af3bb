// npm start: lint, bundle, generate and build the docs, then serve the sandbox API with the
// docs at /docs on loopback and print the addresses. Ctrl-C (or SIGTERM) stops everything.
// `npm start -- --serve-only` skips the preparation and serves what was built last.
import { spawnSync } from 'node:child_process';
import { buildDocs, defaultDocsPath } from '../src/docs/build.ts';
import { demoCredentials, startSandbox } from '../src/sandbox/index.ts';
import { sandboxOptionsFromEnv } from '../src/sandbox/config.ts';
import { closeOnSignal } from '../src/support/shutdown.ts';

/** The npm scripts that prepare what is served. */
function prepare(): void {
  for (const step of ['lint', 'bundle', 'generate']) {
    process.stdout.write(`\n> npm run ${step}\n`);
    const result = spawnSync('npm', ['run', '--silent', step], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm run ${step} failed (exit ${result.status ?? result.signal})`);
  }
}

if (!process.argv.includes('--serve-only')) {
  prepare();
  process.stdout.write('\n> build the docs\n');
  await buildDocs(defaultDocsPath);
}

// The stateful sandbox, so that requests tried while reading the docs remember what they
// created. It reads the same settings as `npm run sandbox` (PORT, SANDBOX_API_KEYS, …).
const { options, usesDemoCredentials } = sandboxOptionsFromEnv(process.env);
const sandbox = await startSandbox({ ...options, docsHtmlPath: defaultDocsPath });
closeOnSignal(() => sandbox.close());
process.stdout.write(
  [
    '',
    `Docs: ${sandbox.url}/docs`,
    `API:  ${sandbox.url}/api/v1`,
    usesDemoCredentials
      ? `Demo credentials (sandbox only): x-api-key ${demoCredentials.apiKey}, signing secret ${demoCredentials.secret}`
      : `API keys: ${Object.keys(options.apiKeys ?? {}).length} from SANDBOX_API_KEYS`,
    'Stateless Prism mock instead: npm run mock',
    'Ctrl-C stops everything.',
    '',
  ].join('\n'),
);
