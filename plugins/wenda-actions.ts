import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actionRefusal } from '../src/lib/action-messages.ts';
import { cleanText as cleanTypedText, FormRefusal } from '../src/lib/form-refusal.ts';
import { RETURN_PATH_MAX, safeReturnPath, sameSiteRefererPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import {
  huidaHref,
  WENDA_ANSWER_MAX,
  WENDA_ANSWER_MIN,
  WENDA_CATEGORY_NAMES,
  WENDA_DETAIL_MAX,
  WENDA_TITLE_MAX,
  WENDA_TITLE_MIN,
  wendaHref,
} from '../src/lib/wenda.ts';
import { pageCacheKey } from '../src/page-cache.ts';
import { formScope } from './form-scope.ts';
import { memberOf, refusedField, sendToLogin, wantsJson } from './member-actions.ts';

/**
 * The Q&A member actions (issue 15 part B): ask a question, answer one, like an answer, under /-/wenda/*. Each works as
 * a plain form post (303: to the question after a success; back to the form with the message and what was typed after
 * a refusal, src/form-drafts.ts) and answers JSON to fetch() callers. The member comes only from the signed login
 * cookie; a visitor goes to /login?bUrl=<the page> (or gets 401 with that address). Cross-site posts are refused by the
 * one rule of src/lib/same-origin.ts. Text is trimmed and checked here (what a person can fix) and again, strictly, by
 * the gateway. A member posts at most registry site.wendaPostLimit questions and answers (5 a minute by default; 429).
 */

const PREFIX = '/-/wenda';
const back = { type: 'string', maxLength: RETURN_PATH_MAX } as const;
const id = { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } as const;
const typedText = (maxChars: number) => ({ type: 'string', maxLength: maxChars * 2 + 40 }) as const;
const form = (properties: Record<string, object>, required: string[]) =>
  ({ type: 'object', additionalProperties: false, required, properties: { ...properties, back } }) as const;

const schemas = {
  ask: form(
    {
      title: typedText(WENDA_TITLE_MAX),
      content: typedText(WENDA_DETAIL_MAX),
      category: { type: 'string', enum: ['', ...WENDA_CATEGORY_NAMES] },
      houseId: { type: 'string', pattern: '^([1-9][0-9]{0,15})?$' },
    },
    ['title'],
  ),
  answer: form({ wendaId: id, content: typedText(WENDA_ANSWER_MAX) }, ['wendaId', 'content']),
  like: form({ answerId: id, wendaId: id }, ['answerId']),
} as const;
type ActionName = keyof typeof schemas;

const FIELD_NAMES: Readonly<Record<string, string>> = {
  title: '问题标题',
  content: '内容',
  category: '问题分类',
  houseId: '楼盘',
  wendaId: '问题',
  answerId: '回答',
};

/** 429's message for a limit of `max` posts in `seconds`. */
const tooMany = ({ max, windowSeconds }: { max: number; windowSeconds: number }) =>
  `发布太频繁了，${windowSeconds === 60 ? '每分钟' : `每${windowSeconds}秒`}最多发布${max}条问题或回答，请稍后再试`;

/** Typed text of this plugin's forms (src/lib/form-refusal.ts), named by its field's label. */
const cleanText = (value: unknown, field: string, min: number, max: number, multiline = true): string =>
  cleanTypedText(value, field, FIELD_NAMES[field] ?? field, min, max, multiline);

/** The refusal of a failed gateway call: a 404 is a question or answer that is gone; a 400 names its field when it can. */
function gatewayRefusal(err: unknown): FormRefusal {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  const message = err instanceof Error ? err.message : '';
  if (status === 404) return new FormRefusal(null, '问题或回答不存在', 404);
  if (status === 400) {
    const m = /(?:body\/)?([A-Za-z]+)/.exec(message);
    const field = m && FIELD_NAMES[m[1] as string] ? (m[1] as string) : null;
    return new FormRefusal(field, field ? `${FIELD_NAMES[field]}不正确` : '提交内容有误，请检查后重试', 400);
  }
  return new FormRefusal(null, '服务繁忙，请稍后再试', status === 503 || status === 504 ? status : 502);
}

/** What was typed, to show again after a refusal. */
function typedValues(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body)) if (k !== 'back' && typeof v === 'string') out[k] = v.slice(0, 2000);
  return out;
}

/** The page each form is on: where a visitor logs in from and a refusal goes back to. */
function pageOf(name: ActionName, body: Record<string, unknown>): string {
  if (name === 'ask') return '/wenda/tiwen';
  if (name === 'answer' && typeof body.wendaId === 'string') return huidaHref(Number(body.wendaId));
  if (typeof body.wendaId === 'string') return wendaHref(Number(body.wendaId));
  return '/wenda/';
}

/** The draft key of a form (the answer form of each question keeps its own). */
const draftName = (name: ActionName, body: Record<string, unknown>) => (name === 'answer' ? `answer:${body.wendaId}` : name);

type Member = NonNullable<Awaited<ReturnType<typeof memberOf>>>;
type Done = { obj: unknown; message: string; location: string };
/** What the member typed, checked (throws a FormRefusal), then what to do with it. */
type Handler<P> = {
  check: (body: Record<string, unknown>) => P;
  run: (req: FastifyRequest, member: Member, checked: P, body: Record<string, unknown>) => Promise<Done>;
};

const wendaActions: FastifyPluginAsync = async (app) => {
  await app.register(async function wendaRoutes(scope) {
    await formScope(scope, { what: 'wenda action' });
    await scope.register(rateLimit, { global: false });
    // The limit is read from the registry at each request (site.wendaPostLimit): a registry reload retunes it.
    const setting = () => app.registry.current.file.site.wendaPostLimit;
    const postLimit = scope.createRateLimit({
      max: () => setting().max,
      timeWindow: () => setting().windowSeconds * 1000,
      keyGenerator: (req) => `wenda-post|${(req as FastifyRequest & { wendaMember?: string }).wendaMember ?? req.ip}`,
    });
    const backOf = (req: FastifyRequest, name: ActionName) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const b = body.back;
      return safeReturnPath(typeof b === 'string' ? b : sameSiteRefererPath(req.headers.referer, req.host), pageOf(name, body));
    };

    const refuse = (req: FastifyRequest, reply: FastifyReply, name: ActionName, member: Member | null, r: FormRefusal) => {
      if (wantsJson(req) || !member) return reply.code(r.status).send({ status: r.status, message: r.message, field: r.field });
      const body = (req.body ?? {}) as Record<string, unknown>;
      app.formDrafts.keep(req, reply, {
        form: draftName(name, body),
        memberId: member.memberId,
        message: r.message,
        field: r.field,
        values: typedValues(body),
      });
      return reply.redirect(name === 'like' ? backOf(req, name) : safeReturnPath(pageOf(name, body)), 303);
    };

    const route = <P>(name: ActionName, limited: boolean, handler: Handler<P>) =>
      scope.post(`${PREFIX}/${name}`, { schema: { body: schemas[name] }, attachValidation: true }, async (req, reply) => {
        if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) req.body = {};
        if (!isSameOriginPost(req.headers, req.host)) {
          const refusal = actionRefusal('ACTION_FOREIGN_ORIGIN');
          return reply.code(refusal.status).send(refusal);
        }
        let member: Member | null;
        try {
          member = await memberOf(req, reply);
        } catch (err) {
          return refuse(req, reply, name, null, gatewayRefusal(err));
        }
        if (!member) return sendToLogin(req, reply, backOf(req, name));
        if (req.validationError) {
          const { field, missing } = refusedField(req.validationError);
          const label = FIELD_NAMES[field];
          req.log.info({ action: name, validation: req.validationError.message }, 'wenda action refused');
          const message = label ? (missing ? `请填写${label}` : `${label}不正确`) : '提交内容有误，请检查后重试';
          return refuse(req, reply, name, member, new FormRefusal(field || null, message));
        }
        let done: Done;
        try {
          const body = req.body as Record<string, unknown>;
          const checked = handler.check(body);
          if (limited) {
            // Checked after the form is valid: only what would be posted counts towards the member's minute.
            (req as FastifyRequest & { wendaMember?: string }).wendaMember = member.memberId;
            const limit = await postLimit(req);
            if (limit.isExceeded) {
              req.log.warn({ action: name }, 'wenda post rate-limited');
              reply.header('retry-after', String(Math.max(1, limit.ttlInSeconds)));
              throw new FormRefusal(null, tooMany(setting()), 429);
            }
          }
          done = await handler.run(req, member, checked, body);
        } catch (err) {
          const refusal = err instanceof FormRefusal ? err : gatewayRefusal(err);
          if (refusal.status >= 500) req.log.error({ err, action: name }, 'wenda action failed');
          else req.log.info({ action: name, field: refusal.field, reason: refusal.message }, 'wenda action refused');
          return refuse(req, reply, name, member, refusal);
        }
        if (wantsJson(req)) return { status: 200, message: done.message, obj: { ...(done.obj as object), location: done.location } };
        return reply.redirect(done.location, 303);
      });

    const call = (req: FastifyRequest) => ({ reqId: req.id, log: req.log });
    /** A question's page changed (an answer, a like): visitors see it at once, not after the cached copy expires. */
    const forgetQuestion = (req: FastifyRequest, id: number) => {
      const cityId = req.city?.cityId ?? 1;
      for (const kind of ['mobile', 'pc'] as const) {
        app.pageCache.forget(pageCacheKey(kind, cityId, wendaHref(id), {}));
        app.pageCache.forget(pageCacheKey(kind, cityId, '/wenda/details', { id: String(id) }));
      }
    };
    const nickOf = (member: Member) => member.user.nickName || '网友';

    route('ask', true, {
      check: (b) => ({
        title: cleanText(b.title, 'title', WENDA_TITLE_MIN, WENDA_TITLE_MAX, false),
        content: cleanText(b.content, 'content', 0, WENDA_DETAIL_MAX),
        houseId: typeof b.houseId === 'string' && b.houseId ? Number(b.houseId) : undefined,
        category: (b.category as string) || '其他',
      }),
      run: async (req, member, q) => {
        const got = await app.api.info.ask(call(req), {
          cityId: req.city?.cityId ?? 1,
          userId: member.memberId,
          nickName: nickOf(member),
          title: q.title,
          content: q.content || undefined,
          category: q.category,
          houseId: q.houseId,
        });
        if (!got?.id) throw new FormRefusal(null, '服务繁忙，请稍后再试', 502);
        return { obj: got, message: '问题已发布，等待专业经纪人和网友解答', location: wendaHref(got.id) };
      },
    });

    route('answer', true, {
      check: (b) => ({
        wendaId: Number(b.wendaId),
        content: cleanText(b.content, 'content', WENDA_ANSWER_MIN, WENDA_ANSWER_MAX),
      }),
      run: async (req, member, { wendaId, content }) => {
        const question = await app.api.info.wenda(call(req), wendaId);
        if (!question || question.cityId !== req.city?.cityId) throw new FormRefusal('wendaId', '问题不存在', 404);
        const got = await app.api.info.answer(call(req), { wendaId, userId: member.memberId, nickName: nickOf(member), content });
        if (!got?.id) throw new FormRefusal(null, '服务繁忙，请稍后再试', 502);
        forgetQuestion(req, wendaId);
        return { obj: got, message: '回答已发布', location: `${wendaHref(wendaId)}#a${got.id}` };
      },
    });

    route('like', false, {
      check: (b) => Number(b.answerId),
      run: async (req, member, answerId, body) => {
        const got = await app.api.info.likeAnswer(call(req), answerId, member.memberId);
        if (!got) throw new FormRefusal('answerId', '回答不存在', 404);
        if (got.added && typeof body.wendaId === 'string') forgetQuestion(req, Number(body.wendaId));
        return {
          obj: got,
          message: got.added ? '点赞成功' : '您已经赞过这个回答了',
          location: `${backOf(req, 'like')}#a${answerId}`,
        };
      },
    });
  });
};

// Not encapsulated at the root (it only adds routes): its body parser, rate limiter and error handler stay in its child context.
export default fp(wendaActions, { name: 'wenda-actions', fastify: '5.x', dependencies: ['member-forms'] });
