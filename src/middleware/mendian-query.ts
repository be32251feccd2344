import { errors } from '../errors.ts';
import { hasMendianQuery, mendianFromQuery, mendianListHref, parseMendianTail, visitorPosition } from '../lib/mendian-filters.ts';
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
  // the visitor's position is kept rounded to 2 decimals (about 1 km): one cached page per square, not per phone
  const pos = visitorPosition(ctx.query);
  const keep = pos ? `?${new URLSearchParams({ lat: pos.lat.toFixed(2), lng: pos.lng.toFixed(2) })}` : '';
  const rounded = !pos || (ctx.query.lat === pos.lat.toFixed(2) && ctx.query.lng === pos.lng.toFixed(2));
  const here = decoded(ctx.path);
  if (!fromQuery && rounded && here !== null && here === decoded(canonical)) return;
  return { kind: 'redirect', status: 301, location: canonical + keep };
};
