/**
 * The rules of the account forms (issue 13 part A; SPEC 5 leaves them to us): what a phone, a password and an SMS code
 * must look like, and the Chinese message beside each field (the limits are registry.json's site.rateLimits). Pure data, shared by the server
 * (src/actions/account.ts builds its body schemas from them) and the pages (input hints, the SMS countdown).
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

/**
 * What a code request answers, the same whether or not the phone is registered (issue 33: the answer must not tell who
 * is a member), saying what to do when no text comes.
 */
export const SMS_SENT: Readonly<Record<'login' | 'register' | 'reset', string>> = {
  login: '如该手机号已注册，验证码已发送，5分钟内有效；未注册的手机号请先注册',
  register: '如该手机号未注册，验证码已发送，5分钟内有效；已注册的手机号请直接登录',
  reset: '如该手机号已注册，验证码已发送，5分钟内有效',
};
