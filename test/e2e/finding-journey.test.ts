import t from 'tap';
import { FEATURED_XIAOQU } from '../../src/backend/seed/index.ts';
import { readRegistry } from '../helpers/build.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 14 "Done when", as one buyer's walk in Chromium at 375x812: from the home page search `sdy`, open 时代苑 from
 * the suggestions, open one of its listings, go back, open its nearest school, open the map from the footer, zoom into a
 * district and open a community from its bubble, then switch the city to 武汉 and land on the same page type there.
 */
const e2e = await startE2E();
t.teardown(() => e2e.close());
const site = readRegistry().site;

t.test('search, community, listing, school, map, community, city', async (t) => {
  const { page, errors } = await e2e.newPage();
  const port = new URL(e2e.base).port;
  const wuhan = `${site.scheme}://wh.${site.mobileHost}:${site.publicPort}`;
  await page.route(`${wuhan}/**`, (route) => route.continue({ url: route.request().url().replace(wuhan, `http://wh.localhost:${port}`) }));

  // 1. Search sdy from the home page; 时代苑 is the first community suggested.
  await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
  await page.locator('.home__search input[type=search]').fill('sdy');
  const suggestion = page.locator('[data-testid=suggestions] [data-kind=xiaoqu] .srch-item').first();
  await suggestion.waitFor();
  t.equal(await suggestion.locator('.srch-item__title').textContent(), FEATURED_XIAOQU);
  await suggestion.click();
  await page.waitForURL(/\/xiaoqu\/\d+\.html$/);
  const community = new URL(page.url()).pathname;
  t.equal(((await page.locator('h1').first().textContent()) ?? '').trim(), FEATURED_XIAOQU, 'its community page');

  // 2. One of its listings, and back.
  const listing = page.locator('main a[href^="/ershoufang/"][href$=".html"]').first();
  const listingHref = (await listing.getAttribute('href')) as string;
  await listing.click();
  await page.waitForURL((u) => u.pathname === listingHref);
  t.match(await page.locator('body').textContent(), FEATURED_XIAOQU, 'a listing of 时代苑');
  await page.goBack();
  await page.waitForURL((u) => u.pathname === community);

  // 3. Its nearest school.
  const school = page.locator('[data-testid=xiaoqu-schools] a').first();
  const schoolName = ((await school.locator('strong, b, .xq-row__name').first().textContent()) ?? '').trim();
  await school.click();
  await page.waitForURL(/\/school\/\d+\.html$/);
  t.match(await page.locator('h1').first().textContent(), schoolName.slice(0, 4), 'the school page');

  // 4. The map from the footer: a district, then a community from its bubble.
  await page.locator('footer a', { hasText: '地图找房' }).first().click();
  await page.waitForURL(/\/ditu$/);
  await page.locator('.leaflet-container .mb--region').first().waitFor();
  await page.locator('.mb--region:not(.mb--empty)').first().dispatchEvent('click');
  await page.locator('.mb--shopMap').first().waitFor();
  await page.locator('[data-testid="map-sheet"] .msheet__close').click();
  await page.locator('.mb--shopMap:not(.mb--empty)').first().dispatchEvent('click');
  for (let i = 0; i < 6 && (await page.locator('.mb--xiaoqu').count()) === 0; i++) {
    await page.waitForTimeout(800);
    const cluster = page.locator('.mb--cluster').first();
    if ((await page.locator('.mb--xiaoqu').count()) === 0 && (await cluster.count())) await cluster.dispatchEvent('click');
  }
  const bubble = page.locator('.mb--xiaoqu').first();
  const bubbleName = ((await bubble.locator('b').textContent()) ?? '').trim();
  await bubble.dispatchEvent('click');
  const sheet = page.locator('[data-testid="map-sheet"]');
  await sheet.locator('h2', { hasText: bubbleName }).waitFor();
  await sheet.locator('a', { hasText: '查看小区' }).click();
  await page.waitForURL(/\/xiaoqu\/\d+\.html$/);
  t.equal(((await page.locator('h1').first().textContent()) ?? '').trim(), bubbleName, 'the community of the bubble');

  // 5. Switch the city to 武汉: the same page type on wh.<host>.
  await page.goto(`${e2e.base}/xiaoqu/`, { waitUntil: 'networkidle' });
  await page.locator('.hd__city').click();
  await page.waitForURL(/\/city\?from=/);
  await page.locator('.cityp__search input').fill('武汉');
  await page.locator('[data-testid=city-matches] a').first().click();
  await page.waitForURL(`${wuhan}/xiaoqu/`);
  await page.waitForLoadState('domcontentloaded');
  t.match(await page.locator('.hd__city-name').textContent(), '武汉', 'the community list of 武汉');
  t.same(
    errors.filter((e) => !e.includes('wh.localhost')),
    [],
    'no console errors',
  );
});
