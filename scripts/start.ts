// npm start: lint, bundle, generate, build the packages (for `npx wallet-api`) and the docs,
// then serve the sandbox API with the docs at /docs on loopback and print the addresses,
// the demo credentials and a first command to paste, as the last lines. The tools' own
// output (Redocly's banners among it) is captured and shown only when a step fails.
// Ctrl-C (or SIGTERM) stops everything. `npm start -- --serve-only` skips the preparation
// and serves what was built last.
import { spawnSync } from 'node:child_process';
import { buildDocs, defaultDocsPath } from '../tools/docs/build.ts';
import { startSandbox } from '../packages/sandbox/src/index.ts';
import { servingBanner } from '../packages/sandbox/src/banner.ts';
import { sandboxOptionsFromEnv } from '../packages/sandbox/src/config.ts';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';
import { closeOnSignal } from '../packages/sandbox/src/shutdown.ts';

/** The npm scripts that prepare what is served, each on one line; a failing step's output is shown whole. */
function prepare(): void {
  for (const step of ['lint', 'bundle', 'generate', 'build']) {
    process.stdout.write(`> npm run ${step}\n`);
    const result = spawnSync('npm', ['run', '--silent', step], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (result.status !== 0) {
      process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      throw new Error(`npm run ${step} failed (exit ${result.status ?? result.signal})`);
    }
  }
}

let serveOnly = false;
try {
  serveOnly = parseFlags(process.argv.slice(2), { 'serve-only': { type: 'boolean' } }, 'npm start -- [--serve-only]')['serve-only'] ?? false;
} catch (error) {
  process.stderr.write(`start: ${(error as Error).message}\n`);
  process.exit(2);
}

if (!serveOnly) {
  prepare();
  process.stdout.write('> build the docs\n');
  await buildDocs(defaultDocsPath);
}

// The stateful sandbox, so that requests tried while reading the docs remember what they
// created. It reads the same settings as `npm run sandbox` (PORT, SANDBOX_API_KEYS, …).
const { options, usesDemoCredentials } = sandboxOptionsFromEnv(process.env, process.stdout.isTTY === true);
const sandbox = await startSandbox({ ...options, docsHtmlPath: defaultDocsPath });
closeOnSignal(() => sandbox.close());
process.stdout.write(
  servingBanner({
    url: sandbox.url,
    usesDemoCredentials,
    apiKeyCount: Object.keys(options.apiKeys ?? {}).length,
    profile: sandbox.profile,
    notes: ['Stateless Prism mock instead: npm run mock', 'The spec, live (docs and sandbox rebuilt on each save): npm run dev'],
  }),
);
