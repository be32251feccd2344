import t from 'tap';
import { firstErshoufangDetail, startE2E } from './browser.ts';

/** Issue 4: client navigation in real Chromium over the built client (npm run build first). */
t.test('client navigation', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());

  t.test('hydrates the home, a list and a detail page without console errors', async (t) => {
    // A detail page of the demo data: the first second-hand listing the list links to.
    const list = await e2e.newPage();
    await list.page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
    const detail = await list.page.locator('a[href^="/ershoufang/"][href$=".html"]').first().getAttribute('href');
    await list.page.close();
    t.ok(detail, `a detail page: ${detail}`);
    for (const path of ['/', '/ershoufang/', detail]) {
      const { page, errors } = await e2e.newPage();
      const res = await page.goto(e2e.base + path, { waitUntil: 'networkidle' });
      t.equal(res?.status(), 200, `${path}: 200`);
      t.same(errors, [], `${path}: no console errors or hydration warnings`);
      await page.close();
    }
  });

  t.test('between two screens of the same module the content and title still change', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/aboutUs`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    const before = await page.locator('h1').first().textContent();
    await page.evaluate(() => {
      (document.querySelector('#main > *') as unknown as { __old: boolean }).__old = true;
    });
    const title = await page.title();
    await page.locator('footer a[href="/topic"]').click();
    await page.waitForURL(`${e2e.base}/topic`);
    await page.waitForFunction((old) => document.title !== old, title, { timeout: 3000 });
    t.not(await page.locator('h1').first().textContent(), before, 'the page shows the new screen');
    t.equal(
      await page.evaluate(() => (document.querySelector('#main > *') as unknown as { __old?: boolean }).__old),
      undefined,
      'the new screen is mounted afresh, not the old one re-rendered',
    );
    t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'client-side');
    t.same(errors, []);
  });

  t.test('a page shows the data of the screen it is on after a client navigation within its module', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    const firstOnPage1 = await page.locator('.lcard').first().getAttribute('href');
    t.equal(await page.locator('.pager__num.is-on').textContent(), '1');
    await page.locator('.pager a[rel="next"]').click();
    await page.waitForURL((u) => u.href !== `${e2e.base}/ershoufang/`);
    await page.waitForFunction(() => document.querySelector('.pager__num.is-on')?.textContent === '2', null, { timeout: 3000 });
    t.not(await page.locator('.lcard').first().getAttribute('href'), firstOnPage1, 'the listings of page 2');
    t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'client-side');
    t.same(errors, []);
  });

  t.test('a link navigates client-side: URL, title and content change, no reload, scroll to top; back and forward work', async (t) => {
    const { page, errors } = await e2e.newPage();
    await page.goto(`${e2e.base}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    const homeTitle = await page.title();
    // A plain link (the home header's 打开APP tries the app first: SPEC 2.8, tested in behaviour.test.ts).
    const aboutLink = page.locator('footer a[href="/aboutUs"]');
    await aboutLink.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await aboutLink.click();
    await page.waitForURL(`${e2e.base}/aboutUs`);
    await page.getByRole('heading', { level: 1, name: /关于我们/ }).waitFor();
    t.match(await page.title(), /关于我们/, 'the title is the new screen');
    t.not(await page.title(), homeTitle);
    t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'no full page load');
    t.equal(await page.evaluate(() => window.scrollY), 0, 'scrolled to the top');
    t.match(await page.locator('link[rel="canonical"]').getAttribute('href'), /\/aboutUs$/, 'the canonical link follows');
    t.match(await page.locator('meta[name="description"]').getAttribute('content'), /公司简介/, 'and the description');
    t.equal(await page.locator('[data-route-announcer]').textContent(), await page.title(), 'screen readers hear the new title');

    // On from the new screen's own links (footer), then back twice and forward once.
    await page.locator('footer a[href="/xieyi/xhyhfwxy"]').click();
    await page.waitForURL(`${e2e.base}/xieyi/xhyhfwxy`);
    await page.waitForFunction(() => document.title.includes('协议'));
    await page.goBack();
    await page.waitForURL(`${e2e.base}/aboutUs`);
    await page.getByRole('heading', { level: 1, name: /关于我们/ }).waitFor();
    await page.goBack();
    await page.waitForURL(`${e2e.base}/`);
    await page.waitForFunction((title) => document.title === title, homeTitle);
    t.ok(scrolledTo > 0, `the visitor had scrolled (${scrolledTo} px)`);
    await page.waitForFunction((y) => window.scrollY === y, scrolledTo, { timeout: 3000 });
    t.pass('back restores where the visitor was on the home page');
    t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'back stayed client-side');
    await page.goForward();
    await page.waitForURL(`${e2e.base}/aboutUs`);
    await page.getByRole('heading', { level: 1, name: /关于我们/ }).waitFor();
    t.same(errors, [], 'no console errors along the way');
  });
});

/** Issue 11 point 1: the logo (a link to `/`) from a list and from a detail shows the home page client-side, not the 404 screen. */
t.test('client navigation to the home page from a list and from a detail', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const detail = await firstErshoufangDetail(e2e);
  for (const from of ['/ershoufang/', detail]) {
    const { page, errors } = await e2e.newPage();
    await page.goto(e2e.base + from, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await page.locator('header a.hd__logo').click();
    await page.waitForURL(`${e2e.base}/`);
    await page.locator('.home__entries').waitFor();
    t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, `${from} → /: no full load`);
    t.equal(await page.locator('text=页面被外星人').count(), 0, `${from} → /: not the 404 screen`);
    t.notMatch(await page.title(), /页面不存在/, `${from} → /: the home title`);
    t.same(errors, [], `${from} → /: no console errors`);
    await page.close();
  }
});
