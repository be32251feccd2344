import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatPayload } from '../../src/contracts/chat.ts';
import type { ImSessionData } from '../../src/contracts/page-data/im.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { showToast } from '../../src/ui/detail/toast.ts';
import { HouseCard, MessageStream, type ShownMessage } from '../../src/ui/im/Bubbles.tsx';
import { AgentAvatar } from '../../src/ui/im/ConversationRow.tsx';
import { useChat } from '../../src/ui/im/use-chat.ts';
import { useNow } from '../../src/ui/im/use-now.ts';

type Ok = Extract<ImSessionData, { ok: true }>;

/**
 * /im/session (issue 18; SPEC 3, 4, 5): the conversation with one agent. The newest messages and the listing's card
 * come with the page; the chat transport then delivers new messages live, sends text, photos (shrunk in the browser),
 * the listing's place and quick phrases, marks the agent's messages read and shows the agent's read marks. Older
 * messages load when the top of the stream comes into view.
 */
export default function ImSessionPage({ data }: PageProps<ImSessionData>) {
  if (!data.ok) {
    return (
      <div className="im-page">
        <section className="im-empty" data-testid="im-failed">
          <p className="im-empty__title">{data.message}</p>
          <AppLink href="/im/list" className="btn btn--primary btn--sm">
            返回消息列表
          </AppLink>
        </section>
      </div>
    );
  }
  return <Conversation key={data.peer} data={data} />;
}

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `c${Date.now()}${Math.random().toString(36).slice(2)}`;

function merge(list: ShownMessage[], m: ChatMessage, clientId?: string): ShownMessage[] {
  const key = clientId ?? m.clientId;
  const at = list.findIndex((x) => x.id === m.id || (key !== undefined && x.id === key));
  if (at >= 0) return list.map((x, i) => (i === at ? { ...m } : x));
  const next = [...list, { ...m }];
  return next.sort((a, b) => a.time - b.time);
}

function Conversation({ data }: { data: Ok }) {
  const [messages, setMessages] = useState<ShownMessage[]>(data.messages);
  const [more, setMore] = useState(data.more);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState('');
  const [panel, setPanel] = useState<'none' | 'phrases' | 'more'>('none');
  const [recording, setRecording] = useState<null | { stop(): Promise<{ blob: Blob; seconds: number }>; cancel(): void }>(null);
  const now = useNow(data.now);
  const endRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const stick = useRef(true);

  const { transport, status, error } = useChat((event, t) => {
    if (event.type === 'message') {
      const m = event.message;
      const ours = (m.from === data.peer && m.to === data.me) || (m.from === data.me && m.to === data.peer);
      if (!ours) return;
      stick.current = true;
      setMessages((l) => merge(l, m));
      if (m.from === data.peer && document.visibilityState === 'visible') void t.markRead(data.peer).catch(() => undefined);
    } else if (event.type === 'read' && event.peer === data.peer && !event.byMe) {
      // The agent read the member's messages (byMe: the member read the agent's, in this or another tab).
      setMessages((l) => l.map((x) => (x.from === data.me && x.time <= event.upTo ? { ...x, read: true } : x)));
    }
  });

  // Live: catch up with what arrived since the page was rendered, and mark the agent's messages read.
  useEffect(() => {
    if (!transport) return;
    let gone = false;
    transport.history(data.peer).then(
      (page) => {
        if (gone) return;
        setMessages((l) => page.messages.reduce<ShownMessage[]>((acc, m) => merge(acc, m), l));
      },
      () => undefined,
    );
    void transport.markRead(data.peer).catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [transport, data.peer]);

  // Keep the newest message in view when it arrives (not when older ones are prepended).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the stream, which it does not read.
  useEffect(() => {
    if (stick.current) endRef.current?.scrollIntoView({ block: 'end' });
    stick.current = false;
  }, [messages]);
  // On arrival, and when the phrases or tools open under the newest message.
  useEffect(() => {
    if (panel !== 'none' || !stick.current) endRef.current?.scrollIntoView({ block: 'end' });
  }, [panel]);

  const loadOlder = useCallback(async () => {
    if (!transport || !more || loadingOlder) return;
    const oldest = messages[0]?.time;
    setLoadingOlder(true);
    const before = document.documentElement.scrollHeight;
    try {
      const page = await transport.history(data.peer, oldest);
      stick.current = false;
      setMessages((l) => page.messages.reduce<ShownMessage[]>((acc, m) => merge(acc, m), l));
      setMore(page.more);
      requestAnimationFrame(() => window.scrollBy(0, document.documentElement.scrollHeight - before));
    } catch {
      showToast('加载失败，请重试');
    } finally {
      setLoadingOlder(false);
    }
  }, [transport, more, loadingOlder, messages, data.peer]);

  // Infinite scroll back through history: the top of the stream in view loads the page before it.
  useEffect(() => {
    const el = topRef.current;
    if (!el || !more || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadOlder();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [more, loadOlder]);

  const send = async (payload: ChatPayload) => {
    if (!transport) {
      showToast(error ?? '聊天服务连接中，请稍后');
      return false;
    }
    const clientId = newClientId();
    const pending: ShownMessage = {
      ...payload,
      id: clientId,
      clientId,
      from: data.me,
      to: data.peer,
      time: Date.now(),
      read: false,
      pending: true,
    } as ShownMessage;
    stick.current = true;
    setMessages((l) => [...l, pending]);
    try {
      const sent = await transport.send(data.peer, payload, clientId);
      setMessages((l) => merge(l, sent, clientId));
      return true;
    } catch (err) {
      setMessages((l) => l.map((x) => (x.id === clientId ? { ...x, pending: false, failed: true } : x)));
      showToast((err as Error).message || '发送失败，请重试');
      return false;
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    setText('');
    if (!(await send({ msgType: 'text', content: { text: t.slice(0, 1000) } }))) setText(t);
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPanel('none');
    if (!file.type.startsWith('image/')) return showToast('请选择图片');
    try {
      // Shrunk to 1280 px in the browser, then stored by the gateway (src/client/chat/images.ts).
      const { uploadChatImage } = await import('../../src/client/chat/images.ts');
      const image = await uploadChatImage(file);
      await send({ msgType: 'images', content: image });
    } catch (err) {
      showToast((err as Error).message || '图片发送失败');
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const onVoice = async () => {
    const media = await import('../../src/client/im/media.ts');
    if (recording) {
      setRecording(null);
      try {
        const clip = await recording.stop();
        const { uploadChatVoice } = await import('../../src/client/chat/images.ts');
        const voice = await uploadChatVoice(clip.blob);
        await send({ msgType: 'voice', content: { url: voice.url, seconds: clip.seconds } });
      } catch (err) {
        showToast((err as Error).message || '语音发送失败');
      }
      return;
    }
    try {
      setRecording(await media.startRecording());
    } catch (err) {
      showToast((err as Error).message, 3000);
    }
  };

  const agent = data.agent;
  return (
    <div className="im-session">
      <div className="im-head im-head--session">
        <AppLink href="/im/list" className="im-head__back" aria-label="返回消息列表">
          ‹
        </AppLink>
        <AgentAvatar src={agent.portrait} name={agent.name} size={36} />
        <div className="im-head__who">
          <h1 className="im-head__title">
            {agent.name}
            {agent.iskefu ? <span className="im-tag">客服</span> : null}
          </h1>
          {agent.storeName ? <p className="im-head__sub">{agent.storeName}</p> : null}
        </div>
        <AppLink href={`/im/session/serveEvaluation?belongerId=${agent.belongerId}`} className="im-head__link">
          评价
        </AppLink>
      </div>
      {status === 'error' ? (
        <p className="im-note" role="status" data-testid="im-offline">
          {error}
        </p>
      ) : status === 'offline' ? (
        <p className="im-note" role="status">
          连接已断开，正在重连…
        </p>
      ) : null}
      {data.house ? (
        <div className="im-pinned">
          <HouseCard house={data.house} href={data.houseHref} />
          {data.house.huashu ? (
            <button
              type="button"
              className="im-pinned__send"
              onClick={() => {
                const house = data.house;
                if (!house) return;
                void send({ msgType: 'house', content: house }).then(
                  (ok) => ok && send({ msgType: 'text', content: { text: house.huashu } }),
                );
              }}
            >
              发送房源给经纪人
            </button>
          ) : null}
        </div>
      ) : null}
      <div ref={topRef} className="im-older">
        {more ? (
          <button type="button" className="im-older__btn" onClick={() => void loadOlder()} disabled={loadingOlder}>
            {loadingOlder ? '加载中…' : '查看更早的消息'}
          </button>
        ) : messages.length > 0 ? (
          <span className="im-older__end">没有更早的消息了</span>
        ) : (
          <span className="im-older__end">向{agent.name}发送消息，开始咨询吧</span>
        )}
      </div>
      <MessageStream messages={messages} me={data.me} now={now} placeMap={data.placeMap} />
      <div ref={endRef} className="im-end" />
      <form className="im-bar" onSubmit={onSubmit} data-testid="im-bar">
        {panel === 'phrases' && data.replies.length > 0 ? (
          <ul className="im-phrases" aria-label="快捷短语">
            {data.replies.map((r) => (
              <li key={r}>
                <button
                  type="button"
                  className="im-phrase"
                  onClick={() => {
                    setPanel('none');
                    void send({ msgType: 'text', content: { text: r } });
                  }}
                >
                  {r}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {panel === 'more' ? (
          <div className="im-more">
            <button type="button" className="im-more__btn" onClick={() => fileRef.current?.click()}>
              图片
            </button>
            {data.place ? (
              <button
                type="button"
                className="im-more__btn"
                onClick={() => {
                  setPanel('none');
                  const place = data.place;
                  if (place) void send({ msgType: 'map', content: place });
                }}
              >
                位置
              </button>
            ) : null}
            <button type="button" className={`im-more__btn${recording ? ' is-rec' : ''}`} onClick={() => void onVoice()}>
              {recording ? '结束录音并发送' : '语音'}
            </button>
          </div>
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          data-testid="im-file"
          onChange={(e) => void onPhoto(e.currentTarget.files?.[0])}
        />
        <div className="im-bar__row">
          <button
            type="button"
            className="im-bar__tool"
            aria-expanded={panel === 'phrases'}
            onClick={() => setPanel((p) => (p === 'phrases' ? 'none' : 'phrases'))}
          >
            常用语
          </button>
          <label className="im-bar__field">
            <span className="vh">消息</span>
            <input
              name="text"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={1000}
              placeholder="输入消息…"
              autoComplete="off"
              enterKeyHint="send"
            />
          </label>
          {text.trim() ? (
            <button type="submit" className="im-bar__send">
              发送
            </button>
          ) : (
            <button
              type="button"
              className="im-bar__tool im-bar__plus"
              aria-label="更多：图片、位置、语音"
              aria-expanded={panel === 'more'}
              onClick={() => setPanel((p) => (p === 'more' ? 'none' : 'more'))}
            >
              +
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
