import { mkdirSync } from 'node:fs';
import t from 'tap';
import { launchChromium } from '../../scripts/chromium.ts';
import { backendRows } from '../listings/helpers.ts';
import { signInMember, startE2E } from './browser.ts';

/**
 * Issue 37 part 4 in Chromium: a visitor adds four second-hand homes from list cards and a detail, opens 对比 and sees
 * the rows side by side; a fifth is refused, another kind explained; after login the list is the member's and another
 * browser signed in as the member finds it. Screenshots of /duibi at 375x812 go to /tmp/shots-b/.
 */
const SHOTS = '/tmp/shots-b';
mkdirSync(SHOTS, { recursive: true });
const e2e = await startE2E();
t.teardown(() => e2e.close());
const hydrated = () => Object.keys(document.querySelector('#app > .app') ?? {}).some((k) => k.startsWith('__react'));
/** The toast saying `text` appears (true), or not within 5 s (false). */
const seesToast = (page: import('playwright-core').Page, text: string | RegExp) =>
  page
    .locator('.toast', { hasText: text })
    .waitFor({ timeout: 5000 })
    .then(
      () => true,
      () => false,
    );

t.test('a visitor compares four homes from cards and a detail; a fifth is refused; another kind is explained', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  const buttons = page.locator('.lst__list .cmp-add');
  t.ok((await buttons.count()) >= 6, 'each card offers 对比');
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const value = (await buttons.nth(i).getAttribute('data-compare')) as string;
    ids.push(Number(value.split(':')[1]));
    await buttons.nth(i).click();
    t.ok(await seesToast(page, `已加入对比（${i + 1}/4）`), `已加入对比（${i + 1}/4）`);
  }
  await page.screenshot({ path: `${SHOTS}/list-with-compare.png` });
  t.equal(await page.locator('[data-testid="compare-dock"]').textContent(), '对比3');
  // the fourth from its detail page's bottom bar
  const fourth = Number(((await buttons.nth(3).getAttribute('data-compare')) as string).split(':')[1]);
  const fifth = (await buttons.nth(4).getAttribute('data-compare')) as string;
  await page.goto(`${e2e.base}/ershoufang/${fourth}.html`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  await page.locator('[data-testid="compare-add"]').click();
  t.ok(await seesToast(page, '已加入对比（4/4）'), '已加入对比（4/4）');
  ids.push(fourth);
  await page.screenshot({ path: `${SHOTS}/detail-bar.png` });
  // a fifth is refused, with the reason
  await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  await page.locator(`.cmp-add[data-compare="${fifth}"]`).click();
  t.ok(await seesToast(page, '最多同时对比4套二手房，请先移除一套再添加'), '最多同时对比4套二手房，请先移除一套再添加');
  t.equal(await page.locator('[data-testid="compare-dock"]').textContent(), '对比4');
  // another kind is explained
  await page.goto(`${e2e.base}/zufang/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  await page.locator('.lst__list .cmp-add').first().click();
  t.ok(await seesToast(page, /对比栏里是二手房，租房不能和二手房放在一起对比/), 'another kind is explained');
  // 对比 opens the comparison of the four, in the order added
  await page.locator('[data-testid="compare-dock"]').click();
  await page.waitForURL(/\/duibi\?/);
  t.equal(new URL(page.url()).search, `?type=ershoufang&ids=${ids.join(',')}`);
  await page.waitForSelector('[data-testid="compare-table"]');
  t.equal(await page.locator('.cmp-home').count(), 4);
  const labels = await page.locator('.cmp-table tbody th').allTextContents();
  t.same(labels.slice(0, 4), ['总价', '单价', '建面', '户型']);
  t.ok(labels.includes('月供（商贷30年，首付30%，LPR 3.5%）'));
  t.equal(await page.locator('tr[data-row="price"] td.is-best').count(), 1, 'the lowest price is marked');
  await page.screenshot({ path: `${SHOTS}/duibi-top.png` });
  // the first column stays while the homes scroll sideways
  const scroll = page.locator('.cmp-scroll');
  const before = await page.locator('tr[data-row="price"] th').boundingBox();
  await scroll.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const after = await page.locator('tr[data-row="price"] th').boundingBox();
  t.equal(after?.x, before?.x, 'the sticky first column does not move');
  t.ok((await scroll.evaluate((el) => el.scrollLeft)) > 0, 'the table scrolls sideways at 375 px');
  await page.screenshot({ path: `${SHOTS}/duibi-scrolled.png` });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.screenshot({ path: `${SHOTS}/duibi-bottom.png` });
  t.same(errors, [], 'no console errors');
});

t.test('after login the list is the member’s, and another browser signed in as the member has it', async (t) => {
  const member = await signInMember(e2e, '13837370003', '两台手机');
  const { page } = await e2e.newPage();
  await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  await page.waitForFunction(() => sessionStorage.getItem('compare:synced') !== null);
  const stored = backendRows(e2e.backend, 'SELECT house_id FROM compare_item WHERE member_id = ? ORDER BY position', member.uid);
  t.equal(stored.length, 4, 'the visitor’s four joined the member’s list on the gateway');
  const local = await page.evaluate(() => localStorage.getItem('compare:list'));
  await page.close();

  const other = await launchChromium();
  t.teardown(() => other.close());
  const signed = e2e.portal.memberCookie({
    uid: member.uid,
    userId: member.userId,
    phone: member.phone,
    nickName: member.nickName,
    token: member.token ?? '',
  });
  await other.addCookies([{ name: 'userInfo', value: signed.slice('userInfo='.length), url: e2e.base }]);
  const p2 = await other.newPage();
  await p2.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  await p2.waitForFunction(hydrated);
  await p2.waitForSelector('[data-testid="compare-dock"]');
  t.equal(await p2.locator('[data-testid="compare-dock"]').textContent(), '对比4');
  t.equal(await p2.evaluate(() => localStorage.getItem('compare:list')), local, 'the same list');
  await p2.reload({ waitUntil: 'networkidle' });
  await p2.waitForSelector('[data-testid="compare-dock"]');
  await p2.locator('[data-testid="compare-dock"]').click();
  await p2.waitForSelector('[data-testid="compare-table"]');
  t.equal(await p2.locator('.cmp-home').count(), 4, 'the comparison of the member’s four');
  // 移除 takes one out of the member's list too
  await p2.locator('[data-testid="compare-remove"]').first().click();
  await p2.waitForFunction(() => document.querySelectorAll('.cmp-home').length === 3);
  await p2.waitForFunction(() => JSON.parse(localStorage.getItem('compare:list') ?? '{}').ids?.length === 3);
  t.equal(backendRows(e2e.backend, 'SELECT 1 FROM compare_item WHERE member_id = ?', member.uid).length, 3);
});

t.test('new homes are compared from the rows of the new-home list', async (t) => {
  // a browser of its own: the shared one is signed in, with second-hand homes in its list (above)
  const fresh = await launchChromium();
  t.teardown(() => fresh.close());
  const page = await fresh.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${e2e.base}/xinfang/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  const buttons = page.locator('[data-testid="xf-items"] .cmp-add');
  t.equal(await buttons.count(), await page.locator('[data-testid="xf-items"] .xf-item').count(), 'each estate offers 对比');
  const ids: number[] = [];
  for (let i = 0; i < 2; i++) {
    ids.push(Number(((await buttons.nth(i).getAttribute('data-compare')) as string).split(':')[1]));
    await buttons.nth(i).click();
    t.ok(await seesToast(page, `已加入对比（${i + 1}/4）`), `已加入对比（${i + 1}/4）`);
  }
  t.equal(page.url(), `${e2e.base}/xinfang/`, 'the tap stays on the list');
  const names = await page.locator('[data-testid="xf-items"] .xf-item__name').allTextContents();
  await page.screenshot({ path: `${SHOTS}/xinfang-list-compare.png` });
  await page.locator('[data-testid="compare-dock"]').click();
  await page.waitForURL(/\/duibi\?/);
  t.equal(new URL(page.url()).search, `?type=xinfang&ids=${ids.join(',')}`);
  await page.waitForSelector('[data-testid="compare-table"]');
  t.equal(await page.locator('.cmp-home').count(), 2);
  const shown = await page.locator('.cmp-home').allTextContents();
  t.ok(shown[0].includes(names[0]) && shown[1].includes(names[1]), 'the two estates, in the order added');
  t.match(await page.locator('.cmp__title').textContent(), /新房/);
  t.same(errors, [], 'no console errors');
});
