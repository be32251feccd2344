import { WebSocket } from 'ws';

/** A real WebSocket client for tests: the `ws` package @fastify/websocket is built on. */
export { WebSocket };
export type WsSocket = WebSocket;

/** What a test watches on one socket: every message as text, and how it closed. */
export interface Watched {
  socket: WsSocket;
  messages: string[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** The next message not yet taken, or null after `ms`. */
  nextMessage(ms?: number): Promise<string | null>;
}

export function watch(socket: WsSocket): Watched {
  const messages: string[] = [];
  let taken = 0;
  let waiter: (() => void) | null = null;
  socket.on('message', (data) => {
    messages.push(data.toString());
    waiter?.();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return {
    socket,
    messages,
    closed,
    async nextMessage(ms = 2000) {
      if (messages.length <= taken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          waiter = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter = null;
      }
      return messages.length > taken ? messages[taken++] : null;
    },
  };
}

/** Open a socket on a listening server; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const watched = watch(socket);
    socket.on('open', () => resolve(watched));
    socket.on('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { statusCode: res.statusCode }));
      socket.terminate();
    });
    socket.on('error', reject);
  });
}
