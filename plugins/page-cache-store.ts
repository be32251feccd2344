import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { carriesMemberCookie } from '../src/middleware/authenticated.ts';
import type { SiteKind } from '../src/pipeline/types.ts';
import type { Registry } from '../src/registry/load.ts';

export interface CachedPage {
  body: Buffer;
  headers: Record<string, string>;
  /** The registry the page was rendered under: a hot reload (new routes, cache policies) retires it. */
  registry: Registry;
}

/** SPEC 9 page-cache key: site kind + resolved city + path + query. */
export const pageCacheKey = (siteKind: SiteKind, cityId: number, url: string): string => `${siteKind}|${cityId}|${url}`;

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

/**
 * The rendered-page store behind the page-cache middleware: pages are kept as Buffers, bounded in count and bytes.
 * A hit is answered here, as soon as the city is known and the redirect rules have passed, without routing or
 * running the page's pipeline: only pages the page-cache middleware filled are in the store (an anonymous 200 of a
 * page whose chain holds `page-cache` and whose cache policy is a TTL), and a member's request never reads it.
 */
const pageCacheStore: FastifyPluginAsync<PageCacheOptions> = async (app, opts) => {
  const pages = new LRUCache<string, CachedPage>({
    max: opts.maxEntries ?? 5000,
    maxSize: opts.maxBytes ?? 128 * 1024 * 1024,
    sizeCalculation: (v, k) => v.body.length + k.length + 256,
    ttl: opts.ttlMs ?? 120_000,
  });
  app.decorate('pageCache', pages);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.city || carriesMemberCookie(req)) return;
    const key = pageCacheKey(req.siteKind, req.city.cityId, req.url);
    const hit = pages.get(key);
    if (!hit) return;
    if (hit.registry !== app.registry.current) {
      pages.delete(key);
      return;
    }
    return reply.code(200).headers(hit.headers).header('x-cache', 'HIT').send(hit.body);
  });
};

export default fp(pageCacheStore, {
  name: 'portal-page-cache-store',
  fastify: '5.x',
  dependencies: ['portal-registry', 'portal-city', 'portal-redirects'],
});
