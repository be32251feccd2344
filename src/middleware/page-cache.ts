import { pageCacheKey } from '../page-cache.ts';
import type { Middleware } from '../pipeline/types.ts';
import { isMember } from '../session.ts';

/**
 * SPEC 9 page cache, the fill side (the rules are in src/page-cache.ts): a miss marks the render so that a complete
 * 200 for a visitor fills the cache. Hits never get here: they are answered before routing (plugins/page-cache.ts).
 */
export const pageCache: Middleware = (ctx) => {
  const { req, reply, page } = ctx;
  reply.header('x-cache', 'MISS');
  if (page.cache === 'no-cache' || req.method !== 'GET' || isMember(req)) return;
  ctx.cacheFill = { key: pageCacheKey(ctx.siteKind, ctx.city.cityId, ctx.path, ctx.query), ttlMs: page.cache * 1000 };
};
