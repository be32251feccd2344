import { cleanText } from '../lib/form-refusal.ts';
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
} from '../lib/member-forms.ts';
import { safeReturnPath } from '../lib/return-url.ts';
import { back, mobile as phone } from './fields.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * The member forms of issue 13 (SPEC 7.8) on the action stage (issue 33): nickname and avatar, feedback, a listing's
 * correction, coupons, the customer demand of 省心找房 and the list pages' SMS subscription, under /-/member/*. Each is
 * member-only; a refused plain post goes back to its page with the message and what was typed (the form names below
 * are the ones src/loaders/personal.ts takes). The portal checks what a person can fix (lengths, choices, characters);
 * the gateway checks it all again, strictly.
 */

/** Typed text: the schema only bounds the raw body; the length in characters is the handler's check (cleanText). */
const text = (title: string, maxChars: number, min = 0) =>
  ({
    type: 'string',
    maxLength: maxChars * 2 + 40,
    title,
    errorMessage: { maxLength: min > 0 ? `${title}须为${min}-${maxChars}个字` : `${title}不能超过${maxChars}个字` },
  }) as const;
const choice = (values: readonly string[], title: string) => ({ type: 'string', enum: [...values], title }) as const;
/** A file field of a multipart post (a Buffer); its content is the gateway's to check. */
const file = (title: string) => ({ title }) as const;

export const memberFormBodies = {
  memberNickname: {
    type: 'object',
    required: ['nickName'],
    additionalProperties: false,
    properties: { nickName: text('昵称', NICKNAME_MAX, NICKNAME_MIN), back },
  },
  memberAvatar: {
    type: 'object',
    additionalProperties: false,
    properties: { file: file('头像图片'), back },
  },
  memberFeedback: {
    type: 'object',
    required: ['content'],
    additionalProperties: false,
    properties: {
      kind: choice(FEEDBACK_KINDS, '类型'),
      content: text('内容', FEEDBACK_MAX, FEEDBACK_MIN),
      phone,
      screenshot: file('截图'),
      back,
    },
  },
  memberReport: {
    type: 'object',
    required: ['houseId', 'content'],
    additionalProperties: false,
    properties: {
      houseId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$', title: '房源' },
      field: choice(CORRECTION_FIELDS, '纠错项'),
      content: text('内容', CORRECTION_MAX, CORRECTION_MIN),
      phone,
      back,
    },
  },
  memberCoupon: {
    type: 'object',
    required: ['couponNo'],
    additionalProperties: false,
    properties: { couponNo: { type: 'string', maxLength: 40, title: '券码' }, back },
  },
  memberDemand: {
    type: 'object',
    required: ['demandType', 'phone'],
    additionalProperties: false,
    properties: {
      demandType: choice(DEMAND_TYPES, '需求类型'),
      budget: choice(DEMAND_BUDGETS, '预算'),
      area: choice(DEMAND_AREAS, '面积'),
      rooms: choice(DEMAND_ROOMS, '户型'),
      moveIn: choice(DEMAND_MOVE_IN, '入住时间'),
      districts: {
        type: 'array',
        items: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
        maxItems: DEMAND_DISTRICTS_MAX,
        title: '意向区域',
      },
      name: text('称呼', 30),
      phone,
      remark: text('补充说明', 500),
      back,
    },
  },
  /** The list pages' SMS subscription: the phone is the body's (any number), so it is limited per phone too. */
  memberDxdy: {
    type: 'object',
    required: ['kind', 'phone'],
    additionalProperties: false,
    properties: {
      kind: choice(SMS_KINDS, '类型'),
      phone,
      filter: { type: 'string', maxLength: 300, title: '订阅条件' },
      back,
    },
  },
} as const;

/** The forms' names, as their pages take a refused post's draft (src/loaders/personal.ts). */
const form = (name: string) => () => name;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/**
 * Saves a profile change through the gateway, then makes it show at once in the header and the menu: this process
 * forgets the member's cached record now, every other process through the member events channel.
 */
async function updateProfile(ctx: ActionContext<unknown>, change: { nickName?: string; headUrl?: string }) {
  const userId = ctx.user?.userId ?? '';
  await ctx.api.user.updateProfile(ctx.call, { userId, ...change });
  ctx.app.memberDirectory.forget(userId);
  await ctx.app.memberEvents.publish({ type: 'profile', userId: userId || ctx.memberId });
}

const nicknameOf = (b: { nickName: string }) => cleanText(b.nickName, 'nickName', '昵称', NICKNAME_MIN, NICKNAME_MAX, false);

/** POST /-/member/nickname: 2–16 characters, one line. */
const nickname = actionHandler<{ nickName: string }>({
  draft: form('nickname'),
  check: (b) => void nicknameOf(b),
  async run(ctx) {
    const nickName = nicknameOf(ctx.body);
    await updateProfile(ctx, { nickName });
    return { message: '昵称已修改', obj: { nickName } };
  },
});

const uploaded = (v: unknown): Buffer | null => (Buffer.isBuffer(v) && v.length > 0 ? v : null);

/** POST /-/member/avatar (multipart `file`): the gateway checks the picture by content and stores it 256×256. */
const avatar = actionHandler<{ file?: unknown }>({
  draft: form('avatar'),
  check(b) {
    if (!uploaded(b.file)) throw new ActionRefusal('file', '请选择头像图片');
  },
  async run(ctx) {
    const data = uploaded(ctx.body.file);
    if (!data) throw new ActionRefusal('file', '请选择头像图片');
    const up = await ctx.api.user.uploadImg(ctx.call, { data, filename: 'avatar', mime: 'application/octet-stream' }, 'avatar');
    if (!up?.url) throw new ActionRefusal('file', '头像上传失败，请重试', 502);
    await updateProfile(ctx, { headUrl: up.url });
    return { message: '头像已更新', obj: { headUrl: up.url } };
  },
});

type Feedback = { kind?: string; content: string; phone?: string; screenshot?: unknown };
const feedbackText = (b: Feedback) => cleanText(b.content, 'content', '内容', FEEDBACK_MIN, FEEDBACK_MAX);

/** POST /-/member/feedback (urlencoded, or multipart with an optional `screenshot`). */
const feedback = actionHandler<Feedback>({
  draft: form('feedback'),
  check: (b) => void feedbackText(b),
  async run({ api, call, body: b, memberId, city }) {
    const content = feedbackText(b);
    const shot = uploaded(b.screenshot);
    let images: string[] | undefined;
    if (shot) {
      const up = await api.user.uploadImg(call, { data: shot, filename: 'screenshot', mime: 'application/octet-stream' }, 'screenshot');
      if (up?.url) images = [up.url];
    }
    const saved = await api.user.feedback(call, {
      cityId: city.cityId,
      memberId,
      kind: b.kind || '其他',
      content,
      phone: b.phone,
      images,
    });
    return { message: '反馈已提交，感谢您的建议', obj: saved };
  },
});

type Correction = { houseId: string; field?: string; content: string; phone?: string };
const correctionText = (b: Correction) => cleanText(b.content, 'content', '内容', CORRECTION_MIN, CORRECTION_MAX);

/** POST /-/member/report: a correction of a listing's facts (/api/correction/insert). */
const report = actionHandler<Correction>({
  draft: form('report'),
  check: (b) => void correctionText(b),
  async run({ api, call, body: b, memberId, user }) {
    const content = correctionText(b);
    const house = await api.house.listingDetail(call, b.houseId).catch((err: { statusCode?: number }) => {
      if (err.statusCode === 404) return null;
      throw err;
    });
    if (!house) throw new ActionRefusal('houseId', '房源不存在');
    const saved = await api.user.correction(call, {
      houseId: house.houseId,
      houseType: house.houseType,
      memberId,
      phone: b.phone || user?.phone || undefined,
      field: b.field || '其他',
      content,
    });
    return { message: '纠错已提交，我们会尽快核实', obj: saved };
  },
});

const couponNoOf = (b: { couponNo: string }) => {
  const couponNo = b.couponNo.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,20}$/.test(couponNo)) throw new ActionRefusal('couponNo', '券码为4-20位字母或数字');
  return couponNo;
};

/** POST /-/member/coupon: claim a coupon by its number, for the member's phone. */
const coupon = actionHandler<{ couponNo: string }>({
  draft: form('coupon'),
  check: (b) => void couponNoOf(b),
  async run({ api, call, body, user }) {
    const couponNo = couponNoOf(body);
    const phone = user?.phone ?? '';
    if (!/^1[3-9]\d{9}$/.test(phone)) throw new ActionRefusal(null, '请先绑定手机号');
    const got = await api.user.receiveCoupon(call, phone, couponNo);
    if (got && !got.received) throw new ActionRefusal('couponNo', '您已领取过这张优惠券', 409);
    return { message: '领取成功', obj: got };
  },
});

type Demand = {
  demandType: string;
  budget?: string;
  area?: string;
  rooms?: string;
  moveIn?: string;
  districts?: string[];
  name?: string;
  phone: string;
  remark?: string;
};
const demandTexts = (b: Demand) => ({
  remark: cleanText(b.remark ?? '', 'remark', '补充说明', 0, 500),
  name: cleanText(b.name ?? '', 'name', '称呼', 0, 30, false),
});

/** POST /-/member/demand: the customer demand of 省心找房 (/api/customerDemand/save). */
const demand = actionHandler<Demand>({
  draft: form('demand'),
  check: (b) => void demandTexts(b),
  async run({ api, call, body: b, memberId, city }) {
    const { remark, name } = demandTexts(b);
    const districts = [...new Set((b.districts ?? []).map(Number))];
    const saved = await api.user.saveDemand(call, {
      cityId: city.cityId,
      memberId,
      phone: b.phone,
      name: name || undefined,
      demandType: b.demandType,
      budget: str(b.budget),
      area: str(b.area),
      rooms: str(b.rooms),
      moveIn: str(b.moveIn),
      districts: districts.length ? districts : undefined,
      remark: remark || undefined,
    });
    return { message: '需求已提交，顾问将尽快与您联系', obj: saved };
  },
});

/** POST /-/member/dxdy: an SMS subscription for the list filter being looked at (always a path of this site). */
const dxdy = actionHandler<{ kind: (typeof SMS_KINDS)[number]; phone: string; filter?: string }>({
  // The list page shows no draft: a refused plain post goes back to the list, a limit met is the error page saying it.
  refusedTo: ({ back }, r) => (r.status === 429 ? undefined : back),
  async run({ api, call, body: b, city }) {
    const saved = await api.user.smsSubscribe(call, {
      cityId: city.cityId,
      phone: b.phone,
      kind: b.kind,
      filter: safeReturnPath(b.filter ?? '', '/'),
    });
    return { message: '订阅成功，有符合条件的房源将短信通知您', obj: saved };
  },
});

export const memberFormHandlers = {
  memberNickname: nickname,
  memberAvatar: avatar,
  memberFeedback: feedback,
  memberReport: report,
  memberCoupon: coupon,
  memberDemand: demand,
  memberDxdy: dxdy,
};
