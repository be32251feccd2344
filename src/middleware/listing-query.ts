import { listAddress, listSpecOf } from '../lib/list-specs.ts';
import type { Middleware } from '../pipeline/types.ts';

/**
 * `listing-query` (registry middleware of the second-hand, rental, short-term and commercial lists; the list is the
 * page's `params.list`): filters given as query parameters, and tails written in another order or case, redirect
 * (301) to the one canonical path form (SPEC 2.5, 9). An unknown tail is left to the page's `listTail` validator (the
 * 404 screen). The rule is src/lib/list-specs.ts; the city's location dictionary comes from src/api (cached 1 hour).
 */
export const listingQuery: Middleware = async (ctx) => {
  const spec = listSpecOf(ctx.page.params);
  if (!spec) return;
  const dict = await ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId);
  const address = listAddress(spec, ctx, dict);
  if (address.kind === 'moved') return { kind: 'redirect', status: 301, location: address.location };
};
