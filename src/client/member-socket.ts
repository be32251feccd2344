import { reconnectDelay } from '../lib/member-socket.ts';

/** The part of the browser's WebSocket this module uses (a fake in tests). */
export interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  close(code?: number): void;
}

export interface MemberSocketDeps {
  url: string;
  /** The member's user id: a message equal to it is the forced logout (SPEC 4 step 1). */
  userId: string;
  open(url: string): SocketLike;
  /** Called once, when the forced-logout message arrives; the socket is closed and not reopened. */
  onSignedOut(): void;
  /** Any other message (issue 37: a JSON notice frame, src/lib/notice-frame.ts). */
  onMessage?(data: string): void;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * SPEC 4 forced logout, step 1 in the browser: the member's socket, kept open. On an error or a close it reconnects
 * after a backoff with jitter (1 s doubling to 30 s); a successful open resets the backoff.
 */
export function connectMemberSocket(deps: MemberSocketDeps): { stop(): void } {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let attempt = 0;
  let stopped = false;
  let socket: SocketLike | null = null;
  let timer: unknown = null;

  const retry = () => {
    if (stopped || timer !== null) return;
    socket = null;
    timer = setTimer(
      () => {
        timer = null;
        connect();
      },
      reconnectDelay(attempt++, deps.random),
    );
  };

  const stop = () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    timer = null;
    const s = socket;
    socket = null;
    if (s) {
      s.onclose = s.onerror = s.onmessage = s.onopen = null;
      s.close(1000);
    }
  };

  function connect() {
    if (stopped) return;
    let s: SocketLike;
    try {
      s = deps.open(deps.url);
    } catch {
      retry();
      return;
    }
    socket = s;
    s.onopen = () => {
      attempt = 0;
    };
    s.onmessage = (event) => {
      if (String(event.data) !== deps.userId) {
        deps.onMessage?.(String(event.data));
        return;
      }
      stop();
      deps.onSignedOut();
    };
    // An error is followed by a close; either one schedules the one reconnect.
    s.onerror = retry;
    s.onclose = retry;
  }

  connect();
  return { stop };
}
