import type { Middleware } from '../pipeline/types.ts';
import { authenticated } from './authenticated.ts';
import { listingQuery } from './listing-query.ts';
import { memberOnly } from './member-only.ts';
import { overseasQuery } from './overseas-query.ts';
import { pageCache } from './page-cache.ts';

/** The named middleware registry.json may refer to. */
export const middleware: Readonly<Record<string, Middleware>> = {
  authenticated,
  'member-only': memberOnly,
  'page-cache': pageCache,
  'listing-query': listingQuery,
  'overseas-query': overseasQuery,
};
