import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SignupNotice } from '../src/contracts/page-data/campaign.ts';
import { actionRefusal, BUSY } from '../src/lib/action-messages.ts';
import { MAINLAND_PHONE, SIGNUP_NAME_MAX } from '../src/lib/activity.ts';
import { RETURN_PATH_MAX, safeReturnPath, sameSiteRefererPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { formScope } from './form-scope.ts';
import { memberOf, refusedField, wantsJson } from './member-actions.ts';

/**
 * The campaign actions of issue 19 (SPEC 7.8 tracking and promotion). Sign-ups need no account: a name and a mainland
 * mobile number. Each works as a plain form post (303 back to the page with `?signup=<notice>#signup`, the notice the
 * page shows beside its form) and as fetch (JSON with the message; a refusal is 4xx with the message):
 * - POST /-/huodong/signup: an activity's sign-up or coupon claim (/api/template/updateCustomerFlowDataRecord); saved
 *   once per phone (a second one is answered kindly), refused when the activity has ended;
 * - POST /-/huodong/share, /-/huodong/qrcode: a poster shared (/api/template/posterShareUv/{posterId}) or scanned
 *   (/api/qrcodePutInCount/save);
 * - POST /-/grouproom/signup: a seat on a group viewing, refused when it is full;
 * - POST /-/adver/click: a promoted item opened from /adver (api/huoDongTG/install).
 */

const back = { type: 'string', maxLength: RETURN_PATH_MAX } as const;
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const idOrDigits = { anyOf: [id, { type: 'string', pattern: '^[1-9][0-9]{0,9}$' }] } as const;
// Loose shapes here; the messages below come from the checks in code (a form post sends every field as text).
const signupSchema = {
  type: 'object',
  required: ['activityId', 'name', 'phone'],
  additionalProperties: false,
  properties: { activityId: idOrDigits, name: { type: 'string', maxLength: 200 }, phone: { type: 'string', maxLength: 40 }, back },
} as const;
const groupSchema = {
  type: 'object',
  required: ['sessionId', 'name', 'phone'],
  additionalProperties: false,
  properties: { sessionId: idOrDigits, name: { type: 'string', maxLength: 200 }, phone: { type: 'string', maxLength: 40 }, back },
} as const;
const posterSchema = {
  type: 'object',
  required: ['posterId'],
  additionalProperties: false,
  properties: { posterId: idOrDigits, scene: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' } },
} as const;
const clickSchema = {
  type: 'object',
  required: ['promotionId', 'type', 'targetId'],
  additionalProperties: false,
  properties: { promotionId: idOrDigits, type: { type: 'string', enum: ['loupan', 'listing'] }, targetId: idOrDigits },
} as const;

const MESSAGES: Record<SignupNotice, string> = {
  ok: '报名成功，顾问将尽快与您联系',
  dup: '您已报名过本活动，无需重复提交，顾问将尽快与您联系',
  ended: '活动已结束，无法报名',
  phone: '请输入正确的11位手机号',
  name: `请填写姓名（1-${SIGNUP_NAME_MAX}个字）`,
  full: '本场看房团已满员，请选择其他场次',
  busy: BUSY,
};
const STATUS: Record<SignupNotice, number> = { ok: 200, dup: 200, ended: 409, phone: 400, name: 400, full: 409, busy: 502 };

/** A name as typed: trimmed, 1 to 20 characters, no control characters. */
function cleanName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (!name || [...name].length > SIGNUP_NAME_MAX || /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(name)) return null;
  return name;
}

const call = (req: FastifyRequest) => ({ reqId: req.id, log: req.log });

const campaignActions: FastifyPluginAsync = async (app) => {
  await app.register(async (scope) => {
    await formScope(scope, { what: 'campaign action', bodyLimit: 8192 });

    /** The answer of a sign-up: JSON with the message, or back to the page's form with the notice. */
    const answer = (
      req: FastifyRequest,
      reply: FastifyReply,
      notice: SignupNotice,
      fallback: string,
      extra: object = {},
      anchor = 'signup',
    ) => {
      const status = STATUS[notice];
      if (status >= 400) req.log.info({ notice }, 'campaign sign-up refused');
      if (wantsJson(req)) return reply.code(status).send({ status, message: MESSAGES[notice], notice, ...extra });
      const b = (req.body as { back?: unknown } | undefined)?.back;
      const path = safeReturnPath(typeof b === 'string' ? b : sameSiteRefererPath(req.headers.referer, req.host), fallback).split(
        /[?#]/,
      )[0];
      const session = 'sessionId' in extra ? `&session=${(extra as { sessionId: number }).sessionId}` : '';
      return reply.redirect(`${path}?signup=${notice}${session}#${anchor}`, 303);
    };

    const foreign = (req: FastifyRequest, reply: FastifyReply) => {
      if (isSameOriginPost(req.headers, req.host)) return false;
      const refusal = actionRefusal('ACTION_FOREIGN_ORIGIN');
      reply.code(refusal.status).send(refusal);
      return true;
    };

    /** Which notice a failed gateway call gives: its 409 is the activity's or session's state, else busy. */
    const failed = (req: FastifyRequest, err: unknown, conflict: SignupNotice): SignupNotice => {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 409) return conflict;
      req.log.error({ err }, 'campaign sign-up failed');
      return 'busy';
    };

    scope.post('/-/huodong/signup', { schema: { body: signupSchema }, attachValidation: true }, async (req, reply) => {
      if (foreign(req, reply)) return reply;
      const b = (req.body ?? {}) as { activityId?: unknown; name?: unknown; phone?: unknown };
      if (req.validationError && refusedField(req.validationError).field === 'activityId') {
        return reply.code(400).send({ status: 400, message: '活动不存在' });
      }
      const activityId = Number(b.activityId);
      const name = cleanName(b.name);
      if (!name) return answer(req, reply, 'name', '/newActivity/');
      const phone = typeof b.phone === 'string' ? b.phone.trim() : '';
      if (!MAINLAND_PHONE.test(phone)) return answer(req, reply, 'phone', '/newActivity/');
      try {
        const saved = await app.api.activity.signup(call(req), { activityId, name, phone, source: 'form' });
        if (!saved) return answer(req, reply, 'busy', '/newActivity/');
        return answer(req, reply, saved.duplicate ? 'dup' : 'ok', '/newActivity/', {
          obj: saved,
          ...(saved.couponNos.length && !saved.duplicate ? { message: `领取成功，${saved.couponNos.length}张优惠券已发放至${phone}` } : {}),
        });
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 400) return reply.code(400).send({ status: 400, message: '活动不存在' });
        return answer(req, reply, failed(req, err, 'ended'), '/newActivity/');
      }
    });

    scope.post('/-/grouproom/signup', { schema: { body: groupSchema }, attachValidation: true }, async (req, reply) => {
      if (foreign(req, reply)) return reply;
      const b = (req.body ?? {}) as { sessionId?: unknown; name?: unknown; phone?: unknown };
      if (req.validationError && refusedField(req.validationError).field === 'sessionId') {
        return reply.code(400).send({ status: 400, message: '看房团不存在' });
      }
      const sessionId = Number(b.sessionId);
      const at = { sessionId };
      const name = cleanName(b.name);
      if (!name) return answer(req, reply, 'name', '/grouproom', at, `session-${sessionId}`);
      const phone = typeof b.phone === 'string' ? b.phone.trim() : '';
      if (!MAINLAND_PHONE.test(phone)) return answer(req, reply, 'phone', '/grouproom', at, `session-${sessionId}`);
      const member = await memberOf(req, reply).catch(() => null);
      try {
        const saved = await app.api.activity.groupSignup(call(req), { sessionId, name, phone, memberId: member?.memberId });
        if (!saved) return answer(req, reply, 'busy', '/grouproom', at, `session-${sessionId}`);
        return answer(req, reply, saved.duplicate ? 'dup' : 'ok', '/grouproom', { ...at, obj: saved }, `session-${sessionId}`);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 400) return reply.code(400).send({ status: 400, message: '看房团不存在' });
        return answer(req, reply, failed(req, err, 'full'), '/grouproom', at, `session-${sessionId}`);
      }
    });

    scope.post('/-/huodong/share', { schema: { body: posterSchema } }, async (req, reply) => {
      if (foreign(req, reply)) return reply;
      const { posterId } = req.body as { posterId: number | string };
      try {
        const count = await app.api.activity.posterShare(call(req), Number(posterId));
        return { status: 200, message: '分享已记录', obj: count };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode === 404 ? 404 : 502;
        req.log.warn({ err: (err as Error).message }, 'poster share not recorded');
        return reply.code(status).send({ status, message: status === 404 ? '海报不存在' : BUSY });
      }
    });

    scope.post('/-/huodong/qrcode', { schema: { body: posterSchema } }, async (req, reply) => {
      if (foreign(req, reply)) return reply;
      const b = req.body as { posterId: number | string; scene?: string };
      try {
        const saved = await app.api.activity.qrcodeScan(call(req), { posterId: Number(b.posterId), scene: b.scene });
        return { status: 200, message: 'ok', obj: saved };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode === 400 ? 400 : 502;
        req.log.warn({ err: (err as Error).message }, 'qrcode scan not recorded');
        return reply.code(status).send({ status, message: status === 400 ? '海报不存在' : BUSY });
      }
    });

    scope.post('/-/adver/click', { schema: { body: clickSchema } }, async (req, reply) => {
      if (foreign(req, reply)) return reply;
      const b = req.body as { promotionId: number | string; type: string; targetId: number | string };
      const payload = {
        event: 'adClick',
        platFormDesc: 'wap',
        sourcePlate: 'adver',
        actPlate: b.type,
        promotionId: Number(b.promotionId),
        targetId: Number(b.targetId),
        cityId: req.city?.cityId,
        pageUrl: '/adver',
      };
      app.api.activity.adClick(call(req), payload).catch((err: unknown) => {
        req.log.warn({ err: (err as Error)?.message }, 'ad click not recorded');
      });
      return reply.code(204).send();
    });
  });
};

export default campaignActions;
