// Serves the rendered API reference at GET /docs when a built HTML file is given, and sends
// a browser opening the server's root there.
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { registerDocsDownloads } from '../../docs/downloads.ts';

export async function docsRoute(app: FastifyInstance, { htmlPath }: { htmlPath: string }): Promise<void> {
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(await readFile(htmlPath)));
  app.get('/', async (_request, reply) => reply.redirect('/docs'));
  registerDocsDownloads(app, htmlPath);
}
