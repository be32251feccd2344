import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchCluster, registryWithoutPageCache } from './bench/cluster.ts';
import { jsBudget } from './bench/js-budget.ts';
import { type LoadResult, load, medianOf } from './bench/load.ts';
import { registryWithoutCache } from './bench/page-parts.ts';
import { cpuMs, freePort, hasTaskset, rerunPinnedToLoadCore, rssMb, startPinned, stop } from './bench/procs.ts';
import { benchBackend } from './bench-backend.ts';

/**
 * `npm run bench` (after `npm run build`; it builds nothing itself). The server under test runs on core 0,
 * the load generator and the gateway on core 1, on loopback. Three rounds of 10 s with 50 connections each;
 * the medians are printed. For the second-hand list page (issue 2): (a) the machine's ceiling, a plain Fastify
 * route sending the page's own bytes as a Buffer (scripts/bench/ceiling.mjs says why); (b) a page-cache hit of the page; (c) the same page rendered per
 * request, cache off, gateway calls included. For a filtered list (issue 5): (a) and (c). For a second-hand and a
 * new-home detail (issues 5, 20): (a), (p), (b) and (c).
 * (p) is the issue's reference point on the same page: plain renderToPipeableStream of the page's tree, its data in
 * memory (scripts/bench/plain-render.tsx). BENCH_PAGES=/path,/other replaces the page list (each then gets every scenario).
 * Last, the JS a phone loads before each of the five page types is interactive (scripts/bench/js-budget.ts).
 * A scenario is one entry of `scenarioTable`; a page lists the keys it runs.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LIST_PAGE = '/ershoufang/';
/** Region + price band + rooms: three filters in the path form of SPEC 9. */
const FILTERED_PAGE = '/ershoufang/yuelu/p5l3/';
const out = (s = '') => process.stdout.write(`${s}\n`);

rerunPinnedToLoadCore();

function requireBuild(): void {
  if (!existsSync(path.join(ROOT, 'dist/server/server.js')) || !existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'))) {
    out('bench: no build found; run `npm run build` first');
    process.exit(1);
  }
}

interface BenchPage {
  pagePath: string;
  scenarioKeys: string[];
}

/** The first item of a gateway list search (an id that exists in whatever data the gateway has). */
async function firstId(gwPort: number, apiPath: string, body: object): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${gwPort}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { obj: { content: Array<{ houseId: number }> } }).obj.content[0].houseId;
}

/** The list page with every scenario; a filtered list with (a) and (c); a second-hand and a new-home detail with (a), (p), (b), (c). */
async function benchPages(gwPort: number): Promise<BenchPage[]> {
  if (process.env.BENCH_PAGES)
    return process.env.BENCH_PAGES.split(',').map((pagePath) => ({ pagePath, scenarioKeys: ['a0', 'a', 'p', 'b', 'c'] }));
  const listing = await firstId(gwPort, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, size: 1 });
  const estate = await firstId(gwPort, '/api/house/findListByWap', { cityId: 1, size: 1 });
  return [
    { pagePath: LIST_PAGE, scenarioKeys: ['a0', 'a', 'p', 'b', 'c'] },
    { pagePath: FILTERED_PAGE, scenarioKeys: ['a', 'c'] },
    { pagePath: `/ershoufang/${listing}.html`, scenarioKeys: ['a', 'p', 'b', 'c'] },
    { pagePath: `/xinfang/${estate}.html`, scenarioKeys: ['a', 'p', 'b', 'c'] },
  ];
}

/** The five page types of issue 20 and their module keys, for the JS budget. */
const JS_PAGE_TYPES: Array<[string, string]> = [
  ['home', 'home'],
  ['second-hand list', 'ershoufang/list'],
  ['second-hand detail', 'ershoufang/detail'],
  ['new-home list', 'xinfang/list'],
  ['new-home detail', 'xinfang/detail'],
];

interface Scenario {
  key: string;
  label: string;
  cmd: string[];
  env: NodeJS.ProcessEnv;
}

const fmt = (label: string, r: LoadResult) =>
  `${label.padEnd(44)} ${String(r.rps).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${
    r.cpuUsPerRequest !== undefined ? `   server CPU ${r.cpuUsPerRequest} µs/req` : ''
  }${r.gatewayCpuUsPerRequest !== undefined ? ` (+ gateway ${r.gatewayCpuUsPerRequest} µs/req)` : ''}${
    r.loadCpuUsPerRequest !== undefined && r.gatewayCpuUsPerRequest !== undefined
      ? `\n${''.padEnd(44)} core 1 (gateway ${r.gatewayCpuUsPerRequest} + load generator ${r.loadCpuUsPerRequest} µs/req) busy ${Math.round(((r.gatewayCpuUsPerRequest + r.loadCpuUsPerRequest) * r.rps) / 10_000)}%`
      : ''
  }${r.non2xx || r.errors ? `   (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`;

async function main(): Promise<void> {
  requireBuild();
  out(
    `bench: ${ROUNDS} rounds x ${SECONDS} s, 50 connections, loopback; server on core 0${hasTaskset ? '' : ' (taskset missing: not pinned)'}`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const seededDb = process.env.BENCH_DB;
  if (seededDb && existsSync(seededDb)) cpSync(seededDb, path.join(dataDir, 'portal.db'));

  const gwPort = await freePort();
  const gateway = await startPinned(
    1,
    [process.execPath, '--import', 'tsx', path.join(ROOT, 'src/backend/main.ts')],
    { GATEWAY_PORT: String(gwPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    `http://127.0.0.1:${gwPort}/api/city/findAll`,
  );
  const common = {
    NODE_ENV: 'production',
    GATEWAY_URL: `http://127.0.0.1:${gwPort}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    REGISTRY_WATCH: '0',
  };
  const serverCmd = [process.execPath, path.join(ROOT, 'dist/server/server.js')];
  const ceilingCmd = [process.execPath, path.join(ROOT, 'scripts/bench/ceiling.mjs')];
  const plainRenderCmd = [process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/bench/plain-render.tsx')];

  try {
    for (const { pagePath, scenarioKeys } of await benchPages(gwPort)) {
      const cachedPort = await freePort();
      const cached = await startPinned(0, serverCmd, { ...common, PORT: String(cachedPort) }, `http://127.0.0.1:${cachedPort}${pagePath}`);
      const first = await fetch(`http://127.0.0.1:${cachedPort}${pagePath}`);
      const page = Buffer.from(await first.arrayBuffer());
      const size = page.byteLength;
      const bodyFile = path.join(dataDir, 'ceiling-body.html');
      writeFileSync(bodyFile, page);
      const hit = await fetch(`http://127.0.0.1:${cachedPort}${pagePath}`);
      await hit.arrayBuffer();
      out();
      out(`page ${pagePath}: ${size} bytes, status ${first.status}, second request x-cache ${hit.headers.get('x-cache')}`);
      await stop(cached);

      const noCacheRegistry = registryWithoutCache(path.join(ROOT, 'registry.json'));
      const allScenarios: Scenario[] = [
        { key: 'a0', label: '(a0) plain Fastify, the page as a Buffer, no log', cmd: ceilingCmd, env: { BODY_FILE: bodyFile } },
        {
          key: 'a',
          label: '(a) ceiling: the same, one log line/request',
          cmd: ceilingCmd,
          env: { BODY_FILE: bodyFile, CEILING_LOG: '1' },
        },
        {
          key: 'p',
          label: '(p) reference: plain renderToPipeableStream',
          cmd: plainRenderCmd,
          env: { BODY_FILE: bodyFile, NODE_ENV: 'production' },
        },
        { key: 'b', label: '(b) page-cache hit', cmd: serverCmd, env: common },
        {
          key: 'c',
          label: '(c) rendered per request, gateway included',
          cmd: serverCmd,
          env: { ...common, REGISTRY_PATH: noCacheRegistry },
        },
      ];
      const scenarios = allScenarios.filter((x) => scenarioKeys.includes(x.key));
      const results = new Map<string, LoadResult[]>(scenarios.map((x) => [x.key, []]));
      const rss = new Map<string, number>();
      for (let round = 1; round <= ROUNDS; round++) {
        const line: string[] = [];
        for (const sc of scenarios) {
          const port = await freePort();
          const url = `http://127.0.0.1:${port}${pagePath}`;
          const child = await startPinned(0, sc.cmd, { ...sc.env, PORT: String(port) }, url);
          await load(url, { seconds: 2 });
          const cpuBefore = cpuMs(child.pid);
          const gatewayBefore = cpuMs(gateway.pid);
          const loadBefore = process.cpuUsage();
          const r = await load(url, { seconds: SECONDS });
          const loadUsage = process.cpuUsage(loadBefore);
          const cpuUs = (cpuMs(child.pid) - cpuBefore) * 1000;
          if (Number.isFinite(cpuUs) && r.total > 0) r.cpuUsPerRequest = Math.round(cpuUs / r.total);
          // The embedded gateway's own work for a rendered page (issue 35): part of what the demo costs.
          const gatewayUs = (cpuMs(gateway.pid) - gatewayBefore) * 1000;
          if (sc.key === 'c' && Number.isFinite(gatewayUs) && r.total > 0) {
            r.gatewayCpuUsPerRequest = Math.round(gatewayUs / r.total);
            // The gateway shares core 1 with the load generator: when both fill it, (c) is bound there, not on core 0.
            r.loadCpuUsPerRequest = Math.round((loadUsage.user + loadUsage.system) / r.total);
          }
          results.get(sc.key)?.push(r);
          rss.set(sc.key, rssMb(child.pid));
          await stop(child);
          line.push(`${sc.key} ${Math.round(r.rps)}`);
        }
        out(`  round ${round}: ${line.join('  ')} req/s`);
      }
      const med = (k: string) => medianOf(results.get(k) ?? []);
      for (const sc of scenarios) out(fmt(sc.label, med(sc.key)));
      const ratio = (x: string, y: string) =>
        results.get(x)?.length && results.get(y)?.length ? (med(x).rps / med(y).rps).toFixed(2) : '-';
      if (scenarioKeys.includes('b')) {
        out(`ratios against (a):  b/a ${ratio('b', 'a')}   c/a ${ratio('c', 'a')}   (targets: b/a >= 0.9, c/a >= 0.12)`);
        if (scenarioKeys.includes('a0')) out(`ratios against (a0): b/a0 ${ratio('b', 'a0')}   c/a0 ${ratio('c', 'a0')}`);
        if (scenarioKeys.includes('p')) out(`the issue's reference on this page: p/a ${ratio('p', 'a')}   c/p ${ratio('c', 'p')}`);
        out(`server RSS after the run: (b) ${rss.get('b')} MB, (c) ${rss.get('c')} MB`);
      } else {
        out(`ratio against (a): c/a ${ratio('c', 'a')}   server RSS after (c): ${rss.get('c')} MB`);
        if (scenarioKeys.includes('p')) out(`the issue's reference on this page: c/p ${ratio('c', 'p')}`);
      }
    }
    // Issue 20 part 3: (c) of the list page under the cluster `npm start` runs (scripts/bench/cluster.ts).
    const cluster = await benchCluster({
      serverCmd,
      env: { ...common, REGISTRY_PATH: registryWithoutPageCache(path.join(ROOT, 'registry.json')) },
      pagePath: LIST_PAGE,
      port: 3303,
      rounds: ROUNDS,
      seconds: SECONDS,
    });
    out();
    out(fmt(`(c) ${LIST_PAGE} with ${cluster.workers} processes (cluster)`, cluster.result));
    const backend = await benchBackend({ dataDir });
    out();
    out(
      `backend second-hand list query (3 filters + sort): p50 ${backend.p50.toFixed(3)} ms, p99 ${backend.p99.toFixed(3)} ms over ${backend.n} queries (target p99 < 5 ms)`,
    );
    const budget = jsBudget('ershoufang/list');
    out();
    out(`JS before a list page is interactive: ${budget.files} files, ${(budget.gzipBytes / 1024).toFixed(1)} KB gzipped (budget 85 KB)`);
    for (const [label, moduleKey] of JS_PAGE_TYPES) {
      const b = jsBudget(moduleKey);
      out(
        `  JS before interactive, ${`${label}:`.padEnd(20)} ${b.files} files, ${(b.gzipBytes / 1024).toFixed(1)} KB gzipped (budget 85 KB)`,
      );
    }
  } finally {
    await stop(gateway);
  }
}

void main();
