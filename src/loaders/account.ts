import { takeAccountFlash } from '../account-flash.ts';
import type { AccountForm, AccountPageData } from '../contracts/page-data/account.ts';
import { SMS_RESEND_SECONDS } from '../lib/account-rules.ts';
import { safeReturnPath } from '../lib/return-url.ts';
import { accountMeta } from '../meta/account.ts';
import { type PageContext, type PageLoader, pageLoader } from '../pipeline/types.ts';

/** The query keys the account pages read: the return address and the login tab. */
export const ACCOUNT_QUERY_KEYS = ['bUrl', 'tab'] as const;

/**
 * /login, /register, /resetpassword (issue 13 part A): no gateway call. The page is the form, with what a plain
 * form post left in its one-shot cookie (messages, typed values), the same-site bUrl and, for a member already
 * logged in, who they are.
 */
function loadAccountForm(form: AccountForm) {
  return async (ctx: PageContext) => {
    const flash = takeAccountFlash(ctx.req, ctx.reply, form);
    const sentAgo = flash?.smsSentAt ? Math.floor((ctx.now - flash.smsSentAt) / 1000) : SMS_RESEND_SECONDS;
    const data: AccountPageData = {
      form,
      mode: flash?.mode ?? (ctx.query.tab === 'sms' ? 'sms' : 'password'),
      bUrl: safeReturnPath(ctx.query.bUrl, '/'),
      values: flash?.values ?? { phone: '', code: '', agree: false },
      errors: flash?.errors ?? {},
      message: flash?.message ?? null,
      notice: flash?.notice ?? null,
      smsWait: Math.max(0, Math.min(SMS_RESEND_SECONDS, SMS_RESEND_SECONDS - sentAgo)),
      member: ctx.user ? { nickName: ctx.user.nickName, phone: ctx.user.phone } : null,
    };
    return { data };
  };
}

export const loginLoader: PageLoader<AccountPageData> = pageLoader(loadAccountForm('login'), accountMeta);
export const registerLoader: PageLoader<AccountPageData> = pageLoader(loadAccountForm('register'), accountMeta);
export const resetpasswordLoader: PageLoader<AccountPageData> = pageLoader(loadAccountForm('reset'), accountMeta);
