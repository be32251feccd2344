import { loginHref } from '../ui/detail/links.ts';
import { showToast } from '../ui/detail/toast.ts';

/**
 * POST a JSON body to a member action (/-/action/*, SPEC 7.8). A visitor (401) goes to log in and comes back to
 * `back`: null then. Any other answer is the caller's to read.
 */
export async function postMemberAction(path: string, body: Record<string, unknown>, back: string): Promise<Response | null> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (res.status === 401) {
    window.location.assign(loginHref(back));
    return null;
  }
  return res;
}

/** Post a member form's filled fields; a refusal shows the server's message. True when saved. */
export async function postAction(path: string, form: HTMLFormElement, back: string): Promise<boolean> {
  const body: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v !== '') body[k] = v;
  const res = await postMemberAction(path, body, back);
  if (!res) return false;
  if (!res.ok) {
    const msg = ((await res.json().catch(() => null)) as { message?: string } | null)?.message;
    showToast(msg || '提交失败，请检查填写内容');
    return false;
  }
  return true;
}
