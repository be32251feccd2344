import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { FormState } from './contracts/page-data/personal.ts';

/**
 * What a member typed into a form the server refused, kept for the page the plain (no-JavaScript) post goes back to
 * (issue 13: "a failed submit keeps what was typed"). The text stays on the server, keyed by a random id in a short-lived
 * signed cookie: a 500-character feedback does not fit in a cookie, and typed text never goes into a URL or a log.
 * Taken once: the next render of the form reads and forgets it.
 */
export const DRAFT_COOKIE = 'formDraft';
const TTL_MS = 5 * 60_000;

export interface FormDraft {
  /** Which form (its endpoint name), so another form never shows it. */
  form: string;
  /** Whose it is: another member's session never reads it. */
  memberId: string;
  message: string;
  field: string | null;
  values: Record<string, string | string[]>;
}

export interface FormDrafts {
  keep(req: FastifyRequest, reply: FastifyReply, draft: FormDraft): void;
  take(req: FastifyRequest, reply: FastifyReply, form: string, memberId: string): FormDraft | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    formDrafts: FormDrafts;
  }
}

const cookieOptions = (req: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.protocol === 'https',
  signed: true,
});

export function createFormDrafts(): FormDrafts {
  const store = new LRUCache<string, FormDraft>({ max: 5000, ttl: TTL_MS, ttlAutopurge: false });
  return {
    keep(req, reply, draft) {
      const id = randomBytes(16).toString('base64url');
      store.set(id, draft);
      reply.setCookie(DRAFT_COOKIE, id, { ...cookieOptions(req), maxAge: TTL_MS / 1000 });
    },
    take(req, reply, form, memberId) {
      const raw = req.cookies[DRAFT_COOKIE];
      if (!raw) return null;
      const unsigned = req.unsignCookie(raw);
      const id = unsigned.valid ? unsigned.value : null;
      const draft = id ? store.get(id) : undefined;
      if (!draft || draft.form !== form || draft.memberId !== memberId) return null;
      store.delete(id as string);
      reply.clearCookie(DRAFT_COOKIE, { ...cookieOptions(req), signed: false });
      return draft;
    },
  };
}

/** A form's state for its page: `?ok=1` after a success, else the draft a refusal left, else a fresh form. */
export function formStateOf(query: Record<string, string>, draft: FormDraft | null): FormState {
  if (draft) return { ok: false, error: draft.message, field: draft.field, values: draft.values };
  return { ok: query.ok === '1', error: null, field: null, values: {} };
}
