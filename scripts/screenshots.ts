import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.ts';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export interface Shot {
  file: string;
  /** Console errors and warnings, and uncaught page errors (hydration mismatches show here). */
  errors: string[];
}

/** Where a target points: a local .html file (test/ui/preview.tsx writes them), an absolute URL, or a path on base. */
export function targetUrl(base: string, target: string): string {
  if (/^[a-z]+:\/\//i.test(target)) return target;
  if (target.endsWith('.html') && existsSync(target)) return pathToFileURL(path.resolve(target)).href;
  return base.replace(/\/$/, '') + target;
}

/** The png's name: the file's own name for a local file, else the path in words (`/xinfang/` → xinfang.png). */
export function shotName(target: string): string {
  const stem = target.endsWith('.html') ? path.basename(target, '.html') : target.replace(/^[a-z]+:\/\/[^/]*/i, '');
  return `${stem.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`;
}

/** Full-page screenshots at a 375×812 iPhone viewport, one png per target in out. */
export async function takeScreenshots(base: string, out: string, targets: string[]): Promise<Shot[]> {
  mkdirSync(out, { recursive: true });
  const ctx = await launchChromium({ deviceScaleFactor: 2, locale: 'zh-CN', userAgent: IPHONE_UA });
  const shots: Shot[] = [];
  try {
    for (const target of targets) {
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await page.goto(targetUrl(base, target), { waitUntil: 'networkidle' });
      const file = path.join(out, shotName(target));
      await page.screenshot({ path: file, fullPage: true });
      shots.push({ file, errors });
      await page.close();
    }
  } finally {
    await ctx.close();
  }
  return shots;
}
