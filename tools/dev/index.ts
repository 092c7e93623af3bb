// `npm run dev`: the spec owner's edit loop. Serves the docs and the sandbox as `npm start`
// does (same port, credentials and settings), watches the spec's sources, and on every save
// lints, bundles, regenerates the types, rebuilds the docs, reloads the sandbox's routes
// and reloads the open docs pages, then prints one block saying what happened.
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { watch } from 'chokidar';
import Fastify from 'fastify';
import { defaultDocsPath, writeDocs, renderDocsHtml } from '../docs/build.ts';
import { docsRoute } from '../../packages/sandbox/src/docs/server.ts';
import { withSandboxDefaults } from '../../packages/sandbox/src/defaults.ts';
import type { SandboxOptions } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { repoRoot } from '../support/repo.ts';
import { coalesce } from './coalesce.ts';
import { eventsPath, LiveReload, withLiveReload } from './live-reload.ts';
import { formatProblem } from './redocly.ts';
import { rebuild } from './rebuild.ts';
import { reportRebuild } from './report.ts';
import { createHostServer, SandboxHost } from './sandbox-host.ts';

/** What is watched, relative to the repository: the spec, the operations' code samples, the lint and bundle settings. */
export const watchedSources = ['openapi', 'examples/operations', 'redocly.yaml', 'scripts/redocly'];

export type DevOptions = {
  sandbox: SandboxOptions;
  /** Where each rebuild's block is printed. */
  out: { write(text: string): unknown };
};

export type RunningDev = {
  url: string;
  /** The name of the provider profile the sandbox plays, if any. */
  profile: string | undefined;
  close: () => Promise<void>;
};

export async function startDev({ sandbox: options, out }: DevOptions): Promise<RunningDev> {
  const { host, port, settings } = withSandboxDefaults(options);
  const sandbox = new SandboxHost(settings);
  const live = new LiveReload();
  const stopping = new AbortController();
  let gate = new AbortController();
  let build = 0;

  const runRebuild = async (changed: string[]) => {
    gate = new AbortController();
    const startedAt = new Date();
    let result: Awaited<ReturnType<typeof rebuild>>;
    try {
      result = await rebuild(sandbox, () => live.publish({ build: ++build, problems: [] }), { signal: stopping.signal, gateSignal: gate.signal });
    } catch (error) {
      if (stopping.signal.aborted) return;
      // Not a problem of the spec (a tool missing, a disk full): said as it is, and the loop goes on.
      result = { ok: false, problems: [], error: `rebuild failed: ${(error as Error).message}` };
    }
    if (stopping.signal.aborted) return;
    if (!result.ok) {
      const problems = [...result.problems.filter((p) => p.severity === 'error').map(formatProblem), ...(result.error ? [result.error] : [])];
      live.publish({ build, problems });
    }
    const verdict = result.ok ? await result.gate : undefined;
    if (stopping.signal.aborted) return;
    if (verdict) live.publish({ ...live.current, verdict: verdict.summary });
    out.write(reportRebuild({ build, trigger: changed.length === 0 ? 'start' : 'save', changed, startedAt, result, verdict, elapsedMs: Date.now() - startedAt.getTime() }));
  };

  // The docs as npm start serves them (the page, its downloads, / sent to /docs), the page
  // with the live-reload script; everything else goes to the sandbox.
  const docs = Fastify({ logger: false });
  await docs.register(docsRoute, { htmlPath: defaultDocsPath, page: (html) => withLiveReload(html, live.current.build) });
  await docs.ready();
  const server = createHostServer(settings, (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path === eventsPath) return live.handle(request, response);
    if (docs.hasRoute({ method: (request.method ?? 'GET') as 'GET', url: path })) return docs.routing(request, response);
    sandbox.handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The dev server is not listening on a TCP port');
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  // The port is taken first, so a port in use fails at once. Until the first build is
  // loaded, the sandbox answers 503 "starting"; the address is printed after it.
  await runRebuild([]);
  if (build === 0) {
    // The sources do not build now: serve the committed bundle until a save fixes them.
    const committed = loadBundledDocument();
    await sandbox.load(committed);
    if (!existsSync(defaultDocsPath)) writeDocs(await renderDocsHtml(committed), defaultDocsPath);
  }

  const rebuilds = coalesce(runRebuild, { onBusy: () => gate.abort() });
  const watcher = watch(
    watchedSources.map((source) => join(repoRoot, source)).filter((path) => existsSync(path)),
    { ignoreInitial: true },
  );
  watcher.on('all', (_event, path) => rebuilds.add(relative(repoRoot, path)));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    url,
    profile: settings.profile?.profile.name,
    async close() {
      stopping.abort();
      gate.abort();
      await watcher.close();
      await rebuilds.close();
      live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
      await docs.close();
    },
  };
}
