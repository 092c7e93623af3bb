// Opens the built docs (dist/docs/index.html, from `npm run docs`) in chromium through
// the loopback docs server and checks what a reader sees.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDocsPath, docsDownloads } from '../../tools/docs/build.ts';
import { startDocsServer, type RunningDocs } from '../../packages/sandbox/src/docs/server.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { collectUnknowns } from '../../tools/spec/unknowns.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const installCommand = 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium';
const doc = loadBundledDocument();

let docs: RunningDocs;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const foreignRequests: string[] = [];

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`chromium is not installed at ${chromiumPath}. Install it with: ${installCommand} (or set CHROMIUM_PATH)`);
  if (!existsSync(defaultDocsPath)) throw new Error(`${defaultDocsPath} is missing: run \`npm run docs\` first`);
  docs = await startDocsServer({ htmlPath: defaultDocsPath });
  browser = await chromium.launch({ executablePath: chromiumPath });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // Every request is intercepted: only the loopback docs server may be reached.
  const origin = new URL(docs.url).origin;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
    foreignRequests.push(url);
    return route.abort('blockedbyclient');
  });
});

afterAll(async () => {
  await browser?.close();
  await docs?.close();
});

const tags = (doc.tags as { name: string }[]).map((t) => t.name);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The navigation entry labelled exactly `name`. */
const menuItem = (name: string) => page.locator(`[data-testid="menu-item-label"]:has([data-text=${JSON.stringify(name)}])`).first();
const navigationLabels = () => page.locator('[data-testid="menu-item-label"] [data-text]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-text')));
const heading = (text: string) => page.locator('h1, h2', { hasText: new RegExp(`^${escape(text)}( \\(|$)`) }).first();

/** A fresh load of the docs, as a reader arriving at the address. */
async function openDocs(): Promise<void> {
  await page.goto(docs.url, { waitUntil: 'load' });
  await heading(String(doc.info.title)).waitFor();
}

/**
 * The page text once the reader has opened an operation from the navigation. The
 * navigation follows the scroll, and on a loaded machine the entry about to be clicked
 * was once taken out of the page (its group folded) and never came back within 30 s.
 * A reader then opens the group again, and so does this, within a bound.
 */
async function operationText(tag: string, summary: string): Promise<string> {
  const deadline = Date.now() + 45_000;
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await menuItem(summary).isVisible())) await menuItem(tag).click({ timeout: 5_000 });
      await menuItem(summary).click({ timeout: 5_000 });
      await heading(summary).waitFor({ timeout: 5_000 });
      return await page.evaluate(() => document.body.innerText);
    } catch (error) {
      process.stdout.write(`opening "${summary}" again after attempt ${attempt}: ${(error as Error).message.split('\n')[0]}\n`);
      if (Date.now() > deadline) throw new Error(`could not open "${summary}" under "${tag}" in ${attempt} attempts`, { cause: error });
    }
  }
}

// The two tests that open all sixteen operations, one of which may need opening again.
const allOperationsTimeout = 180_000;

describe('the published docs in chromium', () => {
  it('lists every operation summary in the navigation, under its tag', async () => {
    await openDocs();
    for (const tag of tags) {
      await menuItem(tag).click();
      const expected = listOperations(doc).filter((o) => o.operation.tags.includes(tag)).map((o) => o.operation.summary);
      await menuItem(expected[0]!).waitFor();
      const labels = await navigationLabels();
      for (const summary of expected) expect(labels, `${summary} under ${tag}`).toContain(summary);
      await menuItem(tag).click();
    }
    expect(listOperations(doc)).toHaveLength(16);
  });

  it('shows the title, the servers and the not-published markers of operations, parameters and the API', async () => {
    await openDocs();
    const intro = await page.evaluate(() => document.body.innerText);
    expect(intro).toContain(String(doc.info.title));
    for (const server of doc.servers as { url: string; description: string }[]) expect(intro).toContain(server.description);
    let pages = intro;
    for (const { operation } of listOperations(doc)) pages += await operationText(operation.tags[0]!, operation.summary);
    const shownInPlace = collectUnknowns(doc).filter((u) => /^#(\/info)?$|^#\/paths\/|^#\/components\/parameters\//.test(u.pointer));
    expect(shownInPlace.length).toBeGreaterThan(8);
    for (const u of shownInPlace) expect(pages, u.pointer).toContain(`Not published: ${u.missing}`);
  }, allOperationsTimeout);

  it('shows the security schemes with their descriptions and markers', async () => {
    await openDocs();
    await menuItem('Wallets').click();
    await page.getByText('View security details').first().click();
    await page.getByText('x-signature').first().waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    const schemes = (doc.components.securitySchemes ?? {}) as Record<string, { name: string; description: string; 'x-undocumented'?: string | string[] }>;
    for (const scheme of Object.values(schemes)) {
      expect(text).toContain(scheme.name);
      expect(text).toContain(scheme.description.split('\n')[0]!.trim());
      // A marker is one sentence or a list of them; each is shown on its own.
      for (const sentence of [scheme['x-undocumented'] ?? []].flat()) expect(text).toContain(`Not published: ${sentence}`);
    }
  });

  it('shows each operation\'s TypeScript sample once the operation is opened', async () => {
    await openDocs();
    for (const { operation } of listOperations(doc)) {
      await operationText(operation.tags[0]!, operation.summary);
      const samples = operation['x-codeSamples'] as { lang: string; source: string }[];
      const typescript = samples.find((sample) => sample.lang === 'TypeScript')!;
      // The sample's first line (its comment) and its call of the operation's method, visible in the page.
      for (const line of [typescript.source.split('\n')[0]!, `client.${operation.operationId}`]) {
        const shown = page.locator('pre', { hasText: line }).filter({ visible: true });
        await expect.poll(() => shown.count(), { message: `${operation.operationId}: ${line}` }).toBeGreaterThan(0);
      }
    }
  }, allOperationsTimeout);

  it('links the downloads from the introduction, and each answers', async () => {
    await openDocs();
    for (const { name, label } of docsDownloads) {
      const link = page.getByRole('link', { name: label }).first();
      await link.waitFor();
      const href = new URL((await link.getAttribute('href'))!, page.url()).toString();
      expect(href).toBe(new URL(`/${name}`, docs.url).toString());
      const response = await page.request.get(href);
      expect(response.status(), name).toBe(200);
      expect(await response.text(), name).toBe(readFileSync(join(dirname(defaultDocsPath), name), 'utf8'));
    }
  });

  it('logs no console errors and requests nothing beyond the loopback docs server', async () => {
    const screenshot = join(mkdtempSync(join(tmpdir(), 'docs-browser-')), 'docs.png');
    await openDocs();
    await page.screenshot({ path: screenshot, fullPage: false });
    process.stdout.write(`docs screenshot: ${screenshot}\n`);
    expect(foreignRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
