import { LRUCache } from 'lru-cache';

/**
 * Gateway answers that many pages share, kept for a while (issues 20 and 35): a detail page makes a dozen gateway
 * calls, and these need not be made again for every view. Each is named, and its time to live in seconds is the
 * registry's `site.answerMemo.<name>` (0: not kept), read whenever an answer is stored, so a reload retunes it.
 * - problemAsk: a city's common questions for a kind of listing;
 * - nearby: the places around a point (a location map);
 * - communityBrief: a community's card (every listing of the community shows it);
 * - similarListings: the listings of a community (or shop area, or district) of a kind, the estates of a district (every
 *   listing or estate of the place shows them).
 * An agent's call number (api/zhcall) is not among them: the gateway logs every such call (call tracking).
 */
export const ANSWER_MEMO_NAMES = ['problemAsk', 'nearby', 'communityBrief', 'similarListings'] as const;
export type AnswerMemoName = (typeof ANSWER_MEMO_NAMES)[number];
/** The time to live of a named memo, in ms; without a registry (a script, a test without one), a minute. */
export type MemoTtl = (name: AnswerMemoName) => number;
export const DEFAULT_MEMO_TTL: MemoTtl = () => 60_000;

/**
 * A keyed async value kept for `ttlMs` (SPEC 9: the 1-hour second cache; a function is read at each store, 0 keeps
 * nothing): at most `max` keys, one request in flight per key shared by its callers, and a failure never cached (the
 * next call asks again). `extra` (the caller's CallContext) goes to the fetch of a miss only; it is not part of the key.
 */
export function memoByKey<K extends {}, V, X = undefined>(
  fetch: (key: K, extra: X) => Promise<V>,
  opts: { max: number; ttlMs: number | (() => number) },
) {
  const ttlOf = typeof opts.ttlMs === 'number' ? () => opts.ttlMs as number : opts.ttlMs;
  // Every entry is stored with its own TTL; the cache-wide one only turns TTL tracking on.
  const cache = new LRUCache<K, { value: V }>({ max: opts.max, ttl: 1 });
  const inflight = new Map<K, Promise<V>>();
  return {
    get(key: K, extra: X): Promise<V> {
      const hit = cache.get(key);
      if (hit) return Promise.resolve(hit.value);
      let p = inflight.get(key);
      if (!p) {
        p = fetch(key, extra)
          .then((value) => {
            const ttl = ttlOf();
            if (ttl > 0) cache.set(key, { value }, { ttl });
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
