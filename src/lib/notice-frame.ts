import type { GatewayNoticeEvent, Notice } from '../contracts/gateway/index.ts';

/**
 * The member socket's notice frame (issue 37 part 2): what a member's open pages get when the gateway records a notice
 * for them, as JSON (the forced-logout message stays the bare user id, SPEC 4). Shared by the server (which checks an
 * event against NOTICE_SCHEMA wherever it came from) and the browser (which shows the toast).
 */
export interface NoticeFrame {
  t: 'notice';
  notice: Pick<Notice, 'id' | 'kind' | 'title' | 'text' | 'url'>;
  /** The member's unread notices after this one. */
  unread: number;
}

/** A notice as the gateway events carry it: short texts, a site-relative URL. */
export const NOTICE_SCHEMA = {
  type: 'object',
  required: ['id', 'kind', 'title', 'text', 'url'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    kind: { type: 'string', enum: ['new', 'drop', 'favourite-drop'] },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    text: { type: 'string', maxLength: 300 },
    url: { type: 'string', pattern: '^/(?![/\\\\])[^\\s]{0,299}$' },
  },
} as const;

/** A frame the browser read from the socket: a notice frame, or null for anything else. */
export function parseNoticeFrame(data: unknown): NoticeFrame | null {
  const text = String(data);
  if (!text.startsWith('{')) return null;
  try {
    const f = JSON.parse(text) as Partial<NoticeFrame>;
    const n = f.notice;
    if (f.t !== 'notice' || !n || typeof n.title !== 'string' || typeof n.url !== 'string' || !/^\/(?![/\\])/.test(n.url)) return null;
    return { t: 'notice', notice: n as NoticeFrame['notice'], unread: typeof f.unread === 'number' ? f.unread : 0 };
  } catch {
    return null;
  }
}

/** The IPC message a cluster's primary sends a worker with one gateway event (src/server.ts; issue 37). */
export interface GatewayEventMessage {
  type: 'portal:gateway-event';
  event: GatewayNoticeEvent;
}
export const isGatewayEventMessage = (m: unknown): m is GatewayEventMessage =>
  !!m && typeof m === 'object' && (m as { type?: unknown }).type === 'portal:gateway-event';
