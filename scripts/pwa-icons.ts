import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium.ts';

/**
 * Issue 37 part 5: the web app manifest's icons (src/pwa/manifest.ts), drawn from the brand's own logo,
 * public/favicon.svg, by Chromium: `npx tsx scripts/pwa-icons.ts` writes public/pwa/*.png (committed; run it again
 * when the logo changes).
 * - icon-192.png, icon-512.png: the logo as it is (rounded square, transparent corners), purpose `any`;
 * - icon-maskable-512.png: purpose `maskable`: the brand green to every edge and the house drawn at 75 %, inside the
 *   central circle of 80 % that every launcher's mask keeps (the W3C maskable icon safe zone).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'public/pwa');

const logo = readFileSync(path.join(ROOT, 'public/favicon.svg'), 'utf8');
/** The logo's drawing without its background square: everything after the first <rect …/>. */
const glyph = logo.replace(/^<svg[^>]*>\s*<rect[^>]*\/>/, '').replace(/<\/svg>\s*$/, '');
const background = /<rect[^>]*fill="(#[0-9a-f]{3,6})"/i.exec(logo)?.[1] ?? '#00a862';
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(4 4) scale(0.75)">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await launchChromium({ viewport: { width: 512, height: 512 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
try {
  mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage();
  for (const icon of icons) {
    const img = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${img}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((el: HTMLImageElement) => el.decode());
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    writeFileSync(path.join(OUT, icon.file), png);
    process.stdout.write(`public/pwa/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes\n`);
  }
} finally {
  await browser.close();
}
