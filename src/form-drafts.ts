import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FormState } from './contracts/page-data/personal.ts';
import type { SharedStore } from './shared-store.ts';

/**
 * What a member typed into a form the server refused, kept for the page the plain (no-JavaScript) post goes back to
 * (issue 13: "a failed submit keeps what was typed"). The text stays on the server, keyed by a random id in a short-lived
 * signed cookie: a 500-character feedback does not fit in a cookie, and typed text never goes into a URL or a log.
 * Taken once: the next render of the form reads and forgets it. Kept in the shared store (src/shared-store.ts): with
 * REDIS_URL the page may be rendered by another process than the one that refused the post (issue 33).
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
  keep(req: FastifyRequest, reply: FastifyReply, draft: FormDraft): Promise<void>;
  take(req: FastifyRequest, reply: FastifyReply, form: string, memberId: string): Promise<FormDraft | null>;
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

const keyOf = (id: string) => `draft:${id}`;

export function createFormDrafts(store: SharedStore): FormDrafts {
  return {
    async keep(req, reply, draft) {
      const id = randomBytes(16).toString('base64url');
      await store.put(keyOf(id), JSON.stringify(draft), TTL_MS);
      reply.setCookie(DRAFT_COOKIE, id, { ...cookieOptions(req), maxAge: TTL_MS / 1000 });
    },
    async take(req, reply, form, memberId) {
      const raw = req.cookies[DRAFT_COOKIE];
      if (!raw) return null;
      const unsigned = req.unsignCookie(raw);
      const id = unsigned.valid ? unsigned.value : null;
      if (!id) return null;
      const held = await store.get(keyOf(id));
      const draft = held ? (JSON.parse(held) as FormDraft) : null;
      if (!draft || draft.form !== form || draft.memberId !== memberId) return null;
      await store.forget(keyOf(id));
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
