// The one docs route, as startDocsServer serves it alone and as the dev loop registers it
// with a page rewrite: the page, the redirect, the downloads beside it, and the error
// envelope for a file that cannot be read or a path that serves nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRoute, startDocsServer, type RunningDocs } from '../../packages/sandbox/src/docs/server.ts';
import { isErrorEnvelope } from '../../packages/sdk/src/envelope/index.ts';

const page = '<!doctype html><title>API reference</title><body><a href="openapi.yaml">YAML</a></body>';
let dir: string;
let docs: RunningDocs;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docs-server-'));
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\n');
  docs = await startDocsServer({ htmlPath: join(dir, 'index.html') });
  origin = new URL(docs.url).origin;
});

afterAll(async () => {
  await docs?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the docs server', () => {
  it('serves the page at /docs and sends the root there', async () => {
    const response = await fetch(docs.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(page);
    const root = await fetch(`${origin}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/docs');
  });

  it('serves the downloads beside the page, and answers one that cannot be read with the error envelope', async () => {
    const yaml = await fetch(`${origin}/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toBe('openapi: 3.1.0\n');
    const missing = await fetch(`${origin}/CHANGELOG.md`);
    expect(missing.status).toBe(500);
    const body: unknown = await missing.json();
    expect(isErrorEnvelope(body)).toBe(true);
    expect(body).toMatchObject({ message: expect.stringMatching(/^The docs cannot be read: .*CHANGELOG\.md/) });
  });

  it('answers a path that serves nothing with the 404 envelope', async () => {
    const response = await fetch(`${origin}/api/v1/wallets`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 'error', message: 'Nothing is served at GET /api/v1/wallets; the docs are at /docs', data: null });
  });
});

describe('docsRoute with a page rewrite', () => {
  it('sends the page through the rewrite, read afresh on each request', async () => {
    const app = Fastify({ logger: false });
    let build = 1;
    await app.register(docsRoute, { htmlPath: join(dir, 'index.html'), page: (html) => html.replace('</body>', `<script>build(${build})</script></body>`) });
    try {
      expect((await app.inject({ method: 'GET', url: '/docs' })).body).toContain('<script>build(1)</script></body>');
      build = 2;
      expect((await app.inject({ method: 'GET', url: '/docs' })).body).toContain('<script>build(2)</script></body>');
      const download = await app.inject({ method: 'GET', url: '/openapi.yaml' });
      expect(download.body).toBe('openapi: 3.1.0\n');
    } finally {
      await app.close();
    }
  });
});
