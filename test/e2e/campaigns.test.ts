import path from 'node:path';
import t from 'tap';
import { backendRows } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Campaigns in Chromium at 375x812 (issue 19): an activity's countdown runs in the browser (its text changes), its
 * sign-up is saved once through the page's form; a group viewing's sign-up is saved and the seats go down.
 * E2E_SHOTS=<dir> keeps screenshots of the activity before and after the sign-up and of the group viewing.
 */
const e2e = await startE2E();
const { backend } = e2e;
t.teardown(() => e2e.close());

/** React has taken over the element (its props are attached), so a submit goes through the page's handler. */
const hydrated = (sel: string) =>
  Object.keys(document.querySelector(sel) ?? {}).some((k) => k.startsWith('__reactFiber') || k.startsWith('__reactProps'));

t.test('an activity page: the countdown ticks, and the sign-up form saves once', async (t) => {
  const { page, errors } = await e2e.newPage();
  const shot = async (name: string) => {
    if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`) });
  };
  await page.goto(`${e2e.base}/huodong/xinfang`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated, 'form[action="/-/huodong/signup"]');
  const clock = page.locator('[data-testid="countdown"]');
  const first = await clock.getAttribute('aria-label');
  t.match(first, /^剩余\d+天 \d\d:\d\d:\d\d$/);
  // The text changes as the browser ticks (about a second later).
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="countdown"]')?.getAttribute('aria-label') !== before,
    first,
    {
      timeout: 3000,
    },
  );
  t.not(await clock.getAttribute('aria-label'), first, 'the countdown runs');
  await shot('campaign-activity');

  const activityId = Number(await page.locator('form[action="/-/huodong/signup"] input[name="activityId"]').inputValue());
  const phone = '13612345601';
  await page.locator('input[name="name"]').fill('测试报名');
  await page.locator('input[name="phone"]').fill('1361234');
  await page.locator('[data-testid="signup-submit"]').click();
  t.equal(
    await page.locator('[data-testid="signup-msg"]').textContent(),
    '请输入正确的11位手机号',
    'a bad phone is refused beside the form',
  );
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('[data-testid="signup-submit"]').click();
  await page.waitForSelector('[data-testid="signup-msg"][role="status"]');
  t.equal(await page.locator('[data-testid="signup-msg"]').textContent(), '报名成功，顾问将尽快与您联系');
  await shot('campaign-signed-up');
  const saved = backendRows(backend, 'SELECT name FROM activity_signup WHERE activity_id = ? AND phone = ?', activityId, phone);
  t.same(saved, [{ name: '测试报名' }], 'saved once, with the name typed');

  // The same phone again (a reload): answered kindly, not saved twice.
  await page.goto(`${e2e.base}/huodong/xinfang`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated, 'form[action="/-/huodong/signup"]');
  await page.locator('input[name="name"]').fill('测试报名');
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('[data-testid="signup-submit"]').click();
  await page.waitForSelector('[data-testid="signup-msg"][role="status"]');
  t.match(await page.locator('[data-testid="signup-msg"]').textContent(), '无需重复提交');
  t.equal(backendRows(backend, 'SELECT id FROM activity_signup WHERE activity_id = ? AND phone = ?', activityId, phone).length, 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  t.equal(overflow, 0, 'nothing sticks out sideways at 375px');
  t.same(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
    'no console errors or hydration warnings',
  );
});

t.test('a group viewing sign-up is saved and the seats left go down', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/grouproom`, { waitUntil: 'networkidle' });
  const session = page.locator('[data-testid="group-session"]:has(form)').first();
  await page.waitForFunction(hydrated, '[data-testid="group-session"] form');
  const id = Number(((await session.getAttribute('id')) ?? '').replace('session-', ''));
  const before = Number(/剩余(\d+)座/.exec((await session.locator('[data-testid="seats-left"]').textContent()) ?? '')?.[1]);
  await session.locator('input[name="name"]').fill('团购客户');
  await session.locator('input[name="phone"]').fill('13612345602');
  await session.locator('[data-testid="group-submit"]').click();
  const done = page.locator(`#session-${id} [data-testid="group-msg"][role="status"]`);
  await done.waitFor();
  t.equal(await done.textContent(), '报名成功，顾问将尽快与您联系');
  t.equal(await page.locator(`#session-${id} [data-testid="seats-left"]`).textContent(), `剩余${before - 1}座`, 'a seat fewer');
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'campaign-grouproom.png') });
  t.equal(backendRows(backend, 'SELECT id FROM group_signup WHERE session_id = ? AND phone = ?', id, '13612345602').length, 1, 'saved');
  t.same(errors, [], 'no console errors');
});
