import type { FastifyBaseLogger } from 'fastify';
import got from 'got';

/**
 * The CDN purge hook (issue 36 part 4; docs/ops.md "HTTP caching and the CDN"). With CDN_PURGE_URL set, what the page
 * cache drops for a write (`pageCache.invalidate`) and what the ops console purges is also dropped by the CDN in
 * front: one `POST CDN_PURGE_URL` with `{"urls": [absolute URLs]}` (JSON) and the caller's `x-request-id`. It is fire
 * and forget: the write never waits for it and never fails because of it; its outcome is logged with the request id.
 * The purges a request asks for in one turn of the event loop (a write that drops several pages) go in one call.
 */

/** Who asks for a purge: the logger its outcome is written with (a request's carries its id) and the request id. */
export interface PurgeCaller {
  log: FastifyBaseLogger;
  reqId?: string;
}

export interface CdnPurge {
  /** True when CDN_PURGE_URL is set: otherwise the calls below do nothing. */
  readonly enabled: boolean;
  /** Asks the CDN to drop these absolute URLs (`https://wh.example.com/wenda/1.html`). */
  purgeUrls(urls: readonly string[], caller: PurgeCaller): void;
  /** Asks the CDN to drop these paths (with their query, `/zixun/details?id=1`) on every host of city `cityId`. */
  purgePaths(paths: readonly string[], cityId: number, caller: PurgeCaller): void;
  /** Resolves once every purge asked for so far has been sent and answered (shutdown, tests). */
  settled(): Promise<void>;
}

export interface CdnPurgeOptions {
  /** CDN_PURGE_URL; unset, nothing is sent. */
  url?: string;
  /** The origins (`scheme://host[:port]`) a city's pages are served on; a failure leaves that city's paths out. */
  originsOf: (cityId: number, caller: PurgeCaller) => Promise<string[]>;
  /** How long the hook may take to answer (default 5 s); it is not retried: ops can purge again from the console. */
  timeoutMs?: number;
}

/** At most this many URLs are written into one log line (the count is always there). */
const LOGGED_URLS = 50;

interface Batch {
  caller: PurgeCaller;
  urls: Set<string>;
  pathsByCity: Map<number, Set<string>>;
}

export function createCdnPurge(opts: CdnPurgeOptions): CdnPurge {
  const { url } = opts;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const batches = new Map<unknown, Batch>();
  const inFlight = new Set<Promise<void>>();
  let flushTimer: NodeJS.Immediate | null = null;

  function batchOf(caller: PurgeCaller): Batch {
    const id = caller.reqId ?? caller.log;
    let batch = batches.get(id);
    if (!batch) {
      batch = { caller, urls: new Set(), pathsByCity: new Map() };
      batches.set(id, batch);
    }
    flushTimer ??= setImmediate(flush);
    return batch;
  }

  function flush(): void {
    if (flushTimer) clearImmediate(flushTimer);
    flushTimer = null;
    const due = [...batches.values()];
    batches.clear();
    for (const batch of due) {
      const sending = send(batch)
        .catch((err) => batch.caller.log.error({ err }, 'CDN purge failed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
  }

  async function send(batch: Batch): Promise<void> {
    const urls = new Set(batch.urls);
    for (const [cityId, paths] of batch.pathsByCity) {
      let origins: string[];
      try {
        origins = await opts.originsOf(cityId, batch.caller);
      } catch (err) {
        batch.caller.log.warn({ err, cityId, paths: [...paths] }, "CDN purge: the city's hosts are unknown; its paths are not purged");
        continue;
      }
      for (const origin of origins) for (const path of paths) urls.add(origin + path);
    }
    if (urls.size > 0) await post([...urls], batch.caller);
  }

  async function post(urls: string[], caller: PurgeCaller): Promise<void> {
    const started = performance.now();
    const facts = () => ({ count: urls.length, urls: urls.slice(0, LOGGED_URLS), ms: Math.round(performance.now() - started) });
    try {
      const res = await got.post(url as string, {
        json: { urls },
        headers: caller.reqId ? { 'x-request-id': caller.reqId } : {},
        timeout: { request: timeoutMs },
        retry: { limit: 0 },
        throwHttpErrors: false,
      });
      if (res.statusCode >= 200 && res.statusCode < 300)
        caller.log.info({ cdnPurge: { ...facts(), status: res.statusCode } }, 'CDN purge done');
      else caller.log.warn({ cdnPurge: { ...facts(), status: res.statusCode } }, 'CDN purge refused by the hook');
    } catch (err) {
      caller.log.warn({ err, cdnPurge: facts() }, 'CDN purge failed');
    }
  }

  return {
    enabled: Boolean(url),
    purgeUrls(urls, caller) {
      if (!url || urls.length === 0) return;
      const batch = batchOf(caller);
      for (const u of urls) batch.urls.add(u);
    },
    purgePaths(paths, cityId, caller) {
      if (!url || paths.length === 0) return;
      const batch = batchOf(caller);
      let forCity = batch.pathsByCity.get(cityId);
      if (!forCity) {
        forCity = new Set();
        batch.pathsByCity.set(cityId, forCity);
      }
      for (const p of paths) forCity.add(p);
    },
    async settled() {
      if (flushTimer) flush();
      await Promise.all([...inFlight]);
    },
  };
}
