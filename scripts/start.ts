// npm start: lint, bundle, generate and build the docs, then serve the docs and a local
// API on loopback and print both addresses. Ctrl-C (or SIGTERM) stops everything it started.
// `npm start -- --serve-only` skips the preparation and serves what was built last.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildDocs, defaultDocsPath } from '../src/docs/build.ts';
import { startDocsServer } from '../src/docs/server.ts';
import { demoCredentials, startSandbox } from '../src/sandbox/index.ts';
import { closeOnSignal, portFromEnv } from '../src/support/shutdown.ts';

type LocalApi = {
  /** Base address of the API (requests go to `${url}/api/v1/…`). */
  url: string;
  /** Set when the API server also serves the docs; otherwise a docs server is started. */
  docsUrl?: string;
  /** Other addresses worth printing, e.g. the Prism process behind the mock. */
  notes?: string[];
  close: () => Promise<void>;
};

/** The local API: the stateful sandbox on ${PORT:-4020}, serving the docs at /docs too. */
async function startApi(docsHtmlPath: string): Promise<LocalApi> {
  const sandbox = await startSandbox({ port: portFromEnv('PORT', 4020), docsHtmlPath });
  return {
    url: sandbox.url,
    docsUrl: `${sandbox.url}/docs`,
    notes: [`Demo credentials (sandbox only): x-api-key ${demoCredentials.apiKey}, signing secret ${demoCredentials.secret}`, 'Stateless Prism mock instead: npm run mock'],
    close: sandbox.close,
  };
}

/** The npm scripts that prepare what is served; `generate` runs once the project defines it. */
function prepare(): void {
  const scripts = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
  for (const step of ['lint', 'bundle', 'generate']) {
    if (!scripts[step]) continue;
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

const api = await startApi(defaultDocsPath);
const docs = api.docsUrl ? undefined : await startDocsServer({ htmlPath: defaultDocsPath, port: portFromEnv('DOCS_PORT', 4000) }).catch(async (error: unknown) => {
  await api.close();
  throw error;
});
closeOnSignal(async () => {
  await docs?.close();
  await api.close();
});
process.stdout.write(
  [
    '',
    `Docs: ${api.docsUrl ?? docs!.url}`,
    `API:  ${api.url}/api/v1`,
    ...(api.notes ?? []),
    'Ctrl-C stops everything.',
    '',
  ].join('\n'),
);
