/**
 * The rules of the account forms (issue 13 part A; SPEC 5 leaves them to us): what a phone, a password and an SMS code
 * must look like, the Chinese message beside each field, and the request limits. Pure data, shared by the server
 * (which validates with ajv against the schemas here) and the pages (input hints, the SMS countdown).
 */

export type AccountForm = 'login' | 'register' | 'reset';
export type LoginMode = 'password' | 'sms';
export type AccountField = 'phone' | 'password' | 'code' | 'agree' | 'oldPassword';

/** Mainland mobile numbers: 11 digits, 1[3-9]…. */
export const PHONE_PATTERN = '^1[3-9][0-9]{9}$';
/** 8 to 32 printable characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]{8,32}$';
export const CODE_PATTERN = '^[0-9]{6}$';

/** Seconds before another SMS code may be asked for the same phone (the gateway's rule; the button counts down). */
export const SMS_RESEND_SECONDS = 60;

/** Shown beside a field that is empty. */
export const MISSING: Record<AccountField, string> = {
  phone: '请输入手机号',
  password: '请输入密码',
  code: '请输入短信验证码',
  agree: '请阅读并勾选同意《用户服务协议》和《隐私政策》',
  oldPassword: '请输入原密码',
};

/** Shown beside a field that is filled but wrong. */
export const INVALID: Record<AccountField, string> = {
  phone: '请输入正确的11位手机号',
  password: '密码需为8-32位，且同时包含字母和数字',
  code: '验证码为6位数字',
  agree: MISSING.agree,
  oldPassword: '原密码格式不正确',
};

export const TOO_MANY = '操作过于频繁，请稍后再试';
export const CROSS_SITE = '请求来源不正确，请刷新页面后重试';
export const GATEWAY_DOWN = '服务繁忙，请稍后再试';

/** Notices after a success that stays on the page. */
/**
 * What a code request answers, the same whether or not the phone is registered (issue 33: the answer must not tell who
 * is a member), saying what to do when no text comes.
 */
export const SMS_SENT: Readonly<Record<'login' | 'register' | 'reset', string>> = {
  login: '如该手机号已注册，验证码已发送，5分钟内有效；未注册的手机号请先注册',
  register: '如该手机号未注册，验证码已发送，5分钟内有效；已注册的手机号请直接登录',
  reset: '如该手机号已注册，验证码已发送，5分钟内有效',
};

/** The rate-limited account endpoints; their limits are registry.json's `site.accountLimits` (ops tune them). */
export const LIMITED_ACTIONS = ['login', 'sms', 'register', 'reset', 'password'] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

const phone = { type: 'string', pattern: PHONE_PATTERN } as const;
const password = { type: 'string', pattern: PASSWORD_PATTERN } as const;
const code = { type: 'string', pattern: CODE_PATTERN } as const;
/** A ticked checkbox posts `on` (a form) or true (fetch). */
const agree = { enum: ['on', 'true', '1', true] } as const;
/** Any string: src/lib/return-url.ts decides what of it is a return address (an unsafe or over-long one is home). */
const bUrl = { type: 'string' } as const;
/** The rest of a plain form post (the other button's fields, the tab) is read where needed and otherwise ignored. */
const other = { type: 'string', maxLength: 2048 } as const;

export const SCHEMAS = {
  sms: {
    type: 'object',
    required: ['phone', 'purpose'],
    properties: { phone, purpose: { enum: ['login', 'register', 'reset'] }, bUrl, mode: other },
  },
  /** Login by password (the default tab) and by SMS code: the form's `mode` picks the schema. */
  loginPassword: {
    type: 'object',
    required: ['phone', 'password'],
    properties: { phone, mode: { const: 'password' }, password: { type: 'string', minLength: 1, maxLength: 64 }, bUrl },
  },
  loginSms: {
    type: 'object',
    required: ['phone', 'code'],
    properties: { phone, mode: { const: 'sms' }, code, bUrl },
  },
  register: {
    type: 'object',
    required: ['phone', 'code', 'password', 'agree'],
    properties: { phone, code, password, agree, bUrl },
  },
  reset: {
    type: 'object',
    required: ['phone', 'code', 'password'],
    properties: { phone, code, password, bUrl },
  },
  password: {
    type: 'object',
    required: ['oldPassword', 'password'],
    properties: { oldPassword: { type: 'string', minLength: 1, maxLength: 64 }, password, bUrl },
  },
} as const;

const FIELDS: readonly AccountField[] = ['phone', 'password', 'code', 'agree', 'oldPassword'];

/** One ajv error, reduced to what the validator says: the keyword, where, and the missing property. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The Chinese message beside each field, from the schema errors of a body (first error per field wins). */
export function fieldMessages(errs: readonly SchemaError[], body: Record<string, unknown>): Partial<Record<AccountField, string>> {
  const out: Partial<Record<AccountField, string>> = {};
  for (const e of errs) {
    const name = (e.keyword === 'required' ? String(e.params.missingProperty ?? '') : e.instancePath.slice(1)) as AccountField;
    if (!FIELDS.includes(name) || out[name]) continue;
    const value = body[name];
    out[name] = value === undefined || value === '' ? MISSING[name] : INVALID[name];
  }
  return out;
}
