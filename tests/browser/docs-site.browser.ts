// The docs site as a static host serves it (tools/release/docs-site.ts: npm run docs:check and
// release:check's docs line), in chromium: the built folder passes, and a folder with each
// kind of defect planted fails naming it.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDocsPath } from '../../tools/docs/build.ts';
import { docsSiteProblems } from '../../tools/release/docs-site.ts';

const built = dirname(defaultDocsPath);
const scratch = mkdtempSync(join(tmpdir(), 'docs-site-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the docs site on a static host', () => {
  it('resolves every internal link and section of the built folder and requests nothing beyond it', async () => {
    if (!existsSync(defaultDocsPath)) throw new Error(`${defaultDocsPath} is missing: run \`npm run docs\` first`);
    const { problems, links, routes } = await docsSiteProblems(built);
    expect(problems).toEqual([]);
    // The downloads and the navigation's sections, at least.
    expect(links).toBeGreaterThanOrEqual(3 + routes);
    expect(routes).toBeGreaterThan(5);
  });

  it('names a link to a missing file, an anchor the page lacks, a request beyond the folder and a missing 404 page', async () => {
    const folder = join(scratch, 'planted');
    cpSync(built, folder, { recursive: true });
    const page = readFileSync(join(folder, 'index.html'), 'utf8').replace('<head>', '<head><link rel="stylesheet" href="https://cdn.example.invalid/theme.css">');
    // Before the page's own closing tag, the last one (the inlined scripts hold the text too).
    const end = page.lastIndexOf('</body>');
    writeFileSync(join(folder, 'index.html'), `${page.slice(0, end)}<a href="guide.html">Guide</a><a href="#nowhere">Nowhere</a>${page.slice(end)}`);
    rmSync(join(folder, '404.html'));
    const { problems } = await docsSiteProblems(folder);
    expect(problems.sort()).toEqual(
      [
        'requests https://cdn.example.invalid/theme.css, outside the site',
        'links guide.html, which is neither a file of the site nor a section of its page',
        'links #nowhere, an anchor the page does not have',
        'has no 404.html equal to index.html, so a section opened by its address (e.g. a reload of /wallets) is not found on a static host',
      ].sort(),
    );
  });
});
