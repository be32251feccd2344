import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountFlash } from './contracts/page-data/account.ts';
import { cookieOptions } from './session.ts';

/**
 * The one-shot result of a plain account form post (issue 13: "303 back with the messages", "a failed submit keeps
 * what was typed"): a signed HttpOnly cookie living two minutes, read once by the page it returns to. It never holds
 * a password.
 */
export const FLASH_COOKIE = 'accountForm';
const FLASH_SECONDS = 120;

export function setAccountFlash(req: FastifyRequest, reply: FastifyReply, flash: AccountFlash): void {
  reply.setCookie(FLASH_COOKIE, JSON.stringify(flash), { ...cookieOptions(req), maxAge: FLASH_SECONDS });
}

/** The flash left for this form, if any; it is cleared either way. */
export function takeAccountFlash(req: FastifyRequest, reply: FastifyReply, form: AccountFlash['form']): AccountFlash | null {
  const raw = req.cookies[FLASH_COOKIE];
  if (!raw) return null;
  reply.clearCookie(FLASH_COOKIE, { ...cookieOptions(req), signed: false });
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const flash = JSON.parse(unsigned.value) as AccountFlash;
    return flash && typeof flash === 'object' && flash.form === form ? flash : null;
  } catch {
    return null;
  }
}
