import { LRUCache } from 'lru-cache';

interface Key {
  id: string;
  segment: string;
}
type Callback<T> = (err: Error | null, value?: T) => void;

/**
 * The abstract-cache protocol that @fastify/caching stores ETags in, over lru-cache: bounded in entries and
 * cheap per call (the default memory client arms a timer per entry).
 */
export function createEtagStore(max = 20_000) {
  const lru = new LRUCache<string, true>({ max, ttl: 3_600_000 });
  const k = (key: Key) => `${key.segment}\u0000${key.id}`;
  return {
    get(key: Key, cb: Callback<{ item: true; stored: number; ttl: number } | null>) {
      cb(null, lru.get(k(key)) ? { item: true, stored: 0, ttl: lru.getRemainingTTL(k(key)) } : null);
    },
    set(key: Key, _value: unknown, ttl: number, cb: Callback<void>) {
      if (ttl > 0) lru.set(k(key), true, { ttl });
      cb(null);
    },
    has(key: Key, cb: Callback<boolean>) {
      cb(null, lru.has(k(key)));
    },
    delete(key: Key, cb: Callback<void>) {
      lru.delete(k(key));
      cb(null);
    },
  };
}
