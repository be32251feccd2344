import type { Got } from 'got';
import { asPage, getList, getObj, post, seg } from './call.ts';
import { type CallContext, callGateway } from './http.ts';
import type { Belonger, ChatAgentAccess, ChatHouseCard, ChatRecord, Page } from './types.ts';

/** SPEC 7.9: chat records and push on the gateway; adduser, friendkey, getServerTime, reporter, chatframe on the chat host (full URLs). */
export function createChatApi(gateway: Got, chatClient: Got, chatUrl: string) {
  const chatHost = async <T>(call: CallContext, name: string, json: unknown): Promise<T | null> => {
    const body = await callGateway<T>(chatClient, call, name, { method: 'POST', json: json ?? {}, url: `${chatUrl}/${name}` });
    return (body.obj ?? null) as T | null;
  };
  return {
    revert: (call: CallContext) => getList<{ id: number; text: string }>(gateway, call, 'api/microchat/revert'),
    saveRecord: (call: CallContext, body: { userId: string; targetId: string; msgType: ChatRecord['msgType']; content: string | object }) =>
      getObj<{ id: number; createdAt: string }>(gateway, call, 'api/microchat/record', post(body)),
    /** Newest first by pages, or (beforeId) the page of messages older than a known one; `read`: the recipient read it. */
    records: async (call: CallContext, userId: string, targetId: string, q: { page?: number; size?: number; beforeId?: number } = {}) =>
      asPage(
        call,
        await getObj<Page<ChatRecord & { read?: boolean }>>(gateway, call, `api/microchat/record/${seg(userId)}/${seg(targetId)}`, {
          searchParams: q,
        }),
        30,
      ),
    /** The member's conversations with their last message and agent (/im/list; our path). */
    sessions: (call: CallContext, userId: string) =>
      getList<{
        targetId: string;
        conversationID: string;
        lastType: ChatRecord['msgType'];
        lastContent: string;
        lastTime: string;
        count: number;
        agent: Belonger | null;
        // Issue 18 additions:
        lastFrom?: string;
        lastId?: number;
        unread?: number;
        pinned?: boolean;
        member?: { uid: string; nickName: string; headUrl: string } | null;
      }>(gateway, call, `/api/microchat/sessions/${seg(userId)}`),
    // Issue 18: conversation state per user, presence of sockets, the auto-reply claim and the agent inbox's sign-in.
    markRead: (call: CallContext, userId: string, targetId: string) =>
      getObj<{ upTo: number; upToTime: string | null; unread: number }>(gateway, call, 'api/microchat/read', post({ userId, targetId })),
    pin: (call: CallContext, userId: string, targetId: string, pinned: boolean) =>
      getObj<{ pinned: boolean }>(gateway, call, 'api/microchat/pin', post({ userId, targetId, pinned })),
    remove: (call: CallContext, userId: string, targetId: string) =>
      getObj<{ deletedUpTo: number; unread: number }>(gateway, call, 'api/microchat/remove', post({ userId, targetId })),
    unread: (call: CallContext, userId: string) => getObj<{ total: number }>(gateway, call, `api/microchat/unread/${seg(userId)}`),
    reportPresence: (call: CallContext, body: { userId: string; node: string; sockets: number }) =>
      getObj<{ online: boolean }>(gateway, call, 'api/microchat/presence', post(body)),
    presence: (call: CallContext, userId: string) => getObj<{ online: boolean }>(gateway, call, `api/microchat/presence/${seg(userId)}`),
    claimAutoReply: (call: CallContext, body: { userId: string; targetId: string; windowSeconds: number }) =>
      getObj<{ claimed: boolean }>(gateway, call, 'api/microchat/autoreply', post(body)),
    /** Issue 33: whether an agent may write to a peer (has the peer written first; is it about a listing the agent holds). */
    agentAccess: (call: CallContext, agentId: string, peerId: string, house?: { houseId: number; houseType?: number }) =>
      getObj<ChatAgentAccess>(gateway, call, `api/microchat/access/${seg(agentId)}/${seg(peerId)}`, {
        ...(house
          ? { searchParams: { houseId: house.houseId, ...(house.houseType !== undefined ? { houseType: house.houseType } : {}) } }
          : {}),
      }),
    /** The agent, with the token of the inbox session the sign-in opened (issue 33). */
    agentLogin: (call: CallContext, body: { account: string; password: string }) =>
      getObj<Belonger & { sessionToken: string }>(gateway, call, 'api/microchat/agent/login', post(body)),
    /** The agent of a live inbox session, null when it ended or expired. */
    agentSession: async (call: CallContext, token: string): Promise<Belonger | null> => {
      try {
        return await getObj<Belonger>(gateway, call, 'api/microchat/agent/session', { searchParams: { token } });
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 401) return null;
        throw err;
      }
    },
    agentLogout: (call: CallContext, token: string) =>
      getObj<{ ended: number }>(gateway, call, 'api/microchat/agent/logout', post({ token })),
    push: (call: CallContext, body: { target: string; title?: string; content: string }) =>
      getObj<{ id: number }>(gateway, call, 'api/mobpush/send', post(body)),
    addUser: (call: CallContext, body: { uid: string; nickName?: string; headUrl?: string }) =>
      chatHost<{ uid: string; nickName: string; headUrl: string }>(call, 'adduser', body),
    /** The chat-user lookup: an agent's chat uid from uid or belongerId (SPEC 5: failure → 获取用户uid 失败！). */
    friendKey: (call: CallContext, body: { userId?: string; uid?: string; belongerId?: number }) =>
      chatHost<{ uid: string; belongerId: number; conversationID: string; agent: Belonger }>(call, 'friendkey', body),
    serverTime: (call: CallContext) => chatHost<{ time: number }>(call, 'getServerTime', {}),
    report: (call: CallContext, body: Record<string, unknown>) => chatHost<{ id: number }>(call, 'reporter', body),
    chatFrame: (call: CallContext, body: { uid?: string; belongerId?: number; houseId?: number; userId?: string }) =>
      chatHost<{ manager: Belonger | null; phone: string | null; houseInfo: ChatHouseCard | null; replies: string[] }>(
        call,
        'chatframe',
        body,
      ),
  };
}
