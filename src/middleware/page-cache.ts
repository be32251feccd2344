import { pageCacheKey } from '../../plugins/page-cache-store.ts';
import type { Middleware } from '../pipeline/types.ts';
import { carriesMemberCookie } from './authenticated.ts';

/**
 * SPEC 9 page cache, the fill side: key = site kind + resolved city + path + query. Never filled for a member's
 * request or a `no-cache` page; a miss marks the render so that a 200 fills the cache. Hits never get here: they
 * are answered before routing (plugins/page-cache-store.ts).
 */
export const pageCache: Middleware = (ctx) => {
  const { req, reply, page } = ctx;
  reply.header('x-cache', 'MISS');
  if (page.cache === 'no-cache' || carriesMemberCookie(req) || req.method !== 'GET') return;
  ctx.cacheFill = { key: pageCacheKey(ctx.siteKind, ctx.city.cityId, ctx.url), ttlMs: page.cache * 1000 };
};
