import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { UserInfo } from '../src/contracts/session.ts';
import { actionRefusal } from '../src/lib/action-messages.ts';
import { safeReturnPath, sameSiteRefererPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { resolveMember } from '../src/session.ts';

/**
 * The member actions of the detail pages (SPEC 6, 7.7, 7.8): favourite, book a viewing, report, rate an adviser.
 * The member is taken ONLY from the signed login cookie, never from the body. Each endpoint answers JSON to fetch()
 * callers and works as a plain HTML form post too: a visitor gets 401 (JSON) or goes to /login?bUrl=<back> (form); a
 * member's form post is redirected back (303) with a success notice. Encapsulated: its form-body parser and error
 * handler apply to these routes only.
 */

/**
 * A visitor's member action: 401 with the login address for fetch(), a 303 to /login?bUrl=<back> for a form post. The
 * one answer every member endpoint gives (the action, form, Q&A, article, entrustment and agent plugins).
 */
export function sendToLogin(req: FastifyRequest, reply: FastifyReply, back: string): FastifyReply {
  const login = `/login?bUrl=${encodeURIComponent(back)}`;
  const refusal = actionRefusal('ACTION_LOGIN_REQUIRED');
  if (wantsJson(req)) return reply.code(refusal.status).send({ ...refusal, login });
  return reply.redirect(login, 303);
}

/** The body field a schema refusal is about (the missing one, else the one at fault), and whether it was missing. */
export function refusedField(err: unknown): { field: string; missing: boolean } {
  const v = (err as FastifyError | undefined)?.validation?.[0];
  const missing = (v?.params as { missingProperty?: string } | undefined)?.missingProperty;
  return { field: missing ?? (v?.instancePath ?? '').split('/')[1] ?? '', missing: missing !== undefined };
}

/** A fetch() caller asks for JSON; a browser form post accepts HTML. */
export const wantsJson = (req: FastifyRequest) =>
  (req.headers.accept ?? '').includes('application/json') || req.headers['content-type']?.includes('json');

export const withQuery = (path: string, key: string, value: string) => `${path}${path.includes('?') ? '&' : '?'}${key}=${value}`;

/** The member of the signed cookie, checked against the gateway's record (a reset elsewhere signs it out). */
export async function memberOf(req: FastifyRequest, reply: FastifyReply): Promise<{ user: UserInfo; memberId: string } | null> {
  const user = await resolveMember(req, reply);
  const memberId = user?.uid || user?.userId || '';
  if (!user || !/^[A-Za-z0-9_-]{1,40}$/.test(memberId)) return null;
  return { user, memberId };
}

type Body = Record<string, unknown> & { back?: string };

/**
 * Shared front half of every member post: origin, member, return path. Null when the reply has been sent (a foreign
 * origin refused, a visitor sent to log in, or a failing member check answered by `onGatewayError`).
 */
export async function beginMemberPost(
  req: FastifyRequest,
  reply: FastifyReply,
  fallbackBack: string,
  onGatewayError: (req: FastifyRequest, reply: FastifyReply, err: unknown) => unknown,
) {
  const body = req.body as Body;
  const backPath = safeReturnPath(body.back ?? sameSiteRefererPath(req.headers.referer, req.host), fallbackBack);
  if (!isSameOriginPost(req.headers, req.host)) {
    const refusal = actionRefusal('ACTION_FOREIGN_ORIGIN');
    reply.code(refusal.status).send(refusal);
    return null;
  }
  let member: Awaited<ReturnType<typeof memberOf>>;
  try {
    member = await memberOf(req, reply);
  } catch (err) {
    onGatewayError(req, reply, err);
    return null;
  }
  if (!member) {
    sendToLogin(req, reply, backPath);
    return null;
  }
  return { ...member, body, backPath };
}
