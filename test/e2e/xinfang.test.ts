import t from 'tap';
import { startE2E } from './browser.ts';

/** New homes in Chromium at 375x812 (issue 5 point 3): open the list, filter it, open an estate, start a chat as a visitor. */
t.test('a phone visitor filters the new-home list and opens an estate', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/xinfang/`, { waitUntil: 'networkidle' });
  t.match(await page.locator('h1').first().textContent(), '长沙新房');
  t.equal(await page.locator('[data-testid="xf-items"] > li').count(), 10, 'ten estates on the first page');

  // 类型 → 住宅
  await page.locator('.xf-fbar__sum', { hasText: '类型' }).click();
  await page.locator('.xf-fbar__opt', { hasText: /^住宅$/ }).click();
  await page.waitForURL(/\/xinfang\/t1\/$/);
  await page.waitForSelector('.xf-chip:has-text("住宅")');
  for (const meta of await page.locator('[data-testid="xf-items"] .xf-item__meta').allTextContents()) t.match(meta, '住宅');

  // 更多 → 期房
  await page.locator('.xf-fbar__sum', { hasText: '更多' }).click();
  await page.locator('.xf-fbar__opt', { hasText: /^期房$/ }).click();
  await page.waitForURL(/\/xinfang\/t1s2\/$/);
  await page.waitForSelector('.xf-chip:has-text("期房")');
  const statuses = await page.locator('[data-testid="xf-items"] .xf-sale').allTextContents();
  t.ok(statuses.length > 0, 'some estates are 期房 residences');
  t.same([...new Set(statuses)], ['期房'], 'only 期房 is listed');

  // Open the first estate.
  const first = page.locator('[data-testid="xf-items"] .xf-item').first();
  const name = (await first.locator('.xf-item__name').textContent()) ?? '';
  await first.click();
  await page.waitForURL(/\/xinfang\/\d+\.html$/);
  await page.waitForSelector('.xf-dt');
  t.match(await page.locator('h1').first().textContent(), name, 'the estate page of the clicked estate');
  t.equal(await page.locator('.xf-dt .xf-sale').first().textContent(), '期房');
  t.ok(await page.locator('.svbar').isVisible(), 'the supervision phone bar is shown');
  t.ok(await page.locator('.abar').isVisible(), 'the action bar is shown');
  const viewport = page.viewportSize();
  t.equal(viewport?.width, 375);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  t.equal(overflow, 0, 'nothing sticks out sideways at 375px');

  // A visitor who asks an adviser goes to login with the chat session path and the agent parameters.
  const chat = page.locator('#belonger [data-testid="agent-chat"]').first();
  await chat.scrollIntoViewIfNeeded();
  await chat.click();
  await page.waitForURL(/\/login\?bUrl=/);
  const bUrl = new URL(page.url()).searchParams.get('bUrl') ?? '';
  t.match(bUrl, /^\/im\/session\?belongerId=\d+/);
  t.match(bUrl, /houseType=1/);
  t.same(errors, [], 'no console errors or hydration warnings');
});

/** The help-me-find form submits query parameters; the list's xinfang-query middleware answers with its path form. */
t.test('a phone visitor’s help-me-find answers land on the filtered list’s own URL', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/xinfang/findHouse`, { waitUntil: 'networkidle' });
  const region = page.locator('fieldset', { hasText: '意向区域' }).locator('label').nth(1);
  const regionName = ((await region.textContent()) ?? '').trim();
  await region.click();
  await page
    .locator('fieldset', { hasText: '物业类型' })
    .locator('label', { hasText: /^住宅$/ })
    .click();
  await page.locator('button[type="submit"]', { hasText: '开始找房' }).click();
  await page.waitForURL(/\/xinfang\/[a-z0-9]+\/t1\/$/);
  t.notOk(new URL(page.url()).search, 'no query string is left');
  await page.waitForSelector('[data-testid="xf-items"]');
  t.match(await page.locator('h1').first().textContent(), `${regionName}`, 'the list is the chosen region’s');
  for (const meta of await page.locator('[data-testid="xf-items"] .xf-item__meta').allTextContents()) {
    t.match(meta, regionName, `${meta} is in ${regionName}`);
    t.match(meta, '住宅');
  }
  t.match(await page.title(), `长沙${regionName}住宅新房_`);
  t.same(errors, [], 'no console errors or hydration warnings');
});
