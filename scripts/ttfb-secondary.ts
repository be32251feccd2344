import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registryWithoutCache } from './bench/page-parts.ts';
import { freePort, startPinned, stop } from './bench/procs.ts';

/**
 * `npm run ttfb -- [n] [delayMs]` (after `npm run build`; issue 20 part 2, a measurement, not a test): the time to
 * first byte of the second-hand and the new-home detail for a person when one secondary gateway call (similar
 * listings; estates nearby) is made `delayMs` (300) slower, against the time of the page's primary call (the
 * listing; the estate) as the gateway's side saw it. Also prints a crawler's TTFB, which waits for the slow call (it
 * gets the whole document).
 *
 * The portal runs as in production (the built server, NODE_ENV=production, so React's production build), page cache
 * off so every request renders, on core 0. The embedded gateway and the proxy that slows the call
 * (scripts/bench/slow-proxy.mjs) run in their own processes on core 1: they stand for the network and the API, whose
 * work is not the portal's.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const [count = '30', delay = '300'] = process.argv.slice(2);
const n = Number(count);
const delayMs = Number(delay);
const PERSON = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const out = (s: string) => process.stdout.write(`${s}\n`);

const PRIMARY = /\/api\/house\/search\/detail\/|\/api\/house\/findByIdForM\//;
const SLOW = /\/api\/house\/search\/findByCondition|\/api\/house\/findListByWap/;

async function firstId(gateway: string, apiPath: string, body: object): Promise<number> {
  const res = await fetch(`${gateway}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { obj: { content: Array<{ houseId: number }> } }).obj.content[0].houseId;
}

/** Time to the first byte of the body, and to the last. */
function timed(base: string, pagePath: string, userAgent: string): Promise<{ ttfb: number; total: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfb = 0;
    http
      .get(`${base}${pagePath}`, { headers: { 'user-agent': userAgent, 'accept-encoding': 'identity' } }, (res) => {
        res.once('data', () => {
          ttfb = performance.now() - started;
        });
        res.on('end', () => resolve({ ttfb, total: performance.now() - started, status: res.statusCode ?? 0 }));
        res.resume();
      })
      .on('error', reject);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ttfb-data-'));
    const gwPort = await freePort();
    const gateway = `http://127.0.0.1:${gwPort}`;
    children.push(
      await startPinned(
        1,
        [process.execPath, '--import', 'tsx', path.join(ROOT, 'src/backend/main.ts')],
        { GATEWAY_PORT: String(gwPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        `${gateway}/api/city/findAll`,
      ),
    );
    const proxyPort = await freePort();
    const proxy = `http://127.0.0.1:${proxyPort}`;
    children.push(
      await startPinned(
        1,
        [process.execPath, path.join(ROOT, 'scripts/bench/slow-proxy.mjs')],
        { PORT: String(proxyPort), TARGET: gateway, DELAY_MS: String(delayMs), SLOW: SLOW.source, PRIMARY: PRIMARY.source },
        `${proxy}/__primary`,
      ),
    );
    const portalPort = await freePort();
    const base = `http://127.0.0.1:${portalPort}`;
    children.push(
      await startPinned(
        0,
        [process.execPath, path.join(ROOT, 'dist/server/server.js')],
        {
          NODE_ENV: 'production',
          WEB_CONCURRENCY: '1',
          PORT: String(portalPort),
          GATEWAY_URL: proxy,
          DATA_DIR: dataDir,
          REGISTRY_PATH: registryWithoutCache(path.join(ROOT, 'registry.json')),
          REGISTRY_WATCH: '0',
          LOG_LEVEL: 'info',
        },
        `${base}/`,
      ),
    );
    const listing = await firstId(gateway, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, size: 1 });
    const estate = await firstId(gateway, '/api/house/findListByWap', { cityId: 1, size: 1 });
    out(`TTFB with the secondary call ${delayMs} ms slow, ${n} sequential requests each, medians:`);
    for (const pagePath of [`/ershoufang/${listing}.html`, `/xinfang/${estate}.html`]) {
      for (let i = 0; i < 10; i++) await timed(base, pagePath, PERSON);
      await fetch(`${proxy}/__primary`);
      const person: number[] = [];
      const whole: number[] = [];
      for (let i = 0; i < n; i++) {
        const r = await timed(base, pagePath, PERSON);
        if (r.status !== 200) throw new Error(`${pagePath} answered ${r.status}`);
        person.push(r.ttfb);
        whole.push(r.total);
      }
      const primary = median((await (await fetch(`${proxy}/__primary`)).json()) as number[]);
      const crawler: number[] = [];
      for (let i = 0; i < Math.min(n, 5); i++) crawler.push((await timed(base, pagePath, CRAWLER)).ttfb);
      out(
        `${pagePath.padEnd(26)} person TTFB ${ms(median(person))} (last byte ${ms(median(whole))}), primary call ${ms(primary)}, ` +
          `TTFB - primary ${ms(median(person) - primary)} (target <= 20 ms); crawler TTFB ${ms(median(crawler))}`,
      );
    }
  } finally {
    for (const child of children.reverse()) await stop(child);
  }
}

await main();
