import { hostname } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Got } from 'got';
import type { Redis } from 'ioredis';
import { callAlone } from '../api/http.ts';

/**
 * Issue 36 part 2: the health the ops console shows. The gateway: one cheap call of SPEC 7.2 (the default city by name,
 * past the city cache), timed. Redis: PING, timed. A portal process: pid, uptime, memory, the event loop's delay since
 * the last heartbeat, its page cache and the registry it serves (a process left on an old registry shows).
 */

export interface Check {
  ok: boolean;
  ms: number;
  /** What went wrong, or what answered (`PONG`). */
  detail: string;
}

export interface ProcessStatus {
  host: string;
  pid: number;
  startedAt: number;
  /** When this status was taken. */
  at: number;
  uptimeSeconds: number;
  rssMb: number;
  heapUsedMb: number;
  /** The event loop's delay since the last heartbeat, in ms. */
  eventLoop: { meanMs: number; p99Ms: number; maxMs: number };
  pageCache: { entries: number; bytes: number; hits: number; misses: number; ratio: number | null };
  registrySha256: string;
  generation: number;
}

/** What the process adds to its own status: its page cache and registry. */
export type ProcessFacts = Pick<ProcessStatus, 'pageCache' | 'registrySha256' | 'generation'>;

const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;
const msOf = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e5) / 10 : 0);

/** This process's status, with the event loop's delay sampled every 20 ms from its creation or last `reset()`. */
export function createProcessMonitor(now: () => number) {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const startedAt = now() - Math.round(process.uptime() * 1000);
  const host = hostname();
  return {
    status(facts: ProcessFacts): ProcessStatus {
      const memory = process.memoryUsage();
      return {
        host,
        pid: process.pid,
        startedAt,
        at: now(),
        uptimeSeconds: Math.round(process.uptime()),
        rssMb: mb(memory.rss),
        heapUsedMb: mb(memory.heapUsed),
        eventLoop: { meanMs: msOf(delay.mean), p99Ms: msOf(delay.percentile(99)), maxMs: msOf(delay.max) },
        ...facts,
      };
    },
    reset(): void {
      delay.reset();
    },
    stop(): void {
      delay.disable();
    },
  };
}

export type ProcessMonitor = ReturnType<typeof createProcessMonitor>;

/** Runs `probe` with a time limit; its answer or its error becomes the check's detail. */
export async function timedCheck(probe: () => Promise<string>, timeoutMs: number): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const detail = await Promise.race([probe(), late]);
    return { ok: true, ms: Math.round(performance.now() - started), detail };
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - started), detail: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export const CHECK_TIMEOUT_MS = 2000;

/** The gateway answers `api/city/findSiteByName` for the default city (SPEC 7.2) with status 200. */
export function checkGateway(gateway: Got, log: FastifyBaseLogger, cityName: string): Promise<Check> {
  return timedCheck(async () => {
    const call = { reqId: 'ops-health', log, deadline: { at: performance.now() + CHECK_TIMEOUT_MS, ms: CHECK_TIMEOUT_MS } };
    const body = await callAlone<unknown>(gateway, call, 'api/city/findSiteByName', { searchParams: { name: cityName } });
    return `status ${body.status ?? 200}`;
  }, CHECK_TIMEOUT_MS);
}

/** Redis answers PING. */
export function pingRedis(redis: Redis): Promise<Check> {
  return timedCheck(() => redis.ping(), CHECK_TIMEOUT_MS);
}
