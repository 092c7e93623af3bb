import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocs, docsDownloads } from '../../tools/docs/build.ts';
import { repoRoot } from '../support/run.ts';
import { visibleMarkerLabel, withVisibleMarkers } from '../../tools/docs/markers.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations, resolvePointer } from '../../packages/sdk/src/spec/openapi.ts';
import { collectUnknowns } from '../../tools/spec/unknowns.ts';

const doc = loadBundledDocument();
let html: string;
let outputDir: string;

beforeAll(async () => {
  outputDir = mkdtempSync(join(tmpdir(), 'docs-build-'));
  html = readFileSync(await buildDocs(join(outputDir, 'index.html')), 'utf8');
});

describe('withVisibleMarkers', () => {
  it('writes every marker into the description of the object that carries it, leaving the bundle untouched', () => {
    const before = JSON.stringify(doc);
    const shown = withVisibleMarkers(doc);
    const unknowns = collectUnknowns(doc);
    expect(unknowns.length).toBeGreaterThan(20);
    for (const u of unknowns) {
      const holder = (u.pointer === '#' ? shown.info : resolvePointer(shown, u.pointer)) as { description: string };
      expect(holder.description, u.pointer).toContain(`**${visibleMarkerLabel}** ${u.missing}`);
    }
    expect(JSON.stringify(doc)).toBe(before);
  });
});

describe('npm run docs', () => {
  it('writes a static folder: one self-contained HTML page and the downloads it links, copied as they are', () => {
    expect(readdirSync(dirname(join(outputDir, 'index.html'))).sort()).toEqual(['404.html', 'CHANGELOG.md', 'index.html', 'openapi.json', 'openapi.yaml']);
    // The static host's answer to a section's address (/wallets): the page itself.
    expect(readFileSync(join(outputDir, '404.html'), 'utf8')).toBe(html);
    for (const { from, name } of docsDownloads) {
      expect(readFileSync(join(outputDir, name), 'utf8'), name).toBe(readFileSync(join(repoRoot, from), 'utf8'));
      expect(html, name).toContain(`href="${name}"`);
    }
    expect(html).not.toMatch(/<script[^>]+\bsrc=/i);
    expect(html).not.toMatch(/<link[^>]+\bhref=["']?https?:/i);
    expect(html).not.toContain('cdn.redoc.ly');
  });

  it('carries the title, the servers, the security descriptions and all 16 operations with their tags', () => {
    expect(html).toContain(`<title>${String(doc.info.title)}</title>`);
    for (const server of doc.servers as { url: string; description: string }[]) {
      expect(html).toContain(server.url);
      expect(html).toContain(server.description);
    }
    for (const scheme of Object.values(doc.components.securitySchemes ?? {}) as { description: string }[]) {
      expect(html).toContain(JSON.stringify(scheme.description).slice(1, -1));
    }
    const operations = listOperations(doc);
    expect(operations).toHaveLength(16);
    for (const { operation } of operations) {
      expect(html).toContain(`"operationId":"${operation.operationId}"`);
      expect(html).toContain(`"summary":"${operation.summary}"`);
    }
    for (const tag of doc.tags as { name: string }[]) expect(html).toContain(`"name":"${tag.name}"`);
  });

  it('carries every not-published marker in a visible description', () => {
    for (const u of collectUnknowns(doc)) expect(html, u.pointer).toContain(JSON.stringify(`**${visibleMarkerLabel}** ${u.missing}`).slice(1, -1));
  });
});
