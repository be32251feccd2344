import type { ChatSettings } from '../contracts/page-data/im.ts';

/** The query rules of the chat screens (issue 18; SPEC 4, 5): who a conversation is with, the listing, the member's settings. Pure. */

/** SPEC 5, 8: the chat-user lookup failed. */
export const LOOKUP_FAILED = '获取用户uid 失败！';
/** SPEC 4, 8: a chat call without a member. */
export const NOT_LOGGED_IN = '用户未登录';

const UID = /^[A-Za-z0-9_@.-]{1,40}$/;
const ID = /^[1-9]\d{0,15}$/;
const HOUSE_TYPE = /^(1|1[1-6])$/;

export interface ChatQuery {
  uid?: string;
  belongerId?: number;
  name?: string;
  house: { houseId: number; houseType: number } | null;
}

/**
 * The /im/session query (chatSessionPath builds it): the agent's uid or belongerId (one is required, SPEC 5), an
 * optional display name, and the listing as houseId with houseType (both or neither). Null when malformed: the page
 * answers the 404 screen.
 */
export function parseChatQuery(q: Record<string, string | undefined>): ChatQuery | null {
  const uid = q.uid || undefined;
  const belonger = q.belongerId || undefined;
  if (!uid && !belonger) return null;
  if (uid !== undefined && !UID.test(uid)) return null;
  if (belonger !== undefined && !ID.test(belonger)) return null;
  const houseId = q.houseId || undefined;
  const houseType = q.houseType || undefined;
  if ((houseId === undefined) !== (houseType === undefined)) return null;
  if (houseId !== undefined && (!ID.test(houseId) || !HOUSE_TYPE.test(houseType as string))) return null;
  const shown = q.name;
  const name = typeof shown === 'string' ? shown.trim().slice(0, 30) : '';
  return {
    ...(uid ? { uid } : {}),
    ...(belonger ? { belongerId: Number(belonger) } : {}),
    ...(name ? { name } : {}),
    house: houseId ? { houseId: Number(houseId), houseType: Number(houseType) } : null,
  };
}

/** The member's chat user id: their uid (the gateway's member id), else userId. */
export function chatUserOf(user: { uid?: string; userId?: string } | null | undefined): string {
  const id = user?.uid || user?.userId || '';
  return UID.test(id) ? id : '';
}

export const DEFAULT_CHAT_SETTINGS: Readonly<ChatSettings> = {
  notify: true,
  preview: true,
  sound: true,
  dnd: false,
  dndFrom: '22:00',
  dndTo: '08:00',
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClockTime = (s: unknown): s is string => typeof s === 'string' && HHMM.test(s);

/** Stored settings (anything) as settings: what is missing or mistyped takes its default. */
export function chatSettingsOf(raw: unknown): ChatSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const flag = (k: 'notify' | 'preview' | 'sound' | 'dnd') => (typeof r[k] === 'boolean' ? (r[k] as boolean) : DEFAULT_CHAT_SETTINGS[k]);
  return {
    notify: flag('notify'),
    preview: flag('preview'),
    sound: flag('sound'),
    dnd: flag('dnd'),
    dndFrom: isClockTime(r.dndFrom) ? r.dndFrom : DEFAULT_CHAT_SETTINGS.dndFrom,
    dndTo: isClockTime(r.dndTo) ? r.dndTo : DEFAULT_CHAT_SETTINGS.dndTo,
  };
}

/** Whether a Beijing wall-clock `HH:mm` falls in the do-not-disturb window (which may wrap midnight: 22:00–08:00). */
export function inQuietHours(settings: Pick<ChatSettings, 'dnd' | 'dndFrom' | 'dndTo'>, hhmm: string): boolean {
  if (!settings.dnd || settings.dndFrom === settings.dndTo) return false;
  const { dndFrom: a, dndTo: b } = settings;
  return a < b ? hhmm >= a && hhmm < b : hhmm >= a || hhmm < b;
}

/** Beijing wall-clock `HH:mm` of an instant (the do-not-disturb window is set in Beijing time). */
export function beijingClock(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

/**
 * What an offline push to a member says under their chat settings (/city/ChatSettings): null when they turned
 * notifications off or the message arrives in their quiet hours; a content-free line when they hid previews.
 */
export function offlinePushFor(settings: ChatSettings, preview: string, now: number): string | null {
  if (!settings.notify || inQuietHours(settings, beijingClock(now))) return null;
  return settings.preview ? preview : '您有一条新消息';
}

/** The service rating after a chat (/im/session/serveEvaluation): 1–5 stars, each with its words, and optional text. */
export const EVALUATION_LABELS = ['非常不满意', '不满意', '一般', '满意', '非常满意'] as const;
export const EVALUATION_TEXT_MAX = 300;
export const EVALUATION_SAVED = '评价成功，感谢您的反馈';
export const SETTINGS_SAVED = '设置已保存';
/** The draft key of the rating form of one agent. */
export const evaluationDraft = (belongerId: number) => `im-evaluate:${belongerId}`;
export const SETTINGS_DRAFT = 'im-settings';

/** The member's quick phrases in a conversation (the chat host's `replies` are the agent's own auto-replies). */
export const MEMBER_QUICK_PHRASES = [
  '您好，这套房子还在吗？',
  '请问什么时候方便看房？',
  '价格还有商量的空间吗？',
  '首付和月供大概需要多少？',
  '小区的物业和停车情况怎么样？',
  '附近有哪些学校和地铁？',
] as const;
