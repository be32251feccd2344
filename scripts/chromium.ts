import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`), driven by playwright-core. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and quiet on the closed network: without the background flags Chromium floods it with refused connections. */
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

/** The phone the portal is built for: 375×812, touch. */
export const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** A browser context with a fresh profile of its own (playwright refuses `--user-data-dir` in `launch()` args). */
export function launchChromium(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'chromium-')), {
    ...PHONE,
    ...options,
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}
