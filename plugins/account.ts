import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { setAccountFlash } from '../src/account-flash.ts';
import type { MemberInfo, MemberSession } from '../src/contracts/gateway/index.ts';
import type { AccountFlash } from '../src/contracts/page-data/account.ts';
import { errors } from '../src/errors.ts';
import {
  type AccountField,
  type AccountForm,
  CROSS_SITE,
  fieldMessages,
  GATEWAY_DOWN,
  LIMITED_ACTIONS,
  type LimitedAction,
  type LoginMode,
  SCHEMAS,
  SMS_RESEND_SECONDS,
  SMS_SENT,
  TOO_MANY,
} from '../src/lib/account-rules.ts';
import { requestErrorAnswer } from '../src/lib/action-messages.ts';
import { safeReturnPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { handleError } from '../src/pipeline/handle.tsx';
import { clearUserCookie, createMemberDirectory, resolveMember, setUserCookie } from '../src/session.ts';

/**
 * Accounts (issue 13 part A; SPEC 1, 3, 4, 6): log in (password or SMS code), register, reset or change the password,
 * log out, ask for an SMS code. Every endpoint takes a fetch() (JSON in, JSON out: `{status, message, errors?, obj?}`)
 * and a plain form post (urlencoded; 303 back to the form with its messages and typed values, or on to `bUrl`).
 * Cross-site posts are refused; each endpoint is rate-limited per client address and per phone. The login cookie is
 * written by src/session.ts only. This plugin also keeps the per-process member directory behind resolveMember.
 */

const PREFIX = '/-/account';
const PAGE_OF: Record<AccountForm | 'password', string> = {
  login: '/login',
  register: '/register',
  reset: '/resetpassword',
  password: '/personalcenter',
};
const ajv = new Ajv({ allErrors: true, strict: false });
const validate: Record<keyof typeof SCHEMAS, ValidateFunction> = {
  sms: ajv.compile(SCHEMAS.sms),
  loginPassword: ajv.compile(SCHEMAS.loginPassword),
  loginSms: ajv.compile(SCHEMAS.loginSms),
  register: ajv.compile(SCHEMAS.register),
  reset: ajv.compile(SCHEMAS.reset),
  password: ajv.compile(SCHEMAS.password),
};

type Body = Record<string, string | boolean>;

/** The posted fields as strings (a repeated form key keeps its first value); empty fields are left out. */
function cleanBody(raw: unknown): Body {
  const out: Body = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'boolean') out[k] = value;
    else if (typeof value === 'string' || typeof value === 'number') {
      const s = String(value).trim();
      if (s !== '') out[k] = k === 'password' || k === 'oldPassword' ? String(value) : s;
    }
  }
  return out;
}

/** A fetch() caller asks for JSON; a browser form post accepts HTML. */
const wantsJson = (req: FastifyRequest) =>
  (req.headers.accept ?? '').includes('application/json') || Boolean(req.headers['content-type']?.includes('json'));

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
const modeOf = (b: Body): LoginMode => (b.mode === 'sms' ? 'sms' : 'password');
const ticked = (v: unknown) => v === true || v === 'on' || v === 'true' || v === '1';

/** The form page a plain post returns to, keeping bUrl and the login tab. */
function formPage(form: AccountForm | 'password', b: Body, mode: LoginMode): string {
  const bUrl = safeReturnPath(b.bUrl, '/');
  const q = new URLSearchParams();
  if (bUrl !== '/') q.set('bUrl', bUrl);
  if (form === 'login' && mode === 'sms') q.set('tab', 'sms');
  const qs = q.toString();
  return `${PAGE_OF[form]}${qs ? `?${qs}` : ''}`;
}

interface Failure {
  status: number;
  errors?: Partial<Record<AccountField, string>>;
  message?: string;
}

/** A failure: JSON with the messages, or 303 back to the form with them and what was typed (never the password). */
function fail(req: FastifyRequest, reply: FastifyReply, form: AccountForm | 'password', b: Body, mode: LoginMode, f: Failure) {
  const fieldErrors = f.errors ?? {};
  const message = f.message ?? Object.values(fieldErrors)[0] ?? '提交失败，请检查填写内容';
  if (wantsJson(req)) return reply.code(f.status).send({ status: f.status, message, errors: fieldErrors });
  const flash: AccountFlash = {
    form: form === 'password' ? 'login' : form,
    mode,
    values: { phone: str(b.phone, 20), code: str(b.code, 10), agree: ticked(b.agree) },
    errors: fieldErrors,
    message: f.message ?? null,
    notice: null,
    smsSentAt: null,
  };
  if (form !== 'password') setAccountFlash(req, reply, flash);
  return reply.redirect(formPage(form, b, mode), 303);
}

/** Where a success goes: the same-site bUrl (src/lib/return-url.ts, the one rule), else home. */
function succeed(req: FastifyRequest, reply: FastifyReply, b: Body, message: string, fallback = '/') {
  const redirect = safeReturnPath(b.bUrl, fallback);
  if (wantsJson(req)) return reply.send({ status: 200, message, obj: { redirect } });
  return reply.redirect(redirect, 303);
}

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * A refused gateway call as the visitor reads it: the gateway's own Chinese message (a `field: message` one beside that
 * field), with its status; anything else (down, English internals) is 502 "服务繁忙".
 */
function gatewayFailure(err: unknown, fieldByStatus: Partial<Record<number, AccountField>>): Failure {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  const message = err instanceof Error ? err.message : '';
  if (status >= 400 && status < 500 && CHINESE.test(message)) {
    const m = /^([A-Za-z]+): (.+)$/.exec(message);
    const field = (m?.[1] as AccountField | undefined) ?? fieldByStatus[status];
    const text = m?.[2] ?? message;
    return field ? { status, errors: { [field]: text } } : { status, message: text };
  }
  return { status: status === 503 || status === 504 ? status : 502, message: GATEWAY_DOWN };
}

const accountRoutes: FastifyPluginAsync<AccountOptions> = async (app, opts) => {
  await app.register(formbody, { bodyLimit: 16_384 });
  app.removeContentTypeParser('text/plain');
  // With REDIS_URL the counters live in Redis, so the limits hold across portal processes and machines; a Redis outage
  // lets requests through (skipOnError) rather than locking everyone out of their account.
  const store = opts.redisUrl
    ? new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (store) {
    store.on('error', (err) => app.log.warn({ err: err.message }, 'account rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async function closeRateLimitStore() {
      store.disconnect();
    });
  }
  await app.register(rateLimit, { global: false, ...(store ? { redis: store, nameSpace: 'portal-rl:', skipOnError: true } : {}) });
  // Answers that sign in or out, or carry a form's messages, are never stored by a cache.
  app.addHook('onSend', async function neverStoreAccountAnswers(_req, reply) {
    reply.header('cache-control', 'no-store');
  });

  // The limits are read from the registry at each request (site.accountLimits): a registry reload retunes them.
  const setting = (action: LimitedAction, key: 'ip' | 'phone') => app.registry.current.file.site.accountLimits[action][key];
  const limiter = (action: LimitedAction, key: 'ip' | 'phone', keyOf: (req: FastifyRequest) => string) =>
    app.createRateLimit({
      max: () => setting(action, key).max,
      timeWindow: () => setting(action, key).windowSeconds * 1000,
      keyGenerator: (req) => `${action}|${key}|${keyOf(req)}`,
    });
  const limiters = Object.fromEntries(
    LIMITED_ACTIONS.map((action) => [
      action,
      {
        ip: limiter(action, 'ip', (req) => req.ip),
        phone: limiter(action, 'phone', (req) => String((req.body as Body | undefined)?.phone ?? '')),
      },
    ]),
  ) as Record<LimitedAction, { ip: RateCheck; phone: RateCheck }>;

  /** 429 "操作过于频繁": JSON for fetch(), the error page for a form post. */
  async function tooMany(req: FastifyRequest, reply: FastifyReply, retryAfter: number, key: 'ip' | 'phone', action: LimitedAction) {
    req.log.warn({ action, limit: key }, 'account request rate-limited');
    reply.header('retry-after', String(Math.max(1, retryAfter)));
    if (wantsJson(req)) return reply.code(429).send({ status: 429, message: TOO_MANY });
    return handleError(errors.tooManyRequests(TOO_MANY), req, reply);
  }

  app.setErrorHandler(async function answerAccountError(err: FastifyError, req, reply) {
    const answer = requestErrorAnswer(err.statusCode);
    if (answer.status === 500) req.log.error({ err }, 'account request error');
    else req.log.info({ err: err.message }, 'account request refused');
    return reply.code(answer.status).send(answer);
  });

  /**
   * The shared front half of every account post: same origin, the per-address limit, the schema (every field's
   * message at once), the per-phone limit. Null when the reply has been sent.
   */
  async function begin(
    req: FastifyRequest,
    reply: FastifyReply,
    action: LimitedAction,
    schemaOf: keyof typeof SCHEMAS | ((b: Body) => keyof typeof SCHEMAS),
    form: AccountForm | 'password',
  ): Promise<Body | null> {
    const b = cleanBody(req.body);
    const schema = typeof schemaOf === 'function' ? schemaOf(b) : schemaOf;
    if (!isSameOriginPost(req.headers, req.host)) {
      req.log.warn({ action, origin: req.headers.origin, site: req.headers['sec-fetch-site'] }, 'cross-site account post refused');
      reply.code(403).send({ status: 403, message: CROSS_SITE });
      return null;
    }
    const byIp = await limiters[action].ip(req);
    if (byIp.isExceeded) {
      await tooMany(req, reply, byIp.ttlInSeconds, 'ip', action);
      return null;
    }
    const mode: LoginMode = action === 'sms' ? 'sms' : modeOf(b);
    if (!validate[schema](b)) {
      const fieldErrors = fieldMessages(validate[schema].errors ?? [], b);
      req.log.info({ action, fields: Object.keys(fieldErrors) }, 'account form refused');
      fail(req, reply, form, b, mode, { status: 400, errors: fieldErrors });
      return null;
    }
    if (typeof b.phone === 'string') {
      const byPhone = await limiters[action].phone(req);
      if (byPhone.isExceeded) {
        await tooMany(req, reply, byPhone.ttlInSeconds, 'phone', action);
        return null;
      }
    }
    return b;
  }

  const callOf = (req: FastifyRequest) => ({ reqId: req.id, log: req.log });

  /** Signs this browser in as the member (a fresh record: the directory's copy is dropped). */
  function signIn(req: FastifyRequest, reply: FastifyReply, m: MemberInfo | MemberSession) {
    setUserCookie(req, reply, m);
    app.memberDirectory.forget(String(m.userId));
  }

  /** POST /-/account/sms {phone, purpose}: a 6-digit code for login, register or reset (the gateway's rules apply). */
  app.post(`${PREFIX}/sms`, async (req, reply) => {
    const raw = cleanBody(req.body);
    const purpose = raw.purpose === 'register' || raw.purpose === 'reset' ? raw.purpose : 'login';
    const b = await begin(req, reply, 'sms', 'sms', purpose);
    if (!b) return reply;
    try {
      await app.api.user.sendSmsCode(callOf(req), b.phone as string, purpose);
    } catch (err) {
      // Unknown to log in or reset, or already registered: answered as a sent code, so no answer tells who is a member
      // (the gateway sent nothing).
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 409) req.log.info({ purpose, status }, 'sms code not sent: phone not eligible');
      else return fail(req, reply, purpose, b, 'sms', gatewayFailure(err, {}));
    }
    if (wantsJson(req)) return { status: 200, message: SMS_SENT[purpose], obj: { resendIn: SMS_RESEND_SECONDS } };
    const flash: AccountFlash = {
      form: purpose,
      mode: 'sms',
      values: { phone: b.phone as string, code: '', agree: ticked(b.agree) },
      errors: {},
      message: null,
      notice: SMS_SENT[purpose],
      smsSentAt: Date.now(),
    };
    setAccountFlash(req, reply, flash);
    return reply.redirect(formPage(purpose, b, 'sms'), 303);
  });

  /** POST /-/account/login {mode: password|sms, phone, password | code, bUrl}. */
  app.post(`${PREFIX}/login`, async (req, reply) => {
    const b = await begin(req, reply, 'login', (body) => (modeOf(body) === 'sms' ? 'loginSms' : 'loginPassword'), 'login');
    if (!b) return reply;
    const mode = modeOf(b);
    let member: MemberInfo | null;
    try {
      member = await app.api.user.login(
        callOf(req),
        mode === 'sms'
          ? { phone: b.phone as string, code: b.code as string }
          : { phone: b.phone as string, password: b.password as string },
      );
    } catch (err) {
      return fail(req, reply, 'login', b, mode, gatewayFailure(err, { 401: 'password', 404: 'phone' }));
    }
    if (!member) return fail(req, reply, 'login', b, mode, { status: 502, message: GATEWAY_DOWN });
    signIn(req, reply, member);
    req.log.info({ userId: member.userId, mode }, 'member logged in');
    return succeed(req, reply, b, '登录成功');
  });

  /** POST /-/account/register {phone, code, password, agree, bUrl}: the new member is logged in. */
  app.post(`${PREFIX}/register`, async (req, reply) => {
    const b = await begin(req, reply, 'register', 'register', 'register');
    if (!b) return reply;
    let member: MemberInfo | null;
    try {
      member = await app.api.user.register(callOf(req), {
        phone: b.phone as string,
        code: b.code as string,
        password: b.password as string,
      });
    } catch (err) {
      return fail(req, reply, 'register', b, 'password', gatewayFailure(err, { 409: 'phone' }));
    }
    if (!member) return fail(req, reply, 'register', b, 'password', { status: 502, message: GATEWAY_DOWN });
    signIn(req, reply, member);
    req.log.info({ userId: member.userId }, 'member registered');
    return succeed(req, reply, b, '注册成功');
  });

  /**
   * POST /-/account/resetpassword {phone, code, password, bUrl}: the gateway bumps the session version, every other
   * session of the member is signed out (and told so through app.memberEvents); this browser is signed in afresh.
   */
  app.post(`${PREFIX}/resetpassword`, async (req, reply) => {
    const b = await begin(req, reply, 'reset', 'reset', 'reset');
    if (!b) return reply;
    let member: MemberSession | null;
    try {
      member = await app.api.user.resetPassword(callOf(req), {
        phone: b.phone as string,
        code: b.code as string,
        password: b.password as string,
      });
    } catch (err) {
      return fail(req, reply, 'reset', b, 'password', gatewayFailure(err, { 404: 'phone' }));
    }
    if (!member) return fail(req, reply, 'reset', b, 'password', { status: 502, message: GATEWAY_DOWN });
    await revoke(req, member.userId);
    signIn(req, reply, member);
    return succeed(req, reply, b, '密码已重置');
  });

  /** POST /-/account/password {oldPassword, password}: a logged-in member's new password; other sessions are out. */
  app.post(`${PREFIX}/password`, async (req, reply) => {
    const b = await begin(req, reply, 'password', 'password', 'password');
    if (!b) return reply;
    let user: Awaited<ReturnType<typeof resolveMember>>;
    try {
      user = await resolveMember(req, reply);
    } catch (err) {
      return fail(req, reply, 'password', b, 'password', gatewayFailure(err, {}));
    }
    if (!user) {
      if (wantsJson(req))
        return reply.code(401).send({ status: 401, message: '请先登录', login: `/login?bUrl=${encodeURIComponent(PAGE_OF.password)}` });
      return reply.redirect(`/login?bUrl=${encodeURIComponent(PAGE_OF.password)}`, 303);
    }
    let member: MemberSession | null;
    try {
      member = await app.api.user.changePassword(callOf(req), {
        userId: user.userId,
        oldPassword: b.oldPassword as string,
        password: b.password as string,
      });
    } catch (err) {
      return fail(req, reply, 'password', b, 'password', gatewayFailure(err, { 401: 'oldPassword' }));
    }
    if (!member) return fail(req, reply, 'password', b, 'password', { status: 502, message: GATEWAY_DOWN });
    await revoke(req, member.userId);
    signIn(req, reply, member);
    return succeed(req, reply, b, '密码已修改', PAGE_OF.password);
  });

  /** POST /-/account/logout {bUrl}: the login cookie is cleared; 303 home (or bUrl). */
  app.post(`${PREFIX}/logout`, async (req, reply) => {
    const b = cleanBody(req.body);
    if (!isSameOriginPost(req.headers, req.host)) {
      req.log.warn({ action: 'logout' }, 'cross-site account post refused');
      return reply.code(403).send({ status: 403, message: CROSS_SITE });
    }
    clearUserCookie(req, reply);
    return succeed(req, reply, b, '退出成功');
  });

  /** Every session of the member but the one signed in next is out: the gateway bumped the version; tell every process. */
  async function revoke(req: FastifyRequest, userId: string) {
    app.memberDirectory.forget(String(userId));
    await app.memberEvents.publish({ type: 'revoked', userId: String(userId) }).catch((err: unknown) => {
      req.log.error({ err, userId }, 'revoked event not published: other processes keep their cached session up to a minute');
    });
    req.log.info({ userId }, 'member sessions revoked (password changed)');
  }
};

type RateCheck = (req: FastifyRequest) => Promise<{ isExceeded: boolean; ttlInSeconds: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    createRateLimit(options: {
      max: number | (() => number);
      timeWindow: number | (() => number);
      keyGenerator: (req: FastifyRequest) => string;
    }): (req: FastifyRequest) => Promise<{ isExceeded: boolean; ttlInSeconds: number }>;
  }
}

export interface AccountOptions {
  /** config.redisUrl: the rate-limit counters are shared through Redis. */
  redisUrl?: string;
}

const account: FastifyPluginAsync<AccountOptions> = async (app: FastifyInstance, opts) => {
  const directory = createMemberDirectory((call, userId) => app.api.user.memberSession(call, userId));
  app.decorate('memberDirectory', directory);
  const unsubscribe = app.memberEvents.subscribe((event) => directory.forget(event.userId));
  app.addHook('onClose', async function stopHearingMemberEvents() {
    unsubscribe();
  });
  await app.register(accountRoutes, opts);
};

export default fp(account, { name: 'account', fastify: '5.x', dependencies: ['member-events'] });
