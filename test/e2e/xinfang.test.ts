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

/**
 * An estate's 其他楼盘 rows fit a phone (issue 34): at 375 px and at 360 px (the narrowest common Android width) nothing
 * in the block runs past its row or the window, the place | types | decoration line does not overflow (only the types
 * give way), and a long estate name is shown whole.
 */
t.test('the other estates of an estate page fit a phone and show their names whole', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const gw = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(e2e.backend.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { obj: T }).obj;
  };
  type Estate = { houseId: number; name: string; regionId: number };
  const all = (await gw<{ content: Estate[] }>('/api/house/findListByWap', { cityId: 1, size: 100 })).content;
  // Each region's first estate (its page lists the next ones of the region), and the longest name any of them lists.
  const pages: number[] = [];
  let long: { page: number; name: string } | null = null;
  for (const regionId of [...new Set(all.map((e) => e.regionId))]) {
    const [first, ...rest] = (await gw<{ content: Estate[] }>('/api/house/findListByWap', { cityId: 1, regionId, size: 6 })).content;
    if (!first) continue;
    pages.push(first.houseId);
    for (const e of rest.slice(0, 4)) if (!long || e.name.length > long.name.length) long = { page: first.houseId, name: e.name };
  }
  if (!long || long.name.length < 10) throw new Error('no estate page lists a long name');
  const { page, errors } = await e2e.newPage();
  for (const width of [375, 360]) {
    await page.setViewportSize({ width, height: 812 });
    for (const id of pages) {
      await page.goto(`${e2e.base}/xinfang/${id}.html`, { waitUntil: 'networkidle' });
      const block = page.locator('.xf-similar');
      // A region with one estate lists no others.
      if (id !== long.page && !(await block.count())) continue;
      await block.scrollIntoViewIfNeeded();
      const r = await block.evaluate((ul) => {
        const vw = document.documentElement.clientWidth;
        const past: string[] = [];
        for (const li of ul.querySelectorAll('li')) {
          const row = li.getBoundingClientRect();
          for (const el of li.querySelectorAll('*')) {
            const b = el.getBoundingClientRect();
            if (b.width && (b.right > Math.min(row.right, vw) + 0.5 || b.left < row.left - 0.5))
              past.push(`${el.className}:${el.textContent}`);
          }
        }
        const metas = [...ul.querySelectorAll('.xf-item__meta')].filter((m) => m.scrollWidth > m.clientWidth).map((m) => m.textContent);
        const names = [...ul.querySelectorAll('.xf-item__title')].map((h) => {
          const name = h.querySelector('.xf-item__name') as HTMLElement;
          const box = h.getBoundingClientRect();
          // Cut by an ellipsis (a box narrower than its text), by the title's edge, or by a line clamp.
          const ellipsis = getComputedStyle(name).display !== 'inline' && name.scrollWidth > name.clientWidth;
          const inside = [...name.getClientRects()].every((c) => c.right <= box.right + 0.5 && c.bottom <= box.bottom + 0.5);
          return { name: name.textContent, whole: !ellipsis && inside && h.scrollHeight <= h.clientHeight + 1 };
        });
        return { past, metas, names, overflow: document.documentElement.scrollWidth - vw };
      });
      t.same(r.past, [], `${width}px, estate ${id}: nothing in the rows runs past the row`);
      t.same(r.metas, [], `${width}px, estate ${id}: no place | types | decoration line overflows`);
      t.equal(r.overflow, 0, `${width}px, estate ${id}: the page does not scroll sideways`);
      t.same(
        r.names.filter((n) => !n.whole).map((n) => n.name),
        [],
        `${width}px, estate ${id}: every name is shown whole`,
      );
      if (id === long.page) t.ok(r.names.find((n) => n.name === long.name)?.whole, `${width}px: ${long.name} is shown whole`);
    }
  }
  t.same(errors, [], 'no console errors or hydration warnings');
});
