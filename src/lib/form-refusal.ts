import { charCount, hasControlChars } from './member-forms.ts';

/**
 * A refusal a member can fix (issue 13, 15): which field, what to say beside it, and the status. The member forms and the
 * Q&A actions throw it; their route answers it as JSON for fetch() or as a 303 back to the form with what was typed.
 */
export class FormRefusal extends Error {
  constructor(
    readonly field: string | null,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/**
 * Typed text as a form keeps it: trimmed; whitespace alone is empty; control and bidi-override characters refused;
 * `min`..`max` characters as a person counts them. `label` names the field in the message (昵称, 回答内容 …).
 */
export function cleanText(value: unknown, field: string, label: string, min: number, max: number, multiline = true): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (min > 0 && !s) throw new FormRefusal(field, `请填写${label}`);
  if (hasControlChars(s, multiline)) throw new FormRefusal(field, `${label}含有不允许的字符`);
  const n = charCount(s);
  if (n < min || n > max) throw new FormRefusal(field, min > 0 ? `${label}须为${min}-${max}个字` : `${label}不能超过${max}个字`);
  return s;
}
