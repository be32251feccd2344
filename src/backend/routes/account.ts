import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NICKNAME_MAX, NICKNAME_MIN } from '../../lib/member-forms.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { body, phone, str, text } from '../schemas.ts';
import { imageUrl } from '../seed/images.ts';
import { parseSqlTime, sqlTime } from '../time.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const KEYLEN = 32;
const TOKEN_DAYS = 30;
const CODE_TTL_MS = 5 * 60_000;
const CODE_RESEND_MS = 60_000;
const MAX_CODE_TRIES = 5;
/** At most this many codes per phone per (Beijing) calendar day, whatever their purpose. */
const MAX_CODES_PER_DAY = 10;
/**
 * The gateway's backstop against guessing one phone's password from many addresses (issue 33): 50 wrong passwords in a
 * row lock password login for 15 minutes. The portal's throttle (per phone and client address, growing delays) meets
 * a guesser long before; this only stops a distributed one. SMS-code login stays open.
 */
const MAX_PASSWORD_FAILS = 50;
const LOCK_MS = 15 * 60_000;
/** The stored hash a phone without a member is checked against: the same work whether or not the phone exists. */
const NO_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEYLEN, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$<salt b64>$<key b64>` with node's default cost (N=16384, r=8, p=1). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scryptAsync(password, salt)).toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** 8 to 32 characters with at least one letter and one digit. */
const password = { type: 'string', minLength: 8, maxLength: 32, pattern: '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]+$' } as const;
const smsCode = { type: 'string', pattern: '^\\d{6}$' } as const;
const PURPOSES = ['register', 'login', 'reset'] as const;

/**
 * Member accounts (SPEC 3 user info, 6 roles): register with phone + password (scrypt hash), log in with a password or an
 * SMS code, reset the password. The SMS code is a development code written to the log (nothing is sent, nothing is
 * hard-wired). A login issues a random token; only its SHA-256 is stored. Paths are ours: SPEC 7 does not show them.
 */
export function registerAccountRoutes(app: FastifyInstance, { db, now, sqlNow }: BackendContext): void {
  const memberByPhone = db.prepare('SELECT * FROM member WHERE phone = ?');
  const memberById = db.prepare('SELECT * FROM member WHERE id = ?');
  const insertMember = db.prepare(
    'INSERT INTO member (uid, phone, password_hash, nick_name, head_url, created_at, updated_at) VALUES (?,?,?,?,?,?,?)',
  );
  const setUid = db.prepare('UPDATE member SET uid = ? WHERE id = ?');
  /** A new password bumps the session version: every login cookie signed with the old one is out. */
  const setPassword = db.prepare('UPDATE member SET password_hash = ?, session_version = session_version + 1, updated_at = ? WHERE id = ?');
  const codesSince = db.prepare('SELECT COUNT(*) FROM sms_code WHERE phone = ? AND created_at >= ?').pluck();
  const lockOf = db.prepare('SELECT * FROM login_lock WHERE phone = ?');
  const recordFail = db.prepare(
    'INSERT INTO login_lock (phone, fails, locked_until) VALUES (?, 1, NULL) ON CONFLICT(phone) DO UPDATE SET fails = fails + 1',
  );
  const lockPhone = db.prepare('UPDATE login_lock SET fails = 0, locked_until = ? WHERE phone = ?');
  const clearLock = db.prepare('DELETE FROM login_lock WHERE phone = ?');
  const updateProfile = db.prepare(
    'UPDATE member SET nick_name = COALESCE(?, nick_name), head_url = COALESCE(?, head_url), sex = COALESCE(?, sex), updated_at = ? WHERE id = ?',
  );
  const lastCode = db.prepare('SELECT * FROM sms_code WHERE phone = ? AND purpose = ? ORDER BY id DESC LIMIT 1');
  const insertCode = db.prepare('INSERT INTO sms_code (phone, purpose, code, created_at, expires_at) VALUES (?,?,?,?,?)');
  const insertSpent = db.prepare("INSERT INTO sms_code (phone, purpose, code, used, created_at, expires_at) VALUES (?, ?, '', 1, ?, ?)");
  const useCode = db.prepare('UPDATE sms_code SET used = 1 WHERE id = ?');
  const failCode = db.prepare('UPDATE sms_code SET used = used - 1 WHERE id = ?');
  const insertToken = db.prepare('INSERT INTO session_token VALUES (?,?,?,?)');
  const tokenMember = db.prepare(
    'SELECT m.* FROM session_token t JOIN member m ON m.id = t.member_id WHERE t.token = ? AND t.expires_at > ?',
  );
  const deleteToken = db.prepare('DELETE FROM session_token WHERE token = ?');
  const deleteTokens = db.prepare('DELETE FROM session_token WHERE member_id = ?');

  const userInfo = (m: Row, token: string | null) => ({
    uid: m.uid,
    userId: String(m.id),
    memberId: m.uid,
    headUrl: m.head_url,
    nickName: m.nick_name,
    phone: m.phone,
    sex: m.sex,
    sessionVersion: m.session_version,
    token,
  });
  /** The record a portal keeps a session by (issue 13): ids, profile and session version; no token, no hash. */
  const sessionRecord = (m: Row) => ({
    uid: m.uid,
    userId: String(m.id),
    phone: m.phone,
    nickName: m.nick_name,
    headUrl: m.head_url,
    sessionVersion: m.session_version,
  });
  /** Beijing midnight of today, in the database's time format. */
  const dayStart = () => `${sqlNow().slice(0, 10)} 00:00:00`;
  /** The lock on password login for a phone, if it is locked now. */
  const lockedUntil = (ph: string): number | null => {
    const row = lockOf.get(ph) as Row | undefined;
    if (!row?.locked_until) return null;
    const until = parseSqlTime(row.locked_until);
    return until > now() ? until : null;
  };
  const lockedMessage = (until: number) =>
    `密码错误次数过多，请${Math.max(1, Math.ceil((until - now()) / 60_000))}分钟后再试，或使用验证码登录`;
  const purgeExpiredTokens = db.prepare('DELETE FROM session_token WHERE member_id = ? AND expires_at <= ?');
  /** A new token for the member; their expired ones go, so a member's rows stay bounded by the logins of 30 days. */
  const issueToken = (memberId: number) => {
    const token = randomBytes(32).toString('base64url');
    purgeExpiredTokens.run(memberId, sqlNow());
    insertToken.run(sha256(token), memberId, sqlNow(), sqlTime(now() + TOKEN_DAYS * 86_400_000));
    return token;
  };
  /** Checks a code: unused (used = 0), not expired, fewer than MAX_CODE_TRIES wrong guesses (counted as negative `used`). */
  const checkCode = (ph: string, purpose: string, code: string): string | null => {
    const row = lastCode.get(ph, purpose) as Row | undefined;
    // Never requested for this phone and purpose (issue 34): ask for one rather than call it expired. A refused request
    // leaves a spent row, so this answer tells nothing about who is a member.
    if (!row) return '请先获取验证码';
    if (row.used > 0 || row.expires_at < sqlNow()) return '验证码已失效，请重新获取';
    if (row.used <= -MAX_CODE_TRIES) return '验证码错误次数过多，请重新获取';
    const a = Buffer.from(row.code);
    const b = Buffer.from(code);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      failCode.run(row.id);
      return '验证码错误';
    }
    useCode.run(row.id);
    return null;
  };
  const tokenOf = (req: FastifyRequest): string | null => {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) return auth.slice(7);
    const q = req.query as { token?: string } | undefined;
    return q?.token ?? (req.body as { token?: string } | undefined)?.token ?? null;
  };

  app.post(
    '/api/member/sendSmsCode',
    { schema: { body: body({ phone, purpose: { type: 'string', enum: [...PURPOSES] } }, ['phone', 'purpose']) } },
    async (req) => {
      const b = req.body as { phone: string; purpose: (typeof PURPOSES)[number] };
      // The resend and daily limits come first and count every request, sent or not, so that they answer the same
      // for a member's phone and anyone else's (issue 33: no answer tells who is a member).
      const last = lastCode.get(b.phone, b.purpose) as Row | undefined;
      if (last && now() - parseSqlTime(last.created_at) < CODE_RESEND_MS) return fail(429, '验证码发送过于频繁，请60秒后再试');
      if ((codesSince.get(b.phone, dayStart()) as number) >= MAX_CODES_PER_DAY) return fail(429, '今日验证码发送次数已达上限，请明天再试');
      const exists = !!memberByPhone.get(b.phone);
      const refusal =
        b.purpose === 'register' && exists
          ? fail(409, '该手机号已注册，请直接登录')
          : b.purpose !== 'register' && !exists
            ? fail(404, '该手机号未注册')
            : null;
      if (refusal) {
        // A spent placeholder: counted by the limits above, never accepted as a code.
        insertSpent.run(b.phone, b.purpose, sqlNow(), sqlNow());
        return refusal;
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      insertCode.run(b.phone, b.purpose, code, sqlNow(), sqlTime(now() + CODE_TTL_MS));
      // Development: no SMS gateway. The code goes to the log only, for the developer to read.
      req.log.info({ phone: b.phone, purpose: b.purpose, smsCode: code }, 'development SMS code');
      return ok({ sent: true, expiresIn: CODE_TTL_MS / 1000, resendIn: CODE_RESEND_MS / 1000 });
    },
  );

  app.post(
    '/api/member/register',
    { schema: { body: body({ phone, password, code: smsCode, nickName: str(20, 1) }, ['phone', 'password', 'code']) } },
    async (req) => {
      const b = req.body as { phone: string; password: string; code: string; nickName?: string };
      if (memberByPhone.get(b.phone)) return fail(409, '该手机号已注册，请直接登录');
      const bad = checkCode(b.phone, 'register', b.code);
      if (bad) return fail(400, `code: ${bad}`);
      const hash = await hashPassword(b.password);
      const stamp = sqlNow();
      const id = db.transaction(() => {
        const info = insertMember.run(
          `tmp-${b.phone}`,
          b.phone,
          hash,
          b.nickName ?? `用户${b.phone.slice(-4)}`,
          imageUrl('avatar', Number(b.phone.slice(-2)) + 1),
          stamp,
          stamp,
        );
        const newId = Number(info.lastInsertRowid);
        setUid.run(`m${100000 + newId}`, newId);
        return newId;
      })();
      const token = issueToken(id);
      return ok(userInfo(memberById.get(id) as Row, token));
    },
  );

  app.post(
    '/api/member/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['phone'],
          properties: { phone, password: str(32, 1), code: smsCode },
          anyOf: [{ required: ['password'] }, { required: ['code'] }],
        },
      },
    },
    async (req) => {
      const b = req.body as { phone: string; password?: string; code?: string };
      const m = memberByPhone.get(b.phone) as Row | undefined;
      if (b.code) {
        // The code first: a phone without a member has no usable code, and is answered as any wrong code would be,
        // so a login by code tells nobody who is a member (issue 33).
        const bad = checkCode(b.phone, 'login', b.code);
        if (bad) return fail(400, `code: ${bad}`);
        if (!m) return fail(400, 'code: 验证码错误');
      } else {
        // A locked phone is refused before its password is checked: guessing on stops counting for nothing.
        const until = lockedUntil(b.phone);
        if (until) return fail(423, lockedMessage(until));
        // Same work and same answer whether or not the phone exists.
        const okPass = await verifyPassword(b.password as string, m?.password_hash ?? NO_HASH);
        if (!m || !okPass) {
          recordFail.run(b.phone);
          const fails = (lockOf.get(b.phone) as Row).fails as number;
          if (fails >= MAX_PASSWORD_FAILS) {
            lockPhone.run(sqlTime(now() + LOCK_MS), b.phone);
            req.log.warn({ phone: b.phone }, 'password login locked after repeated failures');
            return fail(423, lockedMessage(now() + LOCK_MS));
          }
          return fail(401, '手机号或密码错误');
        }
      }
      // A right password ends the run of wrong ones; an SMS-code login leaves a running lock as it is.
      if (!b.code) clearLock.run(b.phone);
      return ok(userInfo(m as Row, issueToken((m as Row).id)));
    },
  );

  app.post(
    '/api/member/resetPassword',
    { schema: { body: body({ phone, password, code: smsCode }, ['phone', 'password', 'code']) } },
    async (req) => {
      const b = req.body as { phone: string; password: string; code: string };
      const m = memberByPhone.get(b.phone) as Row | undefined;
      if (!m) return fail(404, '该手机号未注册');
      const bad = checkCode(b.phone, 'reset', b.code);
      if (bad) return fail(400, `code: ${bad}`);
      const hash = await hashPassword(b.password);
      db.transaction(() => {
        setPassword.run(hash, sqlNow(), m.id);
        deleteTokens.run(m.id);
        clearLock.run(b.phone);
      })();
      // Every session of the member is over; the browser that reset the password gets a new one.
      return ok(userInfo(memberById.get(m.id) as Row, issueToken(m.id)));
    },
  );

  /** A member's new password, given the current one (the personal centre's form): every other session is signed out. */
  app.post(
    '/api/member/changePassword',
    {
      schema: {
        body: body({ userId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' }, oldPassword: str(32, 1), password }, [
          'userId',
          'oldPassword',
          'password',
        ]),
      },
    },
    async (req) => {
      const b = req.body as { userId: string; oldPassword: string; password: string };
      const m = memberById.get(Number(b.userId)) as Row | undefined;
      if (!m) return fail(404, '会员不存在');
      if (!(await verifyPassword(b.oldPassword, m.password_hash))) return fail(401, '原密码错误');
      const hash = await hashPassword(b.password);
      db.transaction(() => {
        setPassword.run(hash, sqlNow(), m.id);
        deleteTokens.run(m.id);
      })();
      return ok(userInfo(memberById.get(m.id) as Row, issueToken(m.id)));
    },
  );

  /**
   * POST /api/member/revokeSessions {userId}: the console signs a member out everywhere (issue 13): the session version
   * is bumped, so every login cookie of the member stops verifying; the portal then pushes the forced logout (SPEC 4).
   */
  const bumpSessionVersion = db.prepare('UPDATE member SET session_version = session_version + 1, updated_at = ? WHERE id = ?');
  app.post(
    '/api/member/revokeSessions',
    { schema: { body: body({ userId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } }, ['userId']) } },
    async (req) => {
      const id = Number((req.body as { userId: string }).userId);
      if (!memberById.get(id)) return fail(404, '会员不存在');
      db.transaction(() => {
        bumpSessionVersion.run(sqlNow(), id);
        deleteTokens.run(id);
      })();
      return ok(sessionRecord(memberById.get(id) as Row));
    },
  );

  /**
   * POST /api/member/profile {userId, nickName?, headUrl?}: the portal changes a signed-in member's nickname or avatar
   * (issue 13; the portal has verified the member's login, as for every member call by id). Answers the session record.
   */
  app.post(
    '/api/member/profile',
    {
      schema: {
        body: {
          ...body(
            {
              userId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
              nickName: text(NICKNAME_MAX, NICKNAME_MIN, false),
              headUrl: { type: 'string', minLength: 1, maxLength: 300, pattern: '^/' },
            },
            ['userId'],
          ),
          anyOf: [{ required: ['nickName'] }, { required: ['headUrl'] }],
        },
      },
    },
    async (req) => {
      const b = req.body as { userId: string; nickName?: string; headUrl?: string };
      const id = Number(b.userId);
      if (!memberById.get(id)) return fail(404, '会员不存在');
      updateProfile.run(b.nickName?.trim() ?? null, b.headUrl ?? null, null, sqlNow(), id);
      return ok(sessionRecord(memberById.get(id) as Row));
    },
  );

  /** GET /api/member/session/{userId}: what a portal checks a login cookie against (profile and session version). */
  app.get(
    '/api/member/session/:userId',
    {
      schema: {
        params: { type: 'object', required: ['userId'], properties: { userId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      },
    },
    async (req) => {
      const m = memberById.get(Number((req.params as { userId: string }).userId)) as Row | undefined;
      return m ? ok(sessionRecord(m)) : fail(404, '会员不存在');
    },
  );

  app.get('/api/member/info', async (req) => {
    const token = tokenOf(req);
    const m = token ? (tokenMember.get(sha256(token), sqlNow()) as Row | undefined) : undefined;
    if (!m) return fail(401, '登录已失效，请重新登录');
    return ok(userInfo(m, token));
  });
  app.post('/api/member/logout', { schema: { body: body({ token: str(100, 1) }) } }, async (req) => {
    const token = tokenOf(req);
    if (token) deleteToken.run(sha256(token));
    return ok(true);
  });
  app.post(
    '/api/member/update',
    {
      schema: { body: body({ token: str(100, 1), nickName: str(20, 1), headUrl: str(300, 1), sex: { type: 'integer', enum: [0, 1, 2] } }) },
    },
    async (req) => {
      const token = tokenOf(req);
      const m = token ? (tokenMember.get(sha256(token), sqlNow()) as Row | undefined) : undefined;
      if (!m) return fail(401, '登录已失效，请重新登录');
      const b = req.body as { nickName?: string; headUrl?: string; sex?: number };
      updateProfile.run(b.nickName ?? null, b.headUrl ?? null, b.sex ?? null, sqlNow(), m.id);
      return ok(userInfo(memberById.get(m.id) as Row, token));
    },
  );
}
