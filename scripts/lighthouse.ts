import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './bench/procs.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

/**
 * `npm run lighthouse [baseUrl]` (after `npm run build`): Lighthouse 12 with its default mobile configuration
 * (Moto G Power viewport, simulated 4G and 4x CPU slowdown) in Debian Chromium, for the nine pages of issue 34's
 * review: the home page, the second-hand list and the first second-hand detail it links to, the new-home list and
 * the first new-home detail it links to, the community list, the first article /zixun/ links to, the calculator and
 * the price page. Without a base URL it starts the built portal itself,
 * over the embedded backend, on a free loopback port with a fresh DATA_DIR (the first start seeds SQLite, about a
 * minute). One line per page. A measurement, not a test: it exits 0 whatever the scores.
 * LIGHTHOUSE_REPORTS=<dir> also keeps each page's full report (JSON) there, for its opportunities and diagnostics.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const LIST_PAGE = '/ershoufang/';
const NEW_HOME_LIST = '/xinfang/';
const NEWS_LIST = '/zixun/';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const out = (s = '') => process.stdout.write(`${s}\n`);

async function startPortal(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/server.js')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/`);
      await res.arrayBuffer();
      if (res.status < 500) return { base, child };
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error(`the portal did not answer on ${base} within 180 s`);
}

/**
 * The first detail a list page links to: an id that exists in whatever data the server has. A list rendered while
 * the portal is still warming up may come without listings, so it is asked a few times.
 */
async function firstDetailPath(base: string, listPage: string, link: RegExp): Promise<string | null> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch(`${base}${listPage}`);
    const m = (await res.text()).match(link);
    if (m) return m[1];
    out(`lighthouse: ${listPage} answered ${res.status} without a detail link (attempt ${attempt})`);
    await sleep(2000);
  }
  return null;
}

const lighthouseVersion = (): string =>
  (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;

interface Line {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** Lighthouse's CPU benchmark of this machine during the run: the lower, the busier, the more TBT is inflated. */
  benchmarkIndex: number;
  /**
   * The accessibility audits that failed, with the weight they carry against the page's applicable total: with
   * meta-viewport failing by design (SPEC 2.8, "non-scalable"), a page's score is at most (total - 10) / total.
   */
  a11yFailures: string[];
  a11yWeight: number;
}

class RunError extends Error {}

async function audit(port: number, url: string): Promise<Line> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // A run Lighthouse could not trace (NO_NAVSTART, NO_FCP on a busy machine) has no figures to print: it is retried.
  if (lhr.runtimeError) throw new RunError(lhr.runtimeError.code);
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = new URL(url).pathname.replace(/[^\w.-]+/g, '_').replace(/^_|_$/g, '') || 'home';
    writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  return {
    path: new URL(url).pathname,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: numeric('total-byte-weight'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    a11yFailures: (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
      .map((r) => `${r.id}(${r.weight})`),
    a11yWeight: (lhr.categories.accessibility?.auditRefs ?? []).reduce((sum, r) => sum + r.weight, 0),
  };
}

const format = (l: Line & { runs: number }) =>
  [
    l.path.padEnd(28),
    `perf ${l.scores.performance ?? '-'}`,
    `a11y ${l.scores.accessibility ?? '-'}`,
    `bp ${l.scores['best-practices'] ?? '-'}`,
    `seo ${l.scores.seo ?? '-'}`,
    `LCP ${(l.lcpMs / 1000).toFixed(1)} s`,
    `TBT ${Math.round(l.tbtMs)} ms`,
    `CLS ${l.cls.toFixed(3)}`,
    `${Math.round(l.totalBytes / 1024)} KiB`,
    `(cpu ${l.benchmarkIndex}${l.runs > 1 ? `, median of ${l.runs}` : ''})`,
    `a11y fails: ${l.a11yFailures.join(' ') || 'none'} of ${l.a11yWeight}`,
  ].join('  ');

const median = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
};

/**
 * The simulated throttling scales the main-thread work this machine measured by 4, so a busy machine inflates TBT;
 * each page is audited LIGHTHOUSE_RUNS times (3 by default) and each category's score is the median of the runs;
 * the timings are those of the run with the median performance score.
 */
async function medianAudit(port: number, url: string, runs: number): Promise<Line & { runs: number }> {
  const lines: Line[] = [];
  let failures = 0;
  while (lines.length < runs) {
    try {
      lines.push(await audit(port, url));
    } catch (err) {
      if (!(err instanceof RunError) || ++failures > 2) throw err;
      out(`lighthouse: ${new URL(url).pathname} run failed (${err.message}); again`);
    }
  }
  lines.sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(lines.map((l) => l.scores[c]))])) as Line['scores'];
  return { ...lines[Math.floor((lines.length - 1) / 2)], scores, runs };
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
  let base = process.argv[2]?.replace(/\/$/, '');
  let portal: ChildProcess | undefined;
  let dataDir: string | undefined;
  if (!base) {
    if (!existsSync(path.join(ROOT, 'dist/server/server.js'))) {
      out('lighthouse: no build found; run `npm run build` first');
      return;
    }
    dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-data-'));
    ({ base, child: portal } = await startPortal(dataDir));
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const detail = await firstDetailPath(base, LIST_PAGE, /href="(\/ershoufang\/\d+\.html)"/);
    const estate = await firstDetailPath(base, NEW_HOME_LIST, /href="(\/xinfang\/\d+\.html)"/);
    const article = await firstDetailPath(base, NEWS_LIST, /href="(\/zixun\/\d+\.html)"/);
    const paths = [
      '/',
      LIST_PAGE,
      ...(detail ? [detail] : []),
      NEW_HOME_LIST,
      ...(estate ? [estate] : []),
      '/xiaoqu/',
      ...(article ? [article] : []),
      '/jisuanqi',
      '/fangjia',
    ];
    if (!detail) out(`lighthouse: no second-hand detail linked from ${LIST_PAGE}; skipped`);
    if (!estate) out(`lighthouse: no new-home detail linked from ${NEW_HOME_LIST}; skipped`);
    if (!article) out(`lighthouse: no article linked from ${NEWS_LIST}; skipped`);
    out(`lighthouse ${lighthouseVersion()}, mobile preset (simulated 4G), ${base}`);
    for (const p of paths) {
      try {
        out(format(await medianAudit(chrome.port, `${base}${p}`, runs)));
      } catch (err) {
        out(`${p.padEnd(28)}  failed: ${(err as Error).message}`);
      }
    }
  } finally {
    chrome.kill();
    if (portal) {
      portal.kill('SIGTERM');
      await new Promise((r) => portal.once('exit', r));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    out(`lighthouse: ${(err as Error).message}`);
    process.exit(0);
  },
);
