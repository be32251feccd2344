import t from 'tap';
import { startE2E } from './browser.ts';

/** Issue 15 part C in Chromium over the built client (npm run build first): topics from the footer, a ranking, an item. */
t.test('topics and rankings', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());

  t.test('open 专题 from the footer, then a topic: its articles are there', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
    await page.locator('footer a[href="/topic"]').click();
    await page.waitForURL(`${e2e.base}/topic`);
    await page.locator('h1', { hasText: '长沙购房专题' }).waitFor();
    const card = page.locator('[data-testid="topic-card"]').first();
    const name = (await card.locator('.rk-topic__title').textContent()) ?? '';
    t.ok(name.length > 0, `the first topic: ${name}`);
    await card.click();
    await page.waitForURL(/\/topic\/\d+\.html$/);
    await page.locator('h1', { hasText: name }).waitFor();
    t.ok(await page.locator('[data-testid="topic-docs"] [data-testid="article-link"]').count(), 'the topic shows its articles');
    t.match(await page.title(), name, 'the head follows the client navigation');
    t.same(errors, [], 'no console errors');
  });

  t.test('open a ranking, then an item from it: the item page shows the same figure', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/bangdan`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid="board-zhangfubang"] a.block__more').click();
    await page.waitForURL(`${e2e.base}/rankingList/zhangfubang`);
    const rows = page.locator('[data-testid="rank-row"]');
    await rows.first().waitFor();
    t.ok((await rows.count()) <= 30, 'at most 30');
    const first = rows.first();
    const name = ((await first.locator('[data-testid="rank-name"]').textContent()) ?? '').trim();
    const price = ((await first.locator('[data-testid="rank-price"]').textContent()) ?? '').trim();
    await first.click();
    await page.waitForURL(/\/xiaoqu\/\d+\.html$/);
    await page.locator('h1', { hasText: name }).waitFor();
    t.match(await page.locator('main').textContent(), price, `${name}: ${price} 元/㎡ on its page too`);
    t.same(errors, [], 'no console errors');
  });
});
