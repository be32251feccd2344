import type { ChatConversation, ChatMessage, ChatMsgType, ChatPayload } from '../contracts/chat.ts';

/**
 * Agent chat rules shared by the portal's chat plugin, the transports and the screens (issue 18; SPEC 3, 4, 5, 8, 9).
 */

/** The member's JSON calls and socket; the agent inbox's. */
export const CHAT_API = '/-/chat';
export const AGENT_CHAT_API = '/-/agent/chat';
export const chatSocketPath = (apiBase: string) => `${apiBase}/ws`;

/** SPEC 4, 5, 8 messages. */
export const CHAT_MESSAGES = {
  notLoggedIn: '用户未登录',
  noTarget: '经纪人ID/UID 必传一个',
  lookupFailed: '获取用户uid 失败！',
  tooFast: '发送太频繁，请稍后再试',
  tooLong: '消息过长',
  badMessage: '消息格式不正确',
  sendFailed: '发送失败，请重试',
} as const;

/** SPEC 9: chat calls wait for the client, polling this often. */
export const CHAT_READY_POLL_MS = 1000;
/** Longest text message, characters. */
export const CHAT_TEXT_MAX = 2000;
/** A chat user id: a member's uid or an agent's uid. */
export const CHAT_USER_ID = /^[A-Za-z0-9_-]{1,40}$/;
/** Pictures and voice clips are files the portal serves (nothing from another host). */
export const CHAT_FILE_URL = /^\/files\/upload\/[0-9a-f-]{32,36}\.(?:jpg|png|gif|webp|mp3|m4a|ogg|webm)$/;

/** /im/list's last-message text: the text itself, or [图片] [语音] [房源] [位置]. */
export function previewOf(payload: ChatPayload): string {
  switch (payload.msgType) {
    case 'text':
      return payload.content.text;
    case 'images':
      return '[图片]';
    case 'voice':
      return '[语音]';
    case 'house':
      return '[房源]';
    case 'map':
      return '[位置]';
    default:
      return '';
  }
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** The gateway's times are Beijing wall-clock `YYYY-MM-DD HH:MM:SS`; epoch ms, or NaN. */
export function gatewayTimeToMs(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return Number.NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - BEIJING_OFFSET_MS;
}

/**
 * A stored record's payload. The gateway keeps `content` as text: JSON of the payload, or (older and seeded rows) the
 * bare text of a text message. A record that does not read as its type is null.
 */
export function payloadOfRecord(msgType: ChatMsgType, content: string): ChatPayload | null {
  let parsed: unknown = null;
  if (content.startsWith('{')) {
    try {
      parsed = JSON.parse(content);
    } catch {
      parsed = null;
    }
  }
  const obj = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  switch (msgType) {
    case 'text':
      return { msgType, content: { text: obj && typeof obj.text === 'string' ? obj.text : content } };
    case 'images':
      return obj && typeof obj.url === 'string'
        ? { msgType, content: { url: obj.url, width: Number(obj.width) || 0, height: Number(obj.height) || 0 } }
        : null;
    case 'voice':
      return obj && typeof obj.url === 'string' ? { msgType, content: { url: obj.url, seconds: Number(obj.seconds) || 0 } } : null;
    case 'map':
      return obj && Number.isFinite(Number(obj.lat)) && Number.isFinite(Number(obj.lng))
        ? {
            msgType,
            content: { lat: Number(obj.lat), lng: Number(obj.lng), title: String(obj.title ?? ''), address: String(obj.address ?? '') },
          }
        : null;
    case 'house':
      return obj && typeof obj.title === 'string' ? ({ msgType, content: obj } as unknown as ChatPayload) : null;
    case 'cmd':
      return obj && typeof obj.cmd === 'string' ? { msgType, content: { cmd: obj.cmd, data: obj.data } } : null;
    default:
      return null;
  }
}

/** What the gateway stores for a payload. */
export const recordContentOf = (payload: ChatPayload): string => JSON.stringify(payload.content);

export interface StoredRecord {
  id: number;
  fromId: string;
  toId: string;
  msgType: ChatMsgType;
  content: string;
  createdAt: string;
  read?: boolean;
}

/** A gateway record as the screens get it; null when it does not read as its type (logged by the caller). */
export function messageOfRecord(r: StoredRecord): ChatMessage | null {
  const payload = payloadOfRecord(r.msgType, r.content);
  if (!payload) return null;
  return { ...payload, id: String(r.id), from: r.fromId, to: r.toId, time: gatewayTimeToMs(r.createdAt), read: !!r.read } as ChatMessage;
}

/** The last-message summary of a conversation row. */
export function lastOf(msgType: ChatMsgType, content: string, time: number, fromMe: boolean): ChatConversation['last'] {
  const payload = payloadOfRecord(msgType, content);
  return { msgType, preview: payload ? previewOf(payload) : '', time, fromMe };
}
