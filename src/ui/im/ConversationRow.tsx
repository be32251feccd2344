import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import type { ChatConversation } from '../../contracts/chat.ts';
import { badgeText } from '../../lib/chat-view.ts';
import { timeLabel } from '../../lib/time-label.ts';
import { AppLink } from '../AppLink.tsx';
import { chatSessionPath } from '../detail/links.ts';
import { DefaultAvatar } from '../icons.tsx';

/** The agent's portrait, or the default avatar. */
export function AgentAvatar({ src, name, size = 48 }: { src: string | null | undefined; name: string; size?: number }) {
  return src ? (
    <img className="im-avatar" src={src} alt={name} width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="im-avatar im-avatar--none" role="img" aria-label={name}>
      <DefaultAvatar size={size} />
    </span>
  );
}

/** Where a conversation row opens: the session with the agent (SPEC 4 query). */
export function conversationHref(c: ChatConversation): string {
  return (
    chatSessionPath({ uid: c.peer, belongerId: c.agent?.belongerId ?? null, name: c.agent?.name ?? null }) ??
    `/im/session?uid=${encodeURIComponent(c.peer)}`
  );
}

/** One conversation: portrait, name and store, last message, its time label (short mode), unread count. */
export function ConversationSummary({ c, now }: { c: ChatConversation; now: number }) {
  const name = c.agent?.name || c.peer;
  return (
    <AppLink href={conversationHref(c)} className="im-row__link" data-testid="im-row-link">
      <span className="im-row__avatar">
        <AgentAvatar src={c.agent?.portrait} name={name} />
        {c.unread > 0 ? (
          <span className="im-badge" data-testid="im-unread">
            {badgeText(c.unread)}
            <span className="vh">条未读</span>
          </span>
        ) : null}
      </span>
      <span className="im-row__body">
        <span className="im-row__top">
          <span className="im-row__name">
            {name}
            {c.agent?.iskefu ? <span className="im-tag">客服</span> : null}
            {c.pinned ? <span className="im-tag im-tag--pin">置顶</span> : null}
          </span>
          {c.last ? (
            <time className="im-row__time" dateTime={new Date(c.last.time).toISOString()} data-testid="im-time">
              {timeLabel(c.last.time, now, { short: true })}
            </time>
          ) : null}
        </span>
        {c.agent?.storeName ? <span className="im-row__store">{c.agent.storeName}</span> : null}
        <span className="im-row__preview">{c.last ? `${c.last.fromMe ? '我：' : ''}${c.last.preview || '[消息]'}` : '暂无消息'}</span>
      </span>
    </AppLink>
  );
}

const SWIPE_OPEN = 60;
const LONG_PRESS_MS = 550;

/**
 * A conversation row with its actions (pin, delete): swiped left on a touch screen, a long press, or the 更多 button
 * (keyboard and screen readers) shows them.
 */
export function SwipeRow({ c, now, actions }: { c: ChatConversation; now: number; actions: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [dx, setDx] = useState(0);
  const start = useRef<{ x: number; y: number; t: ReturnType<typeof setTimeout> | null; moved: boolean } | null>(null);
  const longPressed = useRef(false);
  const down = (e: PointerEvent) => {
    longPressed.current = false;
    const t = setTimeout(() => {
      longPressed.current = true;
      setOpen(true);
    }, LONG_PRESS_MS);
    start.current = { x: e.clientX, y: e.clientY, t, moved: false };
  };
  const move = (e: PointerEvent) => {
    const s = start.current;
    if (!s) return;
    const mx = e.clientX - s.x;
    if (Math.abs(mx) > 8 || Math.abs(e.clientY - s.y) > 8) {
      if (s.t) clearTimeout(s.t);
      s.t = null;
      s.moved = true;
    }
    if (e.pointerType !== 'mouse' && Math.abs(mx) > Math.abs(e.clientY - s.y)) setDx(Math.max(-140, Math.min(0, mx + (open ? -140 : 0))));
  };
  const up = () => {
    const s = start.current;
    if (s?.t) clearTimeout(s.t);
    start.current = null;
    if (s?.moved && dx !== 0) setOpen(dx < -SWIPE_OPEN);
    setDx(0);
  };
  const offset = dx !== 0 ? dx : open ? -140 : 0;
  return (
    <li className={`im-row${open ? ' is-open' : ''}`} data-testid="im-row" data-peer={c.peer}>
      <div className="im-row__actions" aria-hidden={!open}>
        {actions}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the swipe and long press; keyboards and screen readers use the 更多 button. */}
      <div
        className="im-row__main"
        style={offset ? { transform: `translateX(${offset}px)` } : undefined}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onClickCapture={(e) => {
          if (longPressed.current || open) {
            e.preventDefault();
            e.stopPropagation();
            longPressed.current = false;
            if (open) setOpen(false);
          }
        }}
        onContextMenu={(e) => e.preventDefault()}
      >
        <ConversationSummary c={c} now={now} />
        <button
          type="button"
          className="im-row__more"
          aria-expanded={open}
          aria-label={`${c.agent?.name || c.peer}的会话操作`}
          onClick={(e) => {
            e.stopPropagation();
            setOpen((v) => !v);
          }}
        >
          ⋯
        </button>
      </div>
    </li>
  );
}
