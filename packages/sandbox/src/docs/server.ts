// Serves the built docs (one HTML file) at /docs: the sandbox registers docsRoute beside
// its API, startDocsServer runs it alone on loopback and the dev loop in front of its
// sandbox, so all three serve the page and the downloads it links the same way. Redoc
// routes inside the page with the URL fragment, so one path is enough.
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorEnvelope } from '../../../sdk/src/envelope/index.ts';
import { registerDocsDownloads } from './downloads.ts';

export const docsPath = '/docs';

export type RunningDocs = { url: string; close: () => Promise<void> };

export type DocsRouteOptions = {
  htmlPath: string;
  /** Rewrites the page on its way out (the dev loop adds its live-reload script). */
  page?: (html: string) => string;
};

/**
 * GET /docs answers the page at htmlPath, read on each request so a rebuild shows at once,
 * with the downloads it links; a browser opening the server's root is sent there. A file
 * that cannot be read is answered 500 with the error envelope.
 */
export async function docsRoute(app: FastifyInstance, { htmlPath, page }: DocsRouteOptions): Promise<void> {
  app.setErrorHandler(async (error: Error, _request, reply) => reply.code(500).send(errorEnvelope(`The docs cannot be read: ${error.message}`)));
  app.get(docsPath, async (_request, reply) => {
    const html = await readFile(htmlPath);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page ? page(html.toString('utf8')) : html);
  });
  app.get('/', async (_request, reply) => reply.redirect(docsPath));
  registerDocsDownloads(app, htmlPath);
}

/** The docs alone, with the error envelope for anything else. */
export async function startDocsServer(options: { htmlPath: string; host?: string; port?: number }): Promise<RunningDocs> {
  const app = Fastify({ logger: false });
  await app.register(docsRoute, { htmlPath: options.htmlPath });
  app.setNotFoundHandler(async (request, reply) => reply.code(404).send(errorEnvelope(`Nothing is served at ${request.method} ${request.url}; the docs are at ${docsPath}`)));
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { url: `${address}${docsPath}`, close: () => app.close() };
}
