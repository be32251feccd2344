import path from 'node:path';
import t from 'tap';
import { backendRows, registerMember } from '../listings/helpers.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 15 part A in Chromium at 375x812: a visitor opens 资讯 from the home grid, reads an article, tries to like it
 * and to comment and lands on the login page with the article as bUrl; logs in (a member registered through the
 * gateway) and is back on the article with the typed comment put back; likes it (the count goes up by one, and stays
 * after reload), posts the comment (shown, count up by one), follows the source account and finds it followed on the
 * account page with one more follower. E2E_SHOTS=<dir> keeps screenshots.
 */
const e2e = await startE2E();
const { backend } = e2e;
t.teardown(() => e2e.close());
const shotsDir = process.env.E2E_SHOTS;

t.test('资讯 from the home grid: read, like, comment after logging in, follow the source account', async (t) => {
  const phone = '13912345015';
  await registerMember(backend, phone, '资讯E2E');
  const { page, errors } = await e2e.newPage();
  const shot = async (name: string) => {
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
  };
  const count = async (id: string) => Number(await page.locator(`[data-testid="${id}"]`).first().textContent());

  await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
  await page.locator('a[href="/zixun/"]', { hasText: '资讯' }).first().click();
  await page.waitForURL((u) => u.pathname === '/zixun/');
  await page.waitForSelector('.art-item');
  await shot('zixun-list');
  const href = (await page.locator('.art-item a').first().getAttribute('href')) as string;
  t.match(href, /^\/zixun\/\d+\.html$/);
  await page.locator('.art-item a').first().click();
  await page.waitForURL((u) => u.pathname === href);
  await page.waitForSelector('.art-body__p');
  const title = await page.locator('h1').textContent();
  t.ok(title && title.length > 4, 'the article has a title');
  await shot('zixun-article');

  // A visitor's like and comment go to log in, with the article as bUrl; the typed comment waits in the tab.
  await page.locator('[data-testid="like"]').click();
  await page.waitForURL(/\/login\?bUrl=/);
  t.equal(new URL(page.url()).searchParams.get('bUrl'), href, 'like: login with the article as bUrl');
  await page.goto(`${e2e.base}${href}`, { waitUntil: 'networkidle' });
  const comments = await count('comment-count');
  const text = `E2E 的评论：${Date.now() % 100000}，<b>不是标签</b>`;
  await page.locator('[data-testid="comment-text"]').fill(text);
  await page.locator('[data-testid="comment-send"]').click();
  await page.waitForURL(/\/login\?bUrl=/);
  t.equal(new URL(page.url()).searchParams.get('bUrl'), href, 'comment: login with the article as bUrl');

  const form = page.locator('[data-testid="account-form"]');
  await form.locator('input[name="phone"]').fill(phone);
  await form.locator('input[name="password"]').fill('secret123');
  await page.locator('[data-testid="account-submit"]').click();
  await page.waitForURL((u) => u.pathname === href);
  await page.waitForFunction(
    (v) => (document.querySelector('[data-testid="comment-text"]') as HTMLTextAreaElement | null)?.value === v,
    text,
  );
  t.pass('back on the article with the comment as it was typed');

  // Like: the count goes up by one at once and is the same after reload.
  const likes = await count('like-count');
  await page.locator('[data-testid="like"]').click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="like-count"]')?.textContent === String(n), likes + 1);
  t.equal(await page.locator('[data-testid="like"]').getAttribute('aria-pressed'), 'true');

  // The comment posts, shows as text, and the count goes up by one.
  await page.locator('[data-testid="comment-send"]').click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="comment-count"]')?.textContent === String(n), comments + 1);
  t.equal(await page.locator('[data-testid="comment"] .art-cmt__text').first().textContent(), text, 'the markup is text');
  await shot('zixun-commented');
  await page.reload({ waitUntil: 'networkidle' });
  t.equal(await count('like-count'), likes + 1, 'the like count after reload');
  t.equal(await count('comment-count'), comments + 1, 'the comment count after reload');
  t.equal(await page.locator('[data-testid="like"]').getAttribute('aria-pressed'), 'true', 'still liked after reload');

  // Follow the source account, then find it followed on its page with one more follower.
  const accountHref = (await page.locator('[data-testid="account-link"]').getAttribute('href')) as string;
  const userName = accountHref.split('/').pop() as string;
  const fans = backendRows(backend, 'SELECT fans FROM xhaccount WHERE user_name = ?', userName)[0]?.fans as number;
  await page.locator('[data-testid="follow"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="follow"]')?.textContent === '已关注');
  await page.locator('[data-testid="account-link"]').click();
  await page.waitForURL((u) => u.pathname === accountHref);
  await page.waitForSelector('.art-prof');
  t.equal(await page.locator('[data-testid="follow"]').textContent(), '已关注', 'followed on the account page');
  t.equal(Number(await page.locator('[data-testid="fans"] strong').textContent()), fans + 1, 'one more follower');
  await shot('zixun-account');
  // The visitor's like was answered 401 (that is how the page learns to send them to log in): the only error.
  t.same(
    errors.filter((e) => !e.includes('status of 401')),
    [],
    'no other console or page errors',
  );
  await page.close();
});
