import type { AccountField } from '../lib/account-rules.ts';

/**
 * The enhanced path of the account forms (issue 13 part A): the same endpoints as the plain form posts, asked for
 * JSON. Browser only. The server's answer is `{status, message, field?, errors?, obj?}`; nothing here judges a field.
 */
export interface AccountAnswer {
  ok: boolean;
  status: number;
  message: string;
  errors: Partial<Record<AccountField, string>>;
  redirect: string | null;
}

async function postJson(path: string, body: Record<string, unknown>): Promise<AccountAnswer> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, message: '网络异常，请检查网络后重试', errors: {}, redirect: null };
  }
  const json = (await res.json().catch(() => null)) as {
    message?: string;
    field?: AccountField;
    errors?: Partial<Record<AccountField, string>>;
    obj?: { redirect?: string } | null;
  } | null;
  // One field at fault comes as `field` beside the message; several as `errors`.
  const errors = json?.errors ?? (json?.field && json.message ? { [json.field]: json.message } : {});
  return {
    ok: res.ok,
    status: res.status,
    message: json?.message ?? (res.ok ? '' : '提交失败，请稍后再试'),
    errors,
    redirect: typeof json?.obj?.redirect === 'string' ? json.obj.redirect : null,
  };
}

/** The filled fields of a form (a checkbox as true), for a JSON post. */
function fieldsOf(form: HTMLFormElement): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v !== '') body[k] = v === 'on' ? true : v;
  return body;
}

/** Posts an account form (login, register, reset) as JSON. */
export const submitAccountForm = (form: HTMLFormElement): Promise<AccountAnswer> => postJson(form.action, fieldsOf(form));

/** Asks for an SMS code for the phone typed in the form. */
export const requestSmsCode = (phone: string, purpose: 'login' | 'register' | 'reset'): Promise<AccountAnswer> =>
  postJson('/-/account/sms', { phone, purpose });

/** After a login the whole page is loaded again, so every store starts from the server's view of the member. */
export function goAfterLogin(path: string): void {
  window.location.assign(path);
}
