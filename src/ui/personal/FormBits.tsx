import { type FormEvent, type ReactNode, useState } from 'react';
import { type FormAnswer, submitMemberForm } from '../../client/member-forms.ts';
import type { FormState } from '../../contracts/page-data/personal.ts';
import { showToast } from '../detail/toast.ts';

/**
 * A member form's behaviour on top of its plain post (issue 13): without JavaScript the browser posts and the server
 * answers 303; with it the same post goes through fetch(), a refusal shows its message beside the form (what was typed
 * stays), a success calls `onSaved`.
 */
export function useMemberForm(initial: FormState, back: string, onSaved: (answer: FormAnswer, form: HTMLFormElement) => void) {
  const [error, setError] = useState<string | null>(initial.error);
  const [field, setField] = useState<string | null>(initial.field);
  const [pending, setPending] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const form = e.currentTarget;
    setPending(true);
    const answer = await submitMemberForm(form, back);
    setPending(false);
    if (answer.ok) {
      setError(null);
      setField(null);
      showToast(answer.message);
      onSaved(answer, form);
    } else {
      setError(answer.message);
      setField(answer.field);
    }
  };
  return { error, field, pending, onSubmit };
}

/** The refusal of the last post, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="pc-form__error" role="alert" data-testid="form-error">
      {message}
    </p>
  );
}

/** What was typed before a refused plain post (a string field). */
export const typed = (form: FormState, key: string, fallback = ''): string => {
  const v = form.values[key];
  return typeof v === 'string' ? v : fallback;
};

/** What was typed before a refused plain post (a repeated field, e.g. checkboxes). */
export const typedList = (form: FormState, key: string): string[] | null => {
  const v = form.values[key];
  if (v === undefined) return null;
  return Array.isArray(v) ? v : [v];
};

/** The success screen of a form: what happened, and where to go next. */
export function Done({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="pc-done" data-testid="form-done">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="var(--c-brand)" fillOpacity="0.12" />
        <path
          d="m14 25 7 7 13-15"
          fill="none"
          stroke="var(--c-brand-dark)"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="pc-done__title">{title}</h1>
      {children}
    </section>
  );
}

/** A status label (待处理, 已处理, 待确认 …) as a small coloured tag. */
export function StatusTag({ status }: { status: string }) {
  const tone = /已|成功|完成|确认$/.test(status) && !/待/.test(status) ? 'done' : /驳回|失败|过期|取消/.test(status) ? 'off' : 'wait';
  return <span className={`pc-tag pc-tag--${tone}`}>{status}</span>;
}

/** What a member list says after an action came back (`?notice=` / `?error=`, issue 34): a status line, an alert line. */
export function ActionNotices({ notice, error, testId }: { notice?: string; error?: string; testId?: string }) {
  return (
    <>
      {notice ? (
        <p className="pc-flash" role="status" data-testid={testId}>
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="pc-flash pc-flash--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** One record's action on a member list (cancel, delete, withdraw): a plain form post of its id that comes back here. */
export function RecordAction(props: { action: string; id: number; back: string; label: string; testId: string; ariaLabel?: string }) {
  return (
    <form method="post" action={props.action} className="pc-record__op">
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="back" value={props.back} />
      <button type="submit" className="pc-op" data-testid={props.testId} aria-label={props.ariaLabel}>
        {props.label}
      </button>
    </form>
  );
}
