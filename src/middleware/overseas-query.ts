import { hasOverseasQuery, overseasFromQuery, overseasListHref, parseOverseasTail } from '../lib/overseas-filters.ts';
import type { Middleware } from '../pipeline/types.ts';

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * `overseas-query` (registry middleware of /haiwaihome/list/*): filters given as query parameters, and tails in
 * another order or case, redirect (301) to the one canonical path, as listing-query does for the second-hand list; an
 * unknown tail is left to the page's `overseasTail` validator (the 404 screen). The countries come from src/api (cached
 * 1 hour).
 */
export const overseasQuery: Middleware = async (ctx) => {
  const names = (await ctx.api.dictionaries.overseasCountries(ctx.call)).map((c) => c.country);
  const parsed = parseOverseasTail(ctx.params['*'] ?? '', names);
  if (!parsed) return;
  const fromQuery = hasOverseasQuery(ctx.query);
  const canonical = overseasListHref(fromQuery ? overseasFromQuery(ctx.query, names, parsed) : parsed);
  if (fromQuery) return { kind: 'redirect', status: 301, location: canonical };
  const here = decoded(ctx.path);
  if (here !== null && here === decoded(canonical)) return;
  return { kind: 'redirect', status: 301, location: canonical };
};
