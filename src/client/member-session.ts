import { LOGOUT_ENDPOINT, LOGOUT_LOADING_MESSAGE, LOGOUT_SUCCESS_MESSAGE, MEMBER_SOCKET_PATH, memberKey } from '../lib/member-socket.ts';
import { parseNoticeFrame } from '../lib/notice-frame.ts';
import { type AppState, emptyUser } from '../stores/app-state.ts';
import { showToast } from '../ui/detail/toast.ts';
import { showLoadingToast } from '../ui/loading-toast.ts';
import { showNoticeToast } from '../ui/notice-toast.ts';
import { runForcedLogout } from './forced-logout.ts';
import { startUnreadRefresh } from './im/unread-refresh.ts';
import { connectMemberSocket, type SocketLike } from './member-socket.ts';
import type { Tracker } from './tracking.ts';

export interface MemberSessionOptions {
  state: AppState;
  navigate(to: string): Promise<void>;
  tracker: Pick<Tracker, 'logout'>;
}

/** Clear the login data: the server's cookie (part A's logout endpoint), the client user store, session storage. */
async function clearLogin(state: AppState): Promise<void> {
  try {
    await fetch(LOGOUT_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
  } finally {
    state.user = emptyUser();
    try {
      sessionStorage.clear();
    } catch {
      // No storage (private mode): nothing kept there.
    }
  }
}

/**
 * A signed-in member's browser, after hydration (SPEC 4 "Forced logout"): open the member socket; when it delivers the
 * member's own user id, run the forced logout. Loaded as its own chunk, for members only.
 */
export function startMemberSession(opts: MemberSessionOptions): { stop(): void } {
  const { state } = opts;
  const userId = memberKey(state.user);
  const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${MEMBER_SOCKET_PATH}`;
  // Issue 18: the header's unread chat count stays fresh on every page.
  const unread = startUnreadRefresh({
    set: (total) => {
      if (state.user.chatUnread !== undefined) state.user.chatUnread = total;
    },
  });
  const socket = connectMemberSocket({
    url,
    userId,
    open: (to) => new WebSocket(to) as unknown as SocketLike,
    // Issue 37: a notice the gateway just recorded: a toast that links to it, and the header's count.
    onMessage: (data) => {
      const frame = parseNoticeFrame(data);
      if (!frame) return;
      showNoticeToast(frame.notice);
      if (state.user.noticeUnread !== undefined) state.user.noticeUnread = frame.unread;
    },
    onSignedOut: () =>
      void runForcedLogout({
        showLoading: () => void showLoadingToast(LOGOUT_LOADING_MESSAGE),
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        clearLogin: () => clearLogin(state),
        showDone: () => showToast(LOGOUT_SUCCESS_MESSAGE),
        goHome: () => opts.navigate('/'),
        track: () => opts.tracker.logout(location.href),
      }),
  });
  return {
    stop() {
      unread.stop();
      socket.stop();
    },
  };
}
