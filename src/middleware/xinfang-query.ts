import type { Region } from '../contracts/gateway/index.ts';
import { errors } from '../errors.ts';
import {
  FILTER_QUERY_KEYS,
  filterFromQuery,
  KEYWORD_QUERY_KEYS,
  keywordOf,
  parseXinfangPath,
  slugsOf,
  xinfangPath,
} from '../lib/xinfang-filters.ts';
import type { Middleware, PageContext } from '../pipeline/types.ts';

/** The city's new-home regions (their slugs spell the path); a failure leaves the slugs out and the page uncached. */
async function regionsOf(ctx: PageContext): Promise<Region[]> {
  try {
    return await ctx.api.dictionaries.loupanRegions(ctx.call, ctx.city.cityId);
  } catch (err) {
    ctx.log.warn({ err, what: 'dictionaries.loupanRegions' }, 'optional gateway call failed');
    ctx.degraded = true;
    return [];
  }
}

const withSlash = (p: string) => (p.endsWith('/') ? p : `${p}/`);

/**
 * `xinfang-query` (registry middleware of the new-home list /xinfang/*, issue 12 point 2): filters given as query
 * parameters (`?regionId=3&typeCode=1&page=2`, the help-me-find form) and paths spelled another way (tokens out of
 * order, pg1) redirect (301) to the one path form of src/lib/xinfang-filters.ts, keeping a search word as
 * `?keyword=`; a tail that is not a filter of the city is the 404 screen (SPEC 2.4, 2.5).
 */
export const xinfangQuery: Middleware = async (ctx) => {
  const slugs = slugsOf(await regionsOf(ctx));
  const parsed = parseXinfangPath(ctx.params['*'], slugs);
  if (!parsed) throw errors.pageNotFound();
  const fromQuery = filterFromQuery(ctx.query, parsed);
  const path = xinfangPath(fromQuery ?? parsed, slugs);
  if (!fromQuery && path.toLowerCase() === withSlash(ctx.path).toLowerCase()) return;
  const keyword = keywordOf(ctx.query);
  return { kind: 'redirect', status: 301, location: keyword ? `${path}?keyword=${encodeURIComponent(keyword)}` : path };
};

/** The query keys xinfang-query reads. */
export const XINFANG_QUERY_KEYS: readonly string[] = [...FILTER_QUERY_KEYS, ...KEYWORD_QUERY_KEYS];
