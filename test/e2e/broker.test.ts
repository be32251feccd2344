import path from 'node:path';
import t from 'tap';
import { backendRows, registerMember } from '../listings/helpers.ts';
import { firstErshoufangDetail, startE2E } from './browser.ts';

/**
 * Issue 17 part C in Chromium at 375x812: a member opens an agent from a listing detail, goes to their reviews, rates
 * them per aspect and sees the rating counted at once; a second rating in the month is refused beside the form.
 * E2E_SHOTS=<dir> keeps screenshots of the agent page, the filled review form and the refused second review.
 */
const e2e = await startE2E();
const { backend } = e2e;
t.teardown(() => e2e.close());

t.test('open an agent from a listing detail, rate them as a member and see the rating counted', async (t) => {
  const { page, errors } = await e2e.newPage();
  const shot = async (name: string) => {
    if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`), fullPage: false });
  };
  const member = await registerMember(backend, '13677771717', '评价E2E');
  const signed = e2e.portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
  await e2e.browser.addCookies([{ name: 'userInfo', value: signed.slice('userInfo='.length), url: e2e.base }]);

  const detail = await firstErshoufangDetail(e2e);
  await page.goto(`${e2e.base}${detail}`, { waitUntil: 'networkidle' });
  const link = page.locator('[data-testid="agent-broker-link"]').first();
  await link.scrollIntoViewIfNeeded();
  const name = ((await link.textContent()) ?? '').trim();
  await link.click();
  await page.waitForURL(/\/broker\/\d+$/);
  await page.waitForSelector('[data-testid="broker-card"]');
  t.match(await page.locator('h1').first().textContent(), name, 'the agent page of the clicked agent');
  const belongerId = Number(new URL(page.url()).pathname.split('/').pop());
  t.ok(await page.locator('[data-testid="broker-ext"]').isVisible(), 'the call button shows the extension');
  await shot('broker-agent');

  await page.locator('a', { hasText: '评价经纪人' }).first().click();
  await page.waitForURL((u) => u.pathname === `/dianping/${belongerId}`);
  await page.waitForSelector('form[action="/-/broker/review"]');
  const count0 = Number(/(\d+)/.exec((await page.locator('[data-testid="dp-count"]').textContent()) ?? '')?.[1]);
  await page.locator('input[name="professional"][value="5"]').check();
  await page.locator('input[name="attitude"][value="5"]').check();
  await page.locator('input[name="response"][value="4"]').check();
  await page.locator('textarea[name="content"]').fill('带看准时，讲解专业，推荐！');
  await page.locator('form[action="/-/broker/review"]').scrollIntoViewIfNeeded();
  await shot('broker-review-form');
  await page.locator('form[action="/-/broker/review"] .fm__submit').click();
  await page.waitForURL((u) => u.pathname === `/dianping/${belongerId}` && u.searchParams.get('ok') === '1');
  await page.waitForSelector('.dp-ok');
  t.equal(await page.locator('[data-testid="dp-count"]').textContent(), `${count0 + 1}条评价`, 'the rating is counted');
  t.match(await page.locator('[data-testid="dp-list"]').textContent(), '带看准时，讲解专业，推荐！');
  const avg = backendRows(backend, 'SELECT ROUND(AVG(score), 1) AS a FROM dianping WHERE belonger_id = ?', belongerId)[0] as { a: number };
  t.equal(await page.locator('[data-testid="dp-average"]').textContent(), avg.a.toFixed(1), 'the average includes it');

  // A second one the same month is refused beside the form; the text stays.
  await page.locator('input[name="professional"][value="3"]').check();
  await page.locator('input[name="attitude"][value="3"]').check();
  await page.locator('input[name="response"][value="3"]').check();
  await page.locator('textarea[name="content"]').fill('再评一次试试看');
  await page.locator('form[action="/-/broker/review"] .fm__submit').click();
  await page.waitForSelector('[data-testid="form-error"]');
  t.match(await page.locator('[data-testid="form-error"]').textContent(), '您本月已评价过该经纪人');
  await shot('broker-review-refused');
  t.equal(await page.locator('textarea[name="content"]').inputValue(), '再评一次试试看');
  t.equal(
    backendRows(backend, 'SELECT COUNT(*) AS n FROM dianping WHERE belonger_id = ? AND member_id = ?', belongerId, member.uid)[0]?.n,
    1,
    'saved once',
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  t.equal(overflow, 0, 'nothing sticks out sideways at 375px');
  t.same(
    errors.filter((e) => !/status of 409/.test(e)),
    [],
    'no console errors or hydration warnings (the refused second rating is the 409 the browser logs)',
  );
});

t.test('issue 34: agent and store buttons wear the site’s green, never the price red, and are real targets', async (t) => {
  const { page, errors } = await e2e.newPage();
  const [first] = backendRows(backend, 'SELECT id, store_id AS storeId FROM belonger WHERE city_id = 1 ORDER BY id LIMIT 1') as Array<{
    id: number;
    storeId: number;
  }>;
  const look = (sel: string) =>
    page.locator(sel).evaluate((el) => {
      const cs = getComputedStyle(el);
      const root = getComputedStyle(document.documentElement);
      // the palette's variables as computed colours (no named helper: tsx would wrap it in __name, unknown in the page)
      const [green, brand, red] = ['--c-brand-dark', '--c-brand', '--c-price'].map((name) => {
        const probe = document.createElement('i');
        probe.style.color = root.getPropertyValue(name);
        document.body.append(probe);
        const c = getComputedStyle(probe).color;
        probe.remove();
        return c;
      });
      return {
        bg: cs.backgroundColor,
        color: cs.color,
        border: cs.borderTopColor,
        height: el.getBoundingClientRect().height,
        href: el.getAttribute('href'),
        green,
        brand,
        red,
      };
    });
  await page.goto(`${e2e.base}/broker/${first?.id}`, { waitUntil: 'networkidle' });
  const chat = await look('[data-testid="broker-chat"]');
  t.equal(chat.color, chat.green, '在线咨询: green text');
  t.equal(chat.border, chat.brand, '在线咨询: green border');
  if (await page.locator('[data-testid="broker-call"]').count()) {
    const call = await look('[data-testid="broker-call"]');
    t.equal(call.bg, call.green, '电话咨询: white on the dark brand green (5.4:1)');
    t.equal(call.color, 'rgb(255, 255, 255)');
  }
  t.not(chat.color, chat.red, 'no red button text');
  await page.goto(`${e2e.base}/broker/`, { waitUntil: 'networkidle' });
  const on = await look('.bk-regions a.is-on');
  t.equal(on.bg, on.green, 'the chosen district is green, not red');

  await page.goto(`${e2e.base}/mendian/${first?.storeId}.html`, { waitUntil: 'networkidle' });
  const store = await look('[data-testid="store-call"]');
  t.match(store.href, /^tel:\d/, '致电门店 dials');
  t.equal(store.bg, store.green, '致电门店 is a filled green button');
  t.ok(store.height >= 24, `致电门店 is at least 24px tall (${store.height})`);
  t.same(errors, []);
  await page.close();
});
