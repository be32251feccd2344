import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { MemoryReport } from '../src/memory-report.ts';
import type { RegistryFile } from '../src/registry/types.ts';
import { mixPopulation, seededRandom, zipfSampler } from './bench/mix-population.ts';
import { childPids, cpuMs, freePort, rssMb, startPinned, stop } from './bench/procs.ts';

/**
 * `npm run bench:mix` (issue 35 part 2; after `npm run build`): a day's traffic rather than one page. The built portal
 * runs as `npm start` runs it (the cluster: a primary with the embedded gateway, WEB_CONCURRENCY=2 workers), the
 * registry as it is (page cache on, its TTLs), a fresh seeded database. The URL population (scripts/bench/
 * mix-population.ts: every detail of two cities, lists, articles, questions, price pages, 5 % unknown ids) is asked
 * with Zipf popularity (s = 1.0) for MIX_SECONDS (60) at 50 connections, as phones ask (accept-encoding br, gzip).
 * Printed: req/s, p50/p99, CPU per request summed over the processes (and the primary's share, which is mostly the
 * gateway), the page-cache outcomes, gateway calls per request, worker RSS at start, middle and end against its bound
 * (idle + page cache + markup memo + answer memo + 64 MB) with what each worker reports of its memory at the start and
 * the end (SIGUSR2, src/memory-report.ts: V8's heap, the buffers and the page cache's share of them, the memos, the
 * rest of the RSS), and the (a) ceiling of the same run: a plain Fastify route sending a page of the mix's mean size,
 * brotli-compressed as the mix's answers were. mix CPU / ceiling CPU is the figure to drive down. BENCH_DB=<a seeded
 * portal.db> skips the seeding (about a minute); MIX_LOG=<file> keeps the processes' other output lines there (e.g.
 * MIX_NODE_ARGS=--trace-gc); MIX_RATE=<req/s> asks at a fixed rate, so that CPU per request compares between runs on
 * a machine shared with other work (as fast as it answers, a slower run also has a colder page cache).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.MIX_SECONDS ?? 60);
/** MIX_RATE: requests per second for all connections together (unset: as fast as they are answered). */
const RATE = Number(process.env.MIX_RATE ?? 0) || undefined;
const CONNECTIONS = 50;
const WORKERS = Number(process.env.MIX_WORKERS ?? 2);
const CEILING_SECONDS = 15;
/**
 * MIX_HEAP_SNAPSHOTS=dir: each worker writes a V8 heap snapshot there when idle and after the load (issue 35 part 3),
 * to see what the heap holds. Writing one costs the worker memory of its own: the RSS figures of such a run are not the
 * bench's figures.
 */
const HEAP_DIR = process.env.MIX_HEAP_SNAPSHOTS;
const HEAP_SIGNAL = 'SIGTTIN';
const ZIPF_S = 1.0;
const ENCODING = 'br, gzip';
const out = (s = '') => process.stdout.write(`${s}\n`);

interface LogCounts {
  portal: number;
  /** The gateway's "request completed" lines: each call, and each batch (POST api/batch) carrying calls. */
  gateway: number;
  /** Batches, and the calls they carried (from the gateway's "batch answered" lines). */
  batches: number;
  batchedCalls: number;
  cache: Map<string, number>;
  status: Map<string, number>;
  /** Each worker's answer to SIGUSR2 (src/memory-report.ts), by pid. */
  memory: Map<number, MemoryReport>;
}

/**
 * The cluster, its log read line by line: one "request completed" line per portal request (with its page-cache
 * result) and one per gateway call (the embedded gateway logs under component "backend").
 */
async function startCluster(env: NodeJS.ProcessEnv, port: number, counts: LogCounts): Promise<{ child: ChildProcess; workers: number[] }> {
  // MIX_NODE_ARGS: flags for the primary and, through cluster.fork, its workers (e.g. --trace-gc with MIX_LOG).
  const nodeArgs = process.env.MIX_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  if (HEAP_DIR) nodeArgs.push(`--heapsnapshot-signal=${HEAP_SIGNAL}`, `--diagnostic-dir=${HEAP_DIR}`);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist/server/server.js')], {
    env: { ...process.env, ...env, PORT: String(port), WEB_CONCURRENCY: String(WORKERS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const keep = process.env.MIX_LOG ? createWriteStream(process.env.MIX_LOG) : null;
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (keep && !line.includes('"request completed"')) keep.write(`${line}\n`);
    if (line.includes('"batch answered"')) {
      counts.batches++;
      counts.batchedCalls += Number(/"batchCalls":(\d+)/.exec(line)?.[1] ?? 0);
      return;
    }
    if (line.includes('"memory report"')) {
      const record = JSON.parse(line) as { pid: number; memory: MemoryReport };
      counts.memory.set(record.pid, record.memory);
      return;
    }
    if (!line.includes('"request completed"')) return;
    if (line.includes('"component":"backend"')) {
      counts.gateway++;
      return;
    }
    counts.portal++;
    const cache = /"cache":"([A-Z-]+)"/.exec(line)?.[1] ?? 'none';
    counts.cache.set(cache, (counts.cache.get(cache) ?? 0) + 1);
    const status = /"statusCode":(\d)/.exec(line)?.[1] ?? '?';
    counts.status.set(`${status}xx`, (counts.status.get(`${status}xx`) ?? 0) + 1);
  });
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the cluster exited with ${child.exitCode}`);
    const workers = childPids(child.pid as number);
    if (workers.length >= WORKERS) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        await res.arrayBuffer();
        if (res.status === 200) return { child, workers };
      } catch {
        // not listening yet
      }
    }
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error('the cluster did not answer within 300 s (the first start seeds the database)');
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Each worker's memory report (src/memory-report.ts): SIGUSR2 makes it log one, read by startCluster's line reader. */
async function askMemory(workers: number[], counts: LogCounts): Promise<Map<number, MemoryReport>> {
  counts.memory.clear();
  for (const pid of workers) process.kill(pid, 'SIGUSR2');
  const until = Date.now() + 5000;
  while (counts.memory.size < workers.length && Date.now() < until) await sleep(100);
  return new Map(counts.memory);
}

/** With MIX_HEAP_SNAPSHOTS, each worker writes a heap snapshot (named by pid, then renamed by `moment`); waits until all are written. */
async function heapSnapshots(workers: number[], moment: string): Promise<void> {
  if (!HEAP_DIR) return;
  mkdirSync(HEAP_DIR, { recursive: true });
  const before = new Set(readdirSync(HEAP_DIR));
  for (const pid of workers) process.kill(pid, HEAP_SIGNAL);
  const until = Date.now() + 120_000;
  const sizes = new Map<string, number>();
  while (Date.now() < until) {
    await sleep(1000);
    const fresh = readdirSync(HEAP_DIR).filter((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
    const stable = fresh.filter((f) => {
      const size = statSync(path.join(HEAP_DIR, f)).size;
      const same = sizes.get(f) === size && size > 0;
      sizes.set(f, size);
      return same;
    });
    if (fresh.length >= workers.length && stable.length === fresh.length) {
      for (const f of fresh) renameSync(path.join(HEAP_DIR, f), path.join(HEAP_DIR, `${moment}-${f}`));
      out(`  heap snapshots (${moment}): ${fresh.map((f) => `${moment}-${f}`).join(', ')} in ${HEAP_DIR}`);
      return;
    }
  }
  out(`  heap snapshots (${moment}): not all written in 120 s`);
}

/** A report in words: V8's heap (the memos are in it), the buffers (the page cache's bodies), the rest of the RSS. */
function describeMemory(m: MemoryReport): string {
  const r = (n: number) => Math.round(n);
  return (
    `V8 heap ${r(m.heapTotal)} MB (${r(m.heapUsed)} used; markup memo ${r(m.markupMemo)}, answer memo ${r(m.answerMemo)}), ` +
    `buffers ${r(m.arrayBuffers)} MB (page cache ${r(m.pageCache)} MB in ${m.pageCacheEntries} pages), other external ${r(m.external - m.arrayBuffers)} MB, ` +
    `the rest ${r(m.rss - m.heapTotal - m.external)} MB (code, stacks, malloc)`
  );
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/server/server.js'))) {
    out('bench:mix: no build found; run `npm run build` first');
    process.exit(1);
  }
  const registry = JSON.parse(readFileSync(path.join(ROOT, 'registry.json'), 'utf8')) as RegistryFile;
  const cacheBoundMb =
    mb(registry.site.pageCache.maxBytes) + mb(registry.site.markupCache.maxBytes) + mb(registry.site.answerMemo.maxBytes);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mix-'));
  if (process.env.BENCH_DB && existsSync(process.env.BENCH_DB)) cpSync(process.env.BENCH_DB, path.join(dataDir, 'portal.db'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const counts: LogCounts = { portal: 0, gateway: 0, batches: 0, batchedCalls: 0, cache: new Map(), status: new Map(), memory: new Map() };
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', REGISTRY_WATCH: '0' };
  const { child, workers } = await startCluster(env, port, counts);
  let ceiling: ChildProcess | undefined;
  try {
    const population = await mixPopulation(dataDir, base);
    const byKind = new Map<string, number>();
    for (const u of population) byKind.set(u.kind, (byKind.get(u.kind) ?? 0) + 1);
    out(`bench:mix: ${population.length} URLs (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}), Zipf s=${ZIPF_S}`);
    out(
      `  ${WORKERS} workers + primary (embedded gateway), ${SECONDS} s at ${CONNECTIONS} connections${RATE ? ` (${RATE} req/s)` : ''}, accept-encoding ${ENCODING}`,
    );

    await sleep(2000);
    const idle = workers.map(rssMb);
    const idleMemory = await askMemory(workers, counts);
    await heapSnapshots(workers, 'idle');
    const pids = [child.pid as number, ...workers];
    const cpuOf = (list: number[]) => list.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const cpuBefore = { all: cpuOf(pids), primary: cpuMs(child.pid) };
    counts.portal = 0;
    counts.gateway = 0;
    counts.batches = 0;
    counts.batchedCalls = 0;
    counts.cache.clear();
    counts.status.clear();

    const pick = zipfSampler(population.length, ZIPF_S, seededRandom(1));
    let middle: number[] = [];
    const midTimer = setTimeout(
      () => {
        middle = workers.map(rssMb);
      },
      (SECONDS * 1000) / 2,
    );
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      overallRate: RATE,
      requests: [
        {
          setupRequest: (req) => {
            const u = population[pick()];
            return { ...req, path: u.path, headers: { ...req.headers, host: u.host, 'accept-encoding': ENCODING } };
          },
        },
      ],
    });
    clearTimeout(midTimer);
    await sleep(1000);
    const end = workers.map(rssMb);
    const endMemory = await askMemory(workers, counts);
    await heapSnapshots(workers, 'end');
    const cpuAll = cpuOf(pids) - cpuBefore.all;
    const cpuPrimary = cpuMs(child.pid) - cpuBefore.primary;
    const total = result.requests.total;
    const mixCpuUs = Math.round((cpuAll * 1000) / total);
    const meanBytes = Math.round(result.throughput.total / total);

    // (a) of the same run: one plain Fastify process sending, brotli-compressed, the page of the mix whose compressed
    // size is nearest the mix's mean answer (30 pages drawn as the mix draws them).
    let body = Buffer.alloc(0);
    for (let i = 0; i < 30; i++) {
      const u = population[pick()];
      const res = await fetch(`${base}${u.path}`, { headers: { host: u.host } });
      const br = brotliCompressSync(Buffer.from(await res.arrayBuffer()));
      if (!body.byteLength || Math.abs(br.byteLength - meanBytes) < Math.abs(body.byteLength - meanBytes)) body = br;
    }
    const bodyFile = path.join(dataDir, 'ceiling-body.br');
    writeFileSync(bodyFile, body);
    const ceilingPort = await freePort();
    ceiling = await startPinned(
      0,
      [process.execPath, path.join(ROOT, 'scripts/bench/ceiling.mjs')],
      { BODY_FILE: bodyFile, BODY_ENCODING: 'br', CEILING_LOG: '1', PORT: String(ceilingPort) },
      `http://127.0.0.1:${ceilingPort}/`,
    );
    const ceilingCpuBefore = cpuMs(ceiling.pid);
    const ceilingResult = await autocannon({
      url: `http://127.0.0.1:${ceilingPort}/`,
      connections: CONNECTIONS,
      duration: CEILING_SECONDS,
      headers: { 'accept-encoding': ENCODING },
    });
    const ceilingCpuUs = Math.round(((cpuMs(ceiling.pid) - ceilingCpuBefore) * 1000) / ceilingResult.requests.total);

    const cacheLine = [...counts.cache]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${((n / counts.portal) * 100).toFixed(1)}%`)
      .join(', ');
    const hits = counts.cache.get('HIT') ?? 0;
    out();
    out(
      `mix:     ${Math.round(result.requests.average)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ${total} requests` +
        `   (non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts})`,
    );
    out(`         statuses ${[...counts.status].map(([k, n]) => `${k} ${n}`).join(', ')}   mean answer ${meanBytes} bytes (compressed)`);
    out(
      `         CPU ${mixCpuUs} µs/req summed over the processes; primary (embedded gateway) ${Math.round((cpuPrimary * 1000) / total)} µs/req`,
    );
    out(`         page cache: hit ratio ${((hits / Math.max(1, counts.portal)) * 100).toFixed(1)}% (${cacheLine})`);
    const calls = counts.gateway - counts.batches;
    const roundTrips = counts.gateway - counts.batchedCalls;
    const perRequest = (n: number) => (n / Math.max(1, counts.portal)).toFixed(2);
    out(
      `         gateway calls per request ${perRequest(calls)} (${calls} calls) in ${perRequest(roundTrips)} round trips (${counts.batches} batches carried ${counts.batchedCalls})`,
    );
    out(
      `ceiling: ${Math.round(ceilingResult.requests.average)} req/s   CPU ${ceilingCpuUs} µs/req   (a) a ${body.byteLength}-byte brotli page, one log line/request`,
    );
    out(`mix CPU / ceiling CPU: ${(mixCpuUs / ceilingCpuUs).toFixed(1)}`);
    workers.forEach((pid, i) => {
      const bound = idle[i] + cacheBoundMb + 64;
      out(
        `worker ${pid} RSS: start ${idle[i]} MB, middle ${middle[i] ?? '-'} MB, end ${end[i]} MB; bound ${bound} MB (idle + ${cacheBoundMb} MB page cache, markup memo and answer memo + 64 MB): ${end[i] <= bound ? 'within' : 'OVER'}`,
      );
      const [atStart, atEnd] = [idleMemory.get(pid), endMemory.get(pid)];
      if (atStart) out(`         start: ${describeMemory(atStart)}`);
      if (atEnd) out(`         end:   ${describeMemory(atEnd)}`);
    });
  } finally {
    await stop(ceiling);
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  out(`bench:mix: ${(err as Error).message}`);
  process.exit(1);
});
