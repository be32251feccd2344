import type { Belonger } from './gateway/belonger.ts';
import type { ChatHouseCard, ChatRecord } from './gateway/chat.ts';

/**
 * The chat contract (issue 18; SPEC 3, 4, 5, 7.9, 9): what the chat screens, the two transports (the built-in
 * WebSocket one and Tencent IM) and the portal's chat endpoints agree on. The screens only ever see `ChatTransport`.
 */

export type ChatMsgType = ChatRecord['msgType'];

/** SPEC 3 message types, as the screens render them. `content` is the type's payload. */
export type ChatPayload =
  | { msgType: 'text'; content: { text: string } }
  | { msgType: 'house'; content: ChatHouseCard }
  | { msgType: 'map'; content: { lat: number; lng: number; title: string; address: string } }
  | { msgType: 'images'; content: { url: string; width: number; height: number } }
  | { msgType: 'voice'; content: { url: string; seconds: number } }
  | { msgType: 'cmd'; content: { cmd: string; data?: unknown } };

export type ChatMessage = ChatPayload & {
  /** Server id (the gateway record id for the built-in transport, the SDK's ID for Tencent IM). */
  id: string;
  /** The client's id for a message it sent, echoed back so the sender can replace its pending copy. */
  clientId?: string;
  from: string;
  to: string;
  /** Epoch milliseconds. */
  time: number;
  /** The peer has read it (for messages the member sent). */
  read: boolean;
};

/** One row of /im/list. */
export interface ChatConversation {
  /** SPEC 3: one-to-one conversation id = CHAT_C2C_PREFIX + the peer's user id. */
  conversationID: string;
  peer: string;
  agent: Pick<Belonger, 'belongerId' | 'uid' | 'name' | 'portrait' | 'storeName' | 'iskefu'> | null;
  last: { msgType: ChatMsgType; preview: string; time: number; fromMe: boolean } | null;
  unread: number;
  pinned: boolean;
  /** Addition (chat-core): the member on the other side, for the agent inbox (null or absent on a member's list). */
  member?: { uid: string; nickName: string; headUrl: string } | null;
}

export const CHAT_C2C_PREFIX = 'C2C';
export const conversationIdOf = (peer: string) => `${CHAT_C2C_PREFIX}${peer}`;

/** GET /-/chat/login (member only; 401 `{message:'用户未登录'}` for a visitor): how the browser logs in to chat. */
export type ChatLogin =
  /**
   * `apiBase` (addition, chat-core): where the JSON calls of this login live, `/-/chat` for a member (the default when
   * absent), `/-/agent/chat` for the agent inbox; `socketPath` is `${apiBase}/ws`.
   */
  | { transport: 'builtin'; userId: string; socketPath: string; apiBase?: string }
  | { transport: 'tencent'; userId: string; sdkAppId: number; userSig: string; expireSeconds: number };

/** Messages on the built-in transport's WebSocket (`ChatLogin.socketPath`), JSON one per frame. */
export type ChatClientFrame = ({ t: 'send'; clientId: string; to: string } & ChatPayload) | { t: 'read'; peer: string } | { t: 'ping' };

export type ChatServerFrame =
  | { t: 'ready'; userId: string }
  | { t: 'message'; message: ChatMessage }
  | { t: 'ack'; clientId: string; message: ChatMessage }
  /**
   * `reader` read every message `peer` sent them up to `upTo` (epoch ms of the newest one read). Sent to both sides:
   * the peer marks its messages read, the reader's other tabs clear the conversation's unread count.
   */
  | { t: 'read'; peer: string; reader: string; upTo: number }
  | { t: 'unread'; total: number }
  | { t: 'error'; clientId?: string; code: number; message: string }
  | { t: 'pong' };

export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  /** `byMe` (addition, chat-core): true when this user read `peer`'s messages (another tab); false: the peer read mine. */
  | { type: 'read'; peer: string; upTo: number; byMe?: boolean }
  | { type: 'unread'; total: number }
  | { type: 'status'; status: 'connecting' | 'ready' | 'offline' };

/** The one interface the screens use; `createChatTransport(login)` picks the built-in one or Tencent IM. */
export interface ChatTransport {
  readonly kind: ChatLogin['transport'];
  ready(): boolean;
  send(to: string, payload: ChatPayload, clientId: string): Promise<ChatMessage>;
  /** Older messages than `before` (epoch ms; omitted = newest page), oldest first. */
  history(peer: string, before?: number): Promise<{ messages: ChatMessage[]; more: boolean }>;
  conversations(): Promise<ChatConversation[]>;
  markRead(peer: string): Promise<void>;
  pin(peer: string, pinned: boolean): Promise<void>;
  remove(peer: string): Promise<void>;
  /** Addition (chat-core): block a peer; Tencent IM only (absent on the built-in transport); failures are warnings. */
  blacklist?(peer: string): Promise<void>;
  on(listener: (event: ChatEvent) => void): () => void;
  close(): void;
}

/**
 * Additions (chat-core): the answers of the portal's member-only chat endpoints besides the transport's own (see
 * plugins/chat.ts for the list). GET /-/chat/peer?uid=|belongerId= (SPEC 5 chat-user lookup).
 */
export interface ChatPeer {
  uid: string;
  belongerId: number;
  conversationID: string;
  agent: Belonger;
}

/** GET /-/chat/frame?uid=|belongerId=[&houseId=]: what the session screen shows around the stream (SPEC 3 chat state). */
export interface ChatFrame {
  manager: Belonger | null;
  phone: string | null;
  houseInfo: ChatHouseCard | null;
  /** Quick phrases. */
  replies: string[];
}

/** POST /-/chat/image (multipart `file`): the picture as stored, ready for an `images` message. */
export interface ChatImage {
  url: string;
  width: number;
  height: number;
}

/** POST /-/chat/voice (multipart `file`: a recording, webm, ogg, m4a or mp3, at most 2 MB): the clip for a `voice` message. */
export interface ChatVoice {
  url: string;
}
