import type { AccountField, AccountForm, LoginMode } from '../../lib/account-rules.ts';

export type { AccountField, AccountForm, LoginMode };

/** What the visitor typed, kept across a failed plain form post (never the password). */
export interface AccountValues {
  phone: string;
  code: string;
  agree: boolean;
}

/**
 * The one-shot result of a plain form post (no JavaScript), carried to the page it returns to (303) in a short-lived
 * signed cookie: the typed values, the message beside each field, a form-level message or notice.
 */
export interface AccountFlash {
  form: AccountForm;
  mode: LoginMode;
  values: AccountValues;
  errors: Partial<Record<AccountField, string>>;
  message: string | null;
  notice: string | null;
  /** When an SMS code was sent (ms since the epoch): the button counts down from there. */
  smsSentAt: number | null;
}

/** /login, /register, /resetpassword (issue 13 part A). */
export interface AccountPageData {
  form: AccountForm;
  /** The login tab shown first: phone + password, or phone + SMS code. */
  mode: LoginMode;
  /** Where a success returns to: a same-site path (src/lib/return-url.ts). */
  bUrl: string;
  values: AccountValues;
  errors: Partial<Record<AccountField, string>>;
  message: string | null;
  notice: string | null;
  /** Seconds before the SMS button may be pressed again. */
  smsWait: number;
  /** Already logged in: who (the page offers to go on or log out). */
  member: { nickName: string; phone: string } | null;
}
