import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserInfo } from './contracts/session.ts';

/** The login session (SPEC 3, 4): the signed user-info cookie, read and written here only. */

/** SPEC 4: the login state lives in this cookie; the value `noInfo` forces a logout. */
export const USER_COOKIE = 'userInfo';
export const LOGGED_OUT = 'noInfo';

const FIELDS = ['uid', 'userId', 'headUrl', 'nickName', 'phone', 'token'] as const;

function parseUser(json: string): UserInfo | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const src = raw as Record<string, unknown>;
  const user = {} as UserInfo;
  for (const f of FIELDS) user[f] = typeof src[f] === 'string' || typeof src[f] === 'number' ? String(src[f]) : '';
  return user.uid || user.userId ? user : null;
}

const READ = Symbol('session user');
type WithUser = FastifyRequest & { [READ]?: UserInfo | null };

/** Restores the member from the signed cookie; a forged, tampered or unreadable cookie counts as no login. Read once per request. */
export function readUser(req: FastifyRequest): UserInfo | null {
  const r = req as WithUser;
  if (r[READ] === undefined) r[READ] = verifyUser(req);
  return r[READ];
}

function verifyUser(req: FastifyRequest): UserInfo | null {
  const value = req.cookies[USER_COOKIE];
  if (!value || value === LOGGED_OUT) return null;
  const unsigned = req.unsignCookie(value);
  if (!unsigned.valid || unsigned.value === null) {
    req.log.warn({ cookie: USER_COOKIE }, 'user-info cookie failed its signature check');
    return null;
  }
  return parseUser(unsigned.value);
}

/**
 * A member is a request whose login cookie verifies (issue 11 point 4): a forged or unreadable cookie is a visitor, so it
 * can neither skip the page cache nor read a member's page.
 */
export const isMember = (req: FastifyRequest): boolean => readUser(req) !== null;

export function cookieOptions(req: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https', signed: true };
}

export function setUserCookie(req: FastifyRequest, reply: FastifyReply, user: UserInfo, maxAgeSeconds = 30 * 24 * 3600): void {
  reply.setCookie(USER_COOKIE, JSON.stringify(user), { ...cookieOptions(req), maxAge: maxAgeSeconds });
}

export function clearUserCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(USER_COOKIE, { ...cookieOptions(req), signed: false });
}
