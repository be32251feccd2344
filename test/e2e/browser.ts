import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.ts';
import { loadClientAssets } from '../../src/render/assets.ts';
import { startTestBackend, type TestBackend } from '../helpers/backend.ts';
import { buildTestApp, ROOT, type TestApp, type TestAppOptions } from '../helpers/build.ts';
import { registerMember } from '../listings/helpers.ts';

const SERVICE_WORKER_BLOCKED = 'Service Worker registration blocked by Playwright';

export interface E2E {
  base: string;
  portal: TestApp;
  /** The embedded backend behind the portal, at hand to check what a page saved. */
  backend: TestBackend;
  browser: BrowserContext;
  /** A fresh phone-sized page that records console errors and page errors. */
  newPage(): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** The built client (npm run build) served by the portal on a loopback port, over the embedded backend. */
export async function startE2E(opts: Pick<TestAppOptions, 'adminToken' | 'setup' | 'editRegistry'> = {}): Promise<E2E> {
  const backend = await startTestBackend();
  // A private copy of the build: another `npm run build` during the run cannot swap the chunks under the browser.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'e2e-client-'));
  cpSync(path.join(ROOT, 'dist/client'), clientDir, { recursive: true });
  const portal = await buildTestApp({
    gatewayUrl: backend.url,
    assets: loadClientAssets(clientDir),
    clientDir,
    ...opts,
  });
  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const port = new URL(address).port;
  const base = `http://localhost:${port}`;
  const browser = await launchChromium({
    // The service worker (issue 37 part 5) answers assets from its cache and fetches pages of its own, out of reach of
    // page.route and of the counts these tests make; test/e2e/offline.test.ts tests it in a browser of its own.
    serviceWorkers: 'block',
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  });
  return {
    base,
    portal,
    backend,
    browser,
    async newPage() {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => {
        // Playwright's own word for the blocked service worker (above), not the page's.
        if (msg.text() === SERVICE_WORKER_BLOCKED) return;
        if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      return { page, errors };
    },
    async close() {
      await browser.close();
      await portal.close();
      await backend.close();
    },
  };
}

/** The first second-hand detail the list links to: a detail page of the demo data, whatever the seed. */
export async function firstErshoufangDetail(e2e: E2E): Promise<string> {
  const { page } = await e2e.newPage();
  await page.goto(`${e2e.base}/ershoufang/`, { waitUntil: 'networkidle' });
  const href = await page.locator('a[href^="/ershoufang/"][href$=".html"]').first().getAttribute('href');
  await page.close();
  if (!href) throw new Error('the second-hand list links to no detail');
  return href;
}

/**
 * A member registered at the backend and signed in in the browser (the signed login cookie with its gateway session),
 * as the login page would leave it.
 */
export async function signInMember(e2e: Pick<E2E, 'backend' | 'portal' | 'browser' | 'base'>, phone: string, nickName: string) {
  const member = await registerMember(e2e.backend, phone, nickName);
  const signed = e2e.portal.memberCookie({
    uid: member.uid,
    userId: member.userId,
    phone: member.phone,
    nickName: member.nickName,
    headUrl: member.headUrl,
    token: member.token ?? '',
  });
  await e2e.browser.addCookies([{ name: 'userInfo', value: signed.slice('userInfo='.length), url: e2e.base }]);
  return member;
}
