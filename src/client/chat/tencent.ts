import type { ChatConversation, ChatEvent, ChatLogin, ChatMessage, ChatMsgType, ChatPayload, ChatTransport } from '../../contracts/chat.ts';
import { conversationIdOf } from '../../contracts/chat.ts';
import { CHAT_MESSAGES, previewOf } from '../../lib/chat.ts';

/**
 * Tencent IM (issue 18, SPEC 7.9): `@tencentcloud/chat` is loaded here only, by dynamic import, so no page but a chat
 * screen ever downloads it. Login with the member's userID and the UserSig the portal signed for them. Text goes as
 * Tencent text messages; every other type (house card, map, picture already uploaded to the portal, voice, cmd) as a
 * custom message whose `data` is `{msgType, content}` and whose `description` is the list preview. SDK failures of
 * login, pin, blacklist and read marks are logged as warnings (SPEC 8) and never thrown at the screen; a failed send
 * rejects with 发送失败，请重试 after its warning, so the screen can mark that one message.
 */

// The SDK's objects as this module reads them (its own typings are looser than useful here).
interface SdkMessage {
  ID: string;
  type: string;
  payload: Record<string, unknown>;
  from: string;
  to: string;
  time: number;
  flow?: string;
  isPeerRead?: boolean;
  cloudCustomData?: string;
}
interface SdkConversation {
  conversationID: string;
  type: string;
  userProfile?: { userID: string; nick?: string; avatar?: string };
  lastMessage?: { type?: string; payload?: Record<string, unknown>; lastTime?: number; fromAccount?: string; messageForShow?: string };
  unreadCount: number;
  isPinned: boolean;
}
interface SdkEvent {
  data: unknown;
}
interface SdkChat {
  setLogLevel(level: number): void;
  on(event: string, handler: (e: SdkEvent) => void): void;
  login(o: { userID: string; userSig: string }): Promise<unknown>;
  logout(): Promise<unknown>;
  destroy(): Promise<unknown>;
  createTextMessage(o: { to: string; conversationType: string; payload: { text: string } }): unknown;
  createCustomMessage(o: {
    to: string;
    conversationType: string;
    payload: { data: string; description: string; extension: string };
  }): unknown;
  sendMessage(m: unknown): Promise<{ data: { message: SdkMessage } }>;
  getMessageList(o: { conversationID: string; nextReqMessageID?: string }): Promise<{
    data: { messageList: SdkMessage[]; nextReqMessageID: string; isCompleted: boolean };
  }>;
  getConversationList(): Promise<{ data: { conversationList: SdkConversation[] } }>;
  setMessageRead(o: { conversationID: string }): Promise<unknown>;
  pinConversation(o: { conversationID: string; isPinned: boolean }): Promise<unknown>;
  deleteConversation(id: string): Promise<unknown>;
  addToBlacklist(o: { userIDList: string[] }): Promise<unknown>;
}
export interface SdkModule {
  create(o: { SDKAppID: number }): SdkChat;
  EVENT: Record<string, string>;
  TYPES: Record<string, string>;
}

const warn = (what: string, err: unknown) => console.warn(`chat SDK: ${what} failed`, err);

function payloadOf(m: SdkMessage, TYPES: Record<string, string>): ChatPayload | null {
  const p = m.payload ?? {};
  if (m.type === TYPES.MSG_TEXT) return { msgType: 'text', content: { text: String(p.text ?? '') } };
  if (m.type === TYPES.MSG_CUSTOM) {
    try {
      const data = JSON.parse(String(p.data ?? '')) as { msgType?: ChatMsgType; content?: unknown };
      if (data.msgType && data.content && typeof data.content === 'object')
        return { msgType: data.msgType, content: data.content } as ChatPayload;
    } catch {
      return null;
    }
    return null;
  }
  if (m.type === TYPES.MSG_IMAGE) {
    const info = (p.imageInfoArray as Array<{ url: string; width: number; height: number }> | undefined)?.[0];
    return info ? { msgType: 'images', content: { url: info.url, width: info.width, height: info.height } } : null;
  }
  if (m.type === TYPES.MSG_AUDIO)
    return { msgType: 'voice', content: { url: String(p.url ?? p.remoteAudioUrl ?? ''), seconds: Number(p.second) || 0 } };
  if (m.type === TYPES.MSG_LOCATION)
    return {
      msgType: 'map',
      content: {
        lat: Number(p.latitude) || 0,
        lng: Number(p.longitude) || 0,
        title: String(p.description ?? ''),
        address: String(p.description ?? ''),
      },
    };
  return null;
}

function messageOf(m: SdkMessage, TYPES: Record<string, string>): ChatMessage | null {
  const payload = payloadOf(m, TYPES);
  if (!payload) return null;
  return { ...payload, id: m.ID, from: m.from, to: m.to, time: m.time * 1000, read: !!m.isPeerRead } as ChatMessage;
}

/** The SDK, by dynamic import: its own chunk, downloaded by a chat screen only. */
const importSdk = async (): Promise<SdkModule> => ((await import('@tencentcloud/chat')) as unknown as { default: SdkModule }).default;

/** `loadSdk` is the SDK's import; tests hand in a stand-in (module mocking hangs under Node 22's loader hooks). */
export async function createTencentTransport(
  login: Extract<ChatLogin, { transport: 'tencent' }>,
  loadSdk: () => Promise<SdkModule> = importSdk,
): Promise<ChatTransport> {
  const TIM = await loadSdk();
  const { EVENT, TYPES } = TIM;
  const chat = TIM.create({ SDKAppID: login.sdkAppId });
  chat.setLogLevel(1);
  const listeners = new Set<(event: ChatEvent) => void>();
  const emit = (event: ChatEvent) => {
    for (const l of listeners) l(event);
  };
  let isReady = false;
  /** Paging cursor per conversation: the SDK pages by message id. */
  const cursors = new Map<string, string>();

  chat.on(EVENT.SDK_READY as string, () => {
    isReady = true;
    emit({ type: 'status', status: 'ready' });
  });
  chat.on(EVENT.SDK_NOT_READY as string, () => {
    isReady = false;
    emit({ type: 'status', status: 'offline' });
  });
  chat.on(EVENT.MESSAGE_RECEIVED as string, (e) => {
    for (const m of (e.data as SdkMessage[]) ?? []) {
      const message = messageOf(m, TYPES);
      if (message) emit({ type: 'message', message });
    }
  });
  chat.on(EVENT.MESSAGE_READ_BY_PEER as string, (e) => {
    const list = (e.data as SdkMessage[]) ?? [];
    const last = list[list.length - 1];
    if (last) emit({ type: 'read', peer: last.to, upTo: last.time * 1000, byMe: false });
  });
  chat.on(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED as string, (e) => emit({ type: 'unread', total: Number(e.data) || 0 }));
  chat.on(EVENT.KICKED_OUT as string, () => {
    isReady = false;
    emit({ type: 'status', status: 'offline' });
  });

  emit({ type: 'status', status: 'connecting' });
  chat.login({ userID: login.userId, userSig: login.userSig }).catch((err) => {
    warn('login', err);
    emit({ type: 'status', status: 'offline' });
  });

  const C2C = TYPES.CONV_C2C as string;
  return {
    kind: 'tencent',
    ready: () => isReady,
    async send(to, payload, clientId) {
      const msg =
        payload.msgType === 'text'
          ? chat.createTextMessage({ to, conversationType: C2C, payload: { text: payload.content.text } })
          : chat.createCustomMessage({
              to,
              conversationType: C2C,
              payload: {
                data: JSON.stringify({ msgType: payload.msgType, content: payload.content }),
                description: previewOf(payload),
                extension: '',
              },
            });
      try {
        const res = await chat.sendMessage(msg);
        const message = messageOf(res.data.message, TYPES);
        if (!message) throw new Error('unreadable message');
        return { ...message, clientId };
      } catch (err) {
        warn('send', err);
        throw new Error(CHAT_MESSAGES.sendFailed);
      }
    },
    async history(peer, before) {
      const conversationID = conversationIdOf(peer);
      const nextReqMessageID = before === undefined ? undefined : cursors.get(conversationID);
      if (before !== undefined && !nextReqMessageID) return { messages: [], more: false };
      try {
        const res = await chat.getMessageList({ conversationID, ...(nextReqMessageID ? { nextReqMessageID } : {}) });
        cursors.set(conversationID, res.data.nextReqMessageID);
        const messages = res.data.messageList.map((m) => messageOf(m, TYPES)).filter((m): m is ChatMessage => m !== null);
        return { messages, more: !res.data.isCompleted };
      } catch (err) {
        warn('history', err);
        return { messages: [], more: false };
      }
    },
    async conversations() {
      try {
        const res = await chat.getConversationList();
        return res.data.conversationList
          .filter((c) => c.type === C2C && c.userProfile)
          .map((c): ChatConversation => {
            const peer = c.userProfile?.userID ?? c.conversationID.slice(3);
            const last = c.lastMessage;
            return {
              conversationID: c.conversationID,
              peer,
              agent: null,
              member: null,
              last: last
                ? {
                    msgType: last.type === TYPES.MSG_TEXT ? 'text' : 'cmd',
                    preview: String(last.messageForShow ?? last.payload?.text ?? last.payload?.description ?? ''),
                    time: (last.lastTime ?? 0) * 1000,
                    fromMe: last.fromAccount === login.userId,
                  }
                : null,
              unread: c.unreadCount,
              pinned: c.isPinned,
            };
          });
      } catch (err) {
        warn('conversation list', err);
        return [];
      }
    },
    async markRead(peer) {
      await chat.setMessageRead({ conversationID: conversationIdOf(peer) }).catch((err) => warn('read mark', err));
    },
    async pin(peer, pinned) {
      await chat.pinConversation({ conversationID: conversationIdOf(peer), isPinned: pinned }).catch((err) => warn('pin', err));
    },
    async remove(peer) {
      await chat.deleteConversation(conversationIdOf(peer)).catch((err) => warn('delete', err));
    },
    async blacklist(peer) {
      await chat.addToBlacklist({ userIDList: [peer] }).catch((err) => warn('blacklist', err));
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      chat
        .logout()
        .catch((err) => warn('logout', err))
        .finally(() => chat.destroy().catch(() => undefined));
    },
  };
}
