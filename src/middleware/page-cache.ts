import type { Middleware } from '../pipeline/types.ts';
import { carriesMemberCookie } from './authenticated.ts';

/**
 * SPEC 9 page cache: key = site kind + resolved city + path + query. Never read or filled for a member's
 * request or a `no-cache` page. A hit answers at once; a miss marks the render so that a 200 fills the cache.
 */
export const pageCache: Middleware = (ctx) => {
  const { req, reply, page } = ctx;
  reply.header('x-cache', 'MISS');
  if (page.cache === 'no-cache' || carriesMemberCookie(req) || req.method !== 'GET') return;
  const key = `${ctx.siteKind}|${ctx.city.cityId}|${ctx.url}`;
  const hit = req.server.pageCache.get(key);
  if (hit) {
    return { kind: 'response', status: 200, headers: { ...hit.headers, 'x-cache': 'HIT' }, body: hit.body };
  }
  ctx.cacheFill = { key, ttlMs: page.cache * 1000 };
};
