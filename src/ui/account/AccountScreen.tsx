import { type FormEvent, type MouseEvent, useEffect, useId, useState } from 'react';
import { goAfterLogin, requestSmsCode, submitAccountForm } from '../../client/account.ts';
import type { AccountField, AccountForm, AccountPageData, LoginMode } from '../../contracts/page-data/account.ts';
import { SMS_RESEND_SECONDS } from '../../lib/account-rules.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { PhoneInput } from '../PhoneInput.tsx';

/**
 * The account screens (issue 13 part A): /login (two tabs), /register, /resetpassword. Each is a plain HTML form
 * that works without JavaScript (the server answers 303 with its messages); once hydrated, the same form posts JSON,
 * shows the messages beside the fields and counts the SMS button down.
 */

const ACTION: Record<AccountForm, string> = {
  login: '/-/account/login',
  register: '/-/account/register',
  reset: '/-/account/resetpassword',
};
const TITLE: Record<AccountForm, string> = { login: '登录', register: '注册账号', reset: '找回密码' };
const PASSWORD_LABEL: Record<AccountForm, string> = { login: '密码', register: '设置密码', reset: '新密码' };
const SUBMIT: Record<AccountForm, string> = { login: '登录', register: '注册并登录', reset: '重置密码并登录' };

/** A page of the account screens with this return address (and login tab). */
export function accountHref(path: '/login' | '/register' | '/resetpassword', bUrl: string, tab?: LoginMode): string {
  const q = new URLSearchParams();
  if (bUrl && bUrl !== '/') q.set('bUrl', bUrl);
  if (tab === 'sms') q.set('tab', 'sms');
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

type Errors = Partial<Record<AccountField, string>>;

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="acc__err" id={id} role="alert">
      {text}
    </p>
  ) : null;
}

/** The SMS button: a submit of the same form to /-/account/sms without JavaScript, a fetch with its countdown after. */
function SmsButton({ wait, busy, purpose, onClick }: { wait: number; busy: boolean; purpose: AccountForm; onClick(e: MouseEvent): void }) {
  return (
    <button
      type="submit"
      className="acc__sms"
      formAction="/-/account/sms"
      formNoValidate
      name="purpose"
      value={purpose}
      disabled={wait > 0 || busy}
      onClick={onClick}
      data-testid="sms-button"
    >
      {wait > 0 ? `${wait}秒后重新获取` : busy ? '发送中…' : '获取验证码'}
    </button>
  );
}

function AccountFormView({ data }: { data: AccountPageData }) {
  const { site } = useAppState();
  const uid = useId();
  const [mode, setMode] = useState<LoginMode>(data.mode);
  const [errors, setErrors] = useState<Errors>(data.errors);
  const [message, setMessage] = useState<string | null>(data.message);
  const [notice, setNotice] = useState<string | null>(data.notice);
  const [wait, setWait] = useState(data.smsWait);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const form = data.form;
  const withCode = form !== 'login' || mode === 'sms';
  const withPassword = form !== 'login' || mode === 'password';
  const purpose = form;
  const ids = (f: AccountField) => `${uid}-${f}`;
  const errorId = (f: AccountField) => `${uid}-${f}-err`;
  const described = (f: AccountField) => (errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(f) } : {});

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const answer = await submitAccountForm(e.currentTarget);
    if (answer.ok && answer.redirect) {
      goAfterLogin(answer.redirect);
      return;
    }
    setBusy(false);
    setErrors(answer.errors);
    setNotice(null);
    setMessage(Object.keys(answer.errors).length ? null : answer.message);
  };

  const onSms = async (e: MouseEvent) => {
    e.preventDefault();
    const phone = ((e.currentTarget as HTMLButtonElement).form?.elements.namedItem('phone') as HTMLInputElement | null)?.value ?? '';
    setSending(true);
    setMessage(null);
    const answer = await requestSmsCode(phone.trim(), purpose);
    setSending(false);
    if (answer.ok) {
      setErrors((prev) => ({ ...prev, phone: undefined }));
      setNotice(answer.message);
      setWait(SMS_RESEND_SECONDS);
      return;
    }
    setNotice(null);
    if (Object.keys(answer.errors).length) setErrors(answer.errors);
    else setMessage(answer.message);
  };

  const switchTab = (next: LoginMode) => (e: MouseEvent) => {
    e.preventDefault();
    setMode(next);
    setErrors({});
    setMessage(null);
    window.history.replaceState(window.history.state, '', accountHref('/login', data.bUrl, next));
  };

  return (
    <section className="acc">
      <header className="acc__head">
        <h1 className="acc__title">{TITLE[form]}</h1>
        <p className="acc__sub">{form === 'reset' ? '通过手机验证码设置新密码' : `欢迎来到${site.brand}，登录后可收藏房源、预约看房`}</p>
      </header>

      {form === 'login' ? (
        <nav className="acc__tabs" aria-label="登录方式">
          <a
            href={accountHref('/login', data.bUrl, 'password')}
            className={`acc__tab${mode === 'password' ? ' acc__tab--on' : ''}`}
            aria-current={mode === 'password' ? 'page' : undefined}
            onClick={switchTab('password')}
            data-testid="tab-password"
          >
            密码登录
          </a>
          <a
            href={accountHref('/login', data.bUrl, 'sms')}
            className={`acc__tab${mode === 'sms' ? ' acc__tab--on' : ''}`}
            aria-current={mode === 'sms' ? 'page' : undefined}
            onClick={switchTab('sms')}
            data-testid="tab-sms"
          >
            验证码登录
          </a>
        </nav>
      ) : null}

      <form className="acc__form" method="post" action={ACTION[form]} noValidate onSubmit={onSubmit} data-testid="account-form">
        {/* The form's default button (Enter in a field) is its first submit button: this one, not the SMS button. */}
        <button type="submit" className="acc__default" tabIndex={-1} aria-hidden="true">
          {SUBMIT[form]}
        </button>
        <input type="hidden" name="bUrl" value={data.bUrl} />
        {form === 'login' ? <input type="hidden" name="mode" value={mode} /> : null}
        {message ? (
          <p className="acc__msg" role="alert" data-testid="form-message">
            {message}
          </p>
        ) : null}
        {notice ? (
          <p className="acc__notice" role="status">
            {notice}
          </p>
        ) : null}

        <div className={`acc__field${errors.phone ? ' acc__field--bad' : ''}`}>
          <label htmlFor={ids('phone')}>手机号</label>
          <PhoneInput id={ids('phone')} placeholder="请输入11位手机号" defaultValue={data.values.phone} {...described('phone')} />
          <FieldError id={errorId('phone')} text={errors.phone} />
        </div>

        {withCode ? (
          <div className={`acc__field${errors.code ? ' acc__field--bad' : ''}`}>
            <label htmlFor={ids('code')}>验证码</label>
            <div className="acc__row">
              <input
                id={ids('code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="6位短信验证码"
                defaultValue={data.values.code}
                {...described('code')}
              />
              <SmsButton wait={wait} busy={sending} purpose={purpose} onClick={onSms} />
            </div>
            <FieldError id={errorId('code')} text={errors.code} />
          </div>
        ) : null}

        {withPassword ? (
          <div className={`acc__field${errors.password ? ' acc__field--bad' : ''}`}>
            <label htmlFor={ids('password')}>{PASSWORD_LABEL[form]}</label>
            <input
              id={ids('password')}
              name="password"
              type="password"
              autoComplete={form === 'login' ? 'current-password' : 'new-password'}
              maxLength={32}
              placeholder={form === 'login' ? '请输入密码' : '8-32位，须包含字母和数字'}
              {...described('password')}
            />
            <FieldError id={errorId('password')} text={errors.password} />
          </div>
        ) : null}

        {form === 'register' ? (
          <div className={`acc__agree${errors.agree ? ' acc__field--bad' : ''}`}>
            <label>
              <input type="checkbox" name="agree" defaultChecked={data.values.agree} {...described('agree')} />
              <span>
                我已阅读并同意
                <AppLink href="/xieyi/xhyhfwxy">《用户服务协议》</AppLink>和<AppLink href="/xieyi/xhyszc">《隐私政策》</AppLink>
              </span>
            </label>
            <FieldError id={errorId('agree')} text={errors.agree} />
          </div>
        ) : null}

        <button type="submit" className="acc__submit" disabled={busy} data-testid="account-submit">
          {busy ? '请稍候…' : SUBMIT[form]}
        </button>
      </form>

      <nav className="acc__links" aria-label="其他操作">
        {form === 'login' ? (
          <>
            <AppLink href={accountHref('/register', data.bUrl)}>注册新账号</AppLink>
            <AppLink href={accountHref('/resetpassword', data.bUrl)}>忘记密码？</AppLink>
          </>
        ) : (
          <AppLink href={accountHref('/login', data.bUrl)}>{form === 'register' ? '已有账号，去登录' : '想起密码了，去登录'}</AppLink>
        )}
      </nav>
    </section>
  );
}

/** Already logged in: who, where to go on, and the logout form (a plain post). */
function LoggedIn({ data }: { data: AccountPageData }) {
  const member = data.member;
  return (
    <section className="acc">
      <header className="acc__head">
        <h1 className="acc__title">您已登录</h1>
        <p className="acc__sub">当前账号：{member?.nickName || member?.phone || '会员'}</p>
      </header>
      <div className="acc__form">
        <AppLink href={data.bUrl} className="acc__submit acc__submit--link">
          继续浏览
        </AppLink>
        <form method="post" action="/-/account/logout">
          <input type="hidden" name="bUrl" value={accountHref('/login', data.bUrl)} />
          <button type="submit" className="acc__ghost" data-testid="logout">
            退出登录，换个账号
          </button>
        </form>
      </div>
    </section>
  );
}

export function AccountScreen({ data }: { data: AccountPageData }) {
  if (data.member) return <LoggedIn data={data} />;
  // A fresh form per page and per server answer (client navigation between the three screens).
  return <AccountFormView key={`${data.form}-${data.mode}-${data.message ?? ''}-${JSON.stringify(data.errors)}`} data={data} />;
}
