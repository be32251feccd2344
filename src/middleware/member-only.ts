import { safeReturnPath } from '../lib/return-url.ts';
import type { Middleware } from '../pipeline/types.ts';

/** Pages that need a member (personal centre, favourites, chat) send visitors to log in and come back. */
export const memberOnly: Middleware = (ctx) => {
  if (ctx.user) return;
  const back = safeReturnPath(ctx.url);
  return { kind: 'redirect', status: 302, location: `/login?bUrl=${encodeURIComponent(back)}` };
};
