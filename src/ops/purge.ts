import type { FastifyBaseLogger } from 'fastify';
import type { CdnPurge as CdnPurgeClient, PurgeCaller } from '../cdn-purge.ts';
import { describePurge, type PurgeResult, type PurgeTarget } from '../page-cache-purge.ts';
import { describeCaller, type OpsCaller } from './auth.ts';

/**
 * Issue 36 part 2: a purge from the ops console, in one place: the page cache's two levels in every process
 * (plugins/page-cache.ts `purge`), then the CDN, then one log line saying who purged what (pino adds when).
 */

/**
 * The CDN's purge (issue 36 part 4). Called once per purge, after the portal's own copies are gone, with the paths
 * dropped (none for `all`: purge the whole site).
 */
export type CdnPurge = (target: PurgeTarget, paths: string[], caller: PurgeCaller) => Promise<void>;

/** No CDN configured: nothing to tell. */
export const noCdnPurge: CdnPurge = async () => {};

/** The site's whole tree on one host, as a CDN's purge hook is asked for it (docs/ops.md "The purge hook"). */
export const EVERYTHING = '/*';

/**
 * The console's purge through the CDN hook (src/cdn-purge.ts, CDN_PURGE_URL): a page-cache key holds a city, a
 * console purge names a path or an entry in every city, so the CDN is asked to drop the paths on every city's hosts
 * (the gateway's city list), and `/*` on each for everything.
 */
export function cdnPurgeFor(cdn: CdnPurgeClient, cityIds: (caller: PurgeCaller) => Promise<number[]>): CdnPurge {
  return async (target, paths, caller) => {
    if (!cdn.enabled) return;
    const list = target.kind === 'all' ? [EVERYTHING] : paths;
    if (list.length === 0) return;
    for (const cityId of await cityIds(caller)) cdn.purgePaths(list, cityId, caller);
  };
}

export interface PurgeOutcome extends PurgeResult {
  /** What the CDN said: `ok`, or `failed` (logged). */
  cdn: 'ok' | 'failed';
}

export async function runPurge(
  deps: { purge(target: PurgeTarget): Promise<PurgeResult>; cdnPurge: CdnPurge; log: FastifyBaseLogger },
  target: PurgeTarget,
  caller: OpsCaller,
): Promise<PurgeOutcome> {
  const result = await deps.purge(target);
  let cdn: PurgeOutcome['cdn'] = 'ok';
  // The one call point of the CDN purge: after our own copies are gone, so a CDN refill gets the new page.
  try {
    await deps.cdnPurge(target, result.paths, { log: deps.log });
  } catch (err) {
    cdn = 'failed';
    deps.log.error({ purge: describePurge(target), err: (err as Error).message }, 'ops: CDN purge failed');
  }
  deps.log.warn(
    {
      ops: 'purge',
      by: describeCaller(caller),
      purge: describePurge(target),
      local: result.local,
      redis: result.redis,
      everyProcess: result.everyProcess,
      paths: result.paths.length,
      cdn,
    },
    'ops: page cache purged',
  );
  return { ...result, cdn };
}
