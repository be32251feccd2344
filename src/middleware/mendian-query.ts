import { errors } from '../errors.ts';
import { hasMendianQuery, mendianFromQuery, mendianListHref, parseMendianTail } from '../lib/mendian-filters.ts';
import type { Middleware } from '../pipeline/types.ts';

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * `mendian-query` (registry middleware of the /mendian/* store list): a district or page given as query parameters,
 * and tails written in another case or form (`qy3` for `yuelu`, `pg1`), redirect (301) to the one canonical path; an
 * unknown tail is the 404 screen. `?lat=&lng=` stays: it orders the page, it is no filter.
 */
export const mendianQuery: Middleware = async (ctx) => {
  const dict = await ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId);
  const parsed = parseMendianTail(ctx.params['*'] ?? '', dict);
  if (!parsed) throw errors.pageNotFound();
  const fromQuery = hasMendianQuery(ctx.query);
  const canonical = mendianListHref(fromQuery ? mendianFromQuery(ctx.query, dict, parsed) : parsed, dict);
  const here = decoded(ctx.path);
  if (!fromQuery && here !== null && here === decoded(canonical)) return;
  const keep = ctx.query.lat && ctx.query.lng ? `?${new URLSearchParams({ lat: ctx.query.lat, lng: ctx.query.lng })}` : '';
  return { kind: 'redirect', status: 301, location: canonical + keep };
};
