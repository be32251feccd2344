import t from 'tap';
import { registerMember } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 17 "Done when", the store half in one Chromium flow at 375x812: a member opens 门店 from the home page, a store,
 * one of its agents, rates the agent and sees the rating counted on the agent's page. (The entrustment half is
 * test/e2e/entrust.test.ts.)
 */
const e2e = await startE2E();
const { backend } = e2e;
t.teardown(() => e2e.close());

t.test('home → 门店 → a store → one of its agents → rate the agent → the rating counted', async (t) => {
  const { page, errors } = await e2e.newPage();
  const member = await registerMember(backend, '13677772828', '门店路过');
  const signed = e2e.portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
  await e2e.browser.addCookies([{ name: 'userInfo', value: signed.slice('userInfo='.length), url: e2e.base }]);

  await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
  await page.locator('a[href="/mendian/"]', { hasText: '门店' }).first().click();
  await page.waitForSelector('[data-testid="store-list"]');
  await page.locator('.md-card__link').first().click();
  await page.waitForURL(/\/mendian\/\d+\.html$/);
  const agent = page.locator('[data-testid="store-agents"] a.md-agent__link').first();
  await agent.scrollIntoViewIfNeeded();
  await agent.click();
  await page.waitForURL(/\/broker\/\d+$/);
  await page.waitForSelector('[data-testid="broker-card"]');
  const belongerId = Number(new URL(page.url()).pathname.split('/').pop());
  const countText = async () => (await page.locator('[data-testid="broker-card"]').textContent()) ?? '';
  const before = await countText();

  await page.locator('a', { hasText: '评价经纪人' }).first().click();
  await page.waitForURL((u) => u.pathname === `/dianping/${belongerId}`);
  const count0 = Number(/(\d+)/.exec((await page.locator('[data-testid="dp-count"]').textContent()) ?? '')?.[1]);
  await page.locator('input[name="professional"][value="5"]').check();
  await page.locator('input[name="attitude"][value="4"]').check();
  await page.locator('input[name="response"][value="5"]').check();
  await page.locator('textarea[name="content"]').fill('门店离家近，经纪人很耐心');
  await page.locator('form[action="/-/broker/review"] .fm__submit').click();
  await page.waitForURL((u) => u.pathname === `/dianping/${belongerId}` && u.searchParams.get('ok') === '1');
  t.equal(await page.locator('[data-testid="dp-count"]').textContent(), `${count0 + 1}条评价`, 'the rating is counted');

  await page.goto(`${e2e.base}/broker/${belongerId}`);
  await page.waitForSelector('[data-testid="broker-card"]');
  t.not(await countText(), before, "the agent's card shows the new count and average");
  t.match(await countText(), `${count0 + 1}`, 'with the new count');
  t.same(errors, [], 'no console errors');
});
