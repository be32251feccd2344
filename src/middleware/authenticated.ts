import type { Middleware } from '../pipeline/types.ts';
import { clearUserCookie, LOGGED_OUT, resolveMember, USER_COOKIE } from '../session.ts';

/**
 * SPEC 2, 4, 6: restores login state from the signed cookie and the gateway's member record; never blocks a visitor.
 * `noInfo` (SPEC 4) and a stale session (password reset elsewhere, unknown member) clear the cookie. A gateway that
 * cannot answer shows the page as to a visitor, keeping the cookie for the next request.
 */
export const authenticated: Middleware = async (ctx) => {
  if (ctx.req.cookies[USER_COOKIE] === LOGGED_OUT) {
    ctx.user = null;
    clearUserCookie(ctx.req, ctx.reply);
    return;
  }
  try {
    ctx.user = await resolveMember(ctx.req, ctx.reply);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'member record unavailable: page shown as to a visitor');
    ctx.user = null;
  }
};
