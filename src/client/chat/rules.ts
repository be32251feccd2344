import type { ChatLogin, ChatPeer, ChatTransport } from '../../contracts/chat.ts';
import { CHAT_API, CHAT_MESSAGES, CHAT_READY_POLL_MS } from '../../lib/chat.ts';
import { ChatHttpError, chatJson, type FetchLike } from './http.ts';

/** SPEC 4, 5, 8 in the browser: the rules the chat screens call. */

const defaultFetch: FetchLike = (input, init) => fetch(input, init);

/** SPEC 5: a chat jump needs the agent's uid or belongerId; the toast text when it has neither, else null. */
export function chatTargetError(target: { uid?: string | null; belongerId?: number | string | null }): string | null {
  return target.uid || target.belongerId ? null : CHAT_MESSAGES.noTarget;
}

/**
 * SPEC 5: the chat-user lookup. The agent's chat user, or false when the lookup's status is not 200 (`onToast` gets
 * 获取用户uid 失败！; 经纪人ID/UID 必传一个 without uid and belongerId).
 */
export async function lookupChatPeer(
  target: { uid?: string | null; belongerId?: number | string | null },
  onToast: (message: string) => void,
  fetcher: FetchLike = defaultFetch,
): Promise<ChatPeer | false> {
  const missing = chatTargetError(target);
  if (missing) {
    onToast(missing);
    return false;
  }
  const q = target.uid ? `uid=${encodeURIComponent(target.uid)}` : `belongerId=${encodeURIComponent(String(target.belongerId))}`;
  try {
    return await chatJson<ChatPeer>(fetcher, `${CHAT_API}/peer?${q}`);
  } catch (err) {
    // A visitor is 用户未登录; any other non-200 is the lookup's failure.
    onToast(err instanceof ChatHttpError && err.status === 401 ? CHAT_MESSAGES.notLoggedIn : CHAT_MESSAGES.lookupFailed);
    return false;
  }
}

/** GET /-/chat/login (or the agent inbox's); null for a visitor (401). */
export async function fetchChatLogin(apiBase = CHAT_API, fetcher: FetchLike = defaultFetch): Promise<ChatLogin | null> {
  try {
    return await chatJson<ChatLogin>(fetcher, `${apiBase}/login`);
  } catch (err) {
    if (err instanceof ChatHttpError && err.status === 401) return null;
    throw err;
  }
}

export interface ReadyDeps {
  /** Is a member logged in now? */
  hasMember: () => boolean;
  /** The transport once created (null before). */
  transport: () => ChatTransport | null;
  setTimer?: (fn: () => void, ms: number) => unknown;
  /** Give up after this long (default 30 s): 发送失败，请重试. */
  timeoutMs?: number;
}

/**
 * SPEC 4: a chat call waits, polling every 1 s, until the chat client is ready, and fails with 用户未登录 when there is
 * no member (checked at every poll).
 */
export function whenChatReady(deps: ReadyDeps): Promise<ChatTransport> {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const deadline = Date.now() + (deps.timeoutMs ?? 30_000);
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!deps.hasMember()) return reject(new Error(CHAT_MESSAGES.notLoggedIn));
      const t = deps.transport();
      if (t?.ready()) return resolve(t);
      if (Date.now() >= deadline) return reject(new Error(CHAT_MESSAGES.sendFailed));
      setTimer(check, CHAT_READY_POLL_MS);
    };
    check();
  });
}

/**
 * One call for a chat screen: the login, then the transport (null for a visitor: the screen sends them to /login with
 * bUrl). The caller keeps the transport and closes it when the screen goes.
 */
export async function connectChat(apiBase = CHAT_API): Promise<ChatTransport | null> {
  const login = await fetchChatLogin(apiBase);
  if (!login) return null;
  const { createChatTransport } = await import('./index.ts');
  return createChatTransport(login);
}
