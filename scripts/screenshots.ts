import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

/**
 * `npm run shots -- [base] [out] path...`: full-page screenshots at a 375x812 phone viewport in Debian's Chromium,
 * for looking at what a page shows a person. Defaults: http://localhost:3000, ./shots, the home page.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function main(): Promise<void> {
  const [base = 'http://localhost:3000', out = 'shots', ...paths] = process.argv.slice(2);
  mkdirSync(out, { recursive: true });
  const ctx = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'shots-')), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`);
    await page.screenshot({ path: file, fullPage: true });
    process.stdout.write(`${file}\n`);
  }
  await ctx.close();
}

void main();
