import { createHash, timingSafeEqual } from 'node:crypto';
import { AGENT_LOGIN_PAGE, resolveAgent } from '../agent-session.ts';
import { actionRefusal, BUSY } from '../lib/action-messages.ts';
import { isSameOriginPost } from '../lib/same-origin.ts';
import { resolveMember } from '../session.ts';
import { type ActionContext, ActionRefusal } from './types.ts';

/**
 * The access middleware an action may name (issue 33), run before its body is read: who may post. Each sets what it
 * learnt on the context or throws the refusal the visitor reads.
 */

export { BUSY };

export type Gate = (ctx: ActionContext) => Promise<void>;

export const loginHref = (back: string) => `/login?bUrl=${encodeURIComponent(back)}`;

/** The member of the session, or a visitor; a gateway that cannot say is 502 (an action never guesses who posts). */
async function resolve(ctx: ActionContext): Promise<void> {
  try {
    ctx.user = await resolveMember(ctx.req, ctx.reply);
  } catch (err) {
    ctx.log.error({ err }, 'action: member record unavailable');
    throw new ActionRefusal(null, BUSY, 502);
  }
  const id = ctx.user?.uid || ctx.user?.userId || '';
  ctx.memberId = /^[A-Za-z0-9_-]{1,40}$/.test(id) ? id : '';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export interface GateOptions {
  /** config.adminToken: the console's bearer token; unset, `admin-token` actions answer 404. */
  adminToken?: string;
}

export function createGates(opts: GateOptions): Readonly<Record<string, Gate>> {
  const adminDigest = opts.adminToken ? digest(opts.adminToken) : null;
  return {
    /** A post must come from a page of this host (src/lib/same-origin.ts, the one rule). */
    'same-origin': async (ctx) => {
      if (isSameOriginPost(ctx.req.headers, ctx.req.host)) return;
      ctx.log.warn({ origin: ctx.req.headers.origin, site: ctx.req.headers['sec-fetch-site'] }, 'action refused: cross-site post');
      const { status, message } = actionRefusal('ACTION_FOREIGN_ORIGIN');
      throw new ActionRefusal(null, message, status);
    },
    /** The member, if any: a visitor may post too (a campaign sign-up keeps the member when there is one). */
    authenticated: resolve,
    /** A member only: a visitor goes to log in and comes back to the page. */
    'member-only': async (ctx) => {
      await resolve(ctx);
      if (!ctx.memberId) {
        const { status, message } = actionRefusal('ACTION_LOGIN_REQUIRED');
        throw new ActionRefusal(null, message, status, { login: loginHref(ctx.back) });
      }
    },
    /** The inbox agent of a live agent session (src/agent-session.ts). */
    'agent-only': async (ctx) => {
      try {
        ctx.agent = await resolveAgent(ctx.req);
      } catch (err) {
        ctx.log.error({ err }, 'action: agent session unavailable');
        throw new ActionRefusal(null, BUSY, 502);
      }
      if (!ctx.agent) throw new ActionRefusal(null, '请先登录经纪人工作台', 401, { login: AGENT_LOGIN_PAGE });
    },
    /** The console (SPEC 6): `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time; no token set: no route. */
    'admin-token': async (ctx) => {
      if (!adminDigest) throw new ActionRefusal(null, '请求的操作不存在', 404);
      const match = /^Bearer (\S+)$/.exec(ctx.req.headers.authorization ?? '');
      if (match && timingSafeEqual(digest(match[1] as string), adminDigest)) return;
      ctx.log.warn('action refused: bad or missing admin token');
      ctx.reply.header('www-authenticate', 'Bearer');
      throw new ActionRefusal(null, 'unauthorized', 401);
    },
  };
}

export const GATE_NAMES: ReadonlySet<string> = new Set(Object.keys(createGates({})));
