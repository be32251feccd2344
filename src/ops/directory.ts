import type { Redis } from 'ioredis';
import type { ProcessStatus } from './health.ts';

/**
 * Issue 36 part 2: the health of every portal process, for the console of any one of them. With REDIS_URL each process
 * writes its status to Redis every `site.ops.heartbeatSeconds` under a key of its own that expires after three beats,
 * so the console lists every worker of every machine, and a process that died drops out by itself. Chosen over asking
 * the cluster's workers through the primary (IPC): it covers several machines as well, needs nothing of the primary,
 * and answers at once from one MGET; a status is at most one beat old.
 */

export const PROCESS_KEY_PREFIX = 'portal:ops:process:';
/** The most processes the console lists. */
const MAX_PROCESSES = 500;

const keyOf = (status: Pick<ProcessStatus, 'host' | 'pid'>) => `${PROCESS_KEY_PREFIX}${status.host}:${status.pid}`;

function isStatus(value: unknown): value is ProcessStatus {
  const v = value as ProcessStatus | null;
  return (
    v !== null &&
    typeof v === 'object' &&
    typeof v.host === 'string' &&
    Number.isInteger(v.pid) &&
    typeof v.at === 'number' &&
    typeof v.eventLoop === 'object' &&
    typeof v.pageCache === 'object'
  );
}

export function createProcessDirectory(redis: Redis) {
  return {
    /** Writes this process's status, kept for `ttlMs`. */
    async write(status: ProcessStatus, ttlMs: number): Promise<void> {
      await redis.set(keyOf(status), JSON.stringify(status), 'PX', ttlMs);
    },
    /** Every process heard from within its key's lifetime, by host and pid. */
    async list(): Promise<ProcessStatus[]> {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${PROCESS_KEY_PREFIX}*`, 'COUNT', 200);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0' && keys.length < MAX_PROCESSES);
      if (!keys.length) return [];
      const values = await redis.mget(...keys.slice(0, MAX_PROCESSES));
      const out: ProcessStatus[] = [];
      for (const text of values) {
        if (!text) continue;
        try {
          const status: unknown = JSON.parse(text);
          if (isStatus(status)) out.push(status);
        } catch {
          // Not written by this code: left out.
        }
      }
      return out.sort((a, b) => a.host.localeCompare(b.host) || a.pid - b.pid);
    },
    /** A process that stops takes itself off the list at once. */
    async remove(status: Pick<ProcessStatus, 'host' | 'pid'>): Promise<void> {
      await redis.del(keyOf(status));
    },
  };
}

export type ProcessDirectory = ReturnType<typeof createProcessDirectory>;
