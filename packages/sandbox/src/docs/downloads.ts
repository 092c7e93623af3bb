// The downloads published beside the docs page (dist/docs/: the bundle as YAML and JSON,
// the changelog), served by whichever server serves the page. The page links them
// relatively, and it is served at /docs, so they are answered at the root: /openapi.yaml.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The files published beside the page (repository path → name in the docs folder), linked from its introduction. */
export const docsDownloads = [
  { from: 'generated/openapi.yaml', name: 'openapi.yaml', label: 'OpenAPI description (YAML)' },
  { from: 'generated/openapi.json', name: 'openapi.json', label: 'OpenAPI description (JSON)' },
  { from: 'CHANGELOG.md', name: 'CHANGELOG.md', label: 'Changelog' },
] as const;

const contentTypes: Record<string, string> = { yaml: 'application/yaml; charset=utf-8', json: 'application/json; charset=utf-8', md: 'text/markdown; charset=utf-8' };

export function registerDocsDownloads(app: FastifyInstance, htmlPath: string): void {
  for (const { name } of docsDownloads) {
    app.get(`/${name}`, async (_request, reply) =>
      reply
        .type(contentTypes[name.split('.').pop()!] ?? 'application/octet-stream')
        .header('cache-control', 'no-cache')
        .send(await readFile(join(dirname(htmlPath), name))),
    );
  }
}
