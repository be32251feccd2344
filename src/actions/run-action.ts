import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';
import { defaultCity } from '../lib/default-city.ts';
import { FormRefusal } from '../lib/form-refusal.ts';
import { safeReturnPath, sameSiteRefererPath } from '../lib/return-url.ts';
import { handleError } from '../pipeline/handle.tsx';
import { RATE_LIMIT_PREFIX, type Registry } from '../registry/load.ts';
import type { ActionEntry } from '../registry/types.ts';
import { bodyObject, type CompiledBody, REFUSED_BODY } from './body.ts';
import { BUSY, type Gate } from './gates.ts';
import { spend } from './limits.ts';
import { type ActionAnswer, type ActionContext, type ActionDone, type ActionHandler, ActionRefusal } from './types.ts';

/**
 * The one road of every write (issue 33; SPEC 6, 8): access middleware → body schema → limits → handler, then one
 * answer. A fetch() caller gets JSON of one shape (src/actions/types.ts ActionAnswer); a browser's plain form post gets
 * a 303: on after a success, back to the form after a refusal with the message and what was typed kept for it
 * (src/form-drafts.ts), to the login page for a visitor, and the error page for a limit.
 */

export interface ActionTables {
  gates: Readonly<Record<string, Gate>>;
  handlers: Readonly<Record<string, ActionHandler<never>>>;
  bodies: Readonly<Record<string, CompiledBody>>;
}

/** A fetch() caller asks for JSON (or posts it); a browser form post accepts HTML. */
export const wantsJson = (req: FastifyRequest) =>
  (req.headers.accept ?? '').includes('application/json') || Boolean(req.headers['content-type']?.includes('json'));

export const withQuery = (path: string, key: string, value: string) => {
  const hash = path.indexOf('#');
  const [base, anchor] = hash === -1 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${key}=${value}${anchor}`;
};

/** Typed fields (never passwords, never files) as the form shows them again after a refusal. */
function typedValues(body: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'back' || /password/i.test(k)) continue;
    if (typeof v === 'string') out[k] = v.slice(0, 2000);
    else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string').slice(0, 20);
  }
  return out;
}

/** Strings trimmed (never a password), empty fields left out, a repeated key's values kept as the array they are. */
function normalised(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const value = typeof v === 'string' && !/password/i.test(k) ? v.trim() : v;
    if (value !== '' && value !== undefined && value !== null) out[k] = value;
  }
  return out;
}

function createActionContext(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  registry: Registry,
  found: { entry: ActionEntry; params: Record<string, string> },
  raw: Record<string, unknown>,
): ActionContext {
  const { entry, params } = found;
  const site = registry.file.site;
  const city = req.city ?? defaultCity(site);
  const named = typeof raw.back === 'string' ? raw.back : sameSiteRefererPath(req.headers.referer, req.host);
  return {
    app,
    req,
    reply,
    log: req.log,
    call: { reqId: req.id, log: req.log, deadline: req.deadline ?? undefined, batch: req.server.api.batches.forRequest() },
    api: app.api,
    site,
    siteKind: req.siteKind,
    city,
    entry,
    params,
    body: raw,
    posted: raw,
    user: null,
    memberId: '',
    agent: null,
    back: safeReturnPath(named, entry.back ?? '/'),
    // The console (admin-token) is a program: it reads JSON whatever it accepts.
    json: wantsJson(req) || entry.middleware.includes('admin-token'),
    now: app.clock(),
    store: app.sharedStore,
    // The CDN purge this may send is logged with the write's request id (issue 36 part 4).
    invalidate: (entryName, params) => app.pageCache.invalidate(entryName, params, city.cityId, { log: req.log, reqId: req.id }),
  };
}

export async function runAction(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  registry: Registry,
  entry: ActionEntry,
  tables: ActionTables,
  params: Record<string, string> = {},
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store');
  const raw = bodyObject(req.body);
  const ctx = createActionContext(app, req, reply, registry, { entry, params }, raw);
  const handler = tables.handlers[entry.handler] as ActionHandler<Record<string, unknown>> | undefined;
  try {
    if (!handler) throw new Error(`action ${entry.name}: no handler ${entry.handler}`);
    const limits: string[] = [];
    for (const m of entry.middleware) {
      if (m.startsWith(RATE_LIMIT_PREFIX)) limits.push(m.slice(RATE_LIMIT_PREFIX.length));
      else {
        const gate = tables.gates[m];
        if (!gate) throw new Error(`action ${entry.name}: unknown middleware ${m}`);
        await gate(ctx);
      }
    }
    if (entry.body) {
      const body = normalised({ ...raw });
      const refusal = tables.bodies[entry.body]?.check(body);
      if (refusal) throw refusal;
      ctx.body = body;
    }
    handler.check?.(ctx.body);
    for (const name of limits) {
      const rule = registry.file.site.rateLimits[name];
      if (!rule) continue;
      const subject = { ip: req.ip, member: ctx.memberId, agent: ctx.agent?.uid ?? '', body: ctx.body };
      const refusal = await spend(ctx.store, name, rule, subject);
      if (refusal) {
        req.log.warn({ action: entry.name, limit: name }, 'action rate-limited');
        throw refusal;
      }
    }
    const done = await handler.run(ctx);
    return answerDone(ctx, done);
  } catch (err) {
    return answerRefusal(ctx, handler, asRefusal(ctx, handler, err));
  }
}

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * Anything a handler throws that is not a refusal of its own: a gateway's 4xx keeps its status and, when it says one
 * in Chinese, its message (`phone: 该手机号已注册` beside its field); anything else is 502 busy (503/504 kept, SPEC 8).
 */
function asRefusal(ctx: ActionContext, handler: ActionHandler<never> | undefined, err: unknown): ActionRefusal {
  if (err instanceof ActionRefusal) return err;
  if (err instanceof FormRefusal) return new ActionRefusal(err.field, err.message, err.status);
  const status = (err as { statusCode?: number }).statusCode ?? 0;
  const message = err instanceof Error ? err.message : '';
  if (status >= 400 && status < 500) {
    ctx.log.info({ err, action: ctx.entry.name }, 'action refused by the gateway');
    const said = /^(?:body\/)?([A-Za-z]+): (.+)$/.exec(message);
    if (said && CHINESE.test(said[2] as string)) return new ActionRefusal(said[1] as string, said[2] as string, status);
    if (CHINESE.test(message)) return new ActionRefusal(null, message, status);
    if (status === 404) return new ActionRefusal(null, handler?.notFound ?? '内容不存在或已删除', 404);
    if (status === 409) return new ActionRefusal(null, '请勿重复提交', 409);
    if (status === 429) return new ActionRefusal(null, '操作太频繁，请稍后再试', 429);
    return new ActionRefusal(null, REFUSED_BODY, 400);
  }
  ctx.log.error({ err, action: ctx.entry.name }, 'action failed');
  return new ActionRefusal(null, BUSY, status === 503 || status === 504 ? status : 502);
}

function answerDone(ctx: ActionContext, done: ActionDone): FastifyReply {
  const { reply } = ctx;
  if (done.noContent) return reply.code(204).send();
  if (ctx.json) {
    const answer: ActionAnswer = { status: 200, message: done.message ?? '操作成功', obj: done.obj };
    return reply.code(200).send(answer);
  }
  return reply.redirect(done.location ?? withQuery(ctx.back, 'ok', '1'), 303);
}

async function answerRefusal(
  ctx: ActionContext,
  handler: ActionHandler<Record<string, unknown>> | undefined,
  r: ActionRefusal,
): Promise<FastifyReply> {
  const { req, reply } = ctx;
  if (r.status < 500) req.log.info({ action: ctx.entry.name, status: r.status, field: r.field, reason: r.message }, 'action refused');
  if (r.retryAfterSeconds) reply.header('retry-after', String(r.retryAfterSeconds));
  if (r.login && !ctx.json) return reply.redirect(r.login, 303);
  // A form with a page of its own goes back to it; a button (favourite, like) has none: its refusal is the answer.
  const formPage = r.location ?? handler?.refusedTo?.(ctx, r) ?? (handler?.draft ? ctx.back : undefined);
  const backToForm = formPage !== undefined;
  // A limit met by a button (no form to show it beside) is the error page saying it.
  if (!ctx.json && r.status === 429 && !backToForm) return handleError(errors.tooManyRequests(r.message), req, reply);
  if (ctx.json || !backToForm || r.status === 403) {
    const answer: ActionAnswer = { status: r.status, message: r.message };
    // A refusal about fields says each one's message (`errors`) and the first (`field`, beside `message`).
    if (r.field) answer.field = r.field;
    const fields = r.errors && Object.keys(r.errors).length > 0 ? r.errors : r.field ? { [r.field]: r.message } : null;
    if (fields) answer.errors = fields;
    if (r.login) answer.login = r.login;
    return reply.code(r.status).send(answer);
  }
  const draft = handler?.draft?.(ctx.posted);
  if (draft) {
    await ctx.app.formDrafts.keep(req, reply, {
      form: draft,
      memberId: ctx.memberId,
      message: r.message,
      field: r.field,
      values: typedValues(ctx.posted),
    });
  }
  return reply.redirect(formPage ?? ctx.back, 303);
}
