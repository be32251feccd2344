/**
 * Drives a running server in Chromium at 375×812 and takes screenshots of the UI's interactive states:
 * `npx tsx test/ui/live-check.ts http://localhost:3000`. Prints console errors/warnings (hydration mismatches show
 * there). Not a tap test: the e2e suite (issue 4) owns the assertions; this is for looking.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const base = (process.argv[2] || 'http://localhost:3000').replace(/\/$/, '');
const out = process.env.SHOTS_DIR || '/tmp/shots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
});

async function open(path: string): Promise<{ page: Page; logs: string[] }> {
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  return { page, logs };
}

const report = (name: string, logs: string[]) => console.log(`${name}: ${logs.length ? `\n  ${logs.join('\n  ')}` : 'no console errors'}`);

for (const [name, path] of [
  ['live-home', '/'],
  ['live-ershoufang', '/ershoufang/'],
  ['live-xinfang', '/xinfang/'],
  ['live-xieyi', '/xieyi/xhyhfwxy'],
] as const) {
  const { page, logs } = await open(path);
  await page.screenshot({ path: `${out}/${name}.png` });
  report(name, logs);
  await page.close();
}

// The menu opens after hydration and shows 登录 with the return URL.
{
  const { page, logs } = await open('/ershoufang/');
  await page.click('.hd__menu-btn');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/live-menu.png` });
  const href = await page.getAttribute('.menu__auth a:first-child', 'href');
  console.log(`menu open: ${await page.isVisible('.menu--open .menu__panel')}, login href ${href}`);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  console.log(`menu closed by Escape: ${!(await page.$('.menu--open'))}`);
  report('live-menu', logs);
  await page.close();
}

// The 404 screen counts down and replaces itself with home.
{
  const { page, logs } = await open('/no/such/page');
  await page.screenshot({ path: `${out}/live-404.png` });
  const before = await page.evaluate(() => history.length);
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    seen.push((await page.textContent('.nf__sec')) ?? '');
    await page.waitForTimeout(1000);
  }
  await page.waitForURL(`${base}/`, { timeout: 5000 });
  console.log(
    `404 countdown seen ${seen.join(',')}; landed on ${page.url()}; history ${before} → ${await page.evaluate(() => history.length)}`,
  );
  report('live-404', logs);
  await page.close();
}
await browser.close();
