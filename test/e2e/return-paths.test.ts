import t from 'tap';
import { backendRows, registerMember } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 11 point 2 in Chromium: hostile return addresses, followed by a real browser (its URL parser, its handling
 * of tabs and backslashes), never leave the site: the success screens' 返回房源 link and the form posts' redirects.
 */
const e2e = await startE2E();
const { backend } = e2e;
t.teardown(() => e2e.close());
const origin = new URL(e2e.base).origin;
const houseId = Number(backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1')[0]?.id);
const member = await registerMember(backend, '13912345671', '回跳浏览器');
const loginAsMember = () =>
  e2e.browser.addCookies([
    {
      name: 'userInfo',
      value: e2e.portal
        .memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName })
        .slice('userInfo='.length),
      url: e2e.base,
    },
  ]);
const HOSTILE = ['/.//evil.com', '/%2e//evil.com', '/a/..//evil.com', '/\t/evil.com', '/\\evil.com', '/\n/evil.com', 'https:evil.com'];

/** Submit a plain HTML form (no fetch) from the page, as a browser without the app's JavaScript would. */
async function submitForm(page: import('playwright-core').Page, action: string, fields: Record<string, string>) {
  const navigated = page.waitForEvent('framenavigated', { timeout: 10_000 });
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { action, fields },
  );
  await navigated;
  await page.waitForLoadState('domcontentloaded').catch(() => {});
}

t.test('form posts with a hostile back or Referer land on this site (visitor, then member)', async (t) => {
  const { page } = await e2e.newPage();
  for (const who of ['visitor', 'member']) {
    if (who === 'member') await loginAsMember();
    for (const back of HOSTILE) {
      await page.goto(`${e2e.base}/aboutUs`);
      await submitForm(page, '/-/action/favourite', { houseId: String(houseId), kind: 'ershoufang', op: 'add', back });
      t.equal(new URL(page.url()).origin, origin, `${who} back=${JSON.stringify(back)} → ${page.url()}`);
    }
    // A page whose own URL the browser folded to `//evil.com`: its Referer is this site's, its path is refused.
    await page.goto(`${e2e.base}/.//evil.com`);
    t.equal(new URL(page.url()).pathname, '//evil.com', 'the browser folded the dot segment');
    await submitForm(page, '/-/action/favourite', { houseId: String(houseId), kind: 'ershoufang', op: 'add' });
    t.equal(new URL(page.url()).origin, origin, `${who} Referer ${e2e.base}//evil.com → ${page.url()}`);
  }
});

t.test('the booking and report success screens link back on this site', async (t) => {
  await loginAsMember();
  const { page } = await e2e.newPage();
  for (const screen of ['/yuyuekanfang', '/jubao']) {
    for (const back of HOSTILE) {
      await page.goto(`${e2e.base}${screen}?houseId=${houseId}&ok=1&back=${encodeURIComponent(back)}`);
      const link = page.locator('a', { hasText: '返回房源' });
      const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
      t.equal(new URL(href).origin, origin, `${screen} back=${JSON.stringify(back)}: the link resolves to ${href}`);
      await link.click();
      await page.waitForURL((u) => u.pathname !== screen, { timeout: 10_000 });
      t.equal(new URL(page.url()).origin, origin, `${screen} back=${JSON.stringify(back)}: clicking stays on site`);
    }
  }
});
