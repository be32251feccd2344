import { errors } from '../errors.ts';
import { hasSchoolQuery, parseSchoolTail, schoolFromQuery, schoolListHref } from '../lib/school-filters.ts';
import type { Middleware } from '../pipeline/types.ts';

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * `school-query` (registry middleware of /school/*): filters given as query parameters, and tails written in another
 * order or case, redirect (301) to the one canonical path; an unknown tail is the 404 screen (as listing-query does for
 * the listing lists). The districts come from the city's location dictionary (cached 1 hour in src/api).
 */
export const schoolQuery: Middleware = async (ctx) => {
  const { regions } = await ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId);
  const parsed = parseSchoolTail(ctx.params['*'] ?? '', regions);
  if (!parsed) throw errors.pageNotFound();
  const fromQuery = hasSchoolQuery(ctx.query);
  const canonical = schoolListHref(fromQuery ? schoolFromQuery(ctx.query, regions, parsed) : parsed, regions);
  if (fromQuery) return { kind: 'redirect', status: 301, location: canonical };
  const here = decoded(ctx.path);
  if (here !== null && here === decoded(canonical)) return;
  return { kind: 'redirect', status: 301, location: canonical };
};
