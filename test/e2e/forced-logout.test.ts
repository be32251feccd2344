import type { BrowserContext, Page } from 'playwright-core';
import t from 'tap';
import { launchChromium } from '../../scripts/chromium.ts';
import { FORCED_LOGOUT_DELAY_MS, LOGOUT_ENDPOINT, LOGOUT_LOADING_MESSAGE, LOGOUT_SUCCESS_MESSAGE } from '../../src/lib/member-socket.ts';
import { clearUserCookie } from '../../src/session.ts';
import { MEMBER } from '../helpers/build.ts';
import { startE2E } from './browser.ts';

/**
 * SPEC 4 "Forced logout" in Chromium: two browsers signed in as the same member; the console signs the member out;
 * each shows the loading toast, then 退出成功 after the 500 ms wait, lands on home with the menu offering 登录 again,
 * and records a logout event.
 */

const ADMIN_TOKEN = 'console-token-0123456789abcdef0123456789';

/** Every beacon body, in window.__beacons (playwright does not show a beacon's blob body). */
async function recordBeacons(page: Page): Promise<() => Promise<Array<Record<string, unknown>>>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __beacons: string[] };
    w.__beacons = [];
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) {
        const i = w.__beacons.push('') - 1;
        void data.text().then((text) => {
          w.__beacons[i] = text;
        });
      }
      return send(url, data);
    };
  });
  return async () => {
    const raw = await page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons);
    return raw.filter(Boolean).map((b) => JSON.parse(b) as Record<string, unknown>);
  };
}

/** The toast's text as it changes, with the time each one was first seen (in the page's clock). */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: Array<{ text: string; loading: boolean; at: number }> };
    w.__toasts = [];
    new MutationObserver(() => {
      const el = document.querySelector('.toast');
      const text = el?.textContent ?? '';
      const last = w.__toasts[w.__toasts.length - 1];
      if (el && text && last?.text !== text)
        w.__toasts.push({ text, loading: el.classList.contains('toast--loading'), at: performance.now() });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const toastsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts: Array<{ text: string; loading: boolean; at: number }> }).__toasts);

t.test('forced logout in the browser', async (t) => {
  const e2e = await startE2E({
    adminToken: ADMIN_TOKEN,
    // Part A builds the logout endpoint; on a tree without it, this stand-in clears the cookie the same way.
    setup: (app) => {
      if (!app.hasRoute({ method: 'POST', url: LOGOUT_ENDPOINT }))
        app.post(LOGOUT_ENDPOINT, async (req, reply) => {
          clearUserCookie(req, reply);
          return { status: 200 };
        });
    },
  });
  t.teardown(() => e2e.close());
  const second = await launchChromium();
  t.teardown(() => second.close());

  const cookieValue = e2e.portal.memberCookie().replace(/^userInfo=/, '');
  const signIn = (context: BrowserContext) =>
    context.addCookies([{ name: 'userInfo', value: cookieValue, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
  await signIn(e2e.browser);
  await signIn(second);

  const { page, errors } = await e2e.newPage();
  const beacons = await recordBeacons(page);
  await recordToasts(page);
  await page.goto(`${e2e.base}/zufang/`, { waitUntil: 'networkidle' });
  const other = await second.newPage();
  await recordToasts(other);
  await other.goto(`${e2e.base}/aboutUs`, { waitUntil: 'networkidle' });

  // Both browsers are signed in and hold a socket.
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByText(MEMBER.nickName).first().waitFor({ state: 'visible' });
  await page
    .getByRole('button', { name: '关闭菜单' })
    .first()
    .click()
    .catch(() => page.keyboard.press('Escape'));
  const deadline = Date.now() + 10_000;
  while (e2e.portal.app.memberSockets.count(MEMBER.userId) < 2 && Date.now() < deadline) await page.waitForTimeout(100);
  t.equal(e2e.portal.app.memberSockets.count(MEMBER.userId), 2, 'one socket per browser');

  const res = await e2e.portal.app.inject({
    method: 'POST',
    url: `/-/admin/members/${MEMBER.userId}/sign-out`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  t.equal(res.statusCode, 200, 'the console signs the member out');

  // Both browsers run the sequence at once: wait for both before reading either (a toast does not stay forever).
  await Promise.all(
    [page, other].map(async (p) => {
      await p.locator('.toast', { hasText: LOGOUT_SUCCESS_MESSAGE }).waitFor({ state: 'attached', timeout: 10_000 });
      await p.waitForURL(`${e2e.base}/`, { timeout: 10_000 });
    }),
  );
  for (const [name, p] of [
    ['first browser', page],
    ['second browser', other],
  ] as const) {
    const toasts = await toastsOf(p);
    const loading = toasts.find((x) => x.loading);
    const done = toasts.find((x) => x.text === LOGOUT_SUCCESS_MESSAGE);
    t.equal(loading?.text, LOGOUT_LOADING_MESSAGE, `${name}: the loading toast came first`);
    t.ok(loading && done && done.at - loading.at >= FORCED_LOGOUT_DELAY_MS - 20, `${name}: 退出成功 came after the 500 ms wait`);
    await p.getByRole('button', { name: '打开菜单' }).click();
    await p.getByRole('link', { name: '登录' }).waitFor({ state: 'visible' });
    t.pass(`${name}: on home, the menu offers 登录 again`);
  }

  const cookies = await e2e.browser.cookies(e2e.base);
  t.notOk(
    cookies.some((c) => c.name === 'userInfo' && c.value === cookieValue),
    'the login cookie is gone',
  );
  await page.waitForTimeout(300);
  t.ok(
    (await beacons()).some((b) => b.kind === 'logout'),
    'a logout event was recorded',
  );
  t.equal(e2e.portal.app.memberSockets.count(MEMBER.userId), 0, 'no socket left open');

  // A reload is a visitor's page now.
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByRole('link', { name: '登录' }).waitFor({ state: 'visible' });
  t.same(errors, [], 'no console errors');
});
