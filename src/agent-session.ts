import type { FastifyRequest } from 'fastify';
import { CHAT_USER_ID } from './lib/chat.ts';

/**
 * The agent inbox's session (issue 18): a signed `agentInfo` cookie set by POST /-/agent/login (plugins/chat.ts),
 * holding the agent's uid, belongerId and name. It is no member session: the member pages never read it, and the
 * agent's chat calls (/-/agent/chat/*) never read the member's `userInfo` cookie.
 */
export const AGENT_COOKIE = 'agentInfo';
export const AGENT_LOGIN_PAGE = '/agent/login';
export const AGENT_INBOX_PAGE = '/agent/inbox';

export interface AgentSession {
  uid: string;
  belongerId: number;
  name: string;
}

/** The agent of the signed cookie, or null (absent, forged, unreadable). Signature check only, no I/O. */
export function readAgentSession(req: FastifyRequest): AgentSession | null {
  const raw = req.cookies[AGENT_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const v = JSON.parse(unsigned.value) as { uid?: unknown; belongerId?: unknown; name?: unknown };
    if (typeof v.uid !== 'string' || !CHAT_USER_ID.test(v.uid)) return null;
    const shown = v.name;
    return {
      uid: v.uid,
      belongerId: typeof v.belongerId === 'number' ? v.belongerId : 0,
      name: typeof shown === 'string' ? shown.slice(0, 30) : v.uid,
    };
  } catch {
    return null;
  }
}

/** The agent of this request's session (async: the session is checked where it is kept). */
export async function resolveAgent(req: FastifyRequest): Promise<AgentSession | null> {
  return readAgentSession(req);
}
