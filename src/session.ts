import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CallContext } from './api/http.ts';
import type { MemberInfo } from './contracts/gateway/index.ts';
import type { SessionIds, UserInfo } from './contracts/session.ts';
import { callTraceOf } from './tracing/stages.ts';

/**
 * The login session (SPEC 3, 4; issues 13, 33): the signed `userInfo` cookie, read and written here only. The cookie
 * holds the member's ids and the token of a server-side session that the login opened at the gateway (only its SHA-256
 * is stored there). Logout, a password change, "sign out of all devices" and the console end sessions at the gateway:
 * a copied cookie then signs nobody in. Who the member is (nickname, avatar, phone) and whether the session is live
 * come from the gateway, cached per process for a minute and dropped when `app.memberEvents` says the member changed
 * or the session ended. With a registered mobile host (a name with a dot), the cookie is scoped to it and its city
 * sub-domains, so switching city keeps the login.
 */

/** SPEC 4: the login state lives in this cookie; the value `noInfo` forces a logout. */
export const USER_COOKIE = 'userInfo';
export const LOGGED_OUT = 'noInfo';
/** A login lasts 30 days (the gateway's session too). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

const UID = /^[A-Za-z0-9_-]{1,40}$/;
const USER_ID = /^[1-9][0-9]{0,15}$/;

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function parseIds(json: string): SessionIds | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const { uid, userId, token } = raw as Record<string, unknown>;
  if (typeof uid !== 'string' || !UID.test(uid)) return null;
  if (typeof userId !== 'string' || !USER_ID.test(userId)) return null;
  if (typeof token !== 'string' || !TOKEN.test(token)) return null;
  return { uid, userId, token };
}

/** The key a session is known by in this process and in events: the token's SHA-256, never the token itself. */
export const sessionKey = (token: string) => createHash('sha256').update(token).digest('base64url');

const READ = Symbol('session ids');
const RESOLVED = Symbol('session member');
type WithSession = FastifyRequest & { [READ]?: SessionIds | null; [RESOLVED]?: Promise<UserInfo | null> };

/**
 * The ids of the signed cookie; a forged, tampered or unreadable cookie (and `noInfo`) counts as no login. Signature
 * check only, no I/O: the page cache asks it before routing. Read once per request.
 */
export function readUser(req: FastifyRequest): SessionIds | null {
  const r = req as WithSession;
  if (r[READ] === undefined) r[READ] = verifyCookie(req);
  return r[READ];
}

function verifyCookie(req: FastifyRequest): SessionIds | null {
  // A request the router refused (a malformed URL: `/ershoufang/%ff.html`) is answered before the cookie hook ran:
  // it has no parsed cookies, and its error page is a visitor's.
  const value = req.cookies?.[USER_COOKIE];
  if (!value || value === LOGGED_OUT) return null;
  const unsigned = req.unsignCookie(value);
  if (!unsigned.valid || unsigned.value === null) {
    req.log.warn({ cookie: USER_COOKIE }, 'user-info cookie failed its signature check');
    return null;
  }
  return parseIds(unsigned.value);
}

/**
 * A member is a request whose login cookie verifies (issue 11 point 4): a forged or unreadable cookie is a visitor, so it
 * can neither skip the page cache nor read a member's page.
 */
export const isMember = (req: FastifyRequest): boolean => readUser(req) !== null;

/** The per-process directory of live sessions behind resolveMember. */
export interface MemberDirectory {
  /** The member of a live session (cached), null when the gateway says it ended or expired; throws when it fails. */
  lookup(call: CallContext, ids: SessionIds): Promise<MemberInfo | null>;
  /** Drop every cached session of a member (a `revoked` or `profile` event). */
  forget(userId: string): void;
  /** Drop one cached session (an `ended` event: that login was logged out). */
  forgetSession(key: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberDirectory: MemberDirectory;
  }
}

/** Sessions are kept `ttlMs` (default 60 s): an end that no event brings to this process shows within that. */
export function createMemberDirectory(
  fetchSession: (call: CallContext, token: string) => Promise<MemberInfo | null>,
  opts: { ttlMs?: number; max?: number } = {},
): MemberDirectory {
  const byUser = new Map<string, Set<string>>();
  const cache = new LRUCache<string, MemberInfo>({
    max: opts.max ?? 10_000,
    ttl: opts.ttlMs ?? 60_000,
    ttlAutopurge: false,
    dispose: (record, key) => {
      const keys = byUser.get(String(record.userId));
      keys?.delete(key);
      if (keys?.size === 0) byUser.delete(String(record.userId));
    },
  });
  return {
    async lookup(call, ids) {
      const key = sessionKey(ids.token);
      const hit = cache.get(key);
      if (hit) return hit;
      const record = await fetchSession(call, ids.token);
      if (!record) return null;
      cache.set(key, record);
      const userId = String(record.userId);
      byUser.set(userId, (byUser.get(userId) ?? new Set()).add(key));
      return record;
    },
    forget(userId) {
      for (const key of [...(byUser.get(userId) ?? [])]) cache.delete(key);
    },
    forgetSession(key) {
      cache.delete(key);
    },
  };
}

/**
 * The logged-in member of this request, or null (memoised per request). The cookie must verify, and its session must
 * be live at the gateway and name the same member: after a logout, a password reset elsewhere or the console's sign-out
 * the cookie signs nobody in, and with `reply` given it is cleared. A failing gateway throws (the
 * caller decides: a page shows a visitor, an action answers 502); the cookie is then kept.
 */
export function resolveMember(req: FastifyRequest, reply?: FastifyReply): Promise<UserInfo | null> {
  const r = req as WithSession;
  r[RESOLVED] ??= lookupMember(req);
  return r[RESOLVED].then((user) => {
    if (!user && reply && readUser(req)) clearUserCookie(req, reply);
    return user;
  });
}

async function lookupMember(req: FastifyRequest): Promise<UserInfo | null> {
  const ids = readUser(req);
  if (!ids) return null;
  const call = { reqId: req.id, log: req.log, deadline: req.deadline ?? undefined, trace: callTraceOf(req) };
  const record = await req.server.memberDirectory.lookup(call, ids);
  if (!record || record.uid !== ids.uid || String(record.userId) !== ids.userId) {
    req.log.info({ userId: ids.userId, reason: record ? 'another member' : 'session ended' }, 'login cookie no longer valid');
    return null;
  }
  return { uid: record.uid, userId: String(record.userId), headUrl: record.headUrl, nickName: record.nickName, phone: record.phone };
}

/**
 * The cookie's Domain: the registry's mobile host when this request came to it or to one of its city sub-domains, so
 * wh.<host> and <host> share the login; none (the host alone) for any other host, and for a single-label host such as
 * `localhost`, on which browsers refuse a Domain cookie.
 */
export function cookieDomain(req: FastifyRequest): string | undefined {
  const host = req.server.registry.current.file.site.mobileHost;
  if (!host.includes('.')) return undefined;
  const name = req.hostname.toLowerCase();
  return name === host || name.endsWith(`.${host}`) ? host : undefined;
}

export function cookieOptions(req: FastifyRequest) {
  const domain = cookieDomain(req);
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    signed: true,
    ...(domain ? { domain } : {}),
  };
}

/** Signs the member in with the session the gateway opened (its token), for 30 days. */
export function setUserCookie(req: FastifyRequest, reply: FastifyReply, member: Pick<MemberInfo, 'uid' | 'userId' | 'token'>): void {
  if (!member.token) throw new Error('the gateway opened no session for this login');
  const ids: SessionIds = { uid: member.uid, userId: String(member.userId), token: member.token };
  reply.setCookie(USER_COOKIE, JSON.stringify(ids), { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_SECONDS });
}

/** Clears the login cookie, and a host-only one a login from before the shared Domain may have left. */
export function clearUserCookie(req: FastifyRequest, reply: FastifyReply): void {
  const opts = { ...cookieOptions(req), signed: false };
  reply.clearCookie(USER_COOKIE, opts);
  if (opts.domain) reply.clearCookie(USER_COOKIE, { ...opts, domain: undefined });
}
