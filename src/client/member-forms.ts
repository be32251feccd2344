import { loginHref } from '../ui/detail/links.ts';

/** What a member form endpoint (/-/member/*) answers a fetch(): the saved record, or the refusal and its field. */
export interface FormAnswer {
  ok: boolean;
  message: string;
  field: string | null;
  obj?: unknown;
}

/**
 * The fetch-enhanced path of a member form (issue 13): the same post the browser would make without JavaScript
 * (multipart when the form carries a file, urlencoded otherwise, repeated fields kept), asking for JSON. A visitor
 * (401) goes to log in and comes back to `back`.
 */
export async function submitMemberForm(form: HTMLFormElement, back: string): Promise<FormAnswer> {
  const data = new FormData(form);
  const multipart = form.enctype === 'multipart/form-data';
  const body = multipart ? data : new URLSearchParams(data as unknown as Record<string, string>);
  let res: Response;
  try {
    res = await fetch(form.action, { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    return { ok: false, message: '网络异常，请稍后再试', field: null };
  }
  if (res.status === 401) {
    window.location.assign(loginHref(back));
    return { ok: false, message: '请先登录', field: null };
  }
  const json = (await res.json().catch(() => null)) as { message?: string; field?: string | null; obj?: unknown } | null;
  return {
    ok: res.ok,
    message: json?.message ?? (res.ok ? '已保存' : '提交失败，请检查填写内容'),
    field: json?.field ?? null,
    obj: json?.obj,
  };
}
