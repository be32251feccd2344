import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  body: Buffer;
  headers: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: LRUCache<string, CachedPage>;
  }
}

export interface PageCacheOptions {
  /** SPEC 9: 5000 entries. */
  maxEntries?: number;
  maxBytes?: number;
  /** SPEC 9: 2 minutes, unless the page's registry entry says otherwise. */
  ttlMs?: number;
}

/** The rendered-page store behind the page-cache middleware: pages are kept as Buffers, bounded in count and bytes. */
const pageCacheStore: FastifyPluginAsync<PageCacheOptions> = async (app, opts) => {
  app.decorate(
    'pageCache',
    new LRUCache<string, CachedPage>({
      max: opts.maxEntries ?? 5000,
      maxSize: opts.maxBytes ?? 128 * 1024 * 1024,
      sizeCalculation: (v, k) => v.body.length + k.length + 256,
      ttl: opts.ttlMs ?? 120_000,
    }),
  );
};

export default fp(pageCacheStore, { name: 'portal-page-cache-store', fastify: '5.x' });
