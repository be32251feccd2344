/**
 * Screenshots at a 375×812 phone viewport with Debian's Chromium: `npx tsx test/ui/shoot.ts <url|file.html>... `.
 * Files go to /tmp/shots/<name>.png (full page). Not a test; tap only runs *.test.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const targets = process.argv.slice(2);
const out = process.env.SHOTS_DIR || '/tmp/shots';
mkdirSync(out, { recursive: true });

/** `VIEWPORT=1280x800` for a desktop look; a 375×812 phone by default. */
function viewportFromEnv() {
  const [width, height] = (process.env.VIEWPORT || '375x812').split('x').map(Number);
  return { width: width || 375, height: height || 812 };
}

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
  viewport: viewportFromEnv(),
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
});
for (const target of targets) {
  const [spec, name = ''] = target.split('=>');
  const url = /^https?:/.test(spec) ? spec : `file://${path.resolve(spec)}`;
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(400);
  const file = path.join(out, `${name || path.basename(spec).replace(/\.html$/, '') || 'page'}.png`);
  if (process.env.SCROLL) {
    // Viewport-sized shots at the given scroll offsets (`SCROLL=0,800`), readable at full size.
    for (const y of process.env.SCROLL.split(',').map(Number)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
      await page.screenshot({ path: file.replace(/\.png$/, `-${y}.png`) });
    }
  } else {
    await page.screenshot({ path: file, fullPage: true });
  }
  console.log(file, errors.length ? `\n  ${errors.join('\n  ')}` : '');
  await page.close();
}
await browser.close();
