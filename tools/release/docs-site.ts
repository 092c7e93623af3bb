// The docs site as a static host serves it: `npm run docs`'s folder, alone, served by a plain
// static file server on loopback (a path that is no file answers 404 with the folder's
// 404.html, as GitHub Pages, S3 and most static hosts do), opened in chromium. It passes when
// every link inside the site reaches a file of the folder or a section of the page (Redoc
// routes by path, /wallets: the page's route, rendered from 404.html when opened directly),
// every anchor (#…) reaches an element of the rendered page, and the page requested nothing
// beyond the folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { buildDocs } from '../docs/build.ts';
import type { ReleaseContext } from './context.ts';

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const types: Record<string, string> = { html: 'text/html; charset=utf-8', yaml: 'application/yaml', json: 'application/json', md: 'text/markdown; charset=utf-8' };

/** A static host of `folder`: GET of a file under it, index.html for a folder, 404 (with 404.html when there is one) for anything else. */
async function serveFolder(folder: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    let file = normalize(join(folder, path));
    if (file.endsWith(sep)) file = join(file, 'index.html');
    if (request.method !== 'GET' || !file.startsWith(folder + sep) || !existsSync(file)) {
      const notFound = join(folder, '404.html');
      if (existsSync(notFound)) response.writeHead(404, { 'content-type': types.html }).end(await readFile(notFound));
      else response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': types[file.split('.').pop()!] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The problems of the site in `folder`: links and anchors that resolve to nothing, requests beyond the folder. */
export async function docsSiteProblems(folder: string): Promise<{ problems: string[]; links: number; anchors: number; routes: number }> {
  if (!existsSync(chromiumPath())) throw new Error(`chromium is not installed at ${chromiumPath()}: apt-get install -y --no-install-recommends chromium (or set CHROMIUM_PATH)`);
  const { server, origin } = await serveFolder(folder);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const problems: string[] = [];
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || /^(data|blob|about):/.test(url)) return route.continue();
      problems.push(`requests ${url}, outside the site`);
      return route.abort('blockedbyclient');
    });
    const answer = await page.goto(`${origin}/`, { waitUntil: 'load' });
    if (answer?.status() !== 200) throw new Error(`the site's index.html answered ${answer?.status()}`);
    // Redoc renders the page from its bundled state once loaded: a section per route of the page.
    await page.waitForSelector('[data-section-id]', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('a[href]')].map((a) => {
        const raw = a.getAttribute('href')!;
        const url = new URL(raw, document.baseURI);
        const anchor = url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : '';
        return {
          raw,
          href: url.href,
          path: decodeURIComponent(url.pathname),
          anchor,
          anchorFound: anchor === '' || document.getElementById(anchor) !== null || document.getElementsByName(anchor).length > 0,
          routeFound: document.querySelector(`[data-section-id="${CSS.escape(decodeURIComponent(url.pathname))}"]`) !== null,
        };
      }),
    );
    const internal = found.filter(({ href }) => href.startsWith(`${origin}/`));
    let anchors = 0;
    let routes = 0;
    const fetched = new Map<string, number>();
    for (const link of internal) {
      const file = link.href.split('#')[0]!;
      if (!fetched.has(file)) fetched.set(file, (await fetch(file)).status);
      if (fetched.get(file) === 200) {
        // A file of the folder; an anchor into it is checked when it is the page itself.
      } else if (link.routeFound) routes += 1;
      else problems.push(`links ${link.raw}, which is neither a file of the site nor a section of its page`);
      if (link.anchor !== '') {
        anchors += 1;
        if (!link.anchorFound) problems.push(`links ${link.raw}, an anchor the page does not have`);
      }
    }
    // A route opened directly (a shared link, a reload) gets the host's 404 page: it must be the page itself.
    if (routes > 0 && (!existsSync(join(folder, '404.html')) || !readFileSync(join(folder, '404.html')).equals(readFileSync(join(folder, 'index.html'))))) {
      problems.push('has no 404.html equal to index.html, so a section opened by its address (e.g. a reload of /wallets) is not found on a static host');
    }
    return { problems: [...new Set(problems)], links: internal.length, anchors, routes };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function checkDocsSite(context: ReleaseContext): Promise<string> {
  const folder = join(context.work, 'site');
  await buildDocs(join(folder, 'index.html'));
  const { problems, links, anchors, routes } = await docsSiteProblems(folder);
  if (problems.length > 0) throw new Error(`the site ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? `; and ${problems.length - 10} more` : ''}`);
  return `${readdirSync(folder).length} files: ${links} internal links (${routes} to sections, ${anchors} anchors) resolve, no request beyond the folder`;
}
