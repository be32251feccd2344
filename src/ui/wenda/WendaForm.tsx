import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { submitMemberForm } from '../../client/member-forms.ts';
import type { FormState } from '../../contracts/page-data/personal.ts';
import { showToast } from '../detail/toast.ts';
import { FormError } from '../personal/FormBits.tsx';

const draftKey = (page: string) => `wenda-draft:${page}`;

/**
 * The ask and answer forms: a plain post (303 to the question, or back with the message and what was typed) that
 * JavaScript sends through fetch(). What is typed is kept in the tab's sessionStorage until it is posted, so a member
 * whose session ended and who logs in again is back on the page with the form as it was.
 */
export function WendaForm({
  action,
  page,
  form,
  submitLabel,
  children,
}: {
  action: string;
  /** The page the form is on (where login comes back to). */
  page: string;
  form: FormState;
  submitLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(form.error);
  const [pending, setPending] = useState(false);

  // Put back what was typed before a login, unless the server already shows a refused post's values.
  useEffect(() => {
    const el = ref.current;
    if (!el || Object.keys(form.values).length) return;
    try {
      const saved = JSON.parse(sessionStorage.getItem(draftKey(page)) ?? 'null') as Record<string, string> | null;
      if (!saved) return;
      for (const [k, v] of Object.entries(saved)) {
        const field = el.elements.namedItem(k);
        if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) {
          if (field.type !== 'hidden') field.value = v;
        }
      }
    } catch {
      // A draft that cannot be read is no draft.
    }
  }, [page, form.values]);

  const keepDraft = (el: HTMLFormElement) => {
    const values: Record<string, string> = {};
    for (const [k, v] of new FormData(el)) if (typeof v === 'string' && k !== 'back') values[k] = v;
    try {
      sessionStorage.setItem(draftKey(page), JSON.stringify(values));
    } catch {
      // Storage full or off: the form still posts.
    }
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const el = e.currentTarget;
    keepDraft(el);
    setPending(true);
    const answer = await submitMemberForm(el, page);
    setPending(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    sessionStorage.removeItem(draftKey(page));
    setError(null);
    showToast(answer.message);
    const location = (answer.obj as { location?: string } | undefined)?.location;
    window.location.assign(location ?? page);
  };

  return (
    <form
      ref={ref}
      className="fm wd-form"
      method="post"
      action={action}
      onSubmit={onSubmit}
      onInput={(e) => keepDraft(e.currentTarget)}
      noValidate
    >
      <FormError message={error} />
      <input type="hidden" name="back" value={page} />
      {children}
      <button type="submit" className="fm__submit" disabled={pending}>
        {pending ? '提交中…' : submitLabel}
      </button>
    </form>
  );
}
