import { errors } from '../errors.ts';
import { parseWendaTail, wendaFromQuery, wendaListHref } from '../lib/wenda.ts';
import type { Middleware } from '../pipeline/types.ts';

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * `wenda-query` (registry middleware of /wenda/*): the Q&A list's filters given as query parameters, and tails written
 * in another order, case or without the trailing slash, redirect (301) to the one canonical path (src/lib/wenda.ts); an
 * unknown tail is the 404 screen.
 */
export const wendaQuery: Middleware = (ctx) => {
  const parsed = parseWendaTail(ctx.params['*'] ?? '');
  if (!parsed) throw errors.pageNotFound();
  const fromQuery = wendaFromQuery(ctx.query, parsed);
  const canonical = wendaListHref(fromQuery ?? parsed);
  if (fromQuery) return { kind: 'redirect', status: 301, location: canonical };
  if (decoded(ctx.path) === canonical) return;
  return { kind: 'redirect', status: 301, location: canonical };
};
