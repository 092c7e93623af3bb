// Serves the built docs (one HTML file) on loopback at /docs, the same address the
// sandbox serves them at. Redoc routes inside the page with the URL fragment, so one
// path is enough; / redirects there.
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { errorEnvelope } from '../envelope/index.ts';
import { registerDocsDownloads } from './downloads.ts';

export const docsPath = '/docs';

export type RunningDocs = { url: string; close: () => Promise<void> };

export async function startDocsServer(options: { htmlPath: string; host?: string; port?: number }): Promise<RunningDocs> {
  const app = Fastify({ logger: false });
  app.get(docsPath, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(options.htmlPath)));
  app.get('/', async (_request, reply) => reply.redirect(docsPath));
  registerDocsDownloads(app, options.htmlPath);
  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send(errorEnvelope(`Nothing is served at ${request.method} ${request.url}; the docs are at ${docsPath}`)),
  );
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { url: `${address}${docsPath}`, close: () => app.close() };
}
