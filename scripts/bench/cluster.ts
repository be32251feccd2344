import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RegistryFile } from '../../src/registry/types.ts';
import { type LoadResult, load, medianOf } from './load.ts';
import { childPids, cpuMs, hasTaskset, stop } from './procs.ts';

/**
 * Issue 20 part 3: the multi-process (c). `npm start`'s cluster (src/server.ts: one portal worker per core, the
 * gateway elsewhere) renders the page per request, cache off; the server's CPU per request is the primary's and every
 * worker's together. On this machine the processes may use every core, so they share one with the load generator and
 * the gateway (the single-process runs keep core 0 to themselves): compare req/s with that in mind.
 */
export interface ClusterBenchOptions {
  serverCmd: string[];
  env: NodeJS.ProcessEnv;
  pagePath: string;
  port: number;
  rounds: number;
  seconds: number;
  workers?: number;
}

/**
 * A copy of `registryFile` in which no page is page-cached: the `page-cache` middleware taken out of the pages and of
 * the layouts too (the default layout carries it, so removing it from the pages alone leaves every page cached).
 */
export function registryWithoutPageCache(registryFile: string): string {
  const reg = JSON.parse(readFileSync(registryFile, 'utf8')) as RegistryFile;
  const strip = (list: string[] | undefined) => list?.filter((m) => m !== 'page-cache');
  for (const layout of Object.values(reg.layouts)) layout.middleware = strip(layout.middleware) ?? [];
  for (const page of reg.pages) if (page.middleware) page.middleware = strip(page.middleware);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-reg-')), 'registry.json');
  writeFileSync(file, JSON.stringify(reg));
  return file;
}

async function startCluster(opts: ClusterBenchOptions, workers: number): Promise<ChildProcess> {
  const cores = `0-${cpus().length - 1}`;
  // The bench runs pinned to one core and children inherit that: give the cluster every core again.
  const argv = hasTaskset ? ['taskset', '-c', cores, ...opts.serverCmd] : opts.serverCmd;
  const child = spawn(argv[0], argv.slice(1), {
    env: { ...process.env, ...opts.env, PORT: String(opts.port), WEB_CONCURRENCY: String(workers) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${opts.port}${opts.pagePath}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`cluster exited with ${child.exitCode}`);
    // A cluster answers once every worker is up (WEB_CONCURRENCY=1 is one process, no workers).
    if (workers === 1 || childPids(child.pid as number).length >= workers) {
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status < 500) return child;
      } catch {
        // not listening yet
      }
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`cluster did not answer ${url} within 180 s`);
}

/** Median over the rounds of (c) under the cluster; CPU per request summed over the primary and its workers. */
export async function benchCluster(opts: ClusterBenchOptions): Promise<{ result: LoadResult; workers: number }> {
  // Every core of the machine: the bench itself runs pinned to one, which availableParallelism() would report.
  const workers = opts.workers ?? cpus().length;
  const results: LoadResult[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const child = await startCluster(opts, workers);
    try {
      const url = `http://127.0.0.1:${opts.port}${opts.pagePath}`;
      await load(url, { seconds: 2 });
      const pids = [child.pid as number, ...childPids(child.pid as number)];
      const cpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const before = cpu();
      const r = await load(url, { seconds: opts.seconds });
      const cpuUs = (cpu() - before) * 1000;
      if (Number.isFinite(cpuUs) && r.total > 0) r.cpuUsPerRequest = Math.round(cpuUs / r.total);
      results.push(r);
    } finally {
      await stop(child);
    }
  }
  return { result: medianOf(results), workers };
}
