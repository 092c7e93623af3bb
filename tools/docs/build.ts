// Builds the published docs: a folder for any static host (dist/docs/), holding one
// self-contained HTML page made by Redocly `build-docs` (Redoc inlined, nothing loaded from
// third parties) from the bundled spec with its "not published by the provider" markers
// made visible, and beside it the downloads the page links: the bundle as YAML and JSON and
// the changelog.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { docsDownloads } from '../../packages/sandbox/src/docs/downloads.ts';
import { withVisibleMarkers } from './markers.ts';
import { runRedocly, withoutNotices } from '../support/redocly.ts';
import { repoRoot } from '../support/repo.ts';

export { docsDownloads } from '../../packages/sandbox/src/docs/downloads.ts';

export const defaultDocsPath = join(repoRoot, 'dist/docs/index.html');

/** The introduction's line of download links (relative, so the folder works on any host). */
function withDownloadLinks(doc: OpenApiDocument): OpenApiDocument {
  const links = docsDownloads.map(({ name, label }) => `[${label}](${name})`).join(' · ');
  return { ...doc, info: { ...doc.info, description: `**Downloads:** ${links}\n\n${String(doc.info.description ?? '')}` } };
}

/**
 * Redoc has no option to drop the "API docs by" logo, which it fetches from Redocly's CDN
 * after the page loads. Both logo addresses are swapped for an inline SVG wordmark, so the
 * attribution stays and nothing is fetched. A Redocly upgrade that changes them fails here.
 */
const cdnLogos = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const inlineLogo = (width: number, text: string) =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#0044d4">${text}</text></svg>`,
  );
const inlineLogos = [inlineLogo(52, 'Redocly'), inlineLogo(14, 'R')];

/**
 * The docs page for a document: Redocly's self-contained page with the markers made visible,
 * the download links added and the CDN logos inlined. `signal` stops Redocly mid-build.
 */
export async function renderDocsHtml(document: OpenApiDocument, options: { signal?: AbortSignal } = {}): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'docs-'));
  try {
    const source = join(work, 'openapi.yaml');
    writeFileSync(source, stringify(withDownloadLinks(withVisibleMarkers(document)), { lineWidth: 0 }));
    const built = join(work, 'index.html');
    const { exitCode, output } = await runRedocly(['build-docs', source, '--inlineBundle', '--output', built], options.signal);
    if (options.signal?.aborted) throw new Error('the docs build was stopped');
    if (exitCode !== 0) throw new Error(`redocly build-docs failed (exit ${exitCode}): ${withoutNotices(output).slice(-2000)}`);
    let html = readFileSync(built, 'utf8');
    cdnLogos.forEach((logo, index) => {
      const uses = html.split(logo).length - 1;
      if (uses !== 1) throw new Error(`expected the Redoc logo ${logo} once in the built docs, found it ${uses} times`);
      html = html.replace(logo, inlineLogos[index]!);
    });
    return html;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Writes a page to outputPath, the same page as 404.html beside it, and the downloads it links
 * (copied from the committed files). Redoc routes by path (/wallets): a static host answers a
 * path that is no file with its 404.html (GitHub Pages, S3, most others), so a section opened
 * by its address, or reloaded, still shows the page, which renders that section.
 */
export function writeDocs(html: string, outputPath: string = defaultDocsPath): string {
  mkdirSync(dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, html);
  writeFileSync(join(dirname(outputPath), '404.html'), html);
  for (const { from, name } of docsDownloads) copyFileSync(join(repoRoot, from), join(dirname(outputPath), name));
  return outputPath;
}

/** Builds the docs page of the bundled spec into outputPath (default dist/docs/index.html), the downloads beside it, and returns the page's path. */
export async function buildDocs(outputPath: string = defaultDocsPath): Promise<string> {
  return writeDocs(await renderDocsHtml(loadBundledDocument()), outputPath);
}
