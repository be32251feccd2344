import t from 'tap';
import { startE2E } from './browser.ts';

/**
 * The mortgage calculator in a phone browser (issue 16 part C): a 100万, 30-year commercial loan at the old benchmark
 * by both methods, the shared URL reloaded to the same figures, and live updates as inputs change.
 */
const e2e = await startE2E();
t.teardown(() => e2e.close());

const hydrated = () =>
  Object.keys(document.querySelector('.loan-form') ?? {}).some((k) => k.startsWith('__reactFiber') || k.startsWith('__reactProps'));

t.test('benchmark 100万 over 30 years by both methods, shared and reloaded, then a live change', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/jisuanqi`);
  await page.waitForFunction(hydrated);
  const monthly = () => page.locator('[data-figure="monthly"]').textContent();
  const interest = () => page.locator('[data-figure="interest"]').textContent();

  // default: 100万, 30年, 等额本息, latest LPR
  t.equal(await page.locator('input[name="amount"]').inputValue(), '100');
  await page.locator('label:has(input[name="rateBasis"][value="jz"])').click();
  await page.locator('select[name="rate"]').selectOption('4.9');
  await page.waitForFunction(() => document.querySelector('[data-figure="monthly"]')?.textContent === '5,307.27元');
  t.equal(await interest(), '910,616.19元', '等额本息 总利息');
  t.match(page.url(), /rateBasis=jz/, 'the URL follows the inputs');
  t.match(page.url(), /rate=4\.9/);

  await page.locator('label:has(input[name="method"][value="debj"])').click();
  await page.waitForFunction(() => document.querySelector('[data-figure="monthly"]')?.textContent === '6,861.11元');
  t.match((await page.locator('[data-figure="decrease"]').textContent()) ?? '', '每月递减11.34元');
  t.equal(await interest(), '737,041.67元', '等额本金 总利息');
  const shared = page.url();
  t.match(shared, /method=debj/);

  // the shared URL, opened afresh: the same figures from the server render
  const other = await e2e.newPage();
  await other.page.goto(shared);
  t.equal(await other.page.locator('[data-figure="monthly"]').textContent(), '6,861.11元');
  t.equal(await other.page.locator('[data-figure="interest"]').textContent(), '737,041.67元');
  await other.page.reload();
  t.equal(await other.page.locator('[data-figure="monthly"]').textContent(), '6,861.11元', 'and after a reload');
  t.same(other.errors, []);

  // live: another amount, then the provident-fund tab
  await page.locator('input[name="amount"]').fill('200');
  await page.waitForFunction(() => document.querySelector('[data-figure="monthly"]')?.textContent === '13,722.22元');
  t.match(page.url(), /amount=200/);
  await page.locator('input[name="amount"]').fill('-3');
  await page.waitForSelector('[role="alert"]');
  t.match((await page.locator('[role="alert"]').textContent()) ?? '', '贷款金额须为不小于0的数字');
  await page.locator('input[name="amount"]').fill('100');
  await page.locator('.loan-tabs__tab', { hasText: '公积金贷款' }).click();
  await page.waitForSelector('.loan-tabs__tab.is-on:has-text("公积金贷款")');
  await page.locator('input[name="fund"]').fill('100');
  await page.locator('label:has(input[name="method"][value="debx"])').click();
  await page.waitForFunction(() => document.querySelector('[data-figure="monthly"]')?.textContent === '4,352.06元');
  t.match(page.url(), /type=gjj/);
  t.equal(await monthly(), '4,352.06元');

  // the schedule opens per year
  await page.locator('.loan-sched__year summary').first().click();
  t.equal(await page.locator('.loan-sched__year[open] tbody tr').count(), 12, 'the first year opened: 12 months');
  t.same(errors, [], 'no console errors');
});
