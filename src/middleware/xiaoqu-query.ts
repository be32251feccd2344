import { errors } from '../errors.ts';
import { hasXiaoquQuery, parseXiaoquTail, xiaoquFromQuery, xiaoquListHref } from '../lib/xiaoqu-filters.ts';
import type { Middleware } from '../pipeline/types.ts';

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * `xiaoqu-query` (registry middleware of the /xiaoqu/* list): filters given as query parameters, and tails written in
 * another order or case, redirect (301) to the one canonical path; an unknown tail is the 404 screen (as listing-query
 * does for the second-hand list).
 */
export const xiaoquQuery: Middleware = async (ctx) => {
  const dict = await ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId);
  const parsed = parseXiaoquTail(ctx.params['*'] ?? '', dict);
  if (!parsed) throw errors.pageNotFound();
  const fromQuery = hasXiaoquQuery(ctx.query);
  const canonical = xiaoquListHref(fromQuery ? xiaoquFromQuery(ctx.query, dict, parsed) : parsed, dict);
  if (fromQuery) return { kind: 'redirect', status: 301, location: canonical };
  const here = decoded(ctx.path);
  if (here !== null && here === decoded(canonical)) return;
  return { kind: 'redirect', status: 301, location: canonical };
};
