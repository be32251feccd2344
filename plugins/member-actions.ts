import formbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CollectKind } from '../src/api/user.ts';
import type { UserInfo } from '../src/contracts/session.ts';
import { actionErrors } from '../src/errors.ts';
import { actionRefusal, gatewayErrorAnswer, invalidBodyMessage, requestErrorAnswer } from '../src/lib/action-messages.ts';
import { DIANPING_CONTENT_MAX, DIANPING_CONTENT_MIN, DIANPING_ERRORS, DIANPING_SAVED, type DianpingError } from '../src/lib/dianping.ts';
import { JUBAO_REASONS } from '../src/lib/jubao.ts';
import { RETURN_PATH_MAX, safeReturnPath, sameSiteRefererPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { fieldsOf, inputOf } from '../src/lib/valuation-fields.ts';
import { resolveMember } from '../src/session.ts';

/**
 * The member actions of the detail pages (SPEC 6, 7.7, 7.8): favourite, book a viewing, report, rate an adviser.
 * The member is taken ONLY from the signed login cookie, never from the body. Each endpoint answers JSON to fetch()
 * callers and works as a plain HTML form post too: a visitor gets 401 (JSON) or goes to /login?bUrl=<back> (form); a
 * member's form post is redirected back (303) with a success notice. Encapsulated: its form-body parser and error
 * handler apply to these routes only.
 */

const PREFIX = '/-/action';
const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;
const back = { type: 'string', maxLength: RETURN_PATH_MAX } as const;
const phone = { type: 'string', pattern: '^1[3-9][0-9]{9}$' } as const;

const favouriteSchema = {
  type: 'object',
  required: ['houseId', 'kind'],
  additionalProperties: false,
  properties: {
    houseId: id,
    kind: { type: 'string', enum: ['ershoufang', 'rent', 'newhouse', 'xiaoqu', 'overseas'] },
    op: { type: 'string', enum: ['add', 'remove'], default: 'add' },
    back,
  },
} as const;

const kanfangSchema = {
  type: 'object',
  required: ['name', 'phone'],
  additionalProperties: false,
  properties: {
    houseId: id,
    name: { type: 'string', minLength: 1, maxLength: 30 },
    phone,
    visitDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2})?$' },
    remark: { type: 'string', maxLength: 500 },
    back,
  },
} as const;

const jubaoSchema = {
  type: 'object',
  required: ['houseId', 'reason'],
  additionalProperties: false,
  properties: {
    houseId: id,
    reason: { type: 'string', enum: JUBAO_REASONS },
    content: { type: 'string', maxLength: 500 },
    phone,
    back,
  },
} as const;

/** A valuation to keep (the fields of /fangjia/gjinfo's 保存 form; their rules are src/lib/valuation-fields.ts). */
const gujiaSchema = {
  type: 'object',
  required: ['stressId', 'area', 'rooms', 'floor', 'totalFloors', 'orientation', 'decoration'],
  additionalProperties: false,
  properties: {
    stressId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
    area: { type: 'string', maxLength: 20 },
    rooms: { type: 'string', maxLength: 20 },
    floor: { type: 'string', maxLength: 20 },
    totalFloors: { type: 'string', maxLength: 20 },
    orientation: { type: 'string', maxLength: 20 },
    decoration: { type: 'string', maxLength: 20 },
    back,
  },
} as const;

/** The new-home rating form of /xinfang/pjguwen: an adviser (and the estate), 1 to 5 stars, 2 to 300 characters. */
const dianpingSchema = {
  type: 'object',
  required: ['score', 'content'],
  anyOf: [{ required: ['belongerId'] }, { required: ['houseId'] }],
  additionalProperties: false,
  properties: {
    belongerId: id,
    houseId: id,
    score: { type: 'integer', minimum: 1, maximum: 5 },
    content: { type: 'string', minLength: DIANPING_CONTENT_MIN, maxLength: DIANPING_CONTENT_MAX },
    back,
  },
} as const;

/** The error code of a rating body that fails its schema, by the field at fault. */
function dianpingInvalid(err: FastifyError): DianpingError {
  const v = err.validation?.[0];
  const field = (v?.instancePath || `/${(v?.params as { missingProperty?: string } | undefined)?.missingProperty ?? ''}`).slice(1);
  if (field === 'score') return 'score';
  if (field === 'content') return 'content';
  if (v?.keyword === 'anyOf' || field === 'belongerId' || field === 'houseId') return 'target';
  return 'invalid';
}

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

const begin = (req: FastifyRequest, reply: FastifyReply, fallbackBack: string) =>
  beginMemberPost(req, reply, fallbackBack, (r, rep, err) => gatewayFailed(r, rep, err));

/** The house the action names does not exist. */
function houseNotFound(reply: FastifyReply) {
  const refusal = actionRefusal('ACTION_NOT_FOUND');
  return reply.code(refusal.status).send(refusal);
}

/** A failed gateway call: the visitor reads a short Chinese message; the gateway's details go to the log. */
function gatewayFailed(req: FastifyRequest, reply: FastifyReply, err: unknown, notFound = actionRefusal('ACTION_NOT_FOUND').message) {
  const answer = gatewayErrorAnswer((err as { statusCode?: number }).statusCode, notFound);
  if (answer.refused) req.log.warn({ err }, 'member action refused by the gateway');
  else req.log.error({ err }, 'member action failed');
  return reply.code(answer.status).send({ status: answer.status, message: answer.message });
}

const memberActions: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: 16_384 });
  // A form post is urlencoded, a fetch() is JSON; a text/plain body (enctype="text/plain") is no action body: 415.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler(function answerActionError(err: FastifyError, req, reply) {
    if (err.validation) {
      req.log.info({ validation: err.message }, 'member action body refused');
      const status = actionErrors.ACTION_INVALID_BODY.statusCode;
      return reply.code(status).send({ status, message: invalidBodyMessage(err.validation[0]) });
    }
    const answer = requestErrorAnswer(err.statusCode);
    if (answer.status === 500) req.log.error({ err }, 'member action error');
    else req.log.info({ err }, 'member action request refused');
    return reply.code(answer.status).send(answer);
  });

  /** POST /-/action/favourite {houseId, kind, op}: add or remove a favourite of one of SPEC 7.8's four kinds. */
  app.post(`${PREFIX}/favourite`, { schema: { body: favouriteSchema } }, async (req, reply) => {
    const b = req.body as { houseId: number; kind: CollectKind; op: 'add' | 'remove' };
    const ctx = await begin(req, reply, '/myshoucang');
    if (!ctx) return reply;
    const call = { reqId: req.id, log: req.log };
    try {
      if (b.op === 'remove') await app.api.user.removeCollect(call, b.houseId, ctx.memberId, b.kind);
      else await app.api.user.collect(call, b.kind, b.houseId, ctx.memberId);
    } catch (err) {
      return gatewayFailed(req, reply, err);
    }
    const collected = b.op !== 'remove';
    if (wantsJson(req)) return { status: 200, obj: { houseId: b.houseId, kind: b.kind, collected } };
    return reply.redirect(withQuery(ctx.backPath, 'notice', collected ? 'favourited' : 'unfavourited'), 303);
  });

  /** POST /-/action/kanfang: book a viewing (api/kanfang/add) of a listing, with its type and agent. */
  app.post(`${PREFIX}/kanfang`, { schema: { body: kanfangSchema } }, async (req, reply) => {
    const b = req.body as { houseId?: number; name: string; phone: string; visitDate?: string; remark?: string };
    const ctx = await begin(req, reply, '/yuyuekanfang');
    if (!ctx) return reply;
    const call = { reqId: req.id, log: req.log };
    try {
      const house = b.houseId ? await app.api.house.listingDetail(call, b.houseId) : null;
      if (b.houseId && !house) return houseNotFound(reply);
      const saved = await app.api.user.kanfang(call, {
        cityId: req.city?.cityId,
        houseId: house?.houseId,
        houseType: house?.houseType,
        belongerId: house?.belongerId ?? undefined,
        memberId: ctx.memberId,
        name: b.name,
        phone: b.phone,
        visitDate: b.visitDate,
        remark: b.remark,
        source: 'wap',
      });
      if (wantsJson(req)) return { status: 200, obj: saved };
      return reply.redirect(withQuery(ctx.backPath, 'ok', '1'), 303);
    } catch (err) {
      return gatewayFailed(req, reply, err);
    }
  });

  /**
   * POST /-/action/dianping: rate a new-home adviser (api/yhdianping/adddianping, SPEC 7.7) from /xinfang/pjguwen.
   * A visitor is refused before the body is read; a bad body is 400 with the message the form shows.
   */
  app.post(`${PREFIX}/dianping`, { schema: { body: dianpingSchema }, attachValidation: true }, async (req, reply) => {
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) req.body = {};
    const ctx = await begin(req, reply, '/xinfang/');
    if (!ctx) return reply;
    const b = req.body as { belongerId?: number; houseId?: number; score: number; content: string };
    const invalid: DianpingError | null = req.validationError
      ? dianpingInvalid(req.validationError as FastifyError)
      : b.content.trim().length < DIANPING_CONTENT_MIN
        ? 'content'
        : null;
    if (invalid) {
      req.log.info({ reason: req.validationError?.message ?? 'blank content' }, 'dianping rejected');
      if (wantsJson(req)) {
        const status = actionErrors.ACTION_INVALID_BODY.statusCode;
        return reply.code(status).send({ status, message: DIANPING_ERRORS[invalid] });
      }
      return reply.redirect(withQuery(ctx.backPath, 'error', invalid), 303);
    }
    const call = { reqId: req.id, log: req.log };
    try {
      const saved = await app.api.belonger.addDianping(call, {
        belongerId: b.belongerId,
        houseId: b.houseId,
        cityId: req.city?.cityId,
        memberId: ctx.memberId,
        nickName: ctx.user.nickName ? ctx.user.nickName.slice(0, 30) : undefined,
        headUrl: ctx.user.headUrl && ctx.user.headUrl.length <= 300 ? ctx.user.headUrl : undefined,
        score: b.score,
        content: b.content.trim(),
      });
      if (wantsJson(req)) return { status: 200, message: DIANPING_SAVED, obj: saved };
      return reply.redirect(withQuery(ctx.backPath, 'notice', 'rated'), 303);
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 409) {
        req.log.warn({ err, belongerId: b.belongerId }, 'member action refused by the gateway: reviewed within 30 days');
        if (wantsJson(req)) return reply.code(409).send({ status: 409, message: DIANPING_ERRORS.again });
        return reply.redirect(withQuery(ctx.backPath, 'error', 'again'), 303);
      }
      if (status === 400 || status === 404) req.log.warn({ err, belongerId: b.belongerId, houseId: b.houseId }, 'dianping not saved');
      return gatewayFailed(req, reply, err, b.belongerId ? '经纪人不存在' : '楼盘不存在');
    }
  });

  /**
   * POST /-/action/gujia: keep a valuation in the member's 估价记录 (issue 33: the result page, a GET, saves nothing).
   * The form post goes to the kept valuation's page; fetch() gets its record id.
   */
  app.post(`${PREFIX}/gujia`, { schema: { body: gujiaSchema } }, async (req, reply) => {
    const fields = fieldsOf(req.body as Record<string, unknown>);
    const ctx = await begin(req, reply, `/fangjia/gjinfo?${new URLSearchParams(Object.entries(fields)).toString()}`);
    if (!ctx) return reply;
    const input = inputOf(fields);
    if (typeof input === 'string') {
      const status = actionErrors.ACTION_INVALID_BODY.statusCode;
      return reply.code(status).send({ status, message: input });
    }
    try {
      const call = { reqId: req.id, log: req.log };
      const result = await app.api.xiaoqu.estimate(call, { memberId: ctx.memberId, stressId: Number(fields.stressId), ...input });
      if (!result?.recordId) return houseNotFound(reply);
      if (wantsJson(req)) return { status: 200, obj: { recordId: result.recordId } };
      return reply.redirect(`/fangjia/gjinfo?id=${result.recordId}`, 303);
    } catch (err) {
      return gatewayFailed(req, reply, err, '小区不存在，请重新选择小区');
    }
  });

  /** POST /-/action/jubao: report a listing (api/jubao/save). */
  app.post(`${PREFIX}/jubao`, { schema: { body: jubaoSchema } }, async (req, reply) => {
    const b = req.body as { houseId: number; reason: string; content?: string; phone?: string };
    const ctx = await begin(req, reply, '/jubao');
    if (!ctx) return reply;
    const call = { reqId: req.id, log: req.log };
    try {
      const house = await app.api.house.listingDetail(call, b.houseId);
      if (!house) return houseNotFound(reply);
      const saved = await app.api.user.jubao(call, {
        houseId: house.houseId,
        houseType: house.houseType,
        memberId: ctx.memberId,
        phone: b.phone ?? (ctx.user.phone || undefined),
        reason: b.reason,
        content: b.content,
      });
      if (wantsJson(req)) return { status: 200, obj: saved };
      return reply.redirect(withQuery(ctx.backPath, 'ok', '1'), 303);
    } catch (err) {
      return gatewayFailed(req, reply, err);
    }
  });
};

export default memberActions;
