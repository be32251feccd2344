import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { emptyAssets } from '../src/render/assets.ts';
import { registryWithoutCache } from './bench/page-parts.ts';

/**
 * `npx tsx scripts/ttfb-secondary.ts <gatewayUrl> [n] [delayMs]` (issue 20 part 2, a measurement, not a test): the
 * time to first byte of the second-hand and the new-home detail for a person when one secondary gateway call (similar
 * listings; estates nearby) is made `delayMs` (300) slower by a proxy in front of the gateway, against the time of the
 * page's primary call (the listing; the estate) as the proxy saw it. Page cache off, so every request renders. Also
 * prints a crawler's TTFB, which waits for the slow call (it gets the whole document).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const [gatewayUrl, count = '30', delay = '300'] = process.argv.slice(2);
if (!gatewayUrl) {
  process.stderr.write('usage: tsx scripts/ttfb-secondary.ts <gatewayUrl> [n] [delayMs]\n');
  process.exit(2);
}
const n = Number(count);
const delayMs = Number(delay);
const PERSON = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Page {
  path: string;
  primary: RegExp;
  secondary: RegExp;
}

/** The gateway behind a proxy: `slow` calls wait `delayMs`; the durations of `primary` calls are noted. */
async function proxy(target: URL, pages: Page[]): Promise<{ url: string; primaryMs: number[]; close(): Promise<void> }> {
  const primaryMs: number[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    const started = performance.now();
    const isPrimary = pages.some((p) => p.primary.test(url));
    const forward = () => {
      const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: url, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
        r.on('end', () => {
          if (isPrimary) primaryMs.push(performance.now() - started);
        });
      });
      req.pipe(up);
    };
    if (pages.some((p) => p.secondary.test(url))) setTimeout(forward, delayMs);
    else forward();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    primaryMs,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function firstId(apiPath: string, body: object): Promise<number> {
  const res = await fetch(`${gatewayUrl}${apiPath}`, {
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

const listing = await firstId('/api/house/search/findByCondition', { cityId: 1, houseType: 11, size: 1 });
const estate = await firstId('/api/house/findListByWap', { cityId: 1, size: 1 });
const pages: Page[] = [
  { path: `/ershoufang/${listing}.html`, primary: /\/api\/house\/search\/detail\//, secondary: /\/api\/house\/search\/findByCondition/ },
  { path: `/xinfang/${estate}.html`, primary: /\/api\/house\/findByIdForM\//, secondary: /\/api\/house\/findListByWap/ },
];
const gw = await proxy(new URL(gatewayUrl), pages);
const app = await buildApp({
  config: loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    GATEWAY_URL: gw.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ttfb-data-')),
    REGISTRY_PATH: registryWithoutCache(path.join(ROOT, 'registry.json')),
    REGISTRY_WATCH: '0',
    LOG_LEVEL: 'warn',
  }),
  assets: emptyAssets(),
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`TTFB with the secondary call ${delayMs} ms slow, ${n} sequential requests each, medians:\n`);
for (const page of pages) {
  for (let i = 0; i < 5; i++) await timed(base, page.path, PERSON);
  gw.primaryMs.length = 0;
  const person: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await timed(base, page.path, PERSON);
    if (r.status !== 200) throw new Error(`${page.path} answered ${r.status}`);
    person.push(r.ttfb);
    whole.push(r.total);
  }
  const primary = median(gw.primaryMs);
  const crawler: number[] = [];
  for (let i = 0; i < Math.min(n, 5); i++) crawler.push((await timed(base, page.path, CRAWLER)).ttfb);
  process.stdout.write(
    `${page.path.padEnd(26)} person TTFB ${ms(median(person))} (last byte ${ms(median(whole))}), primary call ${ms(primary)}, ` +
      `TTFB - primary ${ms(median(person) - primary)} (target <= 20 ms); crawler TTFB ${ms(median(crawler))}\n`,
  );
}
await app.close();
await gw.close();
