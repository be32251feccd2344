import type { Page } from 'playwright-core';
import t from 'tap';
import { launchChromium } from '../../scripts/chromium.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 34: the site without JavaScript. Every image of the home page and of a list loads (natively lazy, with its real
 * src), and the header's menu opens as a plain <details> disclosure. With JavaScript the same button still opens the
 * slide-in panel (aria-expanded follows), and the noscript menu builds no element.
 */

/** Scroll to the bottom a screen at a time (the browser starts lazy images near the view), then wait for them all. */
async function scrollThrough(page: Page) {
  for (;;) {
    const more = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(120);
    if (!more) break;
  }
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 15_000 });
}

t.test('issue 34: without JavaScript, and the same parts with it', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const nojs = await launchChromium({ javaScriptEnabled: false });
  t.teardown(() => nojs.close());

  for (const path of ['/', '/ershoufang/']) {
    t.test(`${path}: every image has loaded after scrolling to the bottom`, async (t) => {
      const page = await nojs.newPage();
      t.teardown(() => page.close());
      await page.goto(e2e.base + path, { waitUntil: 'load' });
      await scrollThrough(page);
      const imgs = await page.evaluate(() =>
        [...document.images].map((img) => ({
          src: img.getAttribute('src') ?? '',
          w: img.naturalWidth,
          visible: img.getClientRects().length > 0,
        })),
      );
      const shown = imgs.filter((i) => i.visible);
      t.ok(shown.length > 3, `${path}: ${shown.length} images`);
      t.same(
        shown.filter((i) => i.w === 0 || i.src.startsWith('data:')).map((i) => i.src),
        [],
        `${path}: no image is left empty or a placeholder`,
      );
    });
  }

  t.test('the menu opens as a disclosure and its links become visible', async (t) => {
    const page = await nojs.newPage();
    t.teardown(() => page.close());
    await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'load' });
    t.equal(await page.locator('button.hd__menu-btn').isVisible(), false, 'the script button is hidden');
    const open = page.locator('summary.hd__menu-btn[aria-label="打开菜单"]');
    t.equal(await open.count(), 1, 'one menu button, with its name');
    const item = page.locator('.menu-nojs .menu__item[href="/xiaoqu/"]');
    t.equal(await item.isVisible(), false, 'closed at first');
    await open.click();
    await item.waitFor({ state: 'visible' });
    t.equal(await page.locator('.menu-nojs .menu__item:visible').count(), 9, 'the nine sections');
    t.equal(await page.locator('.menu-nojs a[href="/login?bUrl=%2Fershoufang%2F"]').isVisible(), true, '登录 with the return URL');
    // A tap outside the panel (on the backdrop) closes it.
    await page.mouse.click(20, 400);
    await item.waitFor({ state: 'hidden' });
    t.pass('a tap on the backdrop closes it');
    // So does the close mark in the panel's corner, where the script's 关闭菜单 button is.
    await open.click();
    await item.waitFor({ state: 'visible' });
    const vw = page.viewportSize()?.width ?? 375;
    await page.mouse.click(vw - 26, 24);
    await item.waitFor({ state: 'hidden' });
    t.pass('the close mark closes it');
    // A menu link is a plain link.
    await open.click();
    await item.click();
    await page.waitForURL(`${e2e.base}/xiaoqu/`);
    t.pass('a menu link leads to its section');
  });

  t.test('with JavaScript the menu is the script button, and the noscript menu builds no element', async (t) => {
    const { page, errors } = await e2e.newPage();
    t.teardown(() => page.close());
    await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
    t.equal(await page.locator('.menu-nojs').count(), 0, 'no disclosure element');
    const button = page.getByRole('button', { name: '打开菜单' });
    t.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.click();
    await page.locator('.menu--open .menu__item[href="/xiaoqu/"]').waitFor({ state: 'visible' });
    t.equal(await button.getAttribute('aria-expanded'), 'true');
    // Images: the real src from the server, natively lazy; the ones near the view are switched to eager.
    const later = await page.evaluate(() =>
      [...document.querySelectorAll('img.lazy-img')].map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''),
    );
    t.ok(later.length > 3 && later.every((s) => !s.startsWith('data:')), 'every list image has its real src');
    t.same(errors, [], 'no console errors or hydration warnings');
  });

  t.test('with JavaScript a failed image is tried again (SPEC 2.8), even when it failed before hydration', async (t) => {
    const { page } = await e2e.newPage();
    t.teardown(() => page.close());
    const asked: string[] = [];
    // Every photo fails until its third attempt.
    await page.route('**/img/**', (route) => {
      const url = route.request().url();
      asked.push(url);
      return url.includes('retry=3') ? route.continue() : route.abort();
    });
    await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'load' });
    const recovered = page.locator('img.lazy-img[src*="retry=3"]').first();
    await recovered.waitFor({ timeout: 10_000 });
    await page.waitForFunction((img) => (img as HTMLImageElement).naturalWidth > 0, await recovered.elementHandle(), { timeout: 10_000 });
    t.ok(
      asked.some((u) => u.includes('retry=2')),
      'the second attempt was asked for',
    );
    t.pass('the third attempt loaded');
  });

  t.test('with JavaScript an image that never loads stops after 4 attempts and shows the placeholder', async (t) => {
    const { page } = await e2e.newPage();
    t.teardown(() => page.close());
    const asked: string[] = [];
    await page.route('**/img/**', (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'load' });
    const failed = page.locator('img.lazy-img.is-failed').first();
    await failed.waitFor({ state: 'attached', timeout: 15_000 });
    t.match(await failed.getAttribute('src'), /^data:image\/gif/, 'the placeholder stays');
    const src = (await failed.getAttribute('data-src')) as string;
    const tries = asked.filter((u) => new URL(u).pathname === src.split('?')[0]);
    t.ok(
      tries.some((u) => u.includes('retry=4')),
      'a fourth attempt',
    );
    t.notOk(
      tries.some((u) => u.includes('retry=5')),
      'no fifth',
    );
  });
});
