import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { BROTLI_WINDOW_BITS } from './brotli-window.ts';
import { isFresh } from './etag.ts';
import { publicPageCacheControl, setPublicCaching } from './http-cache.ts';
import type { PageContext, SiteKind } from './pipeline/types.ts';
import type { Registry } from './registry/load.ts';

/**
 * The page cache (SPEC 9; DESIGN "The cache never leaks"), in one module: the key, the rule for what may be kept,
 * the store, the hit and the fill. The hit is answered before routing (plugins/page-cache.ts); the `page-cache`
 * middleware marks a render that may fill it; the document handler fills it.
 */

export interface CachedPage {
  /**
   * The page's brotli and gzip forms, made once at fill time: a hit costs no compression. The plain body is not kept
   * (issue 35 part 3): it was two thirds of an entry's bytes, so the same byte bound now holds about three times the
   * pages, and the rare client that accepts neither gets it unzipped from the gzip form.
   */
  bodies: Record<Encoding, Buffer>;
  etag: string;
  contentType: string;
  /** The registry the page was rendered under: a hot reload (new routes, cache policies) retires it. */
  registry: Registry;
}

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * The key: site kind, resolved city, path, and the page's own query keys in a fixed order (the pipeline hands a
 * cached page only those, src/pipeline/query-keys.ts), so `?utm=1` and `?a=1&b=2` vs `?b=2&a=1` are one entry.
 */
export function pageCacheKey(siteKind: SiteKind, cityId: number, path: string, query: Record<string, string>): string {
  const keys = Object.keys(query).sort();
  let key = `${siteKind}|${cityId}|${path}`;
  for (let i = 0; i < keys.length; i++) key += `${i === 0 ? '?' : '&'}${encodeURIComponent(keys[i])}=${encodeURIComponent(query[keys[i]])}`;
  return key;
}

/**
 * What a validator may be given and the cache may keep: a complete 200 (no section lost to a failed call) of a page
 * that is not `no-cache`, rendered for a visitor.
 */
export function cacheable(ctx: PageContext, status: number): boolean {
  return fillRefusal(ctx, status) === null;
}

/**
 * Why the render of `ctx` may not be kept (the rule of `cacheable`, worded for the metrics' REFUSED reason, issue 36):
 * not a 200, a no-cache page, a member's page, a section lost to a failed call, or the page's own reason (a free-text
 * search); null: it may be kept.
 */
export function fillRefusal(ctx: PageContext, status: number): string | null {
  if (status !== 200) return 'status';
  if (ctx.page.cache === 'no-cache') return 'no-cache';
  if (ctx.user !== null) return 'member';
  if (ctx.degraded) return 'degraded';
  return ctx.uncacheable || null;
}

export interface PageCacheOptions {
  /** SPEC 9: 5000 entries. */
  maxEntries?: number;
  maxBytes?: number;
  /** SPEC 9: 2 minutes, unless the page's registry entry says otherwise. */
  ttlMs?: number;
}

const sizeOf = (page: CachedPage) => page.bodies.br.length + page.bodies.gzip.length + 512;

/**
 * A body the store alone holds, in memory of exactly its size, so that the byte bound is what the process keeps
 * (issue 35 part 3). zlib's synchronous calls return a slice of their 16 KB output chunk when the result fits in one:
 * a page of 3 KB brotli held 16 KB, and most pages' forms are under 16 KB. A page from Redis is a slice of its record.
 */
function owned(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const copy = Buffer.allocUnsafeSlow(body.length);
  body.copy(copy);
  return copy;
}

/** One entry as the ops console lists it (issue 36 part 2). */
export interface StoredPage {
  key: string;
  /** What the entry counts against the byte bound. */
  bytes: number;
  /** The hits it answered since it was stored here. */
  hits: number;
  /** Time it has left. */
  ttlMs: number;
}

export function createPageStore(opts: PageCacheOptions = {}) {
  const pages = new LRUCache<string, CachedPage>({
    max: opts.maxEntries ?? 5000,
    maxSize: opts.maxBytes ?? 128 * 1024 * 1024,
    sizeCalculation: (page, key) => sizeOf(page) + key.length,
    ttl: opts.ttlMs ?? 120_000,
  });
  // Issue 36 part 2: the hits of each stored copy, gone with it (a refill starts at 0).
  const hits = new WeakMap<CachedPage, number>();
  return {
    /** The entry for `key` rendered under `registry`; one from an older registry is dropped. */
    get(key: string, registry: Registry): CachedPage | undefined {
      const hit = pages.get(key);
      if (hit && hit.registry !== registry) {
        pages.delete(key);
        return undefined;
      }
      return hit;
    },
    fill(key: string, entry: { body: Buffer; etag: string; contentType: string; registry: Registry }, ttlMs: number): CachedPage {
      const page: CachedPage = {
        bodies: {
          br: owned(
            brotliCompressSync(entry.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
                [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
              },
            }),
          ),
          gzip: owned(gzipSync(entry.body, { level: 6 })),
        },
        etag: entry.etag,
        contentType: entry.contentType,
        registry: entry.registry,
      };
      pages.set(key, page, { ttl: ttlMs });
      return page;
    },
    /** Keeps a page made elsewhere (the shared level, src/page-cache-shared.ts) for the time it has left. */
    put(key: string, page: CachedPage, ttlMs: number): CachedPage {
      const kept = { ...page, bodies: { br: owned(page.bodies.br), gzip: owned(page.bodies.gzip) } };
      pages.set(key, kept, { ttl: ttlMs });
      return kept;
    },
    has(key: string): boolean {
      return pages.has(key);
    },
    /** How long `key` stays, in ms (0 when it is not kept). */
    remainingMs(key: string): number {
      return pages.getRemainingTTL(key);
    },
    get size() {
      return pages.size;
    },
    /** The bytes the entries count against the bound (bodies, keys, 512 for the rest). */
    get bytes() {
      return pages.calculatedSize;
    },
    clear(): void {
      pages.clear();
    },
    /** Drops one page (a write changed what it shows, e.g. a new answer on a question). */
    forget(key: string): void {
      pages.delete(key);
    },
    /** Counts a hit answered with `page` (issue 36 part 2: the console's most-hit keys). */
    noteHit(page: CachedPage): void {
      hits.set(page, (hits.get(page) ?? 0) + 1);
    },
    /** Every live entry, most recently used first (the console's statistics; not for the request path). */
    *entries(): Generator<StoredPage> {
      for (const [key, page] of pages.entries()) {
        yield { key, bytes: sizeOf(page) + key.length, hits: hits.get(page) ?? 0, ttlMs: Math.max(0, pages.getRemainingTTL(key)) };
      }
    },
    /** Drops every entry whose key passes `test`; returns how many (the console's purge). */
    forgetWhere(test: (key: string) => boolean): number {
      let dropped = 0;
      for (const key of [...pages.keys()]) {
        if (test(key) && pages.delete(key)) dropped++;
      }
      return dropped;
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;

/** How fresh a cached page is: its registry TTL and how long ago it was rendered, in seconds. */
export interface Freshness {
  ttlSeconds: number;
  ageSeconds: number;
}

/**
 * Answers from a cached page: 304 when the visitor's copy is current, else the body in the best encoding the client
 * accepts (already compressed: the compression plugin leaves an answer with a content-encoding alone). Both carry
 * the page's public caching (src/http-cache.ts) and, from the cache, its `Age`: a CDN in front keeps it for what is
 * left of its TTL, so a page is never older than its TTL anywhere (issue 36 part 4).
 */
export function sendCachedPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cacheResult: 'HIT' | 'MISS',
  freshness: Freshness,
): FastifyReply {
  setPublicCaching(reply, publicPageCacheControl(freshness.ttlSeconds, page.registry.file.site.httpCache))
    .header('etag', page.etag)
    .header('x-cache', cacheResult)
    .type(page.contentType);
  if (freshness.ageSeconds > 0) reply.header('age', String(freshness.ageSeconds));
  if (isFresh(req.headers, page.etag)) return reply.code(304).send();
  const accept = req.headers['accept-encoding'];
  const encoding = accept ? (negotiate(accept, ENCODINGS) as Encoding | null) : null;
  if (!encoding) return reply.code(200).send(gunzipSync(page.bodies.gzip));
  reply.header('content-encoding', encoding);
  return reply.code(200).send(page.bodies[encoding]);
}
