import t from 'tap';
import { backendRows } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 33 part 2 in Chromium: one login across the mobile host and its city sub-domains. With a mobile host that
 * has a dot (`m.localhost` here: Chromium sends every *.localhost to this machine), the login cookie's Domain is that
 * host, so a member who logs in on 武汉 (wh.m.localhost) is still the member on 长沙 (m.localhost). The demo's own
 * `localhost` is a single label, on which browsers refuse a Domain cookie (each host keeps its own login there).
 */
const e2e = await startE2E({
  editRegistry: (r) => {
    r.site.mobileHost = 'm.localhost';
  },
});
t.teardown(() => e2e.close());
const port = new URL(e2e.base).port;

t.test('a member who logs in on a city sub-domain is logged in on every city of the site', async (t) => {
  const { page, errors } = await e2e.newPage();
  const wuhan = `http://wh.m.localhost:${port}`;
  const changsha = `http://m.localhost:${port}`;
  const phone = '13912340099';
  // The page's own fetch (same origin, as the form's script posts): the browser keeps the cookie the answer sets.
  const post = (path: string, body: Record<string, unknown>) =>
    page.evaluate(
      async ([p, b]) => {
        const r = await fetch(p as string, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(b),
        });
        return r.status;
      },
      [path, body] as const,
    );
  await page.goto(`${wuhan}/register`);
  t.equal(await post('/-/account/sms', { phone, purpose: 'register' }), 200);
  const code = backendRows(e2e.backend, 'SELECT code FROM sms_code WHERE phone = ? ORDER BY id DESC LIMIT 1', phone)[0]?.code as string;
  t.equal(
    await post('/-/account/register', { phone, code, password: 'secret123', agree: true }),
    200,
    'registered (and logged in) on 武汉',
  );

  await page.goto(`${wuhan}/personalcenter`);
  t.equal(new URL(page.url()).pathname, '/personalcenter', '武汉: the personal centre');
  await page.goto(`${changsha}/personalcenter`);
  t.equal(new URL(page.url()).pathname, '/personalcenter', '长沙: still the member, not sent to log in');
  t.match(await page.locator('[data-testid="nickname"]').textContent(), /用户0099/, 'the same member');

  await page.locator('form[action="/-/account/logout"] button').click();
  await page.waitForURL(`${changsha}/`);
  await page.goto(`${wuhan}/personalcenter`);
  t.match(new URL(page.url()).pathname, '/login', 'a logout on one city is a logout on all');
  t.same(errors, [], 'no console errors');
});
