import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOpsPath } from '../lib/ops-paths.ts';
import { fillRefusal } from '../page-cache.ts';
import type { PageContext } from '../pipeline/types.ts';
import type { CacheOutcome } from './portal-metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The context of the page this request ran (set by src/pipeline/handle.tsx once the path matched a registry page;
     * an error page keeps the page's), read by the metrics after the answer; null: no page ran.
     */
    pageContext: PageContext | null;
  }
}

/** The routes of src/app.ts: every page, the client-navigation data, and the action stage's door (plugins/actions.ts). */
const DOCUMENT_ROUTE = '/*';
const DATA_ROUTES: ReadonlySet<string> = new Set(['/-/data', '/-/data/*']);
const ACTION_ROUTE = '/-/*';

/** A path the router found no registry page, action or route for. */
export const UNMATCHED = 'unmatched';
export const STATIC = 'static';

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * The label a request is counted under (issue 36 part 1): its registry entry, never its URL, so the label set is
 * bounded by the registry and the routes the code registers:
 * - a page: the entry's name (`ershoufangDetail`), answered from the cache or rendered;
 * - client navigation: `data:<entry>`; an action: `action:<name>`; a file: `static`;
 * - another route of the code: `route:<its pattern>` (`route:/-/track`, `route:/sitemap.xml`);
 * - no page, action or route: `unmatched`.
 * null: an ops path (`/-/metrics`, `/-/ops`, `/-/health`), never counted (issue 36 part 5).
 */
export function createRequestLabeler() {
  const prefixed = new Map<string, string>();
  const label = (prefix: string, name: string) => {
    const key = prefix + name;
    let value = prefixed.get(key);
    if (value === undefined) {
      value = key;
      prefixed.set(key, value);
    }
    return value;
  };
  return function entryOf(req: FastifyRequest): string | null {
    const path = pathOf(req.url);
    if (isOpsPath(path)) return null;
    const route = req.routeOptions.url;
    const ctx = req.pageContext;
    if (route === DOCUMENT_ROUTE) return ctx ? ctx.page.name : (req.server.registry.current.pages.match(path)?.target.name ?? UNMATCHED);
    if (route === undefined) return UNMATCHED;
    if (DATA_ROUTES.has(route)) return label('data:', ctx ? ctx.page.name : UNMATCHED);
    if (route === ACTION_ROUTE) return label('action:', req.server.registry.current.actions.match(path)?.target.name ?? UNMATCHED);
    if (route.startsWith('/assets/') || (req.routeOptions.config as { file?: unknown } | undefined)?.file !== undefined) return STATIC;
    return label('route:', route);
  };
}

/**
 * What the page cache did for a page request (null: not a page request). The rule is the cache's own
 * (src/page-cache.ts `fillRefusal`), applied once the answer is out: by then a streamed page's secondary blocks have
 * settled, and a failed one (degraded) is why its render is not kept.
 */
export function cacheOutcomeOf(req: FastifyRequest, reply: FastifyReply): { outcome: CacheOutcome; reason?: string } | null {
  if (req.routeOptions.url !== DOCUMENT_ROUTE) return null;
  if (reply.getHeader('x-cache') === 'HIT') return HIT;
  const ctx = req.pageContext;
  if (!ctx) return null;
  if (!ctx.cacheFill) return BYPASS;
  // A render that filled the cache answers 304 to a browser that has it already.
  const reason = fillRefusal(ctx, reply.statusCode === 304 ? 200 : reply.statusCode);
  return reason ? { outcome: 'REFUSED', reason } : MISS;
}

const HIT = { outcome: 'HIT' } as const;
const MISS = { outcome: 'MISS' } as const;
const BYPASS = { outcome: 'BYPASS' } as const;
