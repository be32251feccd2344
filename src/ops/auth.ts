import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Who may open the ops console (issue 36 part 2; SPEC 6 "Admin"): a caller with `Authorization: Bearer <ADMIN_TOKEN>`
 * (compared in constant time), or a browser with the signed ops session cookie that posting the token set up. The
 * session names no token: it carries a random id, its expiry, the operator's name if one was given, and a tag derived
 * from the token, so that a new ADMIN_TOKEN ends every session. Logs name a caller by `OpsCaller.id`, never by token.
 */

export const OPS_COOKIE = 'ops_session';

export interface OpsCaller {
  via: 'bearer' | 'session';
  /** `token:<8 hex>` (a fingerprint of the token, not the token) or `session:<id>`. */
  id: string;
  /** The name the operator gave (the login form's 操作人, or the X-Ops-Operator header), '' when none. */
  operator: string;
}

export interface OpsAuthOptions {
  adminToken: string;
  /** @fastify/cookie's signing with COOKIE_SECRET. */
  sign(value: string): string;
  unsign(value: string): { valid: boolean; value: string | null };
  now(): number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const OPERATOR = /^[\p{L}\p{N} ._@-]{1,32}$/u;

/** An operator's name as logs and the console may show it: letters, digits, a few signs, 32 at most; else ''. */
export function cleanOperator(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return OPERATOR.test(text) ? text : '';
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

export function createOpsAuth(opts: OpsAuthOptions) {
  const tokenDigest = digest(opts.adminToken);
  const tokenId = `token:${createHmac('sha256', opts.adminToken).update('ops-token-id').digest('hex').slice(0, 8)}`;
  /** Ties a session to the token in force: a new ADMIN_TOKEN ends every session. */
  const tokenTag = createHmac('sha256', opts.adminToken).update('ops-session').digest('base64url').slice(0, 16);
  const tokenMatches = (candidate: string) => timingSafeEqual(digest(candidate), tokenDigest);

  function fromSession(cookie: string | undefined): OpsCaller | null {
    if (!cookie) return null;
    const unsigned = opts.unsign(cookie);
    if (!unsigned.valid || !unsigned.value) return null;
    const [sid, expires, tag, operator = ''] = unsigned.value.split('.');
    if (!sid || !tag || !/^\d+$/.test(expires ?? '')) return null;
    if (Number(expires) <= opts.now()) return null;
    if (tag.length !== tokenTag.length || !timingSafeEqual(Buffer.from(tag), Buffer.from(tokenTag))) return null;
    return { via: 'session', id: `session:${sid}`, operator: cleanOperator(unb64(operator)) };
  }

  return {
    /** The caller, or null: no token, a wrong one, no session or a stale one. A wrong bearer is never a session. */
    caller(headers: { authorization?: string; 'x-ops-operator'?: string | string[] }, cookie: string | undefined): OpsCaller | null {
      const auth = headers.authorization;
      if (auth !== undefined) {
        const match = /^Bearer (\S+)$/.exec(auth);
        if (!match || !tokenMatches(match[1] as string)) return null;
        return { via: 'bearer', id: tokenId, operator: cleanOperator(headers['x-ops-operator']) };
      }
      return fromSession(cookie);
    },
    /** True when `token` is ADMIN_TOKEN (the login post). */
    tokenMatches(token: unknown): boolean {
      return typeof token === 'string' && token.length > 0 && tokenMatches(token);
    },
    /** A new session: the signed cookie value, its id (for the log) and its lifetime. */
    openSession(operator: string, minutes: number): { cookie: string; caller: OpsCaller; maxAgeSeconds: number } {
      const sid = randomBytes(9).toString('base64url');
      const expires = opts.now() + minutes * 60_000;
      const name = cleanOperator(operator);
      return {
        cookie: opts.sign(`${sid}.${expires}.${tokenTag}.${b64(name)}`),
        caller: { via: 'session', id: `session:${sid}`, operator: name },
        maxAgeSeconds: minutes * 60,
      };
    },
  };
}

export type OpsAuth = ReturnType<typeof createOpsAuth>;

/** The caller as a log field and a history's `by`: `session:abc (张三)`. */
export function describeCaller(caller: OpsCaller): string {
  return caller.operator ? `${caller.id} (${caller.operator})` : caller.id;
}
