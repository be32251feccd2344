import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatConversation, ChatEvent, ChatMessage, ChatTransport } from '../../src/contracts/chat.ts';
import type { AgentInboxData } from '../../src/contracts/page-data/agent.ts';
import { AGENT_CHAT_API, CHAT_TEXT_MAX } from '../../src/lib/chat.ts';
import { timeLabel } from '../../src/lib/time-label.ts';
import type { PageProps } from '../../src/render/page-props.ts';

type Status = 'connecting' | 'ready' | 'offline';
const STATUS_TEXT: Record<Status, string> = { connecting: '连接中…', ready: '在线', offline: '已断开，正在重连…' };

/** The text of a message as the inbox shows it. */
function MessageBody({ m }: { m: ChatMessage }) {
  switch (m.msgType) {
    case 'text':
      return <span className="agent-msg__text">{m.content.text}</span>;
    case 'images':
      return (
        <img
          className="agent-msg__img"
          src={m.content.url}
          alt="图片消息"
          width={m.content.width || undefined}
          height={m.content.height || undefined}
        />
      );
    case 'voice':
      // biome-ignore lint/a11y/useMediaCaption: a chat voice message has no caption track.
      return <audio className="agent-msg__voice" src={m.content.url} controls preload="none" />;
    case 'house':
      return (
        <span className="agent-msg__card">
          <b>{m.content.title}</b>
          <span>{m.content.priceText || (m.content.price ? `${m.content.price}` : '')}</span>
          <span>{m.content.other}</span>
        </span>
      );
    case 'map':
      return (
        <span className="agent-msg__card">
          <b>[位置] {m.content.title}</b>
          <span>{m.content.address}</span>
        </span>
      );
    default:
      return <span className="agent-msg__text">[消息]</span>;
  }
}

const nameOf = (c: ChatConversation) => c.member?.nickName || c.agent?.name || c.peer;

/**
 * /agent/inbox (issue 18): the signed-in agent's conversations and the open one, live over the same socket protocol
 * as the member's chat (the built-in transport, or Tencent IM when configured), loaded after the page by dynamic import.
 * One view at a time on a phone: the list, or the conversation with a back button.
 */
export default function AgentInboxPage({ data }: PageProps<AgentInboxData>) {
  const [transport, setTransport] = useState<ChatTransport | null>(null);
  const [status, setStatus] = useState<Status>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [conversations, setConversations] = useState<ChatConversation[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [more, setMore] = useState(false);
  const [draft, setDraft] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const openRef = useRef<string | null>(null);
  const streamEnd = useRef<HTMLDivElement | null>(null);
  openRef.current = open;

  const refresh = useCallback(async (t: ChatTransport) => {
    try {
      setConversations(await t.conversations());
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);

  useEffect(() => {
    let closed = false;
    let t: ChatTransport | null = null;
    (async () => {
      try {
        const chat = await import('../../src/client/chat/index.ts');
        const login = await chat.fetchChatLogin(AGENT_CHAT_API);
        if (!login) {
          location.assign('/agent/login');
          return;
        }
        if (closed) return;
        t = await chat.createChatTransport(login);
        t.on((e: ChatEvent) => {
          if (e.type === 'status') setStatus(e.status);
          if (e.type === 'message') {
            const peer = e.message.from === login.userId ? e.message.to : e.message.from;
            if (peer === openRef.current) {
              setMessages((list) => (list.some((m) => m.id === e.message.id) ? list : [...list, e.message]));
              if (e.message.from === peer) void t?.markRead(peer);
            }
            void refresh(t as ChatTransport);
          }
          if (e.type === 'read' && !e.byMe && e.peer === openRef.current)
            setMessages((list) => list.map((m) => (m.to === e.peer && m.time <= e.upTo ? { ...m, read: true } : m)));
          if (e.type === 'unread') void refresh(t as ChatTransport);
        });
        setTransport(t);
        await refresh(t);
      } catch (err) {
        setError((err as Error).message || '连接失败，请刷新重试');
      }
    })();
    const clock = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      closed = true;
      clearInterval(clock);
      t?.close();
    };
  }, [refresh]);

  const shown = messages.length;
  useEffect(() => {
    if (shown > 0) streamEnd.current?.scrollIntoView({ block: 'end' });
  }, [shown]);

  const openConversation = async (peer: string) => {
    if (!transport) return;
    setOpen(peer);
    setMessages([]);
    try {
      const page = await transport.history(peer);
      setMessages(page.messages);
      setMore(page.more);
      await transport.markRead(peer);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const loadOlder = async () => {
    if (!transport || !open || messages.length === 0) return;
    const page = await transport.history(open, messages[0]?.time);
    setMessages((list) => [...page.messages.filter((m) => !list.some((x) => x.id === m.id)), ...list]);
    setMore(page.more);
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!transport || !open || !text) return;
    setDraft('');
    const clientId = `a${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    try {
      const message = await transport.send(open, { msgType: 'text', content: { text } }, clientId);
      setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      void refresh(transport);
    } catch (err) {
      setDraft(text);
      setError((err as Error).message);
    }
  };

  const current = conversations.find((c) => c.peer === open);
  return (
    <div className="agent-inbox" data-testid="agent-inbox" data-status={status}>
      <header className="agent-inbox__bar">
        {open ? (
          <button type="button" className="agent-inbox__back" onClick={() => setOpen(null)} aria-label="返回会话列表">
            ‹
          </button>
        ) : null}
        <h1 className="agent-inbox__title">{open ? (current ? nameOf(current) : open) : `咨询消息 · ${data.agent.name}`}</h1>
        <span className={`agent-inbox__status agent-inbox__status--${status}`} role="status">
          {STATUS_TEXT[status]}
        </span>
        {open ? null : (
          <form method="post" action="/-/agent/logout">
            <button type="submit" className="agent-inbox__logout">
              退出
            </button>
          </form>
        )}
      </header>
      {error ? (
        <p className="agent-inbox__error" role="alert">
          {error}
          <button type="button" onClick={() => setError(null)} aria-label="关闭提示">
            ×
          </button>
        </p>
      ) : null}
      {open ? (
        <section className="agent-chat" aria-label="会话">
          <div className="agent-chat__stream" data-testid="agent-stream">
            {more ? (
              <button type="button" className="agent-chat__older" onClick={loadOlder}>
                查看更早的消息
              </button>
            ) : null}
            {messages.map((m) => (
              <div key={m.id} className={`agent-msg ${m.from === data.agent.uid ? 'agent-msg--mine' : ''}`} data-testid="agent-msg">
                <MessageBody m={m} />
                <span className="agent-msg__meta">
                  {timeLabel(m.time, now)}
                  {m.from === data.agent.uid ? (m.read ? ' · 已读' : ' · 未读') : ''}
                </span>
              </div>
            ))}
            <div ref={streamEnd} />
          </div>
          <form className="agent-chat__input" onSubmit={send}>
            <input
              name="text"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={CHAT_TEXT_MAX}
              placeholder="回复客户…"
              autoComplete="off"
              aria-label="回复内容"
            />
            <button type="submit" disabled={!draft.trim() || status !== 'ready'}>
              发送
            </button>
          </form>
        </section>
      ) : (
        <ul className="agent-list" data-testid="agent-conversations">
          {conversations.length === 0 ? <li className="agent-list__empty">{transport ? '暂无咨询消息' : '正在加载…'}</li> : null}
          {conversations.map((c) => (
            <li key={c.conversationID}>
              <button type="button" className="agent-list__row" onClick={() => openConversation(c.peer)} data-testid="agent-conversation">
                {c.member?.headUrl ? (
                  <img className="agent-list__avatar" src={c.member.headUrl} alt="" width={44} height={44} />
                ) : (
                  <span className="agent-list__avatar" />
                )}
                <span className="agent-list__main">
                  <span className="agent-list__name">
                    {nameOf(c)}
                    {c.pinned ? <em className="agent-list__pin">置顶</em> : null}
                  </span>
                  <span className="agent-list__last">{c.last ? `${c.last.fromMe ? '我：' : ''}${c.last.preview}` : ''}</span>
                </span>
                <span className="agent-list__side">
                  <span className="agent-list__time">{c.last ? timeLabel(c.last.time, now, { short: true }) : ''}</span>
                  {c.unread > 0 ? (
                    <span className="agent-list__unread" data-testid="agent-unread">
                      {c.unread > 99 ? '99+' : c.unread}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
