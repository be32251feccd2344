import type {
  ChatClientFrame,
  ChatConversation,
  ChatEvent,
  ChatLogin,
  ChatMessage,
  ChatPayload,
  ChatServerFrame,
  ChatTransport,
} from '../../contracts/chat.ts';
import { CHAT_API, CHAT_MESSAGES } from '../../lib/chat.ts';
import { reconnectDelay } from '../../lib/member-socket.ts';
import { chatJson, type FetchLike } from './http.ts';

/** The part of the browser's WebSocket the transport uses (a fake in tests). */
export interface ChatSocketLike {
  readonly readyState: number;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface BuiltinDeps {
  openSocket?: (url: string) => ChatSocketLike;
  fetch?: FetchLike;
  /** The page's origin, for the socket URL (default location). */
  origin?: { protocol: string; host: string };
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** How long a sent message waits for its ack before it fails (default 15 s). */
  sendTimeoutMs?: number;
}

const OPEN = 1;

interface Pending {
  frame: ChatClientFrame;
  resolve(message: ChatMessage): void;
  reject(err: Error): void;
  timer: unknown;
}

/**
 * The built-in transport (issue 18): the portal's WebSocket (`login.socketPath`) for live messages, acks, read marks
 * and the unread total, reconnecting with backoff and jitter (1 s doubling to 30 s, src/lib/member-socket.ts); the JSON
 * endpoints under `login.apiBase` for history, conversations, pins and deletes. A message sent while the socket is
 * down waits for the next connection and fails after `sendTimeoutMs`.
 */
export function createBuiltinTransport(login: Extract<ChatLogin, { transport: 'builtin' }>, deps: BuiltinDeps = {}): ChatTransport {
  const apiBase = login.apiBase ?? CHAT_API;
  const fetcher: FetchLike = deps.fetch ?? ((input, init) => fetch(input, init));
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const origin = deps.origin ?? (typeof location !== 'undefined' ? location : { protocol: 'http:', host: 'localhost' });
  const url = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}${login.socketPath}`;
  const openSocket = deps.openSocket ?? ((u: string) => new WebSocket(u) as unknown as ChatSocketLike);
  const sendTimeoutMs = deps.sendTimeoutMs ?? 15_000;

  const listeners = new Set<(event: ChatEvent) => void>();
  const pending = new Map<string, Pending>();
  const seen = new Set<string>();
  /** id and time of messages seen per peer, to turn a `before` time into the id the history call pages by. */
  const known = new Map<string, Array<{ id: number; time: number }>>();
  let socket: ChatSocketLike | null = null;
  let isReady = false;
  let stopped = false;
  let attempt = 0;
  let timer: unknown = null;

  const emit = (event: ChatEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch (err) {
        console.warn('chat listener failed', err);
      }
    }
  };
  const remember = (m: ChatMessage) => {
    seen.add(m.id);
    if (seen.size > 5000) seen.delete(seen.values().next().value as string);
    const peer = m.from === login.userId ? m.to : m.from;
    const list = known.get(peer) ?? [];
    list.push({ id: Number(m.id), time: m.time });
    known.set(peer, list);
  };
  const settle = (clientId: string, message: ChatMessage) => {
    const p = pending.get(clientId);
    if (!p) return false;
    pending.delete(clientId);
    clearTimer(p.timer);
    p.resolve(message);
    return true;
  };

  const onFrame = (frame: ChatServerFrame) => {
    switch (frame.t) {
      case 'ready':
        isReady = true;
        attempt = 0;
        emit({ type: 'status', status: 'ready' });
        for (const p of pending.values()) socket?.send(JSON.stringify(p.frame));
        return;
      case 'ack':
        if (!seen.has(frame.message.id)) remember(frame.message);
        settle(frame.clientId, frame.message);
        return;
      case 'message': {
        const m = frame.message;
        if (seen.has(m.id)) return;
        remember(m);
        // Our own message comes back on the bus: the send resolves with it; another tab's is news.
        if (m.clientId && settle(m.clientId, m)) return;
        emit({ type: 'message', message: m });
        return;
      }
      case 'read': {
        const byMe = frame.reader === login.userId;
        emit({ type: 'read', peer: byMe ? frame.peer : frame.reader, upTo: frame.upTo, byMe });
        return;
      }
      case 'unread':
        emit({ type: 'unread', total: frame.total });
        return;
      case 'error': {
        if (frame.clientId && pending.has(frame.clientId)) {
          const p = pending.get(frame.clientId) as Pending;
          pending.delete(frame.clientId);
          clearTimer(p.timer);
          p.reject(new Error(frame.message));
        } else console.warn('chat socket error', frame.code, frame.message);
        return;
      }
      default:
        return;
    }
  };

  const retry = () => {
    isReady = false;
    socket = null;
    if (stopped || timer !== null) return;
    emit({ type: 'status', status: 'offline' });
    timer = setTimer(
      () => {
        timer = null;
        connect();
      },
      reconnectDelay(attempt++, deps.random),
    );
  };

  function connect() {
    if (stopped) return;
    emit({ type: 'status', status: 'connecting' });
    let s: ChatSocketLike;
    try {
      s = openSocket(url);
    } catch {
      retry();
      return;
    }
    socket = s;
    s.onmessage = (event) => {
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatServerFrame;
      } catch {
        return;
      }
      onFrame(frame);
    };
    s.onerror = () => {
      if (socket === s) retry();
    };
    s.onclose = () => {
      if (socket === s) retry();
    };
  }

  const api = (path: string) => `${apiBase}${path}`;

  connect();

  return {
    kind: 'builtin',
    ready: () => isReady,
    send(to: string, payload: ChatPayload, clientId: string) {
      const frame = { t: 'send', clientId, to, ...payload } as ChatClientFrame;
      return new Promise<ChatMessage>((resolve, reject) => {
        const t = setTimer(() => {
          if (pending.delete(clientId)) reject(new Error(CHAT_MESSAGES.sendFailed));
        }, sendTimeoutMs);
        pending.set(clientId, { frame, resolve, reject, timer: t });
        if (isReady && socket?.readyState === OPEN) socket.send(JSON.stringify(frame));
      });
    },
    async history(peer: string, before?: number) {
      let beforeId: number | undefined;
      if (before !== undefined) {
        const later = (known.get(peer) ?? []).filter((k) => k.time >= before);
        if (later.length) beforeId = Math.min(...later.map((k) => k.id));
      }
      const q = beforeId ? `?beforeId=${beforeId}` : '';
      const page = await chatJson<{ messages: ChatMessage[]; more: boolean }>(fetcher, api(`/history/${encodeURIComponent(peer)}${q}`));
      const messages = before !== undefined && !beforeId ? page.messages.filter((m) => m.time < before) : page.messages;
      for (const m of messages) if (!seen.has(m.id)) remember(m);
      return { messages, more: page.more };
    },
    conversations: () => chatJson<ChatConversation[]>(fetcher, api('/conversations')),
    async markRead(peer: string) {
      if (isReady && socket?.readyState === OPEN) {
        socket.send(JSON.stringify({ t: 'read', peer } satisfies ChatClientFrame));
        return;
      }
      try {
        await chatJson(fetcher, api('/read'), { method: 'POST', body: { peer } });
      } catch (err) {
        console.warn('chat read mark failed', err);
      }
    },
    async pin(peer: string, pinned: boolean) {
      await chatJson(fetcher, api('/pin'), { method: 'POST', body: { peer, pinned } });
    },
    async remove(peer: string) {
      await chatJson(fetcher, api('/remove'), { method: 'POST', body: { peer } });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      stopped = true;
      isReady = false;
      if (timer !== null) clearTimer(timer);
      timer = null;
      for (const p of pending.values()) {
        clearTimer(p.timer);
        p.reject(new Error(CHAT_MESSAGES.sendFailed));
      }
      pending.clear();
      const s = socket;
      socket = null;
      if (s) {
        s.onclose = s.onerror = s.onmessage = s.onopen = null;
        s.close(1000);
      }
      listeners.clear();
    },
  };
}
