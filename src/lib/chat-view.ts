import type { ChatConversation, ChatMessage, ChatMsgType, ChatPayload } from '../contracts/chat.ts';
import type { ChatHouseCard, ChatRecord } from '../contracts/gateway/chat.ts';
import { gatewayTime } from './time-label.ts';

/**
 * How the chat screens (issue 18) read what the gateway stored: a record's payload, a conversation's last-message
 * preview (SPEC 3 message types), the new-home test. Pure.
 */

const PREVIEWS: Record<Exclude<ChatMsgType, 'text'>, string> = {
  images: '[图片]',
  voice: '[语音]',
  house: '[房源]',
  map: '[位置]',
  cmd: '',
};

/** The list's one-line preview of a message: its text, or [图片] [语音] [房源] [位置]. */
export function previewOf(msgType: ChatMsgType, content: unknown): string {
  if (msgType !== 'text') return PREVIEWS[msgType] ?? '';
  const text = typeof content === 'string' ? content : ((content as { text?: unknown } | null)?.text ?? '');
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').trim().slice(0, 60) : '';
}

/** A stored record's content as the payload of its type; null when it does not parse as one (then it is not shown). */
export function payloadOf(msgType: ChatMsgType, content: string): ChatPayload | null {
  if (msgType === 'text') {
    // Text is stored as the text itself; a JSON `{text}` from another writer is read too.
    if (content.startsWith('{')) {
      const parsed = parseJson(content) as { text?: unknown } | null;
      if (typeof parsed?.text === 'string') return { msgType, content: { text: parsed.text } };
    }
    return { msgType, content: { text: content } };
  }
  const parsed = parseJson(content);
  if (!parsed || typeof parsed !== 'object') return null;
  const c = parsed as Record<string, unknown>;
  switch (msgType) {
    case 'images':
      return typeof c.url === 'string' ? { msgType, content: { url: c.url, width: num(c.width), height: num(c.height) } } : null;
    case 'voice':
      return typeof c.url === 'string' ? { msgType, content: { url: c.url, seconds: num(c.seconds) } } : null;
    case 'map':
      return Number.isFinite(c.lat) && Number.isFinite(c.lng)
        ? { msgType, content: { lat: c.lat as number, lng: c.lng as number, title: str(c.title), address: str(c.address) } }
        : null;
    case 'house':
      return typeof c.title === 'string' ? { msgType, content: c as unknown as ChatHouseCard } : null;
    case 'cmd':
      return typeof c.cmd === 'string' ? { msgType, content: { cmd: c.cmd, data: c.data } } : null;
    default:
      return null;
  }
}

/** A gateway record as a message of the conversation; `readUpTo`: the peer's read mark (record id) for the member's own messages. */
export function messageOfRecord(r: ChatRecord & { read?: boolean }, me: string, readUpTo = 0): ChatMessage | null {
  const payload = payloadOf(r.msgType, r.content);
  const time = gatewayTime(r.createdAt);
  if (!payload || !Number.isFinite(time)) return null;
  return {
    ...payload,
    id: String(r.id),
    from: r.fromId,
    to: r.toId,
    time,
    read: r.fromId === me ? (r.read ?? r.id <= readUpTo) : true,
  };
}

/** Conversations as /im/list orders them: pinned first, then by the last message, newest first. */
export function sortConversations(list: ChatConversation[]): ChatConversation[] {
  return [...list].sort((a, b) => Number(b.pinned) - Number(a.pinned) || (b.last?.time ?? 0) - (a.last?.time ?? 0));
}

/** The unread total of a member's conversations (the header badge). */
export const unreadTotal = (list: ReadonlyArray<Pick<ChatConversation, 'unread'>>) => list.reduce((n, c) => n + Math.max(0, c.unread), 0);

/** A badge's text: up to 99, then 99+. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
