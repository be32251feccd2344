import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CallContext } from './api/http.ts';
import type { MemberSession } from './contracts/gateway/index.ts';
import type { SessionIds, UserInfo } from './contracts/session.ts';

/**
 * The login session (SPEC 3, 4; issue 13): the signed `userInfo` cookie, read and written here only. The cookie holds
 * the member's ids and session version (`{uid, userId, sv}`), nothing else; who the member is (nickname, avatar,
 * phone) and whether the session still counts come from the gateway's member record, cached per process for a minute
 * and dropped when `app.memberEvents` says the member changed.
 */

/** SPEC 4: the login state lives in this cookie; the value `noInfo` forces a logout. */
export const USER_COOKIE = 'userInfo';
export const LOGGED_OUT = 'noInfo';
/** A login lasts 30 days. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

const UID = /^[A-Za-z0-9_-]{1,40}$/;
const USER_ID = /^[1-9][0-9]{0,15}$/;

function parseIds(json: string): SessionIds | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const { uid, userId, sv } = raw as Record<string, unknown>;
  if (typeof uid !== 'string' || !UID.test(uid)) return null;
  if (typeof userId !== 'string' || !USER_ID.test(userId)) return null;
  if (typeof sv !== 'number' || !Number.isInteger(sv) || sv < 0) return null;
  return { uid, userId, sv };
}

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

/** The per-process directory of member records behind resolveMember. */
export interface MemberDirectory {
  /** The member's record (cached), null when the gateway knows no such member; throws when the gateway fails. */
  lookup(call: CallContext, userId: string): Promise<MemberSession | null>;
  /** Drop a member's cached record (a `revoked` or `profile` event). */
  forget(userId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberDirectory: MemberDirectory;
  }
}

/** Records are kept `ttlMs` (default 60 s): a change made where no event reaches this process shows within that. */
export function createMemberDirectory(
  fetchRecord: (call: CallContext, userId: string) => Promise<MemberSession | null>,
  opts: { ttlMs?: number; max?: number } = {},
): MemberDirectory {
  const cache = new LRUCache<string, MemberSession>({ max: opts.max ?? 10_000, ttl: opts.ttlMs ?? 60_000, ttlAutopurge: false });
  return {
    async lookup(call, userId) {
      const hit = cache.get(userId);
      if (hit) return hit;
      const record = await fetchRecord(call, userId);
      if (record) cache.set(userId, record);
      return record;
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}

/**
 * The logged-in member of this request, or null (memoised per request). The cookie must verify, and the gateway's
 * record must exist with the same uid and session version: a password reset elsewhere, or a member the gateway no
 * longer knows, is logged out, and with `reply` given the stale cookie is cleared. A failing gateway throws (the
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
  const record = await req.server.memberDirectory.lookup({ reqId: req.id, log: req.log, deadline: req.deadline ?? undefined }, ids.userId);
  if (!record || record.uid !== ids.uid || record.sessionVersion !== ids.sv) {
    req.log.info({ userId: ids.userId, reason: record ? 'session version' : 'unknown member' }, 'login cookie no longer valid');
    return null;
  }
  return { uid: record.uid, userId: record.userId, headUrl: record.headUrl, nickName: record.nickName, phone: record.phone };
}

export function cookieOptions(req: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https', signed: true };
}

/** Signs the member in: the cookie holds the ids and session version only, for 30 days. */
export function setUserCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  member: Pick<MemberSession, 'uid' | 'userId' | 'sessionVersion'>,
): void {
  const ids: SessionIds = { uid: member.uid, userId: String(member.userId), sv: member.sessionVersion };
  reply.setCookie(USER_COOKIE, JSON.stringify(ids), { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearUserCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(USER_COOKIE, { ...cookieOptions(req), signed: false });
}
