import t from 'tap';
import { startE2E } from './browser.ts';

/**
 * Issue 17 part B in real Chromium over the built client (npm run build first): home → 门店 → a store → its agents
 * (linking /broker/{id}) and listings → all its listings.
 */
t.test('stores', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());

  t.test('from the home page a visitor opens 门店, a store, sees its agents and listings', async (t) => {
    const { page, errors } = await e2e.newPage();
    const res = await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
    t.equal(res?.status(), 200);
    await page.locator('a[href="/mendian/"]', { hasText: '门店' }).first().click();
    await page.waitForURL(`${e2e.base}/mendian/`);
    await page.waitForSelector('[data-testid="store-list"]', { timeout: 5000 });
    t.match((await page.locator('h1.lst__h1').textContent()) ?? '', /门店$/, 'the store list');

    const card = page.locator('.md-card__link').first();
    const name = (await card.locator('.md-card__name').textContent()) ?? '';
    const href = (await card.getAttribute('href')) ?? '';
    t.match(href, /^\/mendian\/\d+\.html$/);
    await card.click();
    await page.waitForURL(e2e.base + href);
    await page.waitForFunction((n) => document.querySelector('h1.md-head__name')?.textContent === n, name, { timeout: 5000 });
    t.match(await page.title(), name, 'the title names the store');
    t.ok(await page.locator('[data-testid="location-map"]').isVisible(), 'the location map is drawn');

    const agents = page.locator('[data-testid="store-agents"] a.md-agent__link');
    t.ok((await agents.count()) > 0, 'the store lists its agents');
    t.match((await agents.first().getAttribute('href')) ?? '', /^\/broker\/\d+$/, 'agents link /broker/{id}');
    const houses = page.locator('[data-testid="store-houses"] a[href^="/ershoufang/"]');
    t.ok((await houses.count()) > 0, 'the store shows its listings');

    await page.locator('.md-tabs a', { hasText: '房源' }).click();
    await page.waitForURL(/\/mendian\/fangyuan\?id=\d+$/);
    await page.waitForFunction(() => /房源$/.test(document.querySelector('h1.md-head__name')?.textContent ?? ''), null, {
      timeout: 5000,
    });
    t.ok((await page.locator('[data-testid="store-houses"] a[href^="/ershoufang/"]').count()) > 0, 'all its listings, paged');
    t.same(errors, [], 'no console errors or hydration warnings');
    await page.close();
  });
});
