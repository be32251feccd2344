import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actionRefusal } from '../src/lib/action-messages.ts';
import {
  FRANCHISE_DUPLICATE,
  FRANCHISE_SAVED,
  INVESTMENT_SAVED,
  REVIEW_MAX,
  REVIEW_MIN,
  REVIEW_SAVED,
  reviewDraft,
  VISITOR,
} from '../src/lib/broker-forms.ts';
import { cleanText, FormRefusal } from '../src/lib/form-refusal.ts';
import { RETURN_PATH_MAX } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { pageCacheKey } from '../src/page-cache.ts';
import { formScope } from './form-scope.ts';
import { memberOf, refusedField, sendToLogin, wantsJson } from './member-actions.ts';

/**
 * The agent and franchise forms (issue 17 part C) under /-/broker/*: rate an agent per aspect (members), apply for a
 * franchise and leave an investment enquiry (visitors too). Each works as a plain form post (303 back to its page with
 * `?ok=1`, or with the message and what was typed after a refusal, src/form-drafts.ts) and answers JSON to fetch()
 * callers. Cross-site posts are refused (src/lib/same-origin.ts); the gateway checks everything again.
 */

const PREFIX = '/-/broker';
const id = { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } as const;
const star = { type: 'string', pattern: '^[1-5]$' } as const;
const text = (max: number) => ({ type: 'string', maxLength: max * 2 + 40 }) as const;
const phone = { type: 'string', maxLength: 20 } as const;
const back = { type: 'string', maxLength: RETURN_PATH_MAX } as const;

const schemas = {
  review: {
    type: 'object',
    additionalProperties: false,
    required: ['belongerId'],
    properties: { belongerId: id, professional: star, attitude: star, response: star, content: text(REVIEW_MAX), back },
  },
  jiameng: {
    type: 'object',
    additionalProperties: false,
    properties: { name: text(30), phone, city: text(30), company: text(60), stores: { type: 'string', maxLength: 6 }, back },
  },
  zhaoshang: {
    type: 'object',
    additionalProperties: false,
    properties: { name: text(30), phone, company: text(60), intention: text(60), back },
  },
} as const;
type ActionName = keyof typeof schemas;

const LABELS: Readonly<Record<string, string>> = {
  professional: '专业度',
  attitude: '服务态度',
  response: '响应速度',
  content: '评价内容',
  name: '姓名',
  phone: '手机号',
  city: '意向城市',
  company: '目前从事的业务',
  stores: '门店数量',
  intention: '合作意向',
};

const PHONE = /^1[3-9]\d{9}$/;
const cleanPhone = (v: unknown) => {
  const s = typeof v === 'string' ? v.replace(/[\s-]/g, '') : '';
  if (!s) throw new FormRefusal('phone', '请填写手机号');
  if (!PHONE.test(s)) throw new FormRefusal('phone', '请填写正确的11位手机号');
  return s;
};
const field = (b: Record<string, unknown>, k: string, min: number, max: number, multiline = false) =>
  cleanText(b[k], k, LABELS[k] ?? k, min, max, multiline);

function typedValues(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body)) if (k !== 'back' && typeof v === 'string') out[k] = v.slice(0, 1000);
  return out;
}

/** A failed gateway call as what a person reads: the gateway's own message for a refusal it explains (409, 400). */
function gatewayRefusal(err: unknown): FormRefusal {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  const message = err instanceof Error ? err.message : '';
  if (status === 409) return new FormRefusal(null, message || '您本月已评价过该经纪人', 409);
  if (status === 404) return new FormRefusal(null, '经纪人不存在', 404);
  if (status === 400) {
    const m = /^(?:body\/)?([A-Za-z]+): (.+)$/.exec(message);
    return new FormRefusal(m?.[1] ?? null, m?.[2] ?? '提交内容有误，请检查后重试', 400);
  }
  return new FormRefusal(null, '服务繁忙，请稍后再试', 502);
}

/** The page each form is on. */
function pageOf(name: ActionName, body: Record<string, unknown>): string {
  if (name === 'review') return `/dianping/${typeof body.belongerId === 'string' && /^\d+$/.test(body.belongerId) ? body.belongerId : ''}`;
  return name === 'jiameng' ? '/jiameng/' : '/jiameng/?form=zhaoshang';
}
const draftName = (name: ActionName, body: Record<string, unknown>) =>
  name === 'review' ? reviewDraft(Number(body.belongerId)) : `broker-${name}`;

type Member = NonNullable<Awaited<ReturnType<typeof memberOf>>>;
type Done = { obj: unknown; message: string; location: string };

const brokerActions: FastifyPluginAsync = async (app) => {
  await app.register(async function brokerRoutes(scope) {
    await formScope(scope, { what: 'broker action' });
    const call = (req: FastifyRequest) => ({ reqId: req.id, log: req.log });

    const refuse = (req: FastifyRequest, reply: FastifyReply, name: ActionName, member: Member | null, r: FormRefusal) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (wantsJson(req)) return reply.code(r.status).send({ status: r.status, message: r.message, field: r.field });
      app.formDrafts.keep(req, reply, {
        form: draftName(name, body),
        memberId: member?.memberId ?? VISITOR,
        message: r.message,
        field: r.field,
        values: typedValues(body),
      });
      return reply.redirect(pageOf(name, body), 303);
    };

    const route = (
      name: ActionName,
      membersOnly: boolean,
      run: (req: FastifyRequest, member: Member | null, b: Record<string, unknown>) => Promise<Done>,
    ) =>
      scope.post(`${PREFIX}/${name}`, { schema: { body: schemas[name] }, attachValidation: true }, async (req, reply) => {
        if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) req.body = {};
        if (!isSameOriginPost(req.headers, req.host)) {
          const refusal = actionRefusal('ACTION_FOREIGN_ORIGIN');
          return reply.code(refusal.status).send(refusal);
        }
        const body = req.body as Record<string, unknown>;
        let member: Member | null = null;
        try {
          member = await memberOf(req, reply);
        } catch (err) {
          return refuse(req, reply, name, null, gatewayRefusal(err));
        }
        if (membersOnly && !member) return sendToLogin(req, reply, pageOf(name, body));
        if (req.validationError) {
          const { field: key } = refusedField(req.validationError);
          const label = LABELS[key];
          req.log.info({ action: name, validation: req.validationError.message }, 'broker action refused');
          return refuse(req, reply, name, member, new FormRefusal(key || null, label ? `${label}不正确` : '提交内容有误，请检查后重试'));
        }
        let done: Done;
        try {
          done = await run(req, member, body);
        } catch (err) {
          const refusal = err instanceof FormRefusal ? err : gatewayRefusal(err);
          if (refusal.status >= 500) req.log.error({ err, action: name }, 'broker action failed');
          else req.log.info({ action: name, field: refusal.field, reason: refusal.message }, 'broker action refused');
          return refuse(req, reply, name, member, refusal);
        }
        if (wantsJson(req)) return { status: 200, message: done.message, obj: { ...(done.obj as object), location: done.location } };
        return reply.redirect(done.location, 303);
      });

    route('review', true, async (req, member, b) => {
      const m = member as Member;
      const stars = (k: string) => {
        const v = b[k];
        if (typeof v !== 'string' || !/^[1-5]$/.test(v)) throw new FormRefusal(k, `请为${LABELS[k]}打分（1-5星）`);
        return Number(v);
      };
      const aspects = { professional: stars('professional'), attitude: stars('attitude'), response: stars('response') };
      const content = field(b, 'content', REVIEW_MIN, REVIEW_MAX, true);
      const belongerId = Number(b.belongerId);
      const agent = await app.api.belonger.find(call(req), belongerId);
      if (!agent || agent.cityId !== req.city?.cityId) throw new FormRefusal(null, '经纪人不存在', 404);
      const got = await app.api.belonger.addDianping(call(req), {
        belongerId,
        cityId: agent.cityId,
        memberId: m.memberId,
        nickName: m.user.nickName || undefined,
        score: Math.round((aspects.professional + aspects.attitude + aspects.response) / 3),
        content,
        aspects,
      });
      // The agent's pages show the rating at once, not after their cached copies expire.
      const cityId = req.city?.cityId ?? 1;
      for (const kind of ['mobile', 'pc'] as const) {
        app.pageCache.forget(pageCacheKey(kind, cityId, `/broker/${belongerId}`, {}));
        app.pageCache.forget(pageCacheKey(kind, cityId, `/dianping/${belongerId}`, {}));
      }
      return { obj: got ?? {}, message: REVIEW_SAVED, location: `/dianping/${belongerId}?ok=1` };
    });

    const franchiseOf = (b: Record<string, unknown>) => {
      const stores = typeof b.stores === 'string' && b.stores.trim() ? b.stores.trim() : '';
      if (stores && !/^\d{1,5}$/.test(stores)) throw new FormRefusal('stores', '门店数量请填写数字');
      return {
        name: field(b, 'name', 1, 30),
        phone: cleanPhone(b.phone),
        city: field(b, 'city', 1, 30),
        company: field(b, 'company', 0, 60) || undefined,
        stores: stores ? Number(stores) : undefined,
      };
    };
    route('jiameng', false, async (req, _member, b) => {
      const apply = franchiseOf(b);
      const got = (await app.api.user.franchiseApply(call(req), apply)) as { id: number; duplicate?: boolean } | null;
      if (!got?.id) throw new FormRefusal(null, '服务繁忙，请稍后再试', 502);
      return {
        obj: got,
        message: got.duplicate ? FRANCHISE_DUPLICATE : FRANCHISE_SAVED,
        location: `/jiameng/?ok=${got.duplicate ? 'again' : '1'}`,
      };
    });
    route('zhaoshang', false, async (req, _member, b) => {
      const got = await app.api.user.attractInvestment(call(req), {
        cityId: req.city?.cityId ?? 1,
        name: field(b, 'name', 1, 30),
        phone: cleanPhone(b.phone),
        company: field(b, 'company', 0, 60) || undefined,
        intention: field(b, 'intention', 0, 60) || undefined,
      });
      if (!got?.id) throw new FormRefusal(null, '服务繁忙，请稍后再试', 502);
      return { obj: got, message: INVESTMENT_SAVED, location: '/jiameng/?ok=zhaoshang' };
    });
  });
};

export default fp(brokerActions, { name: 'broker-actions', fastify: '5.x', dependencies: ['member-forms'] });
