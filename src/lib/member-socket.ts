/**
 * SPEC 4 "Forced logout", the rules the server socket (plugins/member-socket.ts), the console sign-out call and the
 * browser (src/client/member-socket.ts, forced-logout.ts) share.
 */

/** The member's real-time socket. Under `/-/`: never a page, disallowed for robots. */
export const MEMBER_SOCKET_PATH = '/-/ws';
/** Part A's logout endpoint: clears the login cookie. */
export const LOGOUT_ENDPOINT = '/-/account/logout';
/** SPEC 9: the forced-logout delay between the loading toast and clearing the login data. */
export const FORCED_LOGOUT_DELAY_MS = 500;
/** SPEC 4 step 4. */
export const LOGOUT_SUCCESS_MESSAGE = '退出成功';
export const LOGOUT_LOADING_MESSAGE = '正在退出…';
/** Close code the server uses after a revocation: the browser does not reconnect. */
export const CLOSE_SIGNED_OUT = 4001;

export { memberKey } from './member-key.ts';

export const MEMBER_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Reconnect backoff: 1 s doubling to 30 s, with jitter (half to the whole delay), so a restarted portal is not hit by every browser at once. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
