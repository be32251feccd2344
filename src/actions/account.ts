import { setAccountFlash } from '../account-flash.ts';
import type { MemberInfo } from '../contracts/gateway/index.ts';
import type { AccountFlash } from '../contracts/page-data/account.ts';
import {
  type AccountField,
  type AccountForm,
  CODE_PATTERN,
  INVALID,
  type LoginMode,
  MISSING,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  SMS_RESEND_SECONDS,
  SMS_SENT,
} from '../lib/account-rules.ts';
import { safeReturnPath } from '../lib/return-url.ts';
import { clearUserCookie, readUser, sessionKey, setUserCookie } from '../session.ts';
import { BUSY } from './gates.ts';
import { loginThrottle } from './limits.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * Accounts (issues 13, 33; SPEC 1, 3, 4, 6): log in (password or SMS code), register, reset or change the password,
 * ask for an SMS code, log out, sign out of every device, and the console's sign-out. A login opens a server-side
 * session at the gateway (src/session.ts); every way out ends it. A plain form post comes back to its form with the
 * messages and what was typed (src/account-flash.ts; never the password).
 */

const PAGE_OF: Record<AccountForm | 'password', string> = {
  login: '/login',
  register: '/register',
  reset: '/resetpassword',
  password: '/personalcenter',
};

const field = (f: AccountField, schema: object) => ({ ...schema, errorMessage: INVALID[f] });
const phone = field('phone', { type: 'string', pattern: PHONE_PATTERN });
const password = field('password', { type: 'string', pattern: PASSWORD_PATTERN });
const code = field('code', { type: 'string', pattern: CODE_PATTERN });
/** A ticked checkbox posts `on` (a form) or true (fetch). */
const agree = field('agree', { enum: ['on', 'true', '1', true] });
/** src/lib/return-url.ts decides what of it is a return address (an unsafe or over-long one is home). */
const bUrl = { type: 'string' } as const;
const other = { type: 'string', maxLength: 2048 } as const;
const missing = (...fields: AccountField[]) => ({ required: Object.fromEntries(fields.map((f) => [f, MISSING[f]])) });

const accountBody = (properties: Record<string, object>, required: AccountField[], extra: object = {}) => ({
  type: 'object',
  required,
  properties: { ...properties, bUrl, mode: other, tab: other },
  errorMessage: missing(...required),
  ...extra,
});

export const accountBodies = {
  accountSms: accountBody({ phone, purpose: { enum: ['login', 'register', 'reset'], default: 'login' } }, ['phone']),
  /** Login by password (the default tab) or by SMS code: the form's `mode` says which field is required. */
  accountLogin: {
    type: 'object',
    required: ['phone'],
    properties: {
      phone,
      password: { type: 'string', minLength: 1, maxLength: 64 },
      code,
      mode: { enum: ['password', 'sms'], default: 'password' },
      bUrl,
      tab: other,
    },
    errorMessage: missing('phone'),
    if: { required: ['mode'], properties: { mode: { const: 'sms' } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, a schema and never awaited.
    then: { required: ['code'], errorMessage: missing('code') },
    else: { required: ['password'], errorMessage: missing('password') },
  },
  accountRegister: accountBody({ phone, code, password, agree }, ['phone', 'code', 'password', 'agree']),
  accountReset: accountBody({ phone, code, password }, ['phone', 'code', 'password']),
  accountPassword: accountBody({ oldPassword: field('oldPassword', { type: 'string', minLength: 1, maxLength: 64 }), password }, [
    'oldPassword',
    'password',
  ]),
  accountLogout: { type: 'object', properties: { bUrl } },
} as const;

type Body = Record<string, unknown>;
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
const ticked = (v: unknown) => v === true || v === 'on' || v === 'true' || v === '1';
const modeOf = (b: Body): LoginMode => (b.mode === 'sms' ? 'sms' : 'password');
const CHINESE = /[\u4e00-\u9fff]/;

/** The form page a plain post returns to, keeping bUrl and the login tab. */
function formPage(form: AccountForm | 'password', b: Body, mode: LoginMode): string {
  const back = safeReturnPath(b.bUrl, '/');
  const q = new URLSearchParams();
  if (back !== '/') q.set('bUrl', back);
  if (form === 'login' && mode === 'sms') q.set('tab', 'sms');
  const qs = q.toString();
  return `${PAGE_OF[form]}${qs ? `?${qs}` : ''}`;
}

/** A refused plain post: back to its form, with the messages and what was typed kept for it (never the password). */
const backToForm =
  (form: AccountForm | 'password', modeOfBody: (b: Body) => LoginMode = modeOf) =>
  (ctx: ActionContext<Body>, r: ActionRefusal): string => {
    const b = ctx.posted as Body;
    const mode = modeOfBody(b);
    if (form !== 'password') {
      const flash: AccountFlash = {
        form,
        mode,
        values: { phone: str(b.phone, 20), code: str(b.code, 10), agree: ticked(b.agree) },
        errors: r.errors ?? (r.field ? { [r.field]: r.message } : {}),
        message: r.field ? null : r.message,
        notice: null,
        smsSentAt: null,
      };
      setAccountFlash(ctx.req, ctx.reply, flash);
    }
    return formPage(form, b, mode);
  };

/**
 * A refused gateway call as the visitor reads it: the gateway's own Chinese message (a `field: message` one beside that
 * field, or the field its status means), with its status; anything else is thrown on (502 服务繁忙).
 */
function gatewayRefusal(err: unknown, fieldByStatus: Partial<Record<number, AccountField>>): unknown {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  const message = err instanceof Error ? err.message : '';
  if (status >= 400 && status < 500 && CHINESE.test(message)) {
    const m = /^([A-Za-z]+): (.+)$/.exec(message);
    const f = (m?.[1] as AccountField | undefined) ?? fieldByStatus[status] ?? null;
    return new ActionRefusal(f, m?.[2] ?? message, status);
  }
  return err;
}

/** Signs this browser in with the session the gateway opened; the process's cached copy of the member is dropped. */
function signIn(ctx: ActionContext<Body>, m: MemberInfo | null): void {
  if (!m?.token) throw new ActionRefusal(null, BUSY, 502);
  setUserCookie(ctx.req, ctx.reply, m);
  ctx.app.memberDirectory.forget(String(m.userId));
}

/** Where a success goes: the same-site bUrl (src/lib/return-url.ts, the one rule), else `fallback`. */
const onward = (b: Body, fallback = '/') => safeReturnPath(b.bUrl, fallback);

/** Every session of the member is over (the gateway ended them): every process drops its copies, sockets hear it. */
async function revoked(ctx: ActionContext<Body>, userId: string, why: string): Promise<void> {
  ctx.app.memberDirectory.forget(String(userId));
  await ctx.app.memberEvents.publish({ type: 'revoked', userId: String(userId) }).catch((err: unknown) => {
    ctx.log.error({ err, userId }, 'revoked event not published: other processes keep their cached session up to a minute');
  });
  ctx.log.info({ userId, why }, 'member sessions revoked');
}

/** POST /-/account/sms {phone, purpose}: a 6-digit code; the same answer whether or not the phone is a member's. */
const sms = actionHandler<Body>({
  refusedTo: (ctx, r) => backToForm((ctx.body.purpose as AccountForm) ?? 'login', () => 'sms')(ctx, r),
  async run(ctx) {
    const b = ctx.body;
    const purpose = b.purpose as 'login' | 'register' | 'reset';
    try {
      await ctx.api.user.sendSmsCode(ctx.call, b.phone as string, purpose);
    } catch (err) {
      // Unknown to log in or reset, or already registered: answered as a sent code, so no answer tells who is a member.
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 409) ctx.log.info({ purpose, status }, 'sms code not sent: phone not eligible');
      else throw gatewayRefusal(err, {});
    }
    if (!ctx.json) {
      setAccountFlash(ctx.req, ctx.reply, {
        form: purpose,
        mode: 'sms',
        values: { phone: b.phone as string, code: '', agree: ticked(b.agree) },
        errors: {},
        message: null,
        notice: SMS_SENT[purpose],
        smsSentAt: ctx.now,
      });
    }
    return { message: SMS_SENT[purpose], obj: { resendIn: SMS_RESEND_SECONDS }, location: formPage(purpose, b, 'sms') };
  },
});

const SMS_INSTEAD = '，或使用短信验证码登录';

/**
 * POST /-/account/login {mode: password|sms, phone, password | code, bUrl}. Wrong passwords are throttled per phone AND
 * client address with growing waits (src/actions/limits.ts): nobody can lock another person out from elsewhere.
 */
const login = actionHandler<Body>({
  refusedTo: (ctx, r) => backToForm('login')(ctx, r),
  async run(ctx) {
    const b = ctx.body;
    const mode = modeOf(b);
    const throttle = loginThrottle(ctx.store, 'member', () => ctx.app.clock());
    const phone = b.phone as string;
    if (mode === 'password') {
      const wait = await throttle.check(phone, ctx.req.ip, SMS_INSTEAD);
      if (wait) throw wait;
    }
    let member: MemberInfo | null;
    try {
      member = await ctx.api.user.login(
        ctx.call,
        mode === 'sms' ? { phone, code: b.code as string } : { phone, password: b.password as string },
      );
    } catch (err) {
      if (mode === 'password' && (err as { statusCode?: number }).statusCode === 401) {
        const wait = await throttle.failed(phone, ctx.req.ip);
        ctx.log.info({ wait }, 'member login: wrong password');
        const then = wait ? `，错误次数较多，请${wait >= 60 ? `${Math.ceil(wait / 60)}分钟` : `${wait}秒`}后再试${SMS_INSTEAD}` : '';
        throw new ActionRefusal('password', `手机号或密码错误${then}`, 401);
      }
      throw gatewayRefusal(err, { 401: 'password', 404: 'phone' });
    }
    signIn(ctx, member);
    if (mode === 'password') await throttle.succeeded(phone, ctx.req.ip);
    ctx.log.info({ userId: member?.userId, mode }, 'member logged in');
    return { message: '登录成功', obj: { redirect: onward(b) }, location: onward(b) };
  },
});

/** POST /-/account/register {phone, code, password, agree, bUrl}: the new member is logged in. */
const register = actionHandler<Body>({
  refusedTo: (ctx, r) => backToForm('register', () => 'password')(ctx, r),
  async run(ctx) {
    const b = ctx.body;
    let member: MemberInfo | null;
    try {
      member = await ctx.api.user.register(ctx.call, { phone: b.phone as string, code: b.code as string, password: b.password as string });
    } catch (err) {
      throw gatewayRefusal(err, { 409: 'phone' });
    }
    signIn(ctx, member);
    ctx.log.info({ userId: member?.userId }, 'member registered');
    return { message: '注册成功', obj: { redirect: onward(b) }, location: onward(b) };
  },
});

/** POST /-/account/resetpassword {phone, code, password, bUrl}: every session ends; this browser signs in afresh. */
const reset = actionHandler<Body>({
  refusedTo: (ctx, r) => backToForm('reset', () => 'password')(ctx, r),
  async run(ctx) {
    const b = ctx.body;
    let member: MemberInfo | null;
    try {
      member = await ctx.api.user.resetPassword(ctx.call, {
        phone: b.phone as string,
        code: b.code as string,
        password: b.password as string,
      });
    } catch (err) {
      throw gatewayRefusal(err, { 404: 'phone' });
    }
    if (!member) throw new ActionRefusal(null, BUSY, 502);
    await revoked(ctx, member.userId, 'password reset');
    signIn(ctx, member);
    return { message: '密码已重置', obj: { redirect: onward(b) }, location: onward(b) };
  },
});

/** POST /-/account/password {oldPassword, password}: a member's new password; every other session ends. */
const changePassword = actionHandler<Body>({
  refusedTo: (ctx, r) => backToForm('password', () => 'password')(ctx, r),
  async run(ctx) {
    const b = ctx.body;
    let member: MemberInfo | null;
    try {
      member = await ctx.api.user.changePassword(ctx.call, {
        userId: ctx.user?.userId as string,
        oldPassword: b.oldPassword as string,
        password: b.password as string,
      });
    } catch (err) {
      throw gatewayRefusal(err, { 401: 'oldPassword' });
    }
    if (!member) throw new ActionRefusal(null, BUSY, 502);
    await revoked(ctx, member.userId, 'password changed');
    signIn(ctx, member);
    const to = onward(b, PAGE_OF.password);
    return { message: '密码已修改', obj: { redirect: to }, location: to };
  },
});

/** POST /-/account/logout {bUrl}: this session ends at the gateway (a copy of the cookie signs nobody in); 303 on. */
const logout = actionHandler<Body>({
  async run(ctx) {
    const ids = readUser(ctx.req);
    if (ids) {
      try {
        await ctx.api.user.logout(ctx.call, ids.token);
      } catch (err) {
        // The cookie goes anyway; the session would end at its expiry. Said loudly: a copied cookie still works.
        ctx.log.error({ err, userId: ids.userId }, 'logout: the gateway did not end the session');
      }
      ctx.app.memberDirectory.forgetSession(sessionKey(ids.token));
      await ctx.app.memberEvents.publish({ type: 'ended', userId: ids.userId, session: sessionKey(ids.token) }).catch((err: unknown) => {
        ctx.log.error({ err }, 'ended event not published: other processes keep the session up to a minute');
      });
      ctx.log.info({ userId: ids.userId }, 'member logged out');
    }
    clearUserCookie(ctx.req, ctx.reply);
    return { message: '退出成功', obj: { redirect: onward(ctx.body) }, location: onward(ctx.body) };
  },
});

/** POST /-/account/logout-all (个人中心 "退出所有设备"): every session of the member ends, here and on every device. */
const logoutEverywhere = actionHandler<Body>({
  async run(ctx) {
    const userId = ctx.user?.userId as string;
    await ctx.api.user.revokeSessions(ctx.call, userId);
    await revoked(ctx, userId, 'signed out of every device');
    clearUserCookie(ctx.req, ctx.reply);
    return { message: '已退出所有设备，请重新登录', obj: { redirect: '/login' }, location: '/login' };
  },
});

/**
 * POST /-/admin/members/:userId/sign-out (`admin-token`): the console signs a member out everywhere (SPEC 6): the
 * gateway ends every session, then every portal process and open socket hears it (SPEC 4 forced logout).
 */
const adminSignOut = actionHandler<Body>({
  notFound: '会员不存在',
  async run(ctx) {
    const userId = ctx.params.userId as string;
    if (!/^[1-9][0-9]{0,15}$/.test(userId)) throw new ActionRefusal('userId', '会员编号不正确', 400);
    await ctx.api.user.revokeSessions(ctx.call, userId);
    await revoked(ctx, userId, 'console sign-out');
    return { message: '已强制退出', obj: { userId, revoked: true } };
  },
});

export const accountHandlers = {
  accountSms: sms,
  accountLogin: login,
  accountRegister: register,
  accountReset: reset,
  accountPassword: changePassword,
  accountLogout: logout,
  accountLogoutAll: logoutEverywhere,
  adminSignOut,
};
