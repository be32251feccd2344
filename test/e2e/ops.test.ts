import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import t from 'tap';
import type { AppMetrics } from '../../plugins/metrics.ts';
import { launchChromium } from '../../scripts/chromium.ts';
import { buildAppOverBackend, ROOT } from '../helpers/build.ts';
import { ADMIN_TOKEN } from '../ops/helpers.ts';

/**
 * Issue 36 part 2: the ops console in Chromium, at a desktop width (1280×900) and on a phone (375×812): signed in the
 * way the docs tell ops to (a form posting the token, from a page of the site), no CSP violation or console error, no
 * sideways scroll on the phone, a purge through its form; full-page screenshots in OPS_SHOTS_DIR (default
 * test/.tmp/ops-shots) for a person to look at.
 */

const SHOTS = process.env.OPS_SHOTS_DIR ?? path.join(ROOT, 'test/.tmp/ops-shots');

/** Some traffic and one refused edit, so that every section of the console has something to show. */
async function populate(e2eBase: string, registryPath: string, reload: () => boolean) {
  for (const url of ['/aboutUs', '/aboutUs', '/zixun/', '/zixun/', '/zixun/', '/xinfang/', '/ershoufang/', '/aboutUs'])
    await fetch(e2eBase + url);
  const bad = JSON.parse(readFileSync(registryPath, 'utf8'));
  bad.pages.find((p: { name: string }) => p.name === 'aboutUs').loader = 'noSuchLoader';
  bad.pages.find((p: { name: string }) => p.name === 'zixun').layout = 'noSuchLayout';
  const good = readFileSync(registryPath, 'utf8');
  writeFileSync(registryPath, JSON.stringify(bad, null, 2));
  reload();
  writeFileSync(registryPath, good);
}

/** A load of page and gateway timings in the app's own metrics (issue 36 part 1), for the slowest section. */
function recordLoad(metrics: AppMetrics): void {
  const load: Array<[string, number, number]> = [
    ['xinfang.detail', 0.62, 0.18],
    ['ershoufang.list', 0.31, 0.09],
    ['home', 0.12, 0.04],
    ['zixun', 0.07, 0.03],
  ];
  for (let i = 0; i < 40; i++) {
    for (const [entry, total, ttfb] of load) metrics.request(entry, 200, ttfb, total * (0.8 + (i % 5) * 0.1), 0);
    for (const [path, seconds] of [
      ['api/house/findById/7', 0.21],
      ['api/batch', 0.08],
      ['api/city/findSiteByName', 0.012],
    ] as const) {
      metrics.gateway.called(path, 'GET');
      metrics.gateway.ended(path, seconds, null);
    }
  }
}

async function signIn(browser: BrowserContext, base: string) {
  const page = await browser.newPage();
  // The console's address, like any unknown one, is the site's 404 page: the docs' bookmarklet posts the token from it.
  const notFound = await page.goto(`${base}/-/ops`);
  if (notFound?.status() !== 404) throw new Error(`/-/ops without a session answered ${notFound?.status()}`);
  await Promise.all([
    page.waitForURL(/\/-\/ops\?notice=logged-in$/),
    page.evaluate(
      ([token, operator]) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/-/ops/session';
        for (const [name, value] of Object.entries({ token, operator })) {
          const input = document.createElement('input');
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      [ADMIN_TOKEN, '值班运维'],
    ),
  ]);
  await page.close();
}

t.test('the ops console at 1280×900 and 375×812: signed in by a form post, readable, no error, purge by its form', async (t) => {
  const portal = await buildAppOverBackend(t, {
    adminToken: ADMIN_TOKEN,
    setup: (app) => recordLoad(app.metrics),
  });
  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://localhost:${new URL(address).port}`;
  await populate(base, portal.registryPath, () => portal.app.registry.reload());
  mkdirSync(SHOTS, { recursive: true });

  for (const [name, options] of [
    ['desktop-1280x900', { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false }],
    ['phone-375x812', { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ] as const) {
    const browser = await launchChromium({ ...options, locale: 'zh-CN' });
    t.teardown(() => browser.close());
    await signIn(browser, base);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const res = await page.goto(`${base}/-/ops`);
    t.equal(res?.status(), 200, `${name}: the console opens with the session`);
    t.equal(await page.title(), '运维控制台 · 湘房网');
    for (const heading of ['注册表', '页面缓存', '清除缓存', '最慢的页面与网关接口', '健康状况', '注册表变更历史'])
      t.ok(await page.getByRole('heading', { name: heading, exact: true }).isVisible(), `${name}: ${heading}`);
    t.ok(await page.locator('#slowest').getByText('xinfang.detail').isVisible(), `${name}: the slowest page`);
    t.ok(await page.locator('#registry').getByText("unknown loader 'noSuchLoader'").isVisible(), `${name}: the last refused edit`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    t.ok(width <= options.viewport.width, `${name}: no sideways scroll (${width} px)`);
    const file = path.join(SHOTS, `ops-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    t.comment(`screenshot: ${file}`);

    // A purge through the form: the console comes back saying what it dropped.
    await fetch(`${base}/aboutUs`);
    await page.locator('#purge-path').fill('/aboutUs');
    await Promise.all([page.waitForURL(/notice=purged/), page.locator('#purge-path ~ button').click()]);
    t.ok(await page.getByText(/已按路径清除：本进程 1 条/).isVisible(), `${name}: the purge's notice`);
    if (name.startsWith('phone')) await page.screenshot({ path: path.join(SHOTS, `ops-${name}-after-purge.png`) });
    t.same(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), [], `${name}: no CSP violation`);
    t.same(errors, [], `${name}: no console error`);
    await page.close();
  }
});
