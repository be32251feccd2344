import t from 'tap';
import { startE2E } from './browser.ts';

/** Issue 14 part A in real Chromium over the built client (npm run build first): list → community → listing → back. */
t.test('communities', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());

  t.test('from the list a visitor opens a community, sees its listings, opens one and comes back', async (t) => {
    const { page, errors } = await e2e.newPage();
    const res = await page.goto(`${e2e.base}/xiaoqu/`, { waitUntil: 'networkidle' });
    t.equal(res?.status(), 200);
    // a community with listings on sale: the most-on-sale sort puts one first
    await page.locator('.fbar__item--sort summary').click();
    await page.locator('.fbar__panel--list a', { hasText: '在售房源最多' }).click();
    await page.waitForURL(`${e2e.base}/xiaoqu/co3/`);
    await page.waitForFunction(() => document.querySelector('.fbar__tab--sort')?.classList.contains('is-on'), null, { timeout: 3000 });
    const card = page.locator('[data-testid="xiaoqu-card"]').first();
    const name = (await card.locator('.lcard__title').textContent()) ?? '';
    const href = (await card.getAttribute('href')) ?? '';
    t.match(href, /^\/xiaoqu\/\d+\.html$/);
    await card.click();
    await page.waitForURL(e2e.base + href);
    await page.waitForFunction((n) => document.querySelector('h1.dt-head__title')?.textContent === n, name, { timeout: 3000 });
    t.match(await page.title(), name, 'the title names the community');
    t.ok(await page.locator('[data-testid="trend-chart"]').isVisible(), 'the price trend is drawn');

    const listing = page.locator('.dt-similar a.lcard[href^="/ershoufang/"]').first();
    await listing.scrollIntoViewIfNeeded();
    const listingHref = (await listing.getAttribute('href')) ?? '';
    const listingTitle = (await listing.locator('.lcard__title').textContent()) ?? '';
    t.match(listingHref, /^\/ershoufang\/\d+\.html$/, 'a second-hand listing of the community');
    await listing.click();
    await page.waitForURL(e2e.base + listingHref);
    await page.waitForFunction((title) => document.querySelector('h1.dt-head__title')?.textContent === title, listingTitle, {
      timeout: 3000,
    });
    t.ok(await page.locator(`.dt-xq[href="${href}"]`).count(), 'the listing links back to its community');

    await page.goBack();
    await page.waitForURL(e2e.base + href);
    await page.waitForFunction((n) => document.querySelector('h1.dt-head__title')?.textContent === n, name, { timeout: 3000 });
    t.pass('back on the community');
    t.same(errors, [], 'no console errors or hydration warnings');
    await page.close();
  });
});
