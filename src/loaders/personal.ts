import type { FormHouse } from '../contracts/page-data/member.ts';
import type {
  CorrectionFormData,
  CouponPageData,
  DemandPageData,
  FeedbackPageData,
  PersonalCenterData,
  Profile,
  ProfileFormData,
  ReportRecordsData,
  ValuationListData,
  ViewHistoryData,
  XiaoxiData,
} from '../contracts/page-data/personal.ts';
import { errors } from '../errors.ts';
import { formStateOf } from '../form-drafts.ts';
import { detailPathOf, kindOfHouseType } from '../lib/listing-kinds.ts';
import { maskPhone } from '../lib/member-forms.ts';
import { safeReturnPath } from '../lib/return-url.ts';
import { gatewayTime, listedWhen, timeLabel } from '../lib/time-label.ts';
import { personalMeta } from '../meta/personal.ts';
import { type PageContext, type PageLoader, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/**
 * The personal centre and the member forms (issue 13, SPEC 7.8). Every page here is member-only (the `member-only`
 * middleware runs first) and never cached; each reads the member from the signed login cookie (ctx.user), and a form
 * page picks up what a refused plain post left for it (src/form-drafts.ts).
 */

/** The member id the gateway's member calls take (the uid of the signed cookie); a page without one is not found. */
function memberId(ctx: PageContext): string {
  const id = ctx.user?.uid || ctx.user?.userId || '';
  if (!id) throw errors.pageNotFound();
  return id;
}

const profileOf = (ctx: PageContext): Profile => ({
  nickName: ctx.user?.nickName || '会员',
  headUrl: ctx.user?.headUrl || '',
  phoneMasked: maskPhone(ctx.user?.phone ?? ''),
});

/** The state of one form on its page: `?ok=1`, or what a refused post left, or fresh. */
const formOf = async (ctx: PageContext, form: string) =>
  formStateOf(ctx.query, await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, form, memberId(ctx)));

/** /personalcenter: profile, live counts of each entry, the latest bookings with their status, the SMS subscriptions. */
export const personalCenter: PageLoader<PersonalCenterData> = pageLoader(async (ctx) => {
  const id = memberId(ctx);
  const phone = /^1\d{10}$/.test(ctx.user?.phone ?? '') ? ctx.user?.phone : undefined;
  const [counts, bookings, subscriptions] = await Promise.all([
    optional(ctx, 'memberSummary', ctx.api.user.memberSummary(ctx.call, id, phone), null),
    optional(ctx, 'kanfangRecords', ctx.api.user.kanfangRecords(ctx.call, id), []),
    phone ? optional(ctx, 'smsSubscriptions', ctx.api.user.smsSubscriptions(ctx.call, phone), []) : Promise.resolve([]),
  ]);
  return { data: { profile: profileOf(ctx), counts, bookings: bookings.slice(0, 5), subscriptions: subscriptions.slice(0, 10) } };
}, personalMeta('个人中心'));

/** /personalcenter/edituserinfo: avatar (and the way to the nickname). */
export const personalEdit: PageLoader<ProfileFormData> = pageLoader(
  async (ctx) => ({ data: { profile: profileOf(ctx), form: await formOf(ctx, 'avatar') } }),
  personalMeta('编辑个人资料'),
);

/** /personalcenter/setnickname */
export const personalNickname: PageLoader<ProfileFormData> = pageLoader(
  async (ctx) => ({ data: { profile: profileOf(ctx), form: await formOf(ctx, 'nickname') } }),
  personalMeta('修改昵称'),
);

/** The personal centre's text pages (agreement, privacy, third-party accounts): nothing to load, never indexed. */
export const personalText: PageLoader<null> = pageLoader(async () => ({ data: null }), personalMeta());

/** /gujiajilu: the member's valuations (filled by the valuation pages). */
export const gujiajilu: PageLoader<ValuationListData> = pageLoader(async (ctx) => {
  const records = await ctx.api.xiaoqu.valuationRecords(ctx.call, memberId(ctx));
  return { data: { records } };
}, personalMeta('我的估价记录'));

/** /personalcenter/liulan: 浏览记录, the member's latest views (recorded by the detail pages, SPEC 7.4), by day. */
export const viewHistory: PageLoader<ViewHistoryData> = pageLoader(async (ctx) => {
  const entries = await ctx.api.user.viewHistory(ctx.call, memberId(ctx));
  return { data: { entries: entries.map((e) => ({ ...e, day: listedWhen(e.viewedAt, ctx.now) })) } };
}, personalMeta('浏览记录'));

/** The message centre's page size. */
const NOTICES_PER_PAGE = 20;

/**
 * /personalcenter/xiaoxi (issue 37 part 3): the member's notices newest first (a page past the last, or a malformed
 * `?page=`, is the 404 screen), the saved searches and the notice settings.
 */
export const xiaoxi: PageLoader<XiaoxiData> = pageLoader(async (ctx) => {
  const raw = ctx.query.page;
  if (raw !== undefined && !/^[1-9][0-9]{0,4}$/.test(raw)) throw errors.pageNotFound();
  const page = raw ? Number(raw) : 1;
  const id = memberId(ctx);
  const [notices, searches, settings] = await Promise.all([
    ctx.api.notice.notices(ctx.call, id, page, NOTICES_PER_PAGE),
    ctx.api.notice.searches(ctx.call, id),
    ctx.api.notice.settings(ctx.call, id),
  ]);
  if (!notices || !settings) throw new Error('notice answer without its fields');
  const totalPages = Math.max(1, notices.totalPages);
  if (page > totalPages) throw errors.pageNotFound();
  return {
    data: {
      notices: notices.content.map((n) => ({ ...n, when: timeLabel(gatewayTime(n.createdAt), ctx.now) })),
      page,
      totalPages,
      unread: notices.unread,
      chatUnread: ctx.chatUnread ?? 0,
      searches,
      settings,
    },
  };
}, personalMeta('消息中心'));

/** /coupon: the member's coupons (by phone) and the city's coupons claimable by number. */
export const coupon: PageLoader<CouponPageData> = pageLoader(async (ctx) => {
  const form = await formOf(ctx, 'coupon');
  const phone = ctx.user?.phone ?? '';
  const [coupons, batches] = await Promise.all([
    /^1[3-9]\d{9}$/.test(phone) ? ctx.api.user.memberCoupons(ctx.call, phone) : Promise.resolve([]),
    optional(ctx, 'couponBatches', ctx.api.user.couponBatches(ctx.call, ctx.city.cityId), []),
  ]);
  return { data: { coupons, batches, form } };
}, personalMeta('我的优惠券'));

/** /jubaoRecord: the member's reports and corrections, with their status. */
export const jubaoRecord: PageLoader<ReportRecordsData> = pageLoader(async (ctx) => {
  const id = memberId(ctx);
  const [reports, corrections] = await Promise.all([ctx.api.user.memberJubao(ctx.call, id), ctx.api.user.correctionRecords(ctx.call, id)]);
  return { data: { reports, corrections } };
}, personalMeta('我的举报记录'));

async function houseOf(ctx: PageContext): Promise<FormHouse | null> {
  const raw = ctx.query.houseId ?? ctx.query.id;
  if (raw === undefined || raw === '') return null;
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw errors.pageNotFound();
  const house = await ctx.api.house.listingDetail(ctx.call, raw).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 404) return null;
    throw err;
  });
  if (!house) throw errors.pageNotFound();
  return {
    houseId: house.houseId,
    houseType: house.houseType,
    title: house.title,
    priceText: house.priceText,
    belongerId: house.belongerId ?? null,
    agentName: house.agentInfo?.name ?? null,
  };
}

/** /report?houseId=: correct a listing's facts (POST /-/member/report → /api/correction/insert). */
export const report: PageLoader<CorrectionFormData> = pageLoader(
  async (ctx) => {
    const form = await formOf(ctx, 'report');
    const house = await houseOf(ctx);
    const detail = house ? detailPathOf(kindOfHouseType(house.houseType), house.houseId) : '/';
    return { data: { house, back: safeReturnPath(ctx.query.back, detail), form, phone: ctx.user?.phone ?? '' } };
  },
  personalMeta<CorrectionFormData>('房源纠错', (d) => d.house?.title ?? null),
);

/** /yonghufankui: the feedback form and the member's earlier feedback. */
export const yonghufankui: PageLoader<FeedbackPageData> = pageLoader(async (ctx) => {
  const form = await formOf(ctx, 'feedback');
  const records = await optional(ctx, 'feedbackRecords', ctx.api.user.feedbackRecords(ctx.call, memberId(ctx)), []);
  return { data: { records, form, phone: ctx.user?.phone ?? '' } };
}, personalMeta('意见反馈'));

/** /shengxinzhaofang, /sxzf, /sxzf.html: the customer demand, pre-filled with the member's last one. */
export const shengxinzhaofang: PageLoader<DemandPageData> = pageLoader(async (ctx) => {
  const form = await formOf(ctx, 'demand');
  const [demand, regions] = await Promise.all([
    optional(ctx, 'memberDemand', ctx.api.user.memberDemand(ctx.call, memberId(ctx)), null),
    ctx.api.config.regions(ctx.call, ctx.city.cityId),
  ]);
  return { data: { demand, regions, form, phone: ctx.user?.phone ?? '' } };
}, personalMeta('省心找房'));

/** The query keys each loader above reads (see loaderQueryKeys). */
export const personalQueryKeys: Readonly<Record<string, readonly string[]>> = {
  personalCenter: [],
  personalEdit: ['ok'],
  personalNickname: ['ok'],
  personalText: [],
  gujiajilu: [],
  coupon: ['ok'],
  jubaoRecord: [],
  report: ['houseId', 'id', 'back', 'ok'],
  yonghufankui: ['ok'],
  shengxinzhaofang: ['ok'],
};
