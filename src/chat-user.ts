import type { AgentSession } from './agent-session.ts';
import type { CallContext } from './api/http.ts';
import type { ChatImage, ChatVoice } from './contracts/chat.ts';
import type { UserInfo } from './contracts/session.ts';
import { CHAT_USER_ID } from './lib/chat.ts';

/**
 * Who is on a chat call (issue 18), and what the chat writes of the action stage ask of the chat plugin (issue 33):
 * plugins/chat.ts decorates `app.chatService`, src/actions/chat.ts calls it.
 */

/** Who is on a chat call: a member (by uid) or an inbox agent (by uid). */
export interface ChatUser {
  id: string;
  kind: 'member' | 'agent';
  name: string;
  /** A member's userId (member events name members by it). */
  memberUserId?: string;
}

/** An inbox agent as a chat user (by uid). */
export const agentChatUser = (agent: AgentSession): ChatUser => ({ id: agent.uid, kind: 'agent', name: agent.name });

/** A member as a chat user (their uid), or null when the uid cannot be a chat id. */
export function memberChatUser(user: UserInfo): ChatUser | null {
  if (!CHAT_USER_ID.test(user.uid)) return null;
  return { id: user.uid, kind: 'member', name: user.nickName || user.uid, memberUserId: user.userId };
}

/** The chat plugin's writes (its bus, read marks and unread totals), for the chat actions (src/actions/chat.ts). */
export interface ChatService {
  /** `peer`'s messages to `user` read: both sides told on the bus, the user's unread total sent. */
  markRead(call: CallContext, user: ChatUser, peer: string): Promise<{ upTo: number; unread: number }>;
  /** The conversation with `peer` pinned (first in the list) or not. */
  pin(call: CallContext, user: ChatUser, peer: string, pinned: boolean): Promise<{ pinned: boolean }>;
  /** The conversation with `peer` deleted for `user` (the peer keeps theirs); the user's unread total sent. */
  remove(call: CallContext, user: ChatUser, peer: string): Promise<{ unread: number }>;
  /** A picture stored by the gateway (checked by content, re-encoded, long side ≤ 1280). */
  storeImage(call: CallContext, user: ChatUser, data: Buffer): Promise<ChatImage>;
  /** A voice clip stored as sent (already checked by src/lib/chat-voice.ts: `clip` is what the check found). */
  storeVoice(call: CallContext, user: ChatUser, data: Buffer, clip: { codec: string; seconds: number }): Promise<ChatVoice>;
}
