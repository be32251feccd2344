import { useEffect, useRef, useState } from 'react';
import type { ChatEvent, ChatTransport } from '../../contracts/chat.ts';
import { useAppStore } from '../../stores/context.tsx';

/**
 * The chat screens' one connection (issue 18): opened on the first chat screen (its own chunk, loaded by dynamic
 * import, never in the first page's JavaScript) and kept while the member moves between chat screens. Its unread
 * total feeds the header badge.
 */
let shared: Promise<ChatTransport> | null = null;

function open(): Promise<ChatTransport> {
  shared ??= import('../../client/im/connect.ts').then((m) => m.connectChat());
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

export type ChatStatus = 'connecting' | 'ready' | 'offline' | 'error';

export function useChat(listener?: (event: ChatEvent, transport: ChatTransport) => void): {
  transport: ChatTransport | null;
  status: ChatStatus;
  error: string | null;
} {
  const store = useAppStore();
  const [transport, setTransport] = useState<ChatTransport | null>(null);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  useEffect(() => {
    let off: (() => void) | null = null;
    let gone = false;
    open().then(
      (t) => {
        if (gone) return;
        setTransport(t);
        setStatus(t.ready() ? 'ready' : 'connecting');
        off = t.on((event) => {
          if (event.type === 'status') setStatus(event.status);
          if (event.type === 'unread') store.user.chatUnread = event.total;
          listenerRef.current?.(event, t);
        });
      },
      (err: Error) => {
        if (gone) return;
        setStatus('error');
        setError(err.message || '聊天服务暂不可用');
      },
    );
    return () => {
      gone = true;
      off?.();
    };
  }, [store]);
  return { transport, status, error };
}
