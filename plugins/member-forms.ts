import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserInfo } from '../src/contracts/session.ts';
import { actionRefusal, requestErrorAnswer } from '../src/lib/action-messages.ts';
import { cleanText as cleanTypedText, FormRefusal } from '../src/lib/form-refusal.ts';
import {
  CORRECTION_FIELDS,
  CORRECTION_MAX,
  CORRECTION_MIN,
  DEMAND_AREAS,
  DEMAND_BUDGETS,
  DEMAND_DISTRICTS_MAX,
  DEMAND_MOVE_IN,
  DEMAND_ROOMS,
  DEMAND_TYPES,
  FEEDBACK_KINDS,
  FEEDBACK_MAX,
  FEEDBACK_MIN,
  NICKNAME_MAX,
  NICKNAME_MIN,
  SMS_KINDS,
  UPLOAD_MAX_BYTES,
} from '../src/lib/member-forms.ts';
import { RETURN_PATH_MAX, safeReturnPath, sameSiteRefererPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { memberOf, refusedField, sendToLogin, wantsJson, withQuery } from './member-actions.ts';

/**
 * The member forms of issue 13 (SPEC 7.8): nickname and avatar, feedback, a listing's correction, coupons, the customer
 * demand of 省心找房 and the list pages' SMS subscription, under /-/member/*; and the uploaded images they show, under
 * /files/upload/*. Each works as a plain form post (303 back: `?ok=1` after a success; after a refusal the message and
 * what was typed are kept for the form, see src/form-drafts.ts) and answers JSON to fetch() callers. The member comes
 * only from the signed login cookie; cross-site posts are refused by the one rule of src/lib/same-origin.ts.
 * The portal checks what a person can fix (lengths, choices, characters); the gateway checks it all again, strictly.
 */

const PREFIX = '/-/member';
const back = { type: 'string', maxLength: RETURN_PATH_MAX } as const;
const phone = { type: 'string', pattern: '^(1[3-9][0-9]{9})?$' } as const;
const choice = (values: readonly string[]) => ({ type: 'string', enum: ['', ...values] }) as const;
const textField = (maxChars: number) => ({ type: 'string', maxLength: maxChars * 2 + 40 }) as const;
const file = {} as const;
const form = (properties: Record<string, object>, required: string[] = []) =>
  ({ type: 'object', additionalProperties: false, required, properties: { ...properties, back } }) as const;

const schemas = {
  nickname: form({ nickName: textField(NICKNAME_MAX) }, ['nickName']),
  avatar: form({ file }),
  feedback: form({ kind: choice(FEEDBACK_KINDS), content: textField(FEEDBACK_MAX), phone, screenshot: file }, ['content']),
  report: form(
    {
      houseId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
      field: choice(CORRECTION_FIELDS),
      content: textField(CORRECTION_MAX),
      phone,
    },
    ['houseId', 'content'],
  ),
  coupon: form({ couponNo: { type: 'string', maxLength: 40 } }, ['couponNo']),
  demand: form(
    {
      demandType: choice(DEMAND_TYPES),
      budget: choice(DEMAND_BUDGETS),
      area: choice(DEMAND_AREAS),
      rooms: choice(DEMAND_ROOMS),
      moveIn: choice(DEMAND_MOVE_IN),
      districts: { type: 'array', items: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' }, maxItems: DEMAND_DISTRICTS_MAX },
      name: textField(30),
      phone,
      remark: textField(500),
    },
    ['demandType', 'phone'],
  ),
  dxdy: form({ kind: choice(SMS_KINDS), phone, filter: { type: 'string', maxLength: 300 } }, ['kind', 'phone']),
} as const;
type FormName = keyof typeof schemas;

/** Chinese names of the fields, for the message of a refusal. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  nickName: '昵称',
  file: '头像图片',
  kind: '类型',
  content: '内容',
  phone: '手机号',
  screenshot: '截图',
  houseId: '房源',
  field: '纠错项',
  couponNo: '券码',
  demandType: '需求类型',
  budget: '预算',
  area: '面积',
  rooms: '户型',
  moveIn: '入住时间',
  districts: '意向区域',
  name: '称呼',
  remark: '补充说明',
  filter: '订阅条件',
  visitDate: '日期',
};

/** Where each form goes back to when its post names no return path. */
const HOME_OF: Record<FormName, string> = {
  nickname: '/personalcenter/setnickname',
  avatar: '/personalcenter/edituserinfo',
  feedback: '/yonghufankui',
  report: '/report',
  coupon: '/coupon',
  demand: '/shengxinzhaofang',
  dxdy: '/ershoufang/',
};

const SAVED: Record<FormName, string> = {
  nickname: '昵称已修改',
  avatar: '头像已更新',
  feedback: '反馈已提交，感谢您的建议',
  report: '纠错已提交，我们会尽快核实',
  coupon: '领取成功',
  demand: '需求已提交，顾问将尽快与您联系',
  dxdy: '订阅成功，有符合条件的房源将短信通知您',
};

/** Typed text of this plugin's forms (src/lib/form-refusal.ts), named by its field's label. */
const cleanText = (value: unknown, field: string, min: number, max: number, multiline = true): string =>
  cleanTypedText(value, field, FIELD_NAMES[field] ?? field, min, max, multiline);

/** The message of a refused gateway call: its `field: why` when it names one, else the busy message. */
function gatewayRefusal(err: unknown): FormRefusal {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  const message = err instanceof Error ? err.message : '';
  if (status === 400 || status === 404 || status === 409) {
    const m = /^(?:body\/)?([A-Za-z]+)[:\s]\s*(.*)$/.exec(message);
    if (m && FIELD_NAMES[m[1] as string]) {
      const why = /[\u4e00-\u9fff]/.test(m[2] ?? '') ? (m[2] as string) : `${FIELD_NAMES[m[1] as string]}不正确`;
      return new FormRefusal(m[1] as string, why, 400);
    }
    return new FormRefusal(null, '提交内容有误，请检查后重试', 400);
  }
  return new FormRefusal(null, '服务繁忙，请稍后再试', status === 503 || status === 504 ? status : 502);
}

/** What was typed, to show it again after a refusal (files are never kept). */
function typedValues(body: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body)) {
    if (k === 'back') continue;
    if (typeof v === 'string') out[k] = v.slice(0, 2000);
    else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string').slice(0, 20);
  }
  return out;
}

interface Member {
  user: UserInfo;
  memberId: string;
}

type Handler = (req: FastifyRequest, reply: FastifyReply, member: Member, body: Record<string, unknown>) => Promise<unknown>;

const memberForms: FastifyPluginAsync = async (app) => {
  const drafts = app.formDrafts;

  await app.register(async (forms) => {
    await forms.register(formbody, { bodyLimit: 16_384 });
    await forms.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096, parts: 21 },
    });
    forms.removeContentTypeParser('text/plain');

    const backOf = (req: FastifyRequest, name: FormName) => {
      const b = (req.body as { back?: unknown } | undefined)?.back;
      return safeReturnPath(typeof b === 'string' ? b : sameSiteRefererPath(req.headers.referer, req.host), HOME_OF[name]);
    };

    /** A refusal: JSON 4xx/5xx with the message, or back to the form with the message and what was typed. */
    const refuse = (req: FastifyRequest, reply: FastifyReply, name: FormName, member: Member | null, r: FormRefusal) => {
      if (wantsJson(req) || !member) return reply.code(r.status).send({ status: r.status, message: r.message, field: r.field });
      drafts.keep(req, reply, { form: name, memberId: member.memberId, message: r.message, field: r.field, values: typedValues(req.body) });
      return reply.redirect(backOf(req, name), 303);
    };

    const sameOrigin = (req: FastifyRequest) => isSameOriginPost(req.headers, req.host);

    forms.setErrorHandler(async function answerFormError(err: FastifyError, req, reply) {
      const name = (req.routeOptions.config as { form?: FormName }).form ?? 'feedback';
      const tooLarge = err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE';
      if (tooLarge) req.log.info({ code: err.code }, 'member form upload too large');
      else if ((err.statusCode ?? 500) >= 500) req.log.error({ err }, 'member form error');
      else req.log.info({ err: err.message }, 'member form request refused');
      const refusal = tooLarge
        ? new FormRefusal('file', `图片不能超过${UPLOAD_MAX_BYTES / 1024 / 1024}MB`, 413)
        : new FormRefusal(null, requestErrorAnswer(err.statusCode).message, requestErrorAnswer(err.statusCode).status);
      const member = sameOrigin(req) ? await memberOf(req, reply).catch(() => null) : null;
      return refuse(req, reply, name, member, refusal);
    });

    /** One member form: origin, member, the body's shape, then the handler; the answer as JSON or a 303. */
    const route = (name: FormName, handler: Handler) =>
      forms.post(
        `${PREFIX}/${name}`,
        { schema: { body: schemas[name] }, attachValidation: true, config: { form: name } },
        async (req, reply) => {
          if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) req.body = {};
          if (!sameOrigin(req)) {
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
            req.log.info({ form: name, validation: req.validationError.message }, 'member form refused');
            return refuse(
              req,
              reply,
              name,
              member,
              new FormRefusal(field || null, label ? (missing ? `请填写${label}` : `${label}不正确`) : '提交内容有误，请检查后重试'),
            );
          }
          let obj: unknown;
          try {
            obj = await handler(req, reply, member, req.body as Record<string, unknown>);
          } catch (err) {
            const refusal = err instanceof FormRefusal ? err : gatewayRefusal(err);
            if (refusal.status >= 500) req.log.error({ err, form: name }, 'member form failed');
            else req.log.info({ form: name, field: refusal.field, reason: (err as Error).message }, 'member form refused');
            return refuse(req, reply, name, member, refusal);
          }
          if (wantsJson(req)) return { status: 200, message: SAVED[name], obj };
          return reply.redirect(withQuery(backOf(req, name), 'ok', '1'), 303);
        },
      );

    const call = (req: FastifyRequest) => ({ reqId: req.id, log: req.log });

    /**
     * Saves a profile change through the gateway, then makes it show at once in the header and the menu: this process
     * forgets the member's cached record now, every other process through the member events channel.
     */
    const updateProfile = async (req: FastifyRequest, member: Member, change: { nickName?: string; headUrl?: string }) => {
      await app.api.user.updateProfile(call(req), { userId: member.user.userId, ...change });
      app.memberDirectory.forget(member.user.userId);
      await app.memberEvents.publish({ type: 'profile', userId: member.user.userId || member.memberId });
    };

    route('nickname', async (req, _reply, member, b) => {
      const nickName = cleanText(b.nickName, 'nickName', NICKNAME_MIN, NICKNAME_MAX, false);
      await updateProfile(req, member, { nickName });
      return { nickName };
    });

    route('avatar', async (req, _reply, member, b) => {
      const data = b.file;
      if (!Buffer.isBuffer(data) || data.length === 0) throw new FormRefusal('file', '请选择头像图片');
      const up = await app.api.user.uploadImg(call(req), { data, filename: 'avatar', mime: 'application/octet-stream' }, 'avatar');
      if (!up?.url) throw new FormRefusal('file', '头像上传失败，请重试', 502);
      await updateProfile(req, member, { headUrl: up.url });
      return { headUrl: up.url };
    });

    route('feedback', async (req, _reply, member, b) => {
      const content = cleanText(b.content, 'content', FEEDBACK_MIN, FEEDBACK_MAX);
      const shot = b.screenshot;
      let images: string[] | undefined;
      if (Buffer.isBuffer(shot) && shot.length > 0) {
        const up = await app.api.user.uploadImg(
          call(req),
          { data: shot, filename: 'screenshot', mime: 'application/octet-stream' },
          'screenshot',
        );
        if (up?.url) images = [up.url];
      }
      return app.api.user.feedback(call(req), {
        cityId: req.city?.cityId,
        memberId: member.memberId,
        kind: (b.kind as string) || '其他',
        content,
        phone: (b.phone as string) || undefined,
        images,
      });
    });

    route('report', async (req, _reply, member, b) => {
      const content = cleanText(b.content, 'content', CORRECTION_MIN, CORRECTION_MAX);
      const house = await app.api.house.listingDetail(call(req), b.houseId as string).catch((err: { statusCode?: number }) => {
        if (err.statusCode === 404) return null;
        throw err;
      });
      if (!house) throw new FormRefusal('houseId', '房源不存在');
      return app.api.user.correction(call(req), {
        houseId: house.houseId,
        houseType: house.houseType,
        memberId: member.memberId,
        phone: (b.phone as string) || member.user.phone || undefined,
        field: (b.field as string) || '其他',
        content,
      });
    });

    route('coupon', async (req, _reply, member, b) => {
      const couponNo = String(b.couponNo).trim().toUpperCase();
      if (!/^[A-Z0-9]{4,20}$/.test(couponNo)) throw new FormRefusal('couponNo', '券码为4-20位字母或数字');
      if (!/^1[3-9]\d{9}$/.test(member.user.phone)) throw new FormRefusal(null, '请先绑定手机号');
      const got = await app.api.user.receiveCoupon(call(req), member.user.phone, couponNo);
      if (got && !got.received) throw new FormRefusal('couponNo', '您已领取过这张优惠券', 409);
      return got;
    });

    route('demand', async (req, _reply, member, b) => {
      const remark = cleanText(b.remark, 'remark', 0, 500);
      const name = cleanText(b.name, 'name', 0, 30, false);
      const opt = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
      const districts = ((b.districts as string[] | undefined) ?? []).map(Number);
      return app.api.user.saveDemand(call(req), {
        cityId: req.city?.cityId,
        memberId: member.memberId,
        phone: b.phone as string,
        name: name || undefined,
        demandType: b.demandType as string,
        budget: opt(b.budget),
        area: opt(b.area),
        rooms: opt(b.rooms),
        moveIn: opt(b.moveIn),
        districts: districts.length ? [...new Set(districts)] : undefined,
        remark: remark || undefined,
      });
    });

    route('dxdy', async (req, _reply, _member, b) => {
      const filter = safeReturnPath(typeof b.filter === 'string' ? b.filter : '', '/');
      return app.api.user.smsSubscribe(call(req), {
        cityId: req.city?.cityId,
        phone: b.phone as string,
        kind: b.kind as (typeof SMS_KINDS)[number],
        filter,
      });
    });
  });

  /** Uploaded pictures (avatars, screenshots) from the gateway. Hash-named files never change: cached for a year. */
  // Chat voice clips too (issue 18).
  const UPLOAD_NAME = /^(?:[0-9a-f-]{36}|[0-9a-f]{32})\.(?:jpg|png|gif|webp|webm|ogg|m4a|mp3)$/;
  app.get('/files/upload/:name', async function serveUpload(req, reply) {
    const { name } = req.params as { name: string };
    // Anything but a stored file's name is the site's 404 page (the name never reaches the gateway).
    if (!UPLOAD_NAME.test(name)) return reply.callNotFound();
    const file = await app.api.user.uploadedFile({ reqId: req.id, log: req.log }, name);
    if (!file) return reply.callNotFound();
    return reply
      .type(file.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
};

// Not encapsulated: the pages' loaders read `formDrafts` from the root instance. The form routes, their body parsers and
// their error handler stay inside their own child context.
export default fp(memberForms, { name: 'member-forms', fastify: '5.x', dependencies: ['member-events'] });
