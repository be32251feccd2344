import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * The one home of state that must hold across portal processes (issue 33): rate-limit counters, refused-form drafts,
 * login throttles, lookups worth keeping (`located`). With REDIS_URL it lives in Redis, so two portals behind one
 * balancer count and remember together; without it, in this process's memory. A Redis outage falls back to memory
 * for the time it lasts (limits then count per process; nothing is refused because Redis is away).
 */
export interface SharedStore {
  /** One more event in the window of `windowMs` that the first one opened; the count so far and the ms left. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The count of `key`'s window without adding to it (0 when none is open). */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  put(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Read and forget: a second take of the same key finds nothing. */
  take(key: string): Promise<string | null>;
  forget(key: string): Promise<void>;
  /** True while the values are shared through Redis. */
  shared(): boolean;
}

const PREFIX = 'portal:store:';

interface Held {
  value: string;
  count: number;
  expiresAt: number;
}

/** The in-process store: an LRU bounded in entries, each with its own expiry. */
export function memoryStore(opts: { max?: number; now?: () => number } = {}): SharedStore {
  const now = opts.now ?? Date.now;
  const held = new LRUCache<string, Held>({ max: opts.max ?? 100_000 });
  const live = (key: string): Held | undefined => {
    const h = held.get(key);
    if (h && h.expiresAt <= now()) {
      held.delete(key);
      return undefined;
    }
    return h;
  };
  return {
    async hit(key, windowMs) {
      const h = live(key);
      if (h) {
        h.count += 1;
        return { count: h.count, resetInMs: h.expiresAt - now() };
      }
      held.set(key, { value: '', count: 1, expiresAt: now() + windowMs });
      return { count: 1, resetInMs: windowMs };
    },
    async peek(key) {
      const h = live(key);
      return h ? { count: h.count, resetInMs: h.expiresAt - now() } : { count: 0, resetInMs: 0 };
    },
    async put(key, value, ttlMs) {
      held.set(key, { value, count: 0, expiresAt: now() + ttlMs });
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async take(key) {
      const h = live(key);
      held.delete(key);
      return h?.value ?? null;
    },
    async forget(key) {
      held.delete(key);
    },
    shared: () => false,
  };
}

/** A fixed window in one round trip: count, open the window on the first event, and say what is left of it. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * The store in Redis, with `fallback` (memory) answering while Redis cannot: a command that fails is retried there, so
 * a request never waits on an outage longer than the client's own timeout.
 */
export function redisStore(client: Redis, fallback: SharedStore = memoryStore()): SharedStore {
  const up = () => client.status === 'ready';
  const k = (key: string) => PREFIX + key;
  async function either<T>(viaRedis: () => Promise<T>, viaMemory: () => Promise<T>): Promise<T> {
    if (!up()) return viaMemory();
    try {
      return await viaRedis();
    } catch {
      return viaMemory();
    }
  }
  return {
    hit: (key, windowMs) =>
      either(
        async () => {
          const [count, ttl] = (await client.eval(HIT_SCRIPT, 1, k(key), String(Math.max(1, Math.round(windowMs))))) as [number, number];
          return { count: Number(count), resetInMs: Number(ttl) };
        },
        () => fallback.hit(key, windowMs),
      ),
    peek: (key) =>
      either(
        async () => {
          const [count, ttl] = await Promise.all([client.get(k(key)), client.pttl(k(key))]);
          return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(0, ttl) };
        },
        () => fallback.peek(key),
      ),
    put: (key, value, ttlMs) =>
      either(
        async () => {
          await client.set(k(key), value, 'PX', Math.max(1, Math.round(ttlMs)));
        },
        () => fallback.put(key, value, ttlMs),
      ),
    get: (key) =>
      either(
        () => client.get(k(key)),
        () => fallback.get(key),
      ),
    take: (key) =>
      either(
        () => client.getdel(k(key)),
        () => fallback.take(key),
      ),
    forget: (key) =>
      either(
        async () => {
          await client.del(k(key));
        },
        () => fallback.forget(key),
      ),
    shared: up,
  };
}
