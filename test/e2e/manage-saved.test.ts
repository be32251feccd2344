import { mkdirSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import { backendRows } from '../listings/helpers.ts';
import { signInMember, startE2E } from './browser.ts';

/**
 * Issue 34 on a phone (375x812): a member removes a favourite from 我的收藏 (取消收藏), removes another in the edit mode
 * (编辑 → tick → 删除所选), cancels a booking still 待确认 in the personal centre, deletes a valuation, and takes one thing
 * out of 浏览记录 before clearing it. E2E_SHOTS=<dir> keeps screenshots.
 */
const e2e = await startE2E();
const { backend } = e2e;
t.teardown(() => e2e.close());
const shotsDir = process.env.E2E_SHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });
const shot = async (page: import('playwright-core').Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `manage-saved-${name}.png`), fullPage: false });
};

t.test('a member removes favourites, cancels a booking, deletes a valuation and clears 浏览记录', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  const member = await signInMember(e2e, '13834349001', '收藏管理');
  const ids = backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 3').map(
    (r) => r.id as number,
  );
  for (const id of ids) await fetch(`${backend.url}/api/house/collect/add/${id}/${member.uid}`);
  const booked = await fetch(`${backend.url}/api/kanfang/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ houseId: ids[0], houseType: 11, memberId: member.uid, name: '王先生', phone: '13834349001' }),
  }).then((r) => r.json() as Promise<{ obj: { id: number } }>);
  const favourites = () => backendRows(backend, 'SELECT house_id FROM collect WHERE member_id = ?', member.uid).length;

  // 1. 我的收藏: its title, three items, 取消收藏 on the first.
  await page.goto(`${e2e.base}/myshoucang`);
  t.equal(await page.locator('h1').textContent(), '我的收藏');
  t.equal(await page.locator('[data-testid="fav-remove"]').count(), 3);
  t.notOk(await page.locator('[data-testid="fav-batch-submit"]').isVisible(), 'no batch bar outside the edit mode');
  await shot(page, 'list');
  await page.locator('[data-testid="fav-remove"]').first().click();
  await page.waitForSelector('[data-testid="fav-notice"]');
  t.match(await page.locator('[data-testid="fav-notice"]').textContent(), '已取消收藏');
  t.equal(await page.locator('[data-testid="fav-remove"]').count(), 2);
  t.equal(favourites(), 2);

  // 2. The edit mode: tick one, 删除所选.
  await page.locator('[data-testid="fav-edit"]').click();
  t.ok(await page.locator('[data-testid="fav-batch-submit"]').isVisible(), 'the batch bar shows in the edit mode');
  t.notOk(await page.locator('[data-testid="fav-remove"]').first().isVisible(), 'single buttons step aside');
  await page.locator('.fav__pick input').first().check();
  await shot(page, 'edit');
  await page.locator('[data-testid="fav-batch-submit"]').click();
  await page.waitForURL(/notice=removed/);
  t.match(await page.locator('[data-testid="fav-notice"]').textContent(), '已删除所选收藏');
  t.equal(favourites(), 1);

  // 3. The booking: 取消预约 in the personal centre.
  await page.goto(`${e2e.base}/personalcenter#bookings`);
  t.equal(await page.locator('[data-testid="kanfang-cancel"]').count(), 1);
  await page.locator('[data-testid="kanfang-cancel"]').scrollIntoViewIfNeeded();
  await shot(page, 'booking');
  await page.locator('[data-testid="kanfang-cancel"]').click();
  await page.waitForSelector('[data-testid="bookings-notice"]');
  t.equal(await page.locator('[data-testid="kanfang-cancel"]').count(), 0);
  t.same(backendRows(backend, 'SELECT status FROM kanfang WHERE id = ?', booked.obj.id), [{ status: '已取消' }]);
  await page.locator('[data-testid="bookings-notice"]').scrollIntoViewIfNeeded();
  await shot(page, 'booking-cancelled');

  // 4. A valuation: 删除 on /gujiajilu.
  const xiaoqu = backendRows(backend, 'SELECT id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1')[0]?.id as number;
  const db = new Database(path.join(backend.dataDir, 'portal.db'));
  db.prepare(
    "INSERT INTO valuation (member_id, city_id, xiaoqu_id, area, input, unit_price, total_price, created_at) VALUES (?, 1, ?, 90, '{}', 12000, 108, '2026-01-02 10:00:00')",
  ).run(member.uid, xiaoqu);
  db.close();
  await page.goto(`${e2e.base}/gujiajilu`);
  await page.locator('[data-testid="valuation-delete"]').click();
  await page.waitForSelector('[data-testid="valuation-notice"]');
  t.ok(await page.locator('[data-testid="empty"]').isVisible(), 'the empty state with its next step');
  t.same(backendRows(backend, 'SELECT id FROM valuation WHERE member_id = ?', member.uid), []);

  // 5. 浏览记录: the details just opened, newest first; 删除 one, then 清空 (two taps).
  const views = () => backendRows(backend, 'SELECT kind, house_id FROM view_history WHERE member_id = ?', member.uid).length;
  for (const url of [`/ershoufang/${ids[1]}.html`, `/xiaoqu/${xiaoqu}.html`]) {
    await page.goto(`${e2e.base}${url}`);
    await page.waitForLoadState('networkidle');
  }
  await page.goto(`${e2e.base}/personalcenter`);
  await page.locator('a[href="/personalcenter/liulan"]').click();
  await page.waitForURL(/\/personalcenter\/liulan$/);
  t.equal(await page.locator('h1').textContent(), '浏览记录');
  t.equal(await page.locator('.vhist__day-title').first().textContent(), '今天');
  t.equal(await page.locator('[data-testid="history-remove"]').count(), 2);
  t.match(await page.locator('.fav__item').first().textContent(), /元\/㎡/, 'the community, opened last, comes first');
  await shot(page, 'history');
  await page.locator('[data-testid="history-remove"]').first().click();
  await page.waitForSelector('[data-testid="history-notice"]');
  t.equal(await page.locator('[data-testid="history-remove"]').count(), 1);
  t.equal(views(), 1);
  await page.locator('[data-testid="history-clear"]').click();
  await shot(page, 'history-clear');
  await page.locator('[data-testid="history-clear-confirm"]').click();
  await page.waitForSelector('[data-testid="history-empty"]');
  t.match(await page.locator('[data-testid="history-notice"]').textContent(), '浏览记录已清空');
  t.equal(views(), 0);
  await shot(page, 'history-empty');
  t.same(errors, [], 'no console errors');
  await page.close();
});
