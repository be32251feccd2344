import { pageCacheKey } from '../../plugins/page-cache-store.ts';
import type { Middleware } from '../pipeline/types.ts';
import { carriesMemberCookie } from './authenticated.ts';

/**
 * SPEC 9 page cache: key = site kind + resolved city + path + query. Never read or filled for a member's
 * request or a `no-cache` page. A miss marks the render so that a 200 fills the cache. Hits are normally answered
 * before routing (plugins/page-cache-store.ts); the check here serves the rest (an entry from the previous
 * registry is re-rendered there, and a request that reaches this page by another URL form is still served).
 */
export const pageCache: Middleware = (ctx) => {
  const { req, reply, page } = ctx;
  reply.header('x-cache', 'MISS');
  if (page.cache === 'no-cache' || carriesMemberCookie(req) || req.method !== 'GET') return;
  const key = pageCacheKey(ctx.siteKind, ctx.city.cityId, ctx.url);
  const hit = req.server.pageCache.get(key);
  if (hit && hit.registry === req.server.registry.current) {
    return { kind: 'response', status: 200, headers: { ...hit.headers, 'x-cache': 'HIT' }, body: hit.body };
  }
  ctx.cacheFill = { key, ttlMs: page.cache * 1000 };
};
