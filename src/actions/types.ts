import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AgentSession } from '../agent-session.ts';
import type { Api, CallContext } from '../api/index.ts';
import type { CityInfo, SiteKind, UserInfo } from '../contracts/session.ts';
import { FormRefusal } from '../lib/form-refusal.ts';
import type { ActionEntry, SiteSettings } from '../registry/types.ts';
import type { SharedStore } from '../shared-store.ts';

/**
 * The action stage (issue 33; SPEC 6, 8): every write of the site is an entry of registry.json's `actions` (path,
 * middleware, body schema, handler) answered by one `runAction`, the way a page is an entry answered by the page
 * pipeline. A handler only does its write: who may post, how often, what a refusal looks like, where a typed draft
 * is kept and how the answer is shaped are the stage's.
 */

export interface ActionContext<B = Record<string, unknown>> {
  app: FastifyInstance;
  req: FastifyRequest;
  reply: FastifyReply;
  log: FastifyBaseLogger;
  call: CallContext;
  api: Api;
  site: SiteSettings;
  siteKind: SiteKind;
  city: CityInfo;
  entry: ActionEntry;
  /** The path's parameters (`/-/admin/members/:userId/sign-out`). */
  params: Record<string, string>;
  /** The body as its schema left it: coerced, defaults filled, unknown keys dropped. */
  body: B;
  /** The body as it was posted (what a refused form shows again). */
  posted: Readonly<Record<string, unknown>>;
  /** The member of the login session (set by `authenticated` or `member-only`). */
  user: UserInfo | null;
  /** The member's id for the gateway's member-keyed calls ('' for a visitor). */
  memberId: string;
  /** The inbox agent (set by `agent-only`). */
  agent: AgentSession | null;
  /** Where a plain form post returns: the body's `back`, else the referring page of this site, else the entry's. */
  back: string;
  /** A fetch() caller (JSON answers); otherwise a browser's form post (303 answers). */
  json: boolean;
  now: number;
  store: SharedStore;
  /** Drop a page's cached copies (both levels, every site kind of this city): `invalidate('wenda.detail', { id })`. */
  invalidate(entryName: string, params: Record<string, string>): void;
}

/** What a handler did: the JSON `obj` and `message`, and where a form post goes next (default: back with `?ok=1`). */
export interface ActionDone {
  message?: string;
  obj?: unknown;
  location?: string;
  /** Answer 204 with no body (a beacon: an ad click). */
  noContent?: boolean;
}

export interface ActionHandler<B = Record<string, unknown>> {
  /**
   * The body's own rules a schema cannot say (trimmed lengths by characters, control characters): no I/O; throws the
   * refusal. Run before the limits, so only a post that would be saved counts towards them.
   */
  check?: (body: B) => void;
  run(ctx: ActionContext<B>): Promise<ActionDone>;
  /** The form whose page shows a refused plain post's message and typed values (src/form-drafts.ts); none: no draft. */
  draft?: (body: Record<string, unknown>) => string;
  /** What a gateway 404 means to the visitor (default: 内容不存在或已删除). */
  notFound?: string;
  /** Where a refused plain post goes (default: `ctx.back` when it keeps a draft; undefined: the refusal is the answer). */
  refusedTo?: (ctx: ActionContext<B>, refusal: ActionRefusal) => string | undefined;
}

/** Pairs a handler with its body type. */
export const actionHandler = <B>(handler: ActionHandler<B>): ActionHandler<B> => handler;

/**
 * A refusal the visitor can read: the field it is about, the message, the status; for a plain form post, optionally
 * where to go (`location`) instead of back to the form, and every field's message at once (`errors`).
 */
export class ActionRefusal extends FormRefusal {
  readonly location?: string;
  readonly errors?: Record<string, string>;
  /** A visitor's member action: the login page that comes back (JSON `login`; a form post goes there). */
  readonly login?: string;
  /** A limit: when to try again (the Retry-After header). */
  readonly retryAfterSeconds?: number;
  constructor(field: string | null, message: string, status = 400, opts: RefusalOptions = {}) {
    super(field, message, status);
    this.location = opts.location;
    this.errors = opts.errors;
    this.login = opts.login;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export interface RefusalOptions {
  location?: string;
  errors?: Record<string, string>;
  login?: string;
  retryAfterSeconds?: number;
}

/** The one JSON shape of every action's answer (SPEC 8): the status, the message, and the field or the record. */
export interface ActionAnswer {
  status: number;
  message: string;
  field?: string | null;
  errors?: Record<string, string>;
  /** A visitor's member action: where to log in (and come back). */
  login?: string;
  obj?: unknown;
}
