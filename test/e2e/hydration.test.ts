import t from 'tap';
import { startE2E } from './browser.ts';

t.test('pages hydrate without console errors and the menu works after hydration', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  // Issue 20: the details stream their secondary blocks (Suspense boundaries) and must hydrate as cleanly.
  const firstLink = async (list: string, link: RegExp) => (await (await fetch(e2e.base + list)).text()).match(link)?.[1];
  const details = [
    await firstLink('/ershoufang/', /href="(\/ershoufang\/\d+\.html)"/),
    await firstLink('/xinfang/', /href="(\/xinfang\/\d+\.html)"/),
  ];
  t.ok(details.every(Boolean), 'the lists link to details');
  for (const path of ['/', '/ershoufang/', '/xieyi/xhyszc', ...(details.filter(Boolean) as string[])]) {
    const { page, errors } = await e2e.newPage();
    await page.goto(e2e.base + path, { waitUntil: 'networkidle' });
    t.equal(await page.locator('html').getAttribute('lang'), 'zh-CN', `${path} lang`);
    t.same(errors, [], `${path}: no console errors or hydration warnings`);
    // The boot script adds the entry and one modulepreload per first-screen chunk, a few per task (issue 20).
    const loaded = await page.evaluate(() => {
      const boot = document.querySelector('script[data-entry]') as HTMLScriptElement;
      const entry = new URL(boot.dataset.entry as string, location.href).href;
      return {
        wanted: (boot.dataset.preload ?? '')
          .split(' ')
          .filter(Boolean)
          .map((h) => new URL(h, location.href).href)
          .filter((h) => h !== entry),
        preloaded: [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l as HTMLLinkElement).href),
        entries: [...document.querySelectorAll('script[type="module"]')].filter((s) => (s as HTMLScriptElement).src === entry).length,
      };
    });
    t.ok(loaded.wanted.length > 1, `${path}: chunks to preload`);
    // Later dynamic imports (the menu, the navigation runtime) add their own links after these.
    t.same(
      loaded.wanted.filter((h) => loaded.preloaded.filter((p) => p === h).length !== 1),
      [],
      `${path}: every first-screen chunk preloaded once`,
    );
    t.equal(loaded.entries, 1, `${path}: the entry module added once`);
    await page.close();
  }
  const { page } = await e2e.newPage();
  await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: '打开菜单' }).click();
  const login = page.getByRole('link', { name: '登录' });
  await login.waitFor({ state: 'visible' });
  t.equal(await login.getAttribute('href'), '/login?bUrl=%2Fershoufang%2F', 'the menu opens and offers login with the return path');
});
