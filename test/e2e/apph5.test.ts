import t from 'tap';
import { startE2E } from './browser.ts';

/**
 * Issue 19 in a phone browser: the in-app pages have no site header (also after client navigation, and a site page
 * reached from them gets its header back); /test's button tries the app and, when the page stays visible, goes to the
 * download page; a share page's button does the same for this phone (a plain Android phone: the gateway's apk page).
 */
const e2e = await startE2E();
t.teardown(() => e2e.close());

const hydrated = () => Object.keys(document.querySelector('#app > .app') ?? {}).some((k) => k.startsWith('__react'));

t.test('an appH5 page shows no site header or footer, only the app bar, also after client navigation', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/appH5`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  t.equal(await page.locator('header.hd').count(), 0, 'no site header');
  t.equal(await page.locator('footer.ft').count(), 0, 'no site footer');
  t.equal(await page.locator('.menu').count(), 0, 'no menu');
  t.equal(await page.locator('[data-testid="app-bar"] h1').textContent(), '长沙房产');
  t.ok(await page.locator('[data-testid="deal"]').first().isVisible(), 'the latest deals');

  await page.locator('.ah-grid a[href="/appH5/knockdown/"]').click();
  await page.waitForURL(`${e2e.base}/appH5/knockdown/`);
  await page.locator('.ah-sum__title', { hasText: '成交记录' }).waitFor();
  t.equal(await page.locator('header.hd').count(), 0, 'still no site header after a client navigation');
  t.equal(await page.locator('[data-testid="app-bar"] h1').textContent(), '长沙成交记录', 'the app bar names the new page');
  t.ok((await page.locator('[data-testid="deal"]').count()) > 0);

  await page.goto(`${e2e.base}/appH5`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  await page.locator('.ah-grid a[href="/ershoufang/"]').click();
  await page.waitForURL(`${e2e.base}/ershoufang/`);
  await page.locator('header.hd').waitFor();
  t.equal(await page.locator('[data-testid="app-bar"]').count(), 0, 'a site page reached from the app pages has the site header');
  t.equal(await page.locator('footer.ft').count(), 1);
  t.same(errors, []);
  await page.close();
});

t.test('/test: the device as SPEC 2.8 sees it, and 尝试打开APP goes to the download page when the app does not open', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/test`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  const row = (name: string) => page.locator('[data-testid="diagnostics"] li', { hasText: name }).locator('b').textContent();
  t.equal(await row('设备系统'), 'Android');
  t.equal(await row('设备厂商'), '其他安卓');
  t.equal(await row('手机浏览器'), '是');
  await page.getByRole('link', { name: '尝试打开APP' }).click();
  await page.waitForURL(/\/downloadapp\/?$/, { timeout: 8000 });
  await page.getByRole('heading', { level: 1, name: '湘房网APP' }).waitFor();
  t.pass('the page stayed visible: the app is not installed, so the download page');
  t.same(errors, []);
  await page.close();
});

t.test('a share page shows the shared listing; its button falls back to this phone’s store', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.goto(`${e2e.base}/appH5/share/ershoufang/1`, { waitUntil: 'networkidle' });
  await page.waitForFunction(hydrated);
  t.ok(await page.locator('[data-testid="shared-thing"] h2').isVisible());
  t.equal(await page.locator('header.hd').count(), 0);
  await page.locator('a.ah-share__open').click();
  await page.waitForURL(/\/downloadapp\/?$/, { timeout: 8000 });
  t.pass('a plain Android phone gets the gateway’s apk page');
  t.same(errors, []);
  await page.close();
});

/** Left edges on the page as a phone lays them out: the page's white cards, listing cards, their pictures, headings. */
const EDGES = { cards: '.ah-page > .card', lcards: '.lcard', media: '.lcard__media', heads: '.ah-sec__head h2' };
const edges = (sel: typeof EDGES) =>
  Object.fromEntries(
    Object.entries(sel).map(([k, s]) => [k, [...document.querySelectorAll(s)].map((e) => Math.round(e.getBoundingClientRect().left))]),
  ) as Record<keyof typeof EDGES, number[]>;

t.test('issue 34: in-app listing cards start at the page gutter, indented once, not twice', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/appH5', '/appH5/zufang']) {
    await page.goto(`${e2e.base}${path}`, { waitUntil: 'networkidle' });
    const e = await page.evaluate(edges, EDGES);
    const gutter = e.cards[0];
    t.equal(gutter, 12, `${path}: the page's cards sit at the 12px gutter`);
    t.ok(e.lcards.length > 0, `${path}: has listing cards`);
    t.same([...new Set(e.lcards)], [gutter], `${path}: every listing card's left edge is the page gutter`);
    t.same([...new Set(e.media)], [gutter + 16], `${path}: pictures are indented once, by the card's own 16px`);
    for (const h of e.heads) t.equal(h, gutter + 16, `${path}: section headings line up with the pictures`);
  }
  t.same(errors, []);
  await page.close();
});

t.test('issue 34: on a narrow phone a listing tag shows whole or not at all, never cut', async (t) => {
  const { page, errors } = await e2e.newPage();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/appH5', '/appH5/zufang']) {
    await page.goto(`${e2e.base}${path}`, { waitUntil: 'networkidle' });
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll('.lcard__tags')].map((row) => {
        const box = row.getBoundingClientRect();
        const tags = [...row.querySelectorAll('.tag')].map((tag) => tag.getBoundingClientRect());
        return {
          overflow: row.scrollWidth - row.clientWidth,
          shown: tags.filter((r) => r.top < box.bottom).length,
          cut: tags.filter((r) => r.top < box.bottom && (r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5)).length,
        };
      }),
    );
    t.ok(rows.length > 0, `${path}: cards with tags`);
    t.same(
      rows.filter((r) => r.overflow > 0),
      [],
      `${path}: no tag row is wider than its card (scrollWidth ≤ clientWidth)`,
    );
    t.same(
      rows.filter((r) => r.cut > 0),
      [],
      `${path}: every tag that shows is whole`,
    );
    t.ok(
      rows.every((r) => r.shown > 0),
      `${path}: each card still shows at least its first tag`,
    );
  }
  t.same(errors, []);
  await page.close();
});
