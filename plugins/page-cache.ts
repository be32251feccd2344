import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PurgeCaller } from '../src/cdn-purge.ts';
import {
  type CachedPage,
  createPageStore,
  type Freshness,
  type PageCacheOptions,
  type PageStore,
  pageCacheKey,
  sendCachedPage,
} from '../src/page-cache.ts';
import { describePurge, type PurgeResult, type PurgeTarget, pathOfKey, purgeTest } from '../src/page-cache-purge.ts';
import {
  decodePage,
  encodePage,
  GENERATION_KEY,
  isPageCacheMessage,
  PAGE_CACHE_CHANNEL,
  type PageCacheMessage,
  sharedKey,
  sharedPrefix,
  sharedUsage,
  unlinkShared,
} from '../src/page-cache-shared.ts';
import { type CacheUsage, cacheUsage, createHitWindow, type HitRatio, type SharedUsage } from '../src/page-cache-stats.ts';
import { flatQuery } from '../src/pipeline/context.ts';
import { pickQuery } from '../src/pipeline/query-keys.ts';
import { type RedisChannel, redisChannel } from '../src/redis-channel.ts';
import type { Registry } from '../src/registry/load.ts';
import { compilePattern, fillPattern } from '../src/registry/match.ts';
import type { PageEntry } from '../src/registry/types.ts';
import { isMember } from '../src/session.ts';
import { tracePageCacheLookup } from '../src/tracing/stages.ts';

/** The page cache as the app holds it: the in-process LRU, and with REDIS_URL the shared level behind it. */
export interface SharedPageStore extends Omit<PageStore, 'noteHit' | 'entries' | 'forgetWhere' | 'put'> {
  /** Keeps a page made elsewhere for the time it has left. */
  put(key: string, page: CachedPage, ttlMs: number): void;
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
   * (its path parameters and query keys) in city `cityId`, mobile and PC, on both levels and in every process; with
   * CDN_PURGE_URL the CDN in front is asked to drop the same URLs (issue 36 part 4, src/cdn-purge.ts), logged with
   * `caller`'s request id.
   */
  invalidate(entryName: string, params: Record<string, string>, cityId: number, caller?: PurgeCaller): void;
  /** Issue 36 part 2 (the ops console): this process's LRU by registry entry, its biggest and most-hit keys. */
  usage(top: number): CacheUsage;
  /** The hits and misses of this process's lookups over the last `windowSeconds`. */
  hitRatio(windowSeconds: number): HitRatio;
  /** With REDIS_URL: the shared level's entries and bytes by registry entry (a SCAN of at most `maxKeys` keys). */
  sharedUsage(maxKeys: number): Promise<SharedUsage | null>;
  /**
   * Drops every copy of a path or of a registry entry, or everything: from Redis first, then from every process's LRU
   * (through Redis pub/sub; without REDIS_URL this process only).
   */
  purge(target: PurgeTarget): Promise<PurgeResult>;
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

/** A cached page's TTL and age (seconds) from what its store says is left of it. */
function freshnessOf(page: PageEntry, remainingMs: number): Freshness {
  const ttlSeconds = typeof page.cache === 'number' ? page.cache : 0;
  return { ttlSeconds, ageSeconds: Math.max(0, Math.floor((ttlSeconds * 1000 - remainingMs) / 1000)) };
}

/** A path and its query keys in the page cache's order: the URL a CDN keeps the page under. */
function pathWithQuery(path: string, query: Record<string, string>): string {
  const keys = Object.keys(query).sort();
  return keys.length ? `${path}?${keys.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k])}`).join('&')}` : path;
}

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

  /** The registry page a cached key's path belongs to ('' when none does). */
  const entryOf = (registry: Registry) => (pageKey: string) => registry.pages.match(pathOfKey(pageKey))?.target.name ?? '';
  /** This process, in purge messages (it drops its own copies before it tells the others). */
  const self = `${process.pid}:${randomUUID()}`;
  const hits = createHitWindow(() => app.clock());
  const pageKeyOf = (local: string) => local.slice(local.indexOf('|') + 1);
  /** Drops this process's copies that `test` picks (by page key); adds their paths to `paths`. */
  const dropLocal = (test: (pageKey: string) => boolean, paths?: Set<string>) =>
    storeOf(app.registry.current).forgetWhere((local) => {
      const pageKey = pageKeyOf(local);
      if (!test(pageKey)) return false;
      paths?.add(pathOfKey(pageKey));
      return true;
    });

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
      else if (message.type === 'forget') storeOf(app.registry.current).forget(localKey(generation, message.key));
      else if (message.from !== self) {
        const dropped = dropLocal(purgeTest(message.target, app.registry.current));
        app.log.info({ purge: describePurge(message.target), dropped }, 'page cache purge applied');
      }
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
      return storeOf(registry).put(localKey(g, key), found.page, found.ttlMs);
    },
    fill(key, entry, ttlMs) {
      const g = generation;
      const page = storeOf(entry.registry).fill(localKey(g, key), entry, ttlMs);
      if (channel && shared()) channel.commands.set(sharedKey(entry.registry, g, key), encodePage(page, ttlMs), 'PX', ttlMs).catch(noop);
      return page;
    },
    put: (key, page, ttlMs) => storeOf(page.registry).put(localKey(generation, key), page, ttlMs),
    has: (key) => storeOf(app.registry.current).has(localKey(generation, key)),
    remainingMs: (key) => storeOf(app.registry.current).remainingMs(localKey(generation, key)),
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
    invalidate(entryName, params, cityId, caller) {
      const registry = app.registry.current;
      const page = registry.byName.get(entryName);
      const keys = page && app.queryKeysOf(registry, page);
      if (!page) (caller?.log ?? app.log).warn({ entryName }, 'page cache: invalidate names no page of the registry');
      if (!page || !keys) return;
      const urls: string[] = [];
      for (const pattern of page.paths) {
        const path = fillPattern(pattern, params);
        if (!path) continue;
        // What the path holds is no query of this pattern: `/zixun/1.html` has none, `/zixun/details` has `?id=1`.
        const inPath = new Set(compilePattern(pattern).keys);
        const query = pickQuery(Object.fromEntries(Object.entries(params).filter(([k]) => !inPath.has(k))), keys);
        for (const kind of ['mobile', 'pc'] as const) this.forget(pageCacheKey(kind, cityId, path, query));
        urls.push(pathWithQuery(path, query));
      }
      app.cdnPurge.purgePaths(urls, cityId, caller ?? { log: app.log });
    },
    retireAll,
    usage(top) {
      const registry = app.registry.current;
      const pages = storeOf(registry).entries();
      const stored = (function* () {
        for (const p of pages) yield { ...p, key: pageKeyOf(p.key) };
      })();
      return cacheUsage(stored, entryOf(registry), top);
    },
    hitRatio: (windowSeconds) => hits.ratio(windowSeconds),
    async sharedUsage(maxKeys) {
      const ch = channel;
      if (!ch || !shared()) return null;
      const registry = app.registry.current;
      return sharedUsage(ch.commands, sharedPrefix(registry, generation), entryOf(registry), maxKeys);
    },
    async purge(target) {
      const registry = app.registry.current;
      if (target.kind === 'all') {
        const local = storeOf(registry).size;
        await retireAll();
        return { target, local, redis: null, everyProcess: shared(), paths: [] };
      }
      const test = purgeTest(target, registry);
      const paths = new Set<string>();
      const ch = channel;
      let redis: number | null = null;
      // Gone from Redis first, then from every process's LRU: none can fetch an old copy back in between.
      if (ch && shared()) {
        try {
          redis = await unlinkShared(ch.commands, sharedPrefix(registry, generation), test, paths);
        } catch (err) {
          app.log.error({ purge: describePurge(target), err: (err as Error).message }, 'page cache purge: Redis failed');
        }
      }
      const local = dropLocal(test, paths);
      app.log.info({ purge: describePurge(target), dropped: local }, 'page cache purge applied');
      const everyProcess = ch !== null && shared();
      if (ch && target.kind === 'path') await ch.publish({ type: 'purge', target: { kind: 'path', path: target.path }, from: self });
      else if (ch && target.kind === 'entry')
        await ch.publish({ type: 'purge', target: { kind: 'entry', entry: target.entry }, from: self });
      return { target, local, redis, everyProcess, paths: [...paths] };
    },
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
    if (!hit) {
      hits.countMiss();
      return;
    }
    hits.countHit();
    storeOf(registry).noteHit(hit);
    return sendCachedPage(req, reply, hit, 'HIT', freshnessOf(match.target, store.remainingMs(key)));
  });
};

export default fp(pageCachePlugin, {
  name: 'portal-page-cache',
  fastify: '5.x',
  dependencies: ['portal-registry', 'portal-city', 'portal-redirects', 'portal-cdn-purge'],
});
