import { LRUCache } from 'lru-cache';

/**
 * Gateway answers that many pages share, kept for a while (issues 20 and 35): a detail page makes a dozen gateway
 * calls, and these need not be made again for every view. Each kind is named; its time to live in seconds is the
 * registry's `site.answerMemo.ttlSeconds.<name>` (0: not kept), read whenever an answer is stored, so a reload retunes
 * it; all of them together are bounded by `site.answerMemo.maxBytes` (read when the first answer is stored).
 * - problemAsk: a city's common questions for a kind of listing;
 * - nearby: the places around a point (a location map);
 * - communityBrief: a community's card (every listing of the community shows it);
 * - similarListings: the listings of a community (or shop area, or district) of a kind, the estates of a district (every
 *   listing or estate of the place shows them).
 * An agent's call number (api/zhcall) is not among them: the gateway logs every such call (call tracking).
 */
export const ANSWER_MEMO_NAMES = ['problemAsk', 'nearby', 'communityBrief', 'similarListings'] as const;
export type AnswerMemoName = (typeof ANSWER_MEMO_NAMES)[number];
export interface AnswerMemoSettings {
  maxBytes: number;
  ttlSeconds: Record<AnswerMemoName, number>;
}
/** Without a registry (a script, a test without one): 16 MB, a minute each. */
export const DEFAULT_ANSWER_MEMO: AnswerMemoSettings = {
  maxBytes: 16 * 1024 * 1024,
  ttlSeconds: { problemAsk: 60, nearby: 60, communityBrief: 60, similarListings: 60 },
};

/**
 * What an answer costs the process, estimated once when it is stored: its JSON length in UTF-16 (V8 keeps the decoded
 * objects, which are about that size or more), so the byte bound holds for pages of listings as for a short list.
 */
const approxBytes = (value: unknown) => (JSON.stringify(value)?.length ?? 0) * 2 + 64;

/** The one store of the named shared answers: byte-bounded, each answer with the TTL of its name. */
export function createAnswerMemo(settings: () => AnswerMemoSettings = () => DEFAULT_ANSWER_MEMO) {
  let store: LRUCache<string, { value: unknown; bytes: number }> | null = null;
  const storeOf = () => {
    store ??= new LRUCache({
      maxSize: settings().maxBytes,
      sizeCalculation: (entry, key) => entry.bytes + key.length * 2,
      // Every entry is stored with its own TTL; the cache-wide one only turns TTL tracking on.
      ttl: 1,
    });
    return store;
  };
  return {
    /** A memo of one kind: `key` must name everything the answer depends on. */
    of<V, X>(name: AnswerMemoName, fetch: (key: string, extra: X) => Promise<V>) {
      const inflight = new Map<string, Promise<V>>();
      return {
        get(key: string, extra: X): Promise<V> {
          const full = `${name}|${key}`;
          const hit = storeOf().get(full);
          if (hit) return Promise.resolve(hit.value as V);
          let p = inflight.get(full);
          if (!p) {
            p = fetch(key, extra)
              .then((value) => {
                const ttl = settings().ttlSeconds[name] * 1000;
                if (ttl > 0) storeOf().set(full, { value, bytes: approxBytes(value) }, { ttl });
                return value;
              })
              .finally(() => inflight.delete(full));
            inflight.set(full, p);
          }
          return p;
        },
      };
    },
    /** Bytes held now (for the bench and ops). */
    get bytes() {
      return store?.calculatedSize ?? 0;
    },
  };
}
export type AnswerMemo = ReturnType<typeof createAnswerMemo>;

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
