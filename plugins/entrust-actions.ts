import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actionRefusal } from '../src/lib/action-messages.ts';
import { ALL_REMOVE_REASONS, type RemoveReason, readDraft } from '../src/lib/entrust-steps.ts';
import { cleanText, FormRefusal } from '../src/lib/form-refusal.ts';
import { RETURN_PATH_MAX, safeReturnPath, sameSiteRefererPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { formScope } from './form-scope.ts';
import { memberOf, refusedField, sendToLogin, wantsJson, withQuery } from './member-actions.ts';

/**
 * The entrustment actions (issue 17), under /-/entrust/*: submit an entrustment (the flow's answers, checked again
 * with the rules of every step, then the owner's name, phone and the agreement), change its price, withdraw it with a
 * reason. Each works as a plain form post (303: to the entrustment after a success; back to the form with the message
 * and what was typed after a refusal, src/form-drafts.ts) and answers JSON to fetch() callers. The member comes only
 * from the signed login cookie (a visitor goes to /login?bUrl=<the filled form>); cross-site posts are refused by the
 * one rule of src/lib/same-origin.ts. The gateway checks it all again and refuses an illegal state (400 naming it).
 */

type Name = 'entrust' | 'modifyprice' | 'removeshelf';
const back = { type: 'string', maxLength: RETURN_PATH_MAX } as const;
const short = { type: 'string', maxLength: 40 } as const;
const id = { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } as const;
const schemas: Record<Name, object> = {
  entrust: {
    type: 'object',
    required: ['kind', 'stressId', 'contact', 'phone'],
    properties: {
      back,
      kind: short,
      stressId: short,
      building: short,
      unit: short,
      floor: short,
      totalFloors: short,
      room: short,
      area: short,
      rooms: short,
      halls: short,
      toilets: short,
      orientation: short,
      decoration: short,
      price: short,
      contact: { type: 'string', maxLength: 100 },
      phone: short,
      remark: { type: 'string', maxLength: 1100 },
      agree: short,
    },
  },
  modifyprice: { type: 'object', required: ['id', 'price'], properties: { back, id, price: short } },
  removeshelf: {
    type: 'object',
    required: ['id', 'reason'],
    properties: { back, id, reason: { type: 'string', enum: [...ALL_REMOVE_REASONS] } },
  },
};
const LABELS: Record<string, string> = { contact: '称呼', phone: '手机号', price: '价格', reason: '下架原因', id: '委托' };
const HOME: Record<Name, string> = {
  entrust: '/Index/yijianweituo',
  modifyprice: '/Index/yijianweituo/list',
  removeshelf: '/Index/yijianweituo/list',
};

const typedValues = (body: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((body as Record<string, unknown>) ?? {}))
    if (k !== 'back' && typeof v === 'string') out[k] = v.slice(0, 600);
  return out;
};

/** A refused gateway call: its state message (400, e.g. 委托状态为已下架，不能改价), not found, or busy. */
function gatewayRefusal(err: unknown): FormRefusal {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  const message = err instanceof Error ? err.message : '';
  if (status === 404) return new FormRefusal(null, '委托不存在', 404);
  if (status === 400)
    return new FormRefusal(null, /[\u4e00-\u9fff]/.test(message) && !/body\//.test(message) ? message : '提交内容有误，请检查后重试', 400);
  return new FormRefusal(null, '服务繁忙，请稍后再试', status === 503 || status === 504 ? status : 502);
}

const entrustActions: FastifyPluginAsync = async (app) => {
  await app.register(async function entrustRoutes(scope) {
    await formScope(scope, { what: 'entrust action' });
    const call = (req: FastifyRequest) => ({ reqId: req.id, log: req.log });
    const backOf = (req: FastifyRequest, name: Name) => {
      const b = (req.body as { back?: unknown } | undefined)?.back;
      return safeReturnPath(typeof b === 'string' ? b : sameSiteRefererPath(req.headers.referer, req.host), HOME[name]);
    };
    const refuse = (req: FastifyRequest, reply: FastifyReply, name: Name, memberId: string | null, r: FormRefusal) => {
      if (wantsJson(req) || !memberId) return reply.code(r.status).send({ status: r.status, message: r.message, field: r.field });
      app.formDrafts.keep(req, reply, { form: name, memberId, message: r.message, field: r.field, values: typedValues(req.body) });
      return reply.redirect(backOf(req, name), 303);
    };

    const route = (
      name: Name,
      handler: (req: FastifyRequest, memberId: string, b: Record<string, string>) => Promise<{ id: number }>,
      done: (id: number) => string,
    ) =>
      scope.post(
        `/-/entrust/${name === 'entrust' ? 'save' : name}`,
        { schema: { body: schemas[name] }, attachValidation: true },
        async (req, reply) => {
          if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) req.body = {};
          if (!isSameOriginPost(req.headers, req.host)) {
            const refusal = actionRefusal('ACTION_FOREIGN_ORIGIN');
            return reply.code(refusal.status).send(refusal);
          }
          let member: Awaited<ReturnType<typeof memberOf>>;
          try {
            member = await memberOf(req, reply);
          } catch (err) {
            return refuse(req, reply, name, null, gatewayRefusal(err));
          }
          if (!member) return sendToLogin(req, reply, backOf(req, name));
          if (req.validationError) {
            const { field } = refusedField(req.validationError);
            const label = LABELS[field];
            return refuse(
              req,
              reply,
              name,
              member.memberId,
              new FormRefusal(field || null, label ? `请填写正确的${label}` : '提交内容有误，请检查后重试'),
            );
          }
          let saved: { id: number };
          try {
            saved = await handler(req, member.memberId, req.body as Record<string, string>);
          } catch (err) {
            const refusal = err instanceof FormRefusal ? err : gatewayRefusal(err);
            if (refusal.status >= 500) req.log.error({ err, action: name }, 'entrust action failed');
            else req.log.info({ action: name, reason: refusal.message }, 'entrust action refused');
            return refuse(req, reply, name, member.memberId, refusal);
          }
          if (wantsJson(req)) return { status: 200, message: '已保存', obj: saved };
          return reply.redirect(withQuery(done(saved.id), 'ok', '1'), 303);
        },
      );

    route(
      'entrust',
      async (req, memberId, b) => {
        const r = readDraft(b, 'done');
        if ('problem' in r) throw new FormRefusal(r.problem.field, r.problem.message);
        const contact = cleanText(b.contact, 'contact', '称呼', 1, 30, false);
        if (!/^1[3-9]\d{9}$/.test(b.phone ?? '')) throw new FormRefusal('phone', '请填写正确的手机号');
        const remark = cleanText(b.remark ?? '', 'remark', '补充说明', 0, 500);
        if (b.agree !== '1') throw new FormRefusal('agree', '请阅读并同意用户服务协议');
        const d = r.draft;
        const saved = await app.api.user.entrustSave(call(req), {
          memberId,
          cityId: req.city?.cityId ?? 1,
          kind: d.kind,
          stressId: d.stressId,
          building: d.building,
          unit: d.unit,
          room: d.room,
          floor: d.floor,
          totalFloors: d.totalFloors,
          area: d.area as number,
          rooms: d.rooms,
          halls: d.halls,
          toilets: d.toilets,
          orientation: d.orientation,
          decoration: d.decoration,
          price: d.price as number,
          contact,
          phone: b.phone,
          remark: remark || undefined,
        });
        if (!saved) throw new FormRefusal(null, '服务繁忙，请稍后再试', 502);
        return { id: saved.id };
      },
      (id) => `/Index/yijianweituo/${id}`,
    );

    route(
      'modifyprice',
      async (req, memberId, b) => {
        if (!/^\d{1,7}(\.\d{1,2})?$/.test(b.price ?? '') || Number(b.price) <= 0) throw new FormRefusal('price', '请填写正确的价格');
        const saved = await app.api.user.entrustModifyPrice(call(req), { id: Number(b.id), memberId, price: Number(b.price) });
        return { id: saved?.id ?? Number(b.id) };
      },
      (id) => `/Index/yijianweituo/log?id=${id}`,
    );

    route(
      'removeshelf',
      async (req, memberId, b) => {
        const saved = await app.api.user.entrustRemoveShelf(call(req), { id: Number(b.id), memberId, reason: b.reason as RemoveReason });
        return { id: saved?.id ?? Number(b.id) };
      },
      (id) => `/Index/yijianweituo/${id}`,
    );
  });
};

export default fp(entrustActions, { name: 'entrust-actions', fastify: '5.x', dependencies: ['member-forms'] });
