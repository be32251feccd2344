import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createPageStore, type PageCacheOptions, type PageStore, pageCacheKey, sendCachedPage } from '../src/page-cache.ts';
import { flatQuery } from '../src/pipeline/context.ts';
import { pickQuery } from '../src/pipeline/query-keys.ts';
import type { Registry } from '../src/registry/load.ts';
import { isMember } from '../src/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageStore;
  }
}

/**
 * Answers a visitor's GET or HEAD from the page cache as soon as the city is known and the redirect rules have passed,
 * without running the page (src/page-cache.ts has the rules). Only pages the `page-cache` middleware filled are in the
 * store; a member (a cookie that verifies) never reads it; query keys the page does not read do not change the key.
 */
const pageCachePlugin: FastifyPluginAsync<PageCacheOptions> = async (app, opts) => {
  // One store per registry version, sized by its `site.pageCache`: a reload retires every page and applies new bounds.
  const stores = new WeakMap<Registry, PageStore>();
  const storeOf = (registry: Registry): PageStore => {
    let store = stores.get(registry);
    if (!store) {
      const { maxEntries, maxBytes } = registry.file.site.pageCache;
      store = createPageStore({ maxEntries: opts.maxEntries ?? maxEntries, maxBytes: opts.maxBytes ?? maxBytes, ttlMs: opts.ttlMs });
      stores.set(registry, store);
    }
    return store;
  };
  app.decorate('pageCache', {
    get: (key, registry) => storeOf(registry).get(key, registry),
    fill: (key, entry, ttlMs) => storeOf(entry.registry).fill(key, entry, ttlMs),
    clear: () => storeOf(app.registry.current).clear(),
    forget: (key) => storeOf(app.registry.current).forget(key),
    get size() {
      return storeOf(app.registry.current).size;
    },
  } satisfies PageStore);
  const store = app.pageCache;

  app.addHook('onRequest', async function answerFromPageCache(req: FastifyRequest, reply: FastifyReply) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.city) return;
    const registry = app.registry.current;
    const q = req.url.indexOf('?');
    const path = q === -1 ? req.url : req.url.slice(0, q);
    const match = registry.pages.match(path);
    if (!match) return;
    const keys = app.queryKeysOf(registry, match.target);
    if (!keys || isMember(req)) return;
    const key = pageCacheKey(req.siteKind, req.city.cityId, path, pickQuery(flatQuery(req.query), keys));
    const hit = store.get(key, registry);
    if (hit) return sendCachedPage(req, reply, hit, 'HIT');
  });
};

export default fp(pageCachePlugin, {
  name: 'portal-page-cache',
  fastify: '5.x',
  dependencies: ['portal-registry', 'portal-city', 'portal-redirects'],
});
