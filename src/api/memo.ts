import { LRUCache } from 'lru-cache';

/**
 * How long reference data that is the same on many pages (a city's common questions, the places around a point) is
 * kept: a detail page makes a dozen gateway calls, and these need not be made again for every view (issue 20).
 */
export const REFERENCE_TTL_MS = 60_000;

/**
 * A keyed async value kept for `ttlMs` (SPEC 9: the 1-hour second cache): at most `max` keys, one request in
 * flight per key shared by its callers, and a failure never cached (the next call asks again). `extra` (the
 * caller's CallContext) goes to the fetch of a miss only; it is not part of the key.
 */
export function memoByKey<K extends {}, V, X = undefined>(fetch: (key: K, extra: X) => Promise<V>, opts: { max: number; ttlMs: number }) {
  const cache = new LRUCache<K, { value: V }>({ max: opts.max, ttl: opts.ttlMs });
  const inflight = new Map<K, Promise<V>>();
  return {
    get(key: K, extra: X): Promise<V> {
      const hit = cache.get(key);
      if (hit) return Promise.resolve(hit.value);
      let p = inflight.get(key);
      if (!p) {
        p = fetch(key, extra)
          .then((value) => {
            cache.set(key, { value });
            return value;
          })
          .finally(() => inflight.delete(key));
        inflight.set(key, p);
      }
      return p;
    },
    clear(): void {
      cache.clear();
    },
  };
}
