import path from 'node:path';
import t from 'tap';
import { registerMember } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 16 part B in Chromium at 375x812: a visitor searches a community by pinyin with the suggestions, picks it,
 * values a flat, is offered 登录后保存, logs in with the password, comes back to the same result and keeps it, and
 * finds it under 估价记录, which re-opens it with the same figure. E2E_SHOTS=<dir> keeps full-page screenshots.
 */
const shotsDir = process.env.E2E_SHOTS;
const e2e = await startE2E();
t.teardown(() => e2e.close());

t.test('value a flat as a visitor, log in to keep it, find it under 估价记录', async (t) => {
  const phone = '13912345516';
  await registerMember(e2e.backend, phone, '估价会员');
  const { page, errors } = await e2e.newPage();
  const shot = async (name: string) => {
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `gujia-${name}.png`), fullPage: true });
  };

  await page.goto(`${e2e.base}/`);
  await page.locator('.banner', { hasText: '免费估价' }).click();
  await page.waitForURL((u) => u.pathname === '/fangjia/gujia');
  t.pass('the 免费估价 banner on the home page opens the valuation form');
  await page.locator('[data-testid="gj-q"]').fill('sdy');
  const hit = page.locator('[data-testid="gj-suggest"] a', { hasText: '时代苑' }).first();
  await hit.waitFor();
  await shot('suggest');
  await hit.click();
  await page.waitForSelector('[data-testid="gj-form"]');
  t.match(new URL(page.url()).search, /stressId=\d+/);

  const form = page.locator('[data-testid="gj-form"]');
  await form.locator('input[name="area"]').fill('88');
  await form.locator('select[name="rooms"]').selectOption('3');
  await form.locator('input[name="floor"]').fill('6');
  await form.locator('input[name="totalFloors"]').fill('18');
  await form.locator('label', { hasText: '南北' }).click();
  await form.locator('label', { hasText: '精装' }).click();
  await form.locator('button[type="submit"]').click();
  await page.waitForSelector('[data-testid="gj-result"]');
  const total = await page.locator('[data-testid="gj-total"]').textContent();
  t.match(total, /^\d+(\.\d)?$/);
  t.match(page.url(), /\/fangjia\/gjinfo\?stressId=\d+&area=88&rooms=3&floor=6&totalFloors=18/);

  await page.locator('[data-testid="gj-save"] button', { hasText: '登录后保存' }).click();
  await page.waitForURL(/\/login\?bUrl=/);
  const form2 = page.locator('[data-testid="account-form"]');
  await form2.locator('input[name="phone"]').fill(phone);
  await form2.locator('input[name="password"]').fill('secret123');
  await page.locator('[data-testid="account-submit"]').click();
  await page.waitForURL((u) => u.pathname === '/fangjia/gjinfo');
  // Back on the result, nothing is kept until the member says so (issue 33: a GET saves nothing).
  await page.locator('[data-testid="gj-save"] button', { hasText: '保存到估价记录' }).click();
  await page.waitForURL(/\/fangjia\/gjinfo\?id=\d+/);
  await page.locator('[data-testid="gj-saved"]', { hasText: '已保存到' }).waitFor();
  await shot('result-saved');
  t.equal(await page.locator('[data-testid="gj-total"]').textContent(), total, 'the same figure after login');

  await page.goto(`${e2e.base}/gujiajilu`);
  const record = page.locator('[data-testid="valuations"] a', { hasText: '时代苑' }).first();
  await record.waitFor();
  await shot('records');
  t.match(await page.locator('[data-testid="valuations"]').textContent(), /88㎡/);
  await record.click();
  await page.waitForURL(/\/fangjia\/gjinfo\?id=\d+/);
  await page.locator('[data-testid="gj-result"]').waitFor();
  t.equal(await page.locator('[data-testid="gj-total"]').textContent(), total, 're-opened with the same figure');
  t.same(
    errors.filter((e) => !/favicon|status of 40[01]/.test(e)),
    [],
    'no console errors',
  );
});
