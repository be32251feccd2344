import t from 'tap';
import { startE2E } from './browser.ts';

/**
 * Issue 16 part A in real Chromium over the built client (npm run build first): 查房价 from home, the city's prices, a
 * district, one of its communities, and the same figure on that community's own page.
 */
t.test('price trends', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());

  t.test('home → 查房价 → a district → a community → its community page shows the same figure', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
    await page.locator('a[href="/fangjia/"]', { hasText: '查房价' }).first().click();
    await page.waitForURL(/\/fangjia\/?$/);
    await page.waitForFunction(() => document.querySelector('h1.fj-head__title')?.textContent?.endsWith('房价'), null, { timeout: 5000 });
    t.ok(await page.locator('[data-testid="trend-chart"]').isVisible(), 'the city trend is drawn');

    const district = page.locator('a.fj-rank__name[href^="/fangjia/quyu"]').first();
    const districtName = (await district.textContent()) ?? '';
    await district.click();
    await page.waitForFunction((n) => document.querySelector('h1.fj-head__title')?.textContent === `${n}房价`, districtName, {
      timeout: 5000,
    });
    t.pass(`on the district ${districtName}`);

    const community = page.locator('a.fj-rank__name[href^="/fangjia/xiaoqu"]').first();
    await community.scrollIntoViewIfNeeded();
    const communityHref = (await community.getAttribute('href')) ?? '';
    await community.click();
    await page.waitForURL(e2e.base + communityHref);
    await page.waitForSelector('[data-testid="fj-figure"]', { timeout: 5000 });
    const figure = ((await page.locator('.fj-figure__price b').textContent()) ?? '').trim();
    t.match(figure, /^\d{1,3}(,\d{3})+$/, 'the community figure');

    // tapping a point of the chart shows its month and value
    await page.locator('.chart__hit').first().click();
    t.match((await page.locator('[data-testid="trend-pick"]').textContent()) ?? '', /月 [\d,]+元\/㎡/, 'the tapped point is shown');

    await page.locator('a.fj-head__more').click();
    await page.waitForURL(/\/xiaoqu\/\d+\.html$/);
    await page.waitForSelector('h1.dt-head__title', { timeout: 5000 });
    t.ok(await page.locator('.dt-keyfacts strong, strong', { hasText: figure }).count(), `the community page shows ${figure} too`);
    t.same(errors, [], 'no console errors or hydration warnings');
    await page.close();
  });
});
