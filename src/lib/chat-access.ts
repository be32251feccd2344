import type { ChatPayload } from '../contracts/chat.ts';
import type { ChatAgentAccess } from '../contracts/gateway/chat.ts';

/**
 * Where an agent may write (issue 33). Members write to any agent the portal knows (plugins/chat.ts); an agent writes
 * only
 * - in a conversation the member opened: the member has written to this agent (any message of theirs, ever), or
 * - about a listing the agent holds: a house card (SPEC 3 chat house card, `houseid`, `housetype` 1 = a new-home estate)
 *   of a listing or estate this agent is the agent of opens a conversation with a member, and the conversation so
 *   opened stays open to the agent.
 * Anything else (a member who never wrote, a made-up id, another agent, someone else's listing) is refused.
 */

export const CHAT_ACCESS_MESSAGES = {
  notContacted: '该用户尚未联系您，无法发起会话',
  notYourListing: '只能发送您名下的房源发起会话',
} as const;

export type AgentWrite =
  | { ok: true; why: 'member-opened' | 'listing-conversation' | 'own-listing' }
  | { ok: false; why: 'not-contacted' | 'not-own-listing'; message: string };

/** The house a message is about, when it is a house card: what the gateway is asked whether the agent holds. */
export function houseOfPayload(payload: ChatPayload): { houseId: number; houseType?: number } | undefined {
  if (payload.msgType !== 'house') return undefined;
  const { houseid, housetype } = payload.content;
  return { houseId: houseid, ...(typeof housetype === 'number' ? { houseType: housetype } : {}) };
}

/** May the agent send `payload` to the peer `access` describes? */
export function agentMayWrite(
  access: Pick<ChatAgentAccess, 'peerWrote' | 'peerIsMember' | 'openedWithListing' | 'holdsHouse'>,
  payload: ChatPayload,
): AgentWrite {
  if (access.peerWrote) return { ok: true, why: 'member-opened' };
  if (!access.peerIsMember) return { ok: false, why: 'not-contacted', message: CHAT_ACCESS_MESSAGES.notContacted };
  if (access.openedWithListing) return { ok: true, why: 'listing-conversation' };
  if (payload.msgType === 'house') {
    return access.holdsHouse === true
      ? { ok: true, why: 'own-listing' }
      : { ok: false, why: 'not-own-listing', message: CHAT_ACCESS_MESSAGES.notYourListing };
  }
  return { ok: false, why: 'not-contacted', message: CHAT_ACCESS_MESSAGES.notContacted };
}
