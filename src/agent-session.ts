import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_USER_ID } from './lib/chat.ts';
import { cookieOptions } from './session.ts';

/**
 * The agent inbox's session (issues 18, 33): a signed `agentInfo` cookie set by the agent sign-in action
 * (src/actions/agent.ts), holding the agent's uid, belongerId, name and the token of a server-side session the gateway
 * opened (only its SHA-256 is stored there). A sign-out ends that session: a copied cookie no longer opens the inbox.
 * It is no member session: the member pages never read it, and the agent's chat calls never read `userInfo`.
 */
export const AGENT_COOKIE = 'agentInfo';
export const AGENT_LOGIN_PAGE = '/agent/login';
export const AGENT_INBOX_PAGE = '/agent/inbox';
/** An inbox sign-in lasts 12 hours (the gateway's session too). */
export const AGENT_SESSION_SECONDS = 12 * 3600;

export interface AgentSession {
  uid: string;
  belongerId: number;
  name: string;
}

interface AgentCookie extends AgentSession {
  token: string;
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The cookie's agent and session token, or null (absent, forged, unreadable). Signature check only, no I/O. */
export function readAgentCookie(req: FastifyRequest): AgentCookie | null {
  const raw = req.cookies?.[AGENT_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const v = JSON.parse(unsigned.value) as { uid?: unknown; belongerId?: unknown; name?: unknown; token?: unknown };
    if (typeof v.uid !== 'string' || !CHAT_USER_ID.test(v.uid)) return null;
    if (typeof v.token !== 'string' || !TOKEN.test(v.token)) return null;
    const shown = v.name;
    return {
      uid: v.uid,
      belongerId: typeof v.belongerId === 'number' ? v.belongerId : 0,
      name: typeof shown === 'string' ? shown.slice(0, 30) : v.uid,
      token: v.token,
    };
  } catch {
    return null;
  }
}

const RESOLVED = Symbol('agent session');
type WithAgent = FastifyRequest & { [RESOLVED]?: Promise<AgentSession | null> };

/**
 * The agent of this request's live session (memoised per request): the cookie must verify and the gateway must still
 * hold its session. Throws when the gateway cannot tell.
 */
export function resolveAgent(req: FastifyRequest): Promise<AgentSession | null> {
  const r = req as WithAgent;
  r[RESOLVED] ??= (async () => {
    const cookie = readAgentCookie(req);
    if (!cookie) return null;
    const agent = await req.server.api.chat.agentSession({ reqId: req.id, log: req.log }, cookie.token);
    if (!agent || agent.uid !== cookie.uid) {
      req.log.info({ agent: cookie.uid }, 'agent cookie no longer valid: session ended');
      return null;
    }
    return { uid: cookie.uid, belongerId: cookie.belongerId, name: cookie.name };
  })();
  return r[RESOLVED];
}

export function setAgentCookie(req: FastifyRequest, reply: FastifyReply, agent: AgentCookie): void {
  reply.setCookie(AGENT_COOKIE, JSON.stringify(agent), { ...cookieOptions(req), maxAge: AGENT_SESSION_SECONDS });
}

export function clearAgentCookie(req: FastifyRequest, reply: FastifyReply): void {
  const opts = { ...cookieOptions(req), signed: false };
  reply.clearCookie(AGENT_COOKIE, opts);
  if (opts.domain) reply.clearCookie(AGENT_COOKIE, { ...opts, domain: undefined });
}
