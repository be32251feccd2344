import type { SignupNotice } from '../contracts/page-data/campaign.ts';
import { SIGNUP_NAME_MAX, SIGNUP_NOTICES } from '../lib/activity.ts';
import { charCount, hasControlChars } from '../lib/member-forms.ts';
import { back, rowId as id } from './fields.ts';
import { BUSY } from './gates.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * The campaign actions (issue 19; SPEC 7.8 tracking and promotion). Sign-ups need no account: a name and a mainland
 * mobile number, limited per address and per phone (site.rateLimits `signup-ip`, `signup-phone`). Each works as a
 * plain form post (303 back to the page with `?signup=<notice>#signup`, the notice the page shows beside its form) and
 * as fetch (JSON with the message; a refusal is 4xx with the message):
 * - POST /-/huodong/signup: an activity's sign-up or coupon claim (/api/template/updateCustomerFlowDataRecord); saved
 *   once per phone (a second one is answered kindly), refused when the activity has ended;
 * - POST /-/grouproom/signup: a seat on a group viewing, refused when it is full; a member's id goes with it;
 * - POST /-/huodong/share, /-/huodong/qrcode: a poster shared (/api/template/posterShareUv/{posterId}) or scanned
 *   (/api/qrcodePutInCount/save);
 * - POST /-/adver/click: a promoted item opened from /adver (api/huoDongTG/install), answered 204 at once.
 */

const NO_ACTIVITY = '活动不存在';
const NO_SESSION = '看房团不存在';
const NO_POSTER = '海报不存在';

/**
 * A sign-up's name and phone. The stage trims strings before the schema, so " 139…" and "\t139…" are the phone
 * "139…" (one per-phone count); a repeated field (phone=a&phone=b) is an array no string coerces from: refused.
 */
const signupFields = {
  name: { type: 'string', maxLength: 200, title: '姓名', errorMessage: SIGNUP_NOTICES.name },
  phone: { type: 'string', pattern: '^1[3-9][0-9]{9}$', title: '手机号', errorMessage: SIGNUP_NOTICES.phone },
  back,
} as const;

export const campaignBodies = {
  huodongSignup: {
    type: 'object',
    required: ['activityId', 'name', 'phone'],
    additionalProperties: false,
    properties: { activityId: { ...id, title: '活动', errorMessage: NO_ACTIVITY }, ...signupFields },
    errorMessage: { required: { activityId: NO_ACTIVITY, name: SIGNUP_NOTICES.name, phone: SIGNUP_NOTICES.phone } },
  },
  grouproomSignup: {
    type: 'object',
    required: ['sessionId', 'name', 'phone'],
    additionalProperties: false,
    properties: { sessionId: { ...id, title: '看房团', errorMessage: NO_SESSION }, ...signupFields },
    errorMessage: { required: { sessionId: NO_SESSION, name: SIGNUP_NOTICES.name, phone: SIGNUP_NOTICES.phone } },
  },
  poster: {
    type: 'object',
    required: ['posterId'],
    additionalProperties: false,
    properties: {
      posterId: { ...id, title: '海报', errorMessage: NO_POSTER },
      scene: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$', title: '来源' },
    },
    errorMessage: { required: { posterId: NO_POSTER } },
  },
  adverClick: {
    type: 'object',
    required: ['promotionId', 'type', 'targetId'],
    additionalProperties: false,
    properties: {
      promotionId: { ...id, title: '推广' },
      type: { type: 'string', enum: ['loupan', 'listing'], title: '推广类型' },
      targetId: { ...id, title: '推广对象' },
    },
  },
} as const;

type Signup = { name: string; phone: string };
type ActivitySignup = Signup & { activityId: number };
type GroupSignup = Signup & { sessionId: number };

const statusOf = (err: unknown) => (err as { statusCode?: number }).statusCode;

/** The name rule a schema cannot say: 1 to 20 characters once trimmed (by characters), no control characters. */
function checkName(b: Signup) {
  const n = charCount(b.name);
  if (n < 1 || n > SIGNUP_NAME_MAX || hasControlChars(b.name, false)) throw new ActionRefusal('name', SIGNUP_NOTICES.name);
}

/** The page notice a refusal stands for; none (an unknown activity, a cross-site post): the refusal is the answer. */
const noticeOf = (r: ActionRefusal): SignupNotice | undefined =>
  (Object.keys(SIGNUP_NOTICES) as SignupNotice[]).find((k) => SIGNUP_NOTICES[k] === r.message);

/** The page of the form, without its query or anchor: the notice replaces them. */
const pageOf = (ctx: ActionContext<unknown>) => ctx.back.split(/[?#]/)[0] as string;

/** A group session id as posted (the body is the posted one when its schema refused it). */
function sessionOf(ctx: ActionContext<unknown>): number | null {
  const raw = (ctx.body as { sessionId?: unknown }).sessionId ?? ctx.posted.sessionId;
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^[1-9][0-9]{0,9}$/.test(s) && Number(s) <= id.maximum ? Number(s) : null;
}

const activityPage = (ctx: ActionContext<unknown>, notice: SignupNotice) => `${pageOf(ctx)}?signup=${notice}#signup`;
const sessionPage = (ctx: ActionContext<unknown>, notice: SignupNotice, sessionId: number) =>
  `${pageOf(ctx)}?signup=${notice}&session=${sessionId}#session-${sessionId}`;

/** POST /-/huodong/signup {activityId, name, phone}: an activity's sign-up, or its coupons claimed. */
const huodongSignup = actionHandler<ActivitySignup>({
  check: checkName,
  refusedTo(ctx, r) {
    const notice = noticeOf(r);
    return notice ? activityPage(ctx, notice) : undefined;
  },
  async run(ctx) {
    const { api, call, body: b } = ctx;
    let saved: Awaited<ReturnType<typeof api.activity.signup>>;
    try {
      saved = await api.activity.signup(call, { activityId: b.activityId, name: b.name, phone: b.phone, source: 'form' });
    } catch (err) {
      if (statusOf(err) === 400) throw new ActionRefusal('activityId', NO_ACTIVITY, 400);
      if (statusOf(err) === 409) throw new ActionRefusal(null, SIGNUP_NOTICES.ended, 409);
      throw err;
    }
    if (!saved) throw new ActionRefusal(null, BUSY, 502);
    const notice = saved.duplicate ? 'dup' : 'ok';
    const claimed = saved.couponNos.length && !saved.duplicate;
    return {
      message: claimed ? `领取成功，${saved.couponNos.length}张优惠券已发放至${b.phone}` : SIGNUP_NOTICES[notice],
      obj: saved,
      location: activityPage(ctx, notice),
    };
  },
});

/** POST /-/grouproom/signup {sessionId, name, phone}: a seat on a group viewing (with the member's id, if any). */
const grouproomSignup = actionHandler<GroupSignup>({
  check: checkName,
  refusedTo(ctx, r) {
    const notice = noticeOf(r);
    const sessionId = sessionOf(ctx);
    return notice && sessionId ? sessionPage(ctx, notice, sessionId) : undefined;
  },
  async run(ctx) {
    const { api, call, body: b, memberId } = ctx;
    let saved: Awaited<ReturnType<typeof api.activity.groupSignup>>;
    try {
      saved = await api.activity.groupSignup(call, {
        sessionId: b.sessionId,
        name: b.name,
        phone: b.phone,
        memberId: memberId || undefined,
      });
    } catch (err) {
      if (statusOf(err) === 400) throw new ActionRefusal('sessionId', NO_SESSION, 400);
      if (statusOf(err) === 409) throw new ActionRefusal(null, SIGNUP_NOTICES.full, 409);
      throw err;
    }
    if (!saved) throw new ActionRefusal(null, BUSY, 502);
    const notice = saved.duplicate ? 'dup' : 'ok';
    return { message: SIGNUP_NOTICES[notice], obj: saved, location: sessionPage(ctx, notice, b.sessionId) };
  },
});

/** POST /-/huodong/share {posterId}: a poster shared; the answer is its share count. */
const huodongShare = actionHandler<{ posterId: number }>({
  async run({ api, call, body: b }) {
    try {
      return { message: '分享已记录', obj: await api.activity.posterShare(call, b.posterId) };
    } catch (err) {
      if (statusOf(err) === 404) throw new ActionRefusal('posterId', NO_POSTER, 404);
      throw err;
    }
  },
});

/** POST /-/huodong/qrcode {posterId, scene?}: a visit from a poster's QR code. */
const huodongQrcode = actionHandler<{ posterId: number; scene?: string }>({
  async run({ api, call, body: b }) {
    try {
      return { message: 'ok', obj: await api.activity.qrcodeScan(call, { posterId: b.posterId, scene: b.scene }) };
    } catch (err) {
      if (statusOf(err) === 400) throw new ActionRefusal('posterId', NO_POSTER, 400);
      throw err;
    }
  },
});

/** POST /-/adver/click {promotionId, type, targetId}: recorded in the background; the click is answered 204 at once. */
const adverClick = actionHandler<{ promotionId: number; type: 'loupan' | 'listing'; targetId: number }>({
  async run({ api, call, body: b, city, log }) {
    const payload = {
      event: 'adClick',
      platFormDesc: 'wap',
      sourcePlate: 'adver',
      actPlate: b.type,
      promotionId: b.promotionId,
      targetId: b.targetId,
      cityId: city.cityId,
      pageUrl: '/adver',
    };
    // Not bound by the request's deadline: the answer has gone by the time it runs.
    api.activity.adClick({ reqId: call.reqId, log: call.log }, payload).catch((err: unknown) => {
      log.warn({ err: (err as Error)?.message }, 'ad click not recorded');
    });
    return { noContent: true };
  },
});

export const campaignHandlers = { huodongSignup, grouproomSignup, huodongShare, huodongQrcode, adverClick };
