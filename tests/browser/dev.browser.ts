// `npm run dev` as the spec owner sees it in chromium: the open docs page reloads itself
// after a save and shows the new summary, a save that breaks the YAML puts the problem in a
// banner over the last good docs, and the next good save takes the banner away. The page
// loads nothing from anywhere but the dev server.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevCommand, type DevCommand } from '../support/dev-command.ts';
import { copyRepository } from '../support/repository-copy.ts';
import { repoRoot } from '../../tools/support/repo.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const walletsPath = 'openapi/paths/api_v1_wallets.yaml';
const transactionsPath = 'openapi/paths/api_v1_transactions.yaml';

let copy: ReturnType<typeof copyRepository>;
let dev: DevCommand;
let browser: Browser;
let page: Page;
const foreignRequests: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`chromium is not installed at ${chromiumPath} (or set CHROMIUM_PATH)`);
  copy = copyRepository(repoRoot);
  dev = await startDevCommand(copy.dir);
  browser = await chromium.launch({ executablePath: chromiumPath });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const origin = new URL(dev.url).origin;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
    foreignRequests.push(url);
    return route.abort('blockedbyclient');
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop('SIGINT');
  copy?.remove();
});

const edit = (path: string, change: (text: string) => string) => writeFileSync(join(copy.dir, path), change(readFileSync(join(copy.dir, path), 'utf8')));
/** The navigation entry labelled exactly `name` (Redoc renders a tag's operations once the tag is opened). */
const menuItem = (name: string) => page.locator(`[data-testid="menu-item-label"]:has([data-text=${JSON.stringify(name)}])`).first();
/** Whether the page's navigation lists `summary` under the Wallets tag, opening the tag if it is closed. */
const listsOperation = async (summary: string) => {
  if (await menuItem(summary).isVisible()) return true;
  if (!(await menuItem('Wallets').isVisible())) return false;
  await menuItem('Wallets').click();
  return menuItem(summary)
    .waitFor({ timeout: 2_000 })
    .then(() => true, () => false);
};
/** Waits, through reloads, until the navigation lists `summary`. */
const waitToList = async (summary: string, timeoutMs: number) => {
  for (const deadline = Date.now() + timeoutMs; !(await listsOperation(summary).catch(() => false)); ) {
    if (Date.now() > deadline) throw new Error(`the navigation did not list "${summary}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
/** Marks the loaded page, so a reload (which drops the mark) can be told from an update in place. */
const markPage = () => page.evaluate(() => ((window as unknown as { loadedBefore: boolean }).loadedBefore = true));
const pageWasReloaded = () => page.evaluate(() => (window as unknown as { loadedBefore?: boolean }).loadedBefore !== true);
const banner = () => page.locator('#dev-problems');

describe('npm run dev in the browser', () => {
  it('reloads the open docs page after a save, showing the new summary', async () => {
    await page.goto(`${dev.url}/docs`, { waitUntil: 'load' });
    await waitToList('List wallets', 30_000);
    await markPage();
    edit(walletsPath, (text) => text.replace('summary: List wallets\n', 'summary: List the wallets of the integration\n'));
    await waitToList('List the wallets of the integration', 60_000);
    expect(await pageWasReloaded()).toBe(true);
    expect(await banner().isVisible()).toBe(false);
  });

  it('shows the problems of a broken save in a banner over the last good docs, and drops it on the next good save', async () => {
    const good = readFileSync(join(copy.dir, transactionsPath), 'utf8');
    await markPage();
    edit(transactionsPath, (text) => `${text}get:\n  summary: [unfinished\n`);
    await banner().waitFor({ state: 'visible', timeout: 60_000 });
    expect(await banner().innerText()).toMatch(/The last save did not build[\s\S]*openapi\/paths\/api_v1_transactions\.yaml:\d+:\d+ {2}error/);
    // Not reloaded: the last good docs stay in front of the reader.
    expect(await pageWasReloaded()).toBe(false);
    expect(await listsOperation('List the wallets of the integration')).toBe(true);

    writeFileSync(join(copy.dir, transactionsPath), good);
    await page.waitForFunction(() => (window as unknown as { loadedBefore?: boolean }).loadedBefore !== true, undefined, { timeout: 60_000 });
    await page.waitForLoadState('load');
    expect(await banner().isVisible()).toBe(false);
    expect(await listsOperation('List the wallets of the integration')).toBe(true);
  });

  it('loaded nothing from third parties and raised no script error', () => {
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
