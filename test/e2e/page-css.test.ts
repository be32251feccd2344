import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import t from 'tap';
import { PAGE_CSS_MANIFEST, type PageCssManifest } from '../../src/render/page-css-manifest.ts';
import { ROOT } from '../helpers/build.ts';
import { startE2E } from './browser.ts';

/**
 * Issue 20 point 1: CSS per page type, inlined. Each page's head carries its module's subset of the stylesheet
 * (scripts/css-split.ts) instead of a render-blocking link to the whole file; nothing the page shows loses a rule, and a
 * client navigation styles the next screen exactly as a full load does.
 */

const CLASS = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g;

/** The whole stylesheet, as the build lists it beside the per-page ones. */
function wholeStylesheet(): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/client', PAGE_CSS_MANIFEST), 'utf8')) as PageCssManifest;
  return manifest.whole.map((f) => readFileSync(path.join(ROOT, 'dist/client', f), 'utf8')).join('\n');
}

const selectorsOf = (css: string): Set<string> => {
  const all = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    for (const s of rule.selectors) all.add(s);
  });
  return all;
};

/** The classes a selector requires of one element chain (not those only under :not, nor inside attribute selectors). */
const requiredClasses = (selector: string) =>
  [
    ...selector
      .replace(/:not\([^)]*\)/g, '')
      .replace(/\[[^\]]*\]/g, '')
      .matchAll(CLASS),
  ].map((m) => m[1]);

/** Selectors of the whole stylesheet whose classes all occur in the HTML but that the page's inline subset lacks. */
function missingRules(html: string, whole: Set<string>, subset: Set<string>): string[] {
  const classes = new Set<string>();
  for (const m of html.matchAll(/class="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) if (c) classes.add(c);
  return [...whole].filter((s) => {
    const req = requiredClasses(s);
    return req.length > 0 && req.every((c) => classes.has(c)) && !subset.has(s);
  });
}

t.test('every page type inlines its own stylesheet, and it styles everything the page shows', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const whole = selectorsOf(wholeStylesheet());
  t.ok(whole.size > 1000, `the whole stylesheet has ${whole.size} selectors`);
  const firstLink = async (list: string, link: RegExp) => (await (await fetch(e2e.base + list)).text()).match(link)?.[1];
  const pages = [
    '/',
    '/ershoufang/',
    (await firstLink('/ershoufang/', /href="(\/ershoufang\/\d+\.html)"/)) ?? '/ershoufang/missing',
    '/xinfang/',
    (await firstLink('/xinfang/', /href="(\/xinfang\/\d+\.html)"/)) ?? '/xinfang/missing',
    '/zufang/',
    '/xiaoqu/',
    '/school/',
    '/zixun/',
    '/wenda/',
    '/bangdan',
    '/fangjia/',
    '/mendian/',
    '/haiwaihome/',
    '/jisuanqi',
    '/Index/yijianweituo',
    '/no/such/page',
  ];
  for (const url of pages) {
    const res = await fetch(e2e.base + url);
    const html = await res.text();
    const inline = [...html.matchAll(/<style data-page-css="([^"]+)">([\s\S]*?)<\/style>/g)];
    t.equal(inline.length, 1, `${url} (${res.status}): one inline page stylesheet`);
    t.notMatch(html, /<link rel="stylesheet"/, `${url}: no render-blocking stylesheet link`);
    if (inline.length !== 1) continue;
    const subset = selectorsOf(inline[0][2]);
    t.ok(subset.size < whole.size / 2, `${url}: ${inline[0][1]} carries ${subset.size} of the ${whole.size} selectors`);
    t.same(missingRules(html, whole, subset), [], `${url}: no rule the page's markup needs is left out`);
  }
});

t.test('a client navigation styles the next screen as a full load does, with one page stylesheet at a time', async (t) => {
  const e2e = await startE2E();
  t.teardown(() => e2e.close());
  const { page, errors } = await e2e.newPage();
  const pageSheets = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-page-css]')].map((el) => `${el.tagName.toLowerCase()}:${el.getAttribute('data-page-css')}`),
    );
  /** Computed styles of the detail's landmarks: title, price, gallery, header, footer. */
  const looks = (p: typeof page) =>
    p.evaluate(() =>
      ['h1', '.gal', '.gal__img', '.dt-price', '.hd', '.ft', 'main'].map((sel) => {
        const el = document.querySelector(sel);
        if (!el) return `${sel}: absent`;
        const s = getComputedStyle(el);
        return `${sel}: ${s.display} ${s.fontSize} ${s.color} ${s.backgroundColor} ${s.padding} ${s.height}`;
      }),
    );

  await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  t.same(await pageSheets(), ['style:ershoufang/list'], 'the list loads with its inline stylesheet');
  const href = await page.locator('a[href^="/ershoufang/"][href$=".html"]').first().getAttribute('href');
  t.ok(href, 'the list links to a detail');
  await page.locator(`a[href="${href}"]`).first().click();
  await page.waitForURL(`**${href}`);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-page-css]').length === 1);
  t.same(await pageSheets(), ['link:ershoufang/detail'], 'the detail stylesheet is linked and the list one is gone');
  const navigated = await looks(page);

  const full = await e2e.newPage();
  await full.page.goto(e2e.base + (href as string), { waitUntil: 'networkidle' });
  const loaded = await looks(full.page);
  t.same(navigated, loaded, 'the navigated detail looks as the fully loaded one');
  t.ok(
    loaded.some((l) => !l.endsWith('absent')),
    'the compared elements exist',
  );

  await page.goBack();
  await page.waitForURL(`${e2e.base}/ershoufang/`);
  await page.waitForFunction(() => document.querySelector('[data-page-css]')?.getAttribute('data-page-css') === 'ershoufang/list');
  t.same(await pageSheets(), ['link:ershoufang/list'], 'back on the list, its stylesheet again, and only it');
  t.same(errors, [], 'no console errors');
  t.same(full.errors, [], 'no console errors on the full load');
});
