import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type CachedPage,
  createPageStore,
  type PageCacheOptions,
  type PageStore,
  pageCacheKey,
  sendCachedPage,
} from '../src/page-cache.ts';
import {
  decodePage,
  encodePage,
  GENERATION_KEY,
  isPageCacheMessage,
  PAGE_CACHE_CHANNEL,
  type PageCacheMessage,
  sharedKey,
} from '../src/page-cache-shared.ts';
import { flatQuery } from '../src/pipeline/context.ts';
import { pickQuery } from '../src/pipeline/query-keys.ts';
import { type RedisChannel, redisChannel } from '../src/redis-channel.ts';
import type { Registry } from '../src/registry/load.ts';
import { compilePattern, fillPattern } from '../src/registry/match.ts';
import { isMember } from '../src/session.ts';
import { tracePageCacheLookup } from '../src/tracing/stages.ts';

/** The page cache as the app holds it: the in-process LRU, and with REDIS_URL the shared level behind it. */
export interface SharedPageStore extends PageStore {
  /** The page for `key`: from this process's LRU, else (REDIS_URL) from Redis, kept here for the time it has left. */
  lookup(key: string, registry: Registry): Promise<CachedPage | undefined>;
  /** Moves to the next cache generation: every page retires on both levels and in every process. */
  retireAll(): Promise<void>;
  /** The cache generation this process serves (the same in every process while Redis is reachable). */
  readonly generation: number;
  /** True while pages are shared through Redis. */
  shared(): boolean;
  /**
   * Issue 33, the one way a write drops cached pages: every cached copy of the registry page `entryName` for `params`
   * (its path parameters and query keys) in city `cityId`, mobile and PC, on both levels and in every process.
   */
  invalidate(entryName: string, params: Record<string, string>, cityId: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: SharedPageStore;
  }
}

export interface PageCachePluginOptions extends PageCacheOptions {
  /** config.redisUrl: set, the cache is two-level (src/page-cache-shared.ts); unset, this process's LRU alone. */
  redisUrl?: string;
}

const noop = () => {};

/**
 * Answers a visitor's GET or HEAD from the page cache as soon as the city is known and the redirect rules have passed,
 * without running the page (src/page-cache.ts has the rules). Only pages the `page-cache` middleware filled are in the
 * store; a member (a cookie that verifies) never reads it; query keys the page does not read do not change the key.
 * With REDIS_URL a page filled by any process is a hit in every other (issue 20; src/page-cache-shared.ts).
 */
const pageCachePlugin: FastifyPluginAsync<PageCachePluginOptions> = async (app, opts) => {
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

  // The generation is part of every key, here and in Redis: moving to the next one retires every page at once.
  let generation = 0;
  const localKey = (g: number, key: string) => `${g}|${key}`;
  const moveTo = (g: number) => {
    if (g === generation) return;
    generation = g;
    storeOf(app.registry.current).clear();
    app.log.info({ generation: g }, 'page cache: every page retired (next generation)');
  };

  let channel: RedisChannel<PageCacheMessage> | null = null;
  let retiredWhileAlone = false;
  if (opts.redisUrl) {
    const ch = await redisChannel<PageCacheMessage>({
      url: opts.redisUrl,
      log: app.log.child({ component: 'page-cache' }),
      channel: PAGE_CACHE_CHANNEL,
      isMessage: isPageCacheMessage,
      words: { what: 'the page cache', alone: 'is kept by each process alone', message: 'page-cache message' },
    });
    channel = ch;
    ch.subscribe((message) => {
      if (message.type === 'generation') moveTo(message.generation);
      else storeOf(app.registry.current).forget(localKey(generation, message.key));
    });
    // On every (re)connection: join the generation the others serve, or, after a reload while Redis was away, make
    // them all move on.
    ch.onShared(() => {
      if (retiredWhileAlone) {
        retiredWhileAlone = false;
        void retireAll();
        return;
      }
      ch.commands.get(GENERATION_KEY).then((g) => moveTo(Number(g ?? 0)), noop);
    });
    app.addHook('onClose', async function closePageCacheChannel() {
      await ch.close();
    });
  }
  const shared = () => channel?.shared() ?? false;

  async function retireAll(): Promise<void> {
    if (channel && shared()) {
      try {
        const g = await channel.commands.incr(GENERATION_KEY);
        moveTo(g);
        await channel.publish({ type: 'generation', generation: g });
        return;
      } catch {
        // Redis went away in between: retire here, and make the others follow once it is back.
      }
    }
    retiredWhileAlone = channel !== null;
    moveTo(generation + 1);
  }
  app.registry.onReload(() => void retireAll());

  app.decorate('pageCache', {
    get: (key, registry) => storeOf(registry).get(localKey(generation, key), registry),
    async lookup(key, registry) {
      const g = generation;
      const local = storeOf(registry).get(localKey(g, key), registry);
      if (local || !channel || !shared()) return local;
      let record: Buffer | null;
      try {
        record = await channel.commands.getBuffer(sharedKey(registry, g, key));
      } catch {
        return undefined;
      }
      const found = record && decodePage(record, registry);
      if (!found) return undefined;
      storeOf(registry).put(localKey(g, key), found.page, found.ttlMs);
      return found.page;
    },
    fill(key, entry, ttlMs) {
      const g = generation;
      const page = storeOf(entry.registry).fill(localKey(g, key), entry, ttlMs);
      if (channel && shared()) channel.commands.set(sharedKey(entry.registry, g, key), encodePage(page, ttlMs), 'PX', ttlMs).catch(noop);
      return page;
    },
    put: (key, page, ttlMs) => storeOf(page.registry).put(localKey(generation, key), page, ttlMs),
    has: (key) => storeOf(app.registry.current).has(localKey(generation, key)),
    clear: () => {
      storeOf(app.registry.current).clear();
      if (channel) void retireAll();
    },
    forget: (key) => {
      const registry = app.registry.current;
      storeOf(registry).forget(localKey(generation, key));
      const ch = channel;
      if (!ch) return;
      // Gone from Redis first, then from every process's LRU: none can fetch the old copy back in between.
      const drop = shared() ? ch.commands.del(sharedKey(registry, generation, key)).catch(noop) : Promise.resolve();
      void drop.then(() => ch.publish({ type: 'forget', key }));
    },
    invalidate(entryName, params, cityId) {
      const registry = app.registry.current;
      const page = registry.byName.get(entryName);
      const keys = page && app.queryKeysOf(registry, page);
      if (!page) app.log.warn({ entryName }, 'page cache: invalidate names no page of the registry');
      if (!page || !keys) return;
      for (const pattern of page.paths) {
        const path = fillPattern(pattern, params);
        if (!path) continue;
        // What the path holds is no query of this pattern: `/zixun/1.html` has none, `/zixun/details` has `?id=1`.
        const inPath = new Set(compilePattern(pattern).keys);
        const query = pickQuery(Object.fromEntries(Object.entries(params).filter(([k]) => !inPath.has(k))), keys);
        for (const kind of ['mobile', 'pc'] as const) this.forget(pageCacheKey(kind, cityId, path, query));
      }
    },
    retireAll,
    get generation() {
      return generation;
    },
    shared,
    get size() {
      return storeOf(app.registry.current).size;
    },
    get bytes() {
      return storeOf(app.registry.current).bytes;
    },
  } satisfies SharedPageStore);
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
    const hit = await tracePageCacheLookup(req, match.target.name, () => store.lookup(key, registry));
    if (hit) return sendCachedPage(req, reply, hit, 'HIT');
  });
};

export default fp(pageCachePlugin, {
  name: 'portal-page-cache',
  fastify: '5.x',
  dependencies: ['portal-registry', 'portal-city', 'portal-redirects'],
});
