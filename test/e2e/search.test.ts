import t from 'tap';
import { FEATURED_XIAOQU } from '../../src/backend/seed/index.ts';
import { readRegistry } from '../helpers/build.ts';
import { backendRows } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 14 in Chromium: the search box suggests while typing (pinyin initials), a picked suggestion is remembered as a
 * recent search that can be cleared; the city picker filters by pinyin and opens the chosen city's host on the same page.
 */
const e2e = await startE2E();
t.teardown(() => e2e.close());
const site = readRegistry().site;
const xiaoquId = Number(backendRows(e2e.backend, 'SELECT id FROM xiaoqu WHERE name = ?', FEATURED_XIAOQU)[0]?.id);

t.test('from the home page: type sdy, pick 时代苑, come back, find it under recent searches, clear them', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
  const box = page.locator('.home__search input[type=search]');
  await box.fill('sdy');
  const suggestions = page.locator('[data-testid=suggestions]');
  await suggestions.waitFor();
  const first = suggestions.locator('[data-kind=xiaoqu] .srch-item').first();
  t.equal(await first.locator('.srch-item__title').textContent(), FEATURED_XIAOQU, '时代苑 first among the communities');
  await first.click();
  await page.waitForURL(`**/xiaoqu/${xiaoquId}.html`);
  t.equal(new URL(page.url()).pathname, `/xiaoqu/${xiaoquId}.html`, 'its page');
  await page.goBack();
  await page.waitForURL(`${e2e.base}/`);
  await page.locator('.home__search input[type=search]').focus();
  const recent = page.locator('[data-testid=recent-searches]');
  await recent.waitFor();
  t.match(await recent.textContent(), FEATURED_XIAOQU, 'remembered');
  t.equal(await recent.locator(`a:has-text("${FEATURED_XIAOQU}")`).getAttribute('href'), `/xiaoqu/${xiaoquId}.html`);
  await recent.locator('button:has-text("清空")').click();
  await recent.waitFor({ state: 'detached' });
  await page.goto(`${e2e.base}/search`, { waitUntil: 'networkidle' });
  t.equal(await page.locator('[data-testid=recent-searches]').count(), 0, 'cleared for good');
  t.ok(await page.locator('[data-testid=hot-searches]').isVisible(), 'the hot searches stay');
  t.same(errors, []);
});

t.test('a search typed on /search opens its results page and is kept as a recent search', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/search`, { waitUntil: 'networkidle' });
  await page.locator('.srch__top input[name=q]').fill('mxh');
  await page.locator('[data-testid=suggestions]').waitFor();
  await page.mouse.click(20, 700);
  await page.locator('[data-testid=suggestions]').waitFor({ state: 'detached' });
  t.pass('a tap elsewhere closes the suggestions');
  await page.locator('.srch__top input[name=q]').fill(FEATURED_XIAOQU);
  await page.locator('.srch__top button[type=submit]').click();
  await page.waitForURL(/\/search\?q=/);
  t.match(await page.locator('[data-testid=search-summary]').textContent(), /共找到 \d+ 个结果/);
  await page.goto(`${e2e.base}/search`, { waitUntil: 'networkidle' });
  t.match(await page.locator('[data-testid=recent-searches]').textContent(), FEATURED_XIAOQU);
  t.same(errors, []);
});

t.test('/city: filter by wuhan, pick 武汉, land on wh.<host> on the same page', async (t) => {
  const { page, errors } = await e2e.newPage();
  const port = new URL(e2e.base).port;
  // Links are built from the registry's public port; the test portal listens elsewhere: the browser is sent there.
  const publicOrigin = `${site.scheme}://wh.${site.mobileHost}:${site.publicPort}`;
  await page.route(`${publicOrigin}/**`, (route) =>
    route.continue({ url: route.request().url().replace(publicOrigin, `http://wh.localhost:${port}`) }),
  );
  await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  await page.locator('.hd__city').click();
  await page.waitForURL(/\/city\?from=/);
  await page.locator('[data-testid=current-city]').waitFor();
  await page.locator('.cityp__search input').fill('wuhan');
  const matches = page.locator('[data-testid=city-matches] a');
  t.equal(await matches.count(), 1, 'one city');
  t.equal((await matches.first().textContent())?.startsWith('武汉'), true);
  t.equal(await matches.first().getAttribute('href'), `${publicOrigin}/ershoufang/`, "武汉's host, on the page the visitor came from");
  await matches.first().click();
  // The browser's URL is the link's; the request itself was answered by the test portal (page.route above).
  await page.waitForURL(`${publicOrigin}/ershoufang/`);
  t.equal(new URL(page.url()).hostname, `wh.${site.mobileHost}`, 'landed on wh.<host>');
  t.equal(new URL(page.url()).pathname, '/ershoufang/', 'the same page type');
  await page.waitForLoadState('domcontentloaded');
  t.match(await page.locator('.hd__city-name').textContent(), '武汉', 'the site of 武汉');
  await page.goto(`${e2e.base}/city`, { waitUntil: 'networkidle' });
  await page.locator('.cityp__search input').fill('武汉');
  t.equal(await page.locator('[data-testid=city-matches] a').count(), 1, 'by its Chinese name too');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('xf:cities') ?? 'null'));
  t.ok(stored?.list?.length >= 30, 'the browser keeps the city list (SPEC 9)');
  t.same(
    errors.filter((e) => !e.includes('wh.localhost')),
    [],
  );
});

t.test('issue 34: the A–Z index of /city stays at the screen’s right edge, centred, while the list scrolls', async (t) => {
  const { page, errors } = await e2e.newPage();
  const box = () =>
    page.evaluate(() => {
      const r = document.querySelector('.cityp__index')?.getBoundingClientRect();
      const header = document.querySelector('header.hd')?.getBoundingClientRect().bottom ?? 0;
      return r && { left: r.left, right: r.right, top: r.top, bottom: r.bottom, header, vw: innerWidth, vh: innerHeight };
    });
  for (const [width, height] of [
    [375, 812],
    [768, 1024],
    [812, 375],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${e2e.base}/city`, { waitUntil: 'networkidle' });
    const at = `${width}×${height}`;
    for (const scrollY of [0, 1200]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      const b = await box();
      if (!b) return t.fail('no index');
      const where = `${at}, scrolled ${scrollY}px`;
      t.ok(b.vw - b.right <= 4 && b.right <= b.vw, `${where}: right edge at the screen's right (${b.right} of ${b.vw})`);
      t.ok(b.top >= b.header && b.bottom <= b.vh, `${where}: wholly in view below the header (${b.top}–${b.bottom} of ${b.vh})`);
      const middle = (b.top + b.bottom) / 2;
      t.ok(Math.abs(middle - (b.header + b.vh) / 2) <= 4, `${where}: centred in the space below the header`);
    }
  }
  t.ok(await page.evaluate(() => window.scrollY > 0), 'the list did scroll');
  t.same(errors, []);
  await page.close();
});
