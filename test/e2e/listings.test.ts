import t from 'tap';
import { backendRows, ORIGIN, registerMember } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * A phone visitor at 375x812 (issue 5): filter a list, open a detail, swipe the gallery, favourite as a visitor
 * (→ login with bUrl) and as a member (saved, in /myshoucang after a reload), book a viewing (saved in the backend).
 */
const e2e = await startE2E();
const { backend } = e2e;
t.teardown(() => e2e.close());

t.test('filter, detail, gallery swipe, favourite, booking', async (t) => {
  const { page, errors } = await e2e.newPage();

  // 1. Filter the second-hand list by price through the filter bar.
  await page.goto(`${e2e.base}/ershoufang/`);
  await page.locator('summary', { hasText: '价格' }).click();
  await page.locator('.fbar__opt', { hasText: '80-100万' }).click();
  await page.waitForURL(/\/ershoufang\/p3\/$/);
  await page.waitForSelector('.lst__chip:has-text("80-100万")');
  t.equal(await page.locator('details[open]').count(), 0, 'the panel closed');
  const prices = (await page.locator('.lcard .price').allTextContents()).map(Number);
  t.ok(prices.length > 0, 'listings shown');
  t.ok(
    prices.every((p) => p >= 80 && p < 100),
    `every price is 80-100万: ${prices.join(',')}`,
  );
  // The head of a screen reached in the browser is its meta's, as the server renders it (issue 12 point 2).
  await page.waitForFunction(() => document.title.includes('80-100万'));
  t.equal(await page.title(), '长沙二手房_80-100万_长沙二手房出售_湘房网', 'the filtered list titles itself');
  t.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${ORIGIN}/ershoufang/p3/`, 'and its canonical');

  // 2. Open the first listing.
  const href = (await page.locator('.lcard').first().getAttribute('href')) as string;
  await page.locator('.lcard').first().click();
  await page.waitForURL((u) => u.pathname === href);
  await page.waitForSelector('[data-testid="gallery-count"]');
  const count = page.locator('[data-testid="gallery-count"]');
  const before = (await count.textContent()) as string;
  t.match(before, /^1\/\d+$/);
  const served = await e2e.portal.app.inject({ url: href });
  const servedTitle = /<title>([^<]*)<\/title>/.exec(served.body)?.[1];
  t.ok(servedTitle?.endsWith('二手房_湘房网'), `the detail's own title: ${servedTitle}`);
  await page.waitForFunction((title) => document.title === title, servedTitle);
  t.equal(await page.title(), servedTitle, 'the detail reached by a tap has the title the server gives it');

  // 3. Swipe the gallery with a finger (touch events through the DevTools protocol).
  const strip = page.locator('[data-testid="gallery-strip"]');
  const box = await strip.boundingBox();
  const cdp = await e2e.browser.newCDPSession(page);
  const y = Math.round((box?.y ?? 0) + (box?.height ?? 280) / 2);
  const x0 = Math.round((box?.x ?? 0) + (box?.width ?? 375) * 0.85);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 - i * 25, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction(() => document.querySelector('[data-testid="gallery-count"]')?.textContent?.startsWith('2/'), null, {
    timeout: 5000,
  });
  t.match(await count.textContent(), /^2\/\d+$/, 'the counter follows the swipe');

  // The full-screen view: a tap on the photo opens it on the same photo, ✕ closes it.
  await page.locator('.gal__slide').nth(1).click();
  await page.waitForSelector('.gal--full');
  t.match(await count.textContent(), /^2\/\d+$/, 'full screen keeps the photo');
  await page.locator('.gal__close').click();
  await page.waitForSelector('.gal--full', { state: 'detached' });
  t.pass('full-screen view closes');

  // 4. Favourite as a visitor → login with bUrl back to this page.
  await page.locator('[data-testid="favourite"]').click();
  await page.waitForURL(/\/login\?bUrl=/);
  t.equal(new URL(page.url()).searchParams.get('bUrl'), href, 'bUrl is the detail page');

  // 5. Log in as a real member (signed cookie) and favourite.
  const houseId = Number(/\/(\d+)\.html$/.exec(href)?.[1]);
  const member = await registerMember(backend, '13688889999', 'E2E买家');
  const signed = e2e.portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
  await e2e.browser.addCookies([{ name: 'userInfo', value: signed.slice('userInfo='.length), url: e2e.base }]);
  await page.goto(`${e2e.base}${href}`);
  await page.waitForSelector('[data-testid="favourite"]');
  t.equal(await page.locator('[data-testid="favourite"]').getAttribute('aria-pressed'), 'false');
  await page.locator('[data-testid="favourite"]').click();
  await page.waitForSelector('[data-testid="favourite"][aria-pressed="true"]');
  t.match(await page.locator('.toast').textContent(), '收藏成功');
  t.same(
    backendRows(backend, 'SELECT house_id AS h, kind FROM collect WHERE member_id = ?', member.uid),
    [{ h: houseId, kind: 'ershoufang' }],
    'saved in the backend',
  );
  await page.goto(`${e2e.base}/myshoucang`);
  await page.reload();
  t.equal(await page.locator(`[data-testid="favourites"] a[href="${href}"]`).count(), 1, 'visible in /myshoucang after reload');

  // 6. Book a viewing.
  await page.goto(`${e2e.base}${href}`);
  await page.locator('[data-testid="book"]').click();
  await page.waitForURL(/\/yuyuekanfang\?houseId=/);
  t.equal(await page.locator('input[name="phone"]').inputValue(), member.phone, 'phone prefilled');
  // A date ahead of today: appointments must not be in the past (issue 13).
  const visitDate = new Date(Date.now() + 8 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.locator('input[name="visitDate"]').fill(visitDate);
  await page.locator('textarea[name="remark"]').fill('周六上午');
  await page.locator('[data-testid="book-submit"]').click();
  await page.waitForSelector('text=预约成功');
  const rows = backendRows(backend, 'SELECT house_id, member_id, visit_date, remark, phone FROM kanfang WHERE member_id = ?', member.uid);
  t.same(
    rows,
    [{ house_id: houseId, member_id: member.uid, visit_date: visitDate, remark: '周六上午', phone: member.phone }],
    'booking saved',
  );
  t.same(
    errors.filter((e) => !/favicon|401/.test(e)),
    [],
    'no console errors',
  );
});
