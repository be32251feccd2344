import type { Middleware } from '../pipeline/types.ts';
import { clearUserCookie, LOGGED_OUT, readUser, USER_COOKIE } from '../session.ts';

/** SPEC 2, 4, 6: restores login state; never blocks a visitor. */
export const authenticated: Middleware = (ctx) => {
  if (ctx.req.cookies[USER_COOKIE] === LOGGED_OUT) {
    ctx.user = null;
    clearUserCookie(ctx.req, ctx.reply);
    return;
  }
  ctx.user = readUser(ctx.req);
};
