import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LoadResult, load, medianOf } from './bench/load.ts';
import { registryWithoutCache } from './bench/page-parts.ts';
import { cpuMs, freePort, hasTaskset, rerunPinnedToLoadCore, startPinned, stop } from './bench/procs.ts';

/**
 * What tracing costs (issue 36 part 3; docs/ops.md "Tracing"): `npx tsx scripts/bench-tracing.ts` after
 * `npm run build`. One portal process (WEB_CONCURRENCY=1, as `NODE_ENV=production node dist/server/server.js`) on
 * core 0, the gateway, the load generator and a stand-in OTLP collector on core 1. A second-hand detail as a
 * page-cache hit and rendered per request (page cache off), for each variant: tracing off; on, every request sampled;
 * on, 10 % sampled (parentbased_traceidratio). BENCH_BASE=<dir> adds "before": the build in another checkout (a
 * worktree of the commit before tracing), run from there. BENCH_ROUNDS rounds (3) of BENCH_SECONDS (10 s), the
 * variants interleaved in each round (in a rotating order); the medians of the portal's CPU per request are printed.
 * The requests come at a fixed rate (BENCH_RATE_HIT, 300/s; BENCH_RATE_RENDER, 40/s; 10 connections), well under what
 * the portal can answer: every variant then does the same work per second, so its CPU per request compares even on a
 * machine other work shares (at full speed a slower second gets fewer requests to spread the process's fixed costs
 * over). BENCH_DATA_DIR reuses a gateway database seeded by an earlier run.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE_HIT = Number(process.env.BENCH_RATE_HIT ?? 300);
const RATE_RENDER = Number(process.env.BENCH_RATE_RENDER ?? 40);
const out = (s = '') => process.stdout.write(`${s}\n`);

rerunPinnedToLoadCore();

interface Variant {
  key: string;
  root: string;
  env: NodeJS.ProcessEnv;
}

/** A collector that takes every OTLP post and counts it (on core 1 with the load generator: not the portal's CPU). */
async function startCollector(): Promise<{ url: string; posts: () => number; bytes: () => number; close: () => Promise<void> }> {
  let posts = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    posts++;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    posts: () => posts,
    bytes: () => bytes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `rate` requests a second for `seconds` on 10 connections. */
const atRate = (url: string, rate: number, seconds: number): Promise<LoadResult> => load(url, { connections: 10, rate, seconds });

async function firstListing(gwPort: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${gwPort}/api/house/search/findByCondition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cityId: 1, houseType: 11, size: 1 }),
  });
  return ((await res.json()) as { obj: { content: Array<{ houseId: number }> } }).obj.content[0].houseId;
}

async function main(): Promise<void> {
  const base = process.env.BENCH_BASE ? path.resolve(process.env.BENCH_BASE) : undefined;
  for (const dir of [ROOT, ...(base ? [base] : [])]) {
    if (!existsSync(path.join(dir, 'dist/server/server.js'))) {
      out(`bench-tracing: no build in ${dir}; run \`npm run build\` there first`);
      process.exit(1);
    }
  }
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bench-tracing-'));
  const gwPort = await freePort();
  out('bench-tracing: starting the gateway (seeding its database the first time takes about a minute)');
  const gateway = await startPinned(
    1,
    [process.execPath, '--import', 'tsx', path.join(ROOT, 'src/backend/main.ts')],
    { GATEWAY_PORT: String(gwPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    `http://127.0.0.1:${gwPort}/api/city/findAll`,
  );
  const collector = await startCollector();
  const page = `/ershoufang/${await firstListing(gwPort)}.html`;
  const common = {
    NODE_ENV: 'production',
    WEB_CONCURRENCY: '1',
    GATEWAY_URL: `http://127.0.0.1:${gwPort}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    REGISTRY_WATCH: '0',
  };
  const on = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'bench' };
  const variants: Variant[] = [
    ...(base ? [{ key: 'before', root: base, env: {} }] : []),
    { key: 'off', root: ROOT, env: {} },
    { key: 'on, all sampled', root: ROOT, env: on },
    {
      key: 'on, 10 % sampled',
      root: ROOT,
      env: { ...on, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
    },
  ];
  const scenarios = [
    { key: 'page-cache hit', rate: RATE_HIT, env: {} },
    { key: 'rendered per request', rate: RATE_RENDER, env: { REGISTRY_PATH: registryWithoutCache(path.join(ROOT, 'registry.json')) } },
  ];
  out(`bench-tracing: ${page}, ${ROUNDS} rounds x ${SECONDS} s at a fixed rate; portal on core 0${hasTaskset ? '' : ' (not pinned)'}`);
  const results = new Map<string, LoadResult[]>();
  const exported = new Map<string, number>();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = [];
      for (const sc of scenarios) {
        // Each round starts with another variant: none always follows the same one.
        for (const v of [...variants.slice((round - 1) % variants.length), ...variants.slice(0, (round - 1) % variants.length)]) {
          const port = await freePort();
          const url = `http://127.0.0.1:${port}${page}`;
          const child = await startPinned(
            0,
            [process.execPath, path.join(v.root, 'dist/server/server.js')],
            {
              ...common,
              ...sc.env,
              ...v.env,
              PORT: String(port),
              REGISTRY_PATH: sc.env.REGISTRY_PATH ?? path.join(v.root, 'registry.json'),
            },
            url,
          );
          await atRate(url, sc.rate, 3);
          const cpuBefore = cpuMs(child.pid);
          const postedBefore = collector.bytes();
          const r = await atRate(url, sc.rate, SECONDS);
          const cpuUs = (cpuMs(child.pid) - cpuBefore) * 1000;
          if (Number.isFinite(cpuUs) && r.total > 0) r.cpuUsPerRequest = Math.round(cpuUs / r.total);
          await stop(child);
          const key = `${sc.key}|${v.key}`;
          results.set(key, [...(results.get(key) ?? []), r]);
          exported.set(key, (exported.get(key) ?? 0) + (collector.bytes() - postedBefore) / Math.max(1, r.total));
          line.push(`${v.key}: ${r.cpuUsPerRequest} µs`);
        }
      }
      out(`  round ${round}: ${line.join('  ')}`);
    }
  } finally {
    await stop(gateway);
    await collector.close();
  }
  out();
  for (const sc of scenarios) {
    out(`${sc.key}:`);
    for (const v of variants) {
      const key = `${sc.key}|${v.key}`;
      const m = medianOf(results.get(key) ?? []);
      const perRequest = Math.round((exported.get(key) ?? 0) / ROUNDS);
      out(
        `  ${v.key.padEnd(18)} ${String(m.cpuUsPerRequest).padStart(5)} µs CPU/req   ${String(m.rps).padStart(6)} req/s   p50 ${m.p50} ms   p99 ${m.p99} ms${
          perRequest ? `   OTLP ${perRequest} B/req` : ''
        }${m.non2xx || m.errors ? `   (non-2xx ${m.non2xx}, errors ${m.errors})` : ''}`,
      );
    }
  }
}

void main();
