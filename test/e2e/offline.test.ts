import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import t from 'tap';
import { build } from 'vite';
import { launchChromium } from '../../scripts/chromium.ts';
import { type ClientAssets, loadClientAssets } from '../../src/render/assets.ts';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp, ROOT, type TestApp } from '../helpers/build.ts';
import { signInMember } from './browser.ts';

/**
 * Issue 37 part 5, in Chromium at 375×812: the service worker keeps the pages a visitor opened and shows them offline
 * with the 离线 banner (a document load and a client navigation alike), shows the offline page for a page it never
 * kept and for a member's page (never kept), passes Chromium's installability check, and after a deploy (a second
 * build on the same origin) serves the new build and drops every cache of the old one.
 * Needs `npm run build` first; it makes its second build itself (vite, into a temporary directory).
 */
const SHOTS = '/tmp/shots-c';
mkdirSync(SHOTS, { recursive: true });

/** A free loopback port: the portal listens on it twice (two builds, one origin: one service worker). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
const base = `http://localhost:${port}`;
const backend = await startTestBackend();

async function startPortal(clientDir: string): Promise<{ portal: TestApp; assets: ClientAssets }> {
  const assets = loadClientAssets(clientDir);
  const portal = await buildTestApp({
    gatewayUrl: backend.url,
    assets,
    clientDir,
  });
  await portal.app.listen({ port, host: '127.0.0.1' });
  return { portal, assets };
}

// A private copy of the build, as test/e2e/browser.ts makes.
const firstDir = mkdtempSync(path.join(tmpdir(), 'e2e-client-'));
cpSync(path.join(ROOT, 'dist/client'), firstDir, { recursive: true });
let running = await startPortal(firstDir);
const browser: BrowserContext = await launchChromium({
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
});
t.teardown(async () => {
  await browser.close();
  await running.portal.close();
  await backend.close();
});

/** The URLs (path and query) the worker keeps for offline reading. */
const keptPages = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('portal-pages-'));
    if (!name) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((r) => new URL(r.url).pathname + new URL(r.url).search);
  });

async function waitUntilKept(page: Page, url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await keptPages(page)).includes(url)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`${url} was not kept: ${(await keptPages(page)).join(', ')}`);
}

/** Where the 离线 banner is on the screen. */
const bannerTop = (page: Page) => page.evaluate(() => document.querySelector('[data-offline-banner]')?.getBoundingClientRect().top ?? null);

const page = await browser.newPage();

t.test('the worker installs, takes control and keeps the first page', async (t) => {
  await page.goto(`${base}/`, { waitUntil: 'load' });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  t.equal(scope, `${base}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await waitUntilKept(page, '/');
  const names = await page.evaluate(() => caches.keys());
  t.ok(
    names.every((n) => n.endsWith(running.assets.buildId as string)),
    'every cache carries the build id',
  );
});

t.test('Chromium finds the site installable and its manifest without errors', async (t) => {
  const cdp = await browser.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  t.same(installabilityErrors, [], 'no installability errors');
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  t.equal(manifest.url, `${base}/manifest.webmanifest`);
  t.same(manifest.errors, [], 'the manifest parses without errors');
  t.equal(JSON.parse(manifest.data).name, '湘房网·长沙');
  await cdp.detach();
});

let detail = '';
let detailTitle = '';
t.test('a list and a detail opened online show offline from the cache, with the 离线 banner', async (t) => {
  await page.goto(`${base}/ershoufang/`, { waitUntil: 'load' });
  await waitUntilKept(page, '/ershoufang/');
  detail = (await page.locator('a[href^="/ershoufang/"][href$=".html"]').first().getAttribute('href')) as string;
  await page.goto(`${base}${detail}`, { waitUntil: 'load' });
  detailTitle = (await page.locator('h1').first().textContent()) ?? '';
  t.ok(detailTitle.length > 0, 'the detail has a title');
  await waitUntilKept(page, detail);

  await browser.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  t.equal(await page.locator('h1').first().textContent(), detailTitle, 'the detail shows offline');
  const banner = page.locator('[data-offline-banner="offline"]');
  t.equal(await banner.count(), 1, 'with the banner');
  t.match(await banner.textContent(), /^离线网络不可用，这是您 \d+\/\d+ \d\d:\d\d 保存的页面$/);
  t.ok(await banner.isVisible(), 'which is visible');
  t.equal(await bannerTop(page), 0, 'at the top of the screen, though the reload restores the scroll position');
  await page.screenshot({ path: `${SHOTS}/offline-detail.png` });

  // A reload: a plain visit may be answered by the browser's own HTTP cache first (the list is public for 30 s).
  await page.goto(`${base}/ershoufang/`, { waitUntil: 'load' });
  await page.reload({ waitUntil: 'load' });
  t.equal(await page.locator('[data-offline-banner="offline"]').count(), 1, 'the list too');
  t.equal(await bannerTop(page), 0, 'its banner at the top of the screen');
  await page.screenshot({ path: `${SHOTS}/offline-list.png` });
  t.ok((await page.locator(`a[href="${detail}"]`).count()) > 0, 'with its links');
  await browser.setOffline(false);
});

t.test('a detail reached by a client navigation is kept too', async (t) => {
  await page.goto(`${base}/zufang/`, { waitUntil: 'load' });
  const link = page.locator('a[href^="/zufang/"][href$=".html"]').first();
  const href = (await link.getAttribute('href')) as string;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Let the navigation runtime load, then tap: the screen changes without a document load.
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await link.click();
  await page.waitForURL(`${base}${href}`);
  t.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'the same document: a client navigation');
  await waitUntilKept(page, href);

  await browser.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  t.equal(await page.locator('[data-offline-banner="offline"]').count(), 1, 'shown offline with the banner');
  t.match(await page.title(), /租/);
  await browser.setOffline(false);
});

t.test('offline, a page never opened gets the offline page, which lists the kept ones', async (t) => {
  await browser.setOffline(true);
  const response = await page.goto(`${base}/xiaoqu/`, { waitUntil: 'load' });
  t.equal(response?.status(), 503);
  t.equal(await page.locator('h1').textContent(), '网络不可用');
  t.equal(await page.locator('[data-offline-banner]').count(), 0);
  t.ok((await page.locator(`.kept a[href="${detail}"]`).count()) === 1, 'the detail kept is listed');
  t.match(await page.locator(`.kept a[href="${detail}"]`).textContent(), detailTitle.trim().slice(0, 4));
  await page.screenshot({ path: `${SHOTS}/offline-page.png` });
  await browser.setOffline(false);
});

t.test("a member's pages are never kept: offline they get the offline page", async (t) => {
  await signInMember({ backend, portal: running.portal, browser, base }, '13899990371', '离线会员');
  const centre = await page.goto(`${base}/personalcenter`, { waitUntil: 'load' });
  t.equal(centre?.status(), 200);
  t.equal(await page.locator('[data-testid="nickname"]').textContent(), '离线会员');
  // A detail a member opens is the member's page too (private, no-store): the worker does not keep it.
  const memberDetail = (await page.locator('a[href^="/ershoufang/"][href$=".html"]').count())
    ? ''
    : await (async () => {
        await page.goto(`${base}/ershoufang/?page=2`, { waitUntil: 'load' });
        return (await page.locator('a[href^="/ershoufang/"][href$=".html"]').last().getAttribute('href')) as string;
      })();
  const opened = await page.goto(`${base}${memberDetail}`, { waitUntil: 'load' });
  t.match(opened?.headers()['cache-control'], /private, no-store/);
  await page.waitForTimeout(500);
  const kept = await keptPages(page);
  t.notOk(kept.includes('/personalcenter'), 'the personal centre is not kept');
  t.notOk(kept.includes(memberDetail), 'nor a page a member opened');
  t.notOk(
    kept.some((u) => u.startsWith('/-/')),
    'nor any /-/ path',
  );

  await browser.setOffline(true);
  await page.goto(`${base}/personalcenter`, { waitUntil: 'load' });
  t.equal(await page.locator('h1').textContent(), '网络不可用', 'offline, the personal centre is the offline page');
  t.equal(await page.locator('[data-testid="nickname"]').count(), 0, 'nothing of the member shows');
  await page.goto(`${base}${memberDetail}`, { waitUntil: 'load' });
  t.equal(await page.locator('h1').textContent(), '网络不可用', 'so is the detail the member opened');
  await browser.setOffline(false);
  await browser.clearCookies();
});

t.test('a new build: after a reload the second build is served and the old caches are gone', async (t) => {
  const first = running.assets;
  // The second build: the same sources with one more statement in the entry, so its hashes differ.
  const secondDir = mkdtempSync(path.join(tmpdir(), 'e2e-client-2-'));
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { outDir: secondDir, emptyOutDir: true },
    plugins: [
      {
        name: 'second-build',
        transform(code, id) {
          return id.endsWith('src/client/entry.tsx') ? `${code}\nglobalThis.secondBuild = true;\n` : null;
        },
      },
    ],
  });
  await running.portal.close();
  running = await startPortal(secondDir);
  const second = running.assets;
  t.not(second.buildId, first.buildId);
  t.not(second.entry, first.entry);

  await page.goto(`${base}${detail}`, { waitUntil: 'load' });
  // The navigation asked the server for the page and, as every navigation does, for /sw.js: the new worker takes over.
  const cacheNames = () => page.evaluate(() => caches.keys());
  for (let i = 0; i < 100; i++) {
    const names = await cacheNames();
    if (names.length > 0 && names.every((n) => n.endsWith(second.buildId as string))) break;
    await page.waitForTimeout(100);
  }
  const names = await cacheNames();
  t.ok(names.length === 3 && names.every((n) => n.endsWith(second.buildId as string)), `only the new build's caches: ${names.join(', ')}`);
  await page.reload({ waitUntil: 'load' });
  t.equal(await page.locator('script[data-entry]').getAttribute('data-entry'), second.entry, 'the page names the new entry');
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  t.ok(loaded.includes(second.entry as string), 'the new entry is loaded');
  t.notOk(
    loaded.some((p) => p === first.entry),
    'the old one is not',
  );
  const assetKeys = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('portal-assets-')) as string;
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
  t.ok(assetKeys.length > 0, 'the new assets cache holds the shell');
  t.ok(assetKeys.includes(second.entry as string), 'the new entry is cached');
  t.notOk(assetKeys.includes(first.entry as string), 'the old entry is not');
  await waitUntilKept(page, detail);
  await browser.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  t.equal(await page.locator('[data-offline-banner="offline"]').count(), 1, 'offline after the update, the detail still shows');
  t.equal(await page.locator('script[data-entry]').getAttribute('data-entry'), second.entry, 'from the new build');
  await browser.setOffline(false);
});
