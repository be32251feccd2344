import t from 'tap';
import { startE2E } from './browser.ts';

/**
 * A phone visitor looking for a school district home (issue 14 part B): the school list, filtered to primary schools,
 * one school, the second-hand homes of its catchment, and one of them. Client navigation all the way, no errors.
 */
const e2e = await startE2E();
t.teardown(() => e2e.close());

t.test('list → 小学 → a school → its catchment second-hand homes → one listing', async (t) => {
  const { page, errors } = await e2e.newPage();

  await page.goto(`${e2e.base}/school/`);
  await page.waitForSelector('[data-testid="school-card"]');
  const all = Number(await page.locator('[data-testid="total"]').textContent());
  t.ok(all > 0, `${all} schools`);

  // 1. Filter by primary schools.
  await page.locator('[data-testid="level-xiaoxue"]').click();
  await page.waitForURL(/\/school\/xiaoxue\/$/);
  await page.waitForSelector('[data-testid="level-xiaoxue"].is-on');
  const primary = Number(await page.locator('[data-testid="total"]').textContent());
  t.ok(primary > 0 && primary < all, `${primary} primary schools of ${all}`);
  const levels = await page.locator('.sch-card .sch-badge--level').allTextContents();
  t.ok(levels.length > 0 && levels.every((l) => l === '小学'), `every card is a 小学: ${levels.join(',')}`);
  t.match(await page.title(), /^长沙小学_/);

  // 2. Open the first school.
  const card = page.locator('[data-testid="school-card"]').first();
  const name = (await card.locator('.sch-card__name').textContent()) as string;
  const href = (await card.getAttribute('href')) as string;
  t.match(href, /^\/school\/\d+\.html$/);
  await card.click();
  await page.waitForURL((u) => u.pathname === href);
  await page.waitForSelector('[data-testid="school-name"]');
  t.equal(await page.locator('[data-testid="school-name"]').textContent(), name, 'the school opened');
  t.match(await page.title(), new RegExp(`^${name}_`));
  t.ok(await page.locator('[data-testid="school-rules"] li').count(), 'its enrolment rules');
  // its location map (issue 34): the school is the pin, never its own neighbour at 0米, and no two labels overlap
  const map = page.locator('[data-testid="location-map"]');
  await map.scrollIntoViewIfNeeded();
  await map.locator('svg').waitFor();
  const legend = await map.locator('.locmap__legend li').allTextContents();
  t.notOk(
    legend.some((l) => l.startsWith(`${name} `) || /(^|\D)0米/.test(l)),
    `the legend lists the places near ${name}, not itself: ${legend.join('；')}`,
  );
  const clashes = await map.locator('svg text').evaluateAll((els) => {
    const r = els.map((e) => e.getBoundingClientRect());
    return r.flatMap((a, i) => r.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom));
  });
  t.equal(clashes.length, 0, 'no two labels of the map overlap');

  // 3. Its second-hand homes: the tab of the school's pages.
  const id = href.replace(/\D/g, '');
  await page.locator('[data-testid="tab-secHand"]').click();
  await page.waitForURL((u) => u.pathname === '/school/aroundSecHand' && u.searchParams.get('id') === id);
  await page.waitForSelector('[data-testid="tab-secHand"].is-on');
  const listings = page.locator('[data-testid="school-ershoufang"] .lcard');
  const count = await listings.count();
  t.ok(count > 0, `${count} listings in the catchment`);
  t.match(await page.title(), new RegExp(`^${name}学区二手房`));

  // 4. Open one.
  const listingHref = (await listings.first().getAttribute('href')) as string;
  t.match(listingHref, /^\/ershoufang\/\d+\.html$/);
  const title = (await listings.first().locator('.lcard__title').textContent()) as string;
  await listings.first().click();
  await page.waitForURL((u) => u.pathname === listingHref);
  await page.waitForSelector('[data-testid="gallery-count"]');
  t.match(await page.content(), title, 'the listing opened');

  // Back returns to the catchment list.
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/school/aroundSecHand');
  await page.waitForSelector('[data-testid="school-ershoufang"]');

  t.same(errors, [], 'no console or page errors');
  await page.close();
});
