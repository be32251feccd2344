import { Ajv } from 'ajv';
import type { Got } from 'got';
import { getList, getObj, getPage, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { listingItemSchema, loupanItemSchema } from './records.ts';
import type { ActivityDetail, ActivitySummary, Banner, GroupSession, GroupSignupResult, Page, Promotion, SignupResult } from './types.ts';

/** The fields the campaign pages cannot render without (src/api/records.ts explains the rule). */
const ajv = new Ajv({ allErrors: false, strict: true });
const text = { type: 'string', minLength: 1 } as const;
const id = { type: 'integer', minimum: 1 } as const;
const time = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' } as const;
const summaryProps = {
  id,
  cityId: id,
  kind: text,
  name: text,
  subtitle: { type: 'string' },
  banner: text,
  benefit: text,
  startsAt: time,
  endsAt: time,
  state: { type: 'string', enum: ['running', 'ended', 'upcoming'] },
  posterId: id,
  signupCount: { type: 'integer', minimum: 0 },
} as const;
const summaryRequired = Object.keys(summaryProps);
const item = {
  type: 'object',
  required: ['type', 'note'],
  properties: {
    type: { type: 'string', enum: ['loupan', 'listing'] },
    note: { type: 'string' },
    specialPrice: { type: ['number', 'null'] },
    loupan: { anyOf: [{ type: 'null' }, loupanItemSchema] },
    listing: { anyOf: [{ type: 'null' }, listingItemSchema] },
  },
} as const;
const checks = {
  summary: ajv.compile({ type: 'object', required: summaryRequired, properties: summaryProps }),
  detail: ajv.compile({
    type: 'object',
    required: [...summaryRequired, 'rules', 'place', 'hotline', 'items', 'coupons'],
    properties: {
      ...summaryProps,
      rules: { type: 'array', items: text },
      place: { type: 'string' },
      hotline: { type: 'string' },
      items: { type: 'array', items: item },
      coupons: {
        type: 'array',
        items: {
          type: 'object',
          required: ['couponNo', 'title', 'amount'],
          properties: { couponNo: text, title: text, amount: { type: 'number' } },
        },
      },
    },
  }),
  session: ajv.compile({
    type: 'object',
    required: ['id', 'title', 'startsAt', 'meetingPoint', 'seats', 'seatsLeft', 'route', 'loupan'],
    properties: {
      id,
      title: text,
      startsAt: time,
      meetingPoint: text,
      seats: { type: 'integer', minimum: 1 },
      seatsLeft: { type: 'integer', minimum: 0 },
      route: { type: 'array', items: text },
      loupan: loupanItemSchema,
    },
  }),
  promotion: ajv.compile({
    type: 'object',
    required: ['id', 'slogan', 'type'],
    properties: {
      id,
      slogan: text,
      type: { type: 'string', enum: ['loupan', 'listing'] },
      loupan: { anyOf: [{ type: 'null' }, loupanItemSchema] },
      listing: { anyOf: [{ type: 'null' }, listingItemSchema] },
    },
  }),
  banner: ajv.compile({ type: 'object', required: ['title', 'img', 'link'], properties: { title: text, img: text, link: text } }),
};

/**
 * Campaigns (issue 19): activities by id, of a kind or listed (our paths), their banners (SPEC 7.2 web/banner/getpic,
 * api/infomercial/pic/get), sign-ups, poster shares and QR scans (SPEC 7.8 tracking and promotion), group viewings and
 * the promoted items of /adver.
 */
export function createActivityApi(gateway: Got) {
  return {
    detail: (call: CallContext, id: number) => getObj<ActivityDetail>(gateway, call, `/api/activity/detail/${seg(id)}`, {}, checks.detail),
    current: (call: CallContext, cityId: number, kind: string) =>
      getObj<ActivityDetail>(gateway, call, `/api/activity/current/${seg(cityId)}/${seg(kind)}`, {}, checks.detail),
    list: (call: CallContext, cityId: number, f: { kind?: string; state?: string; page: number; size: number }) =>
      getPage<Page<ActivitySummary>>(
        gateway,
        call,
        `/api/activity/list/${seg(cityId)}`,
        { searchParams: { kind: f.kind, state: f.state, page: f.page, size: f.size } },
        f.size,
        checks.summary,
      ),
    banners: (call: CallContext, cityId: number, content: string) =>
      getList<Banner>(gateway, call, `web/banner/getpic/${seg(cityId)}/${seg(content)}`, {}, checks.banner),
    infomercial: (call: CallContext, cityId: number, text: string) =>
      getList<Banner>(gateway, call, `/api/infomercial/pic/get/${seg(cityId)}/${seg(text)}`, {}, checks.banner),
    signup: (call: CallContext, body: { activityId: number; name: string; phone: string; source: 'form' | 'coupon' }) =>
      getObj<SignupResult>(gateway, call, '/api/template/updateCustomerFlowDataRecord', post(body)),
    posterShare: (call: CallContext, posterId: number) => getObj<number>(gateway, call, `/api/template/posterShareUv/${seg(posterId)}`),
    qrcodeScan: (call: CallContext, body: { posterId: number; scene?: string }) =>
      getObj<{ id: number }>(gateway, call, '/api/qrcodePutInCount/save', post(body)),
    adClick: (call: CallContext, body: Record<string, unknown>) =>
      getObj<{ id: number }>(gateway, call, 'api/huoDongTG/install', post(body)),
    groupSessions: (call: CallContext, cityId: number) =>
      getList<GroupSession>(gateway, call, `/api/grouproom/sessions/${seg(cityId)}`, {}, checks.session),
    groupSignup: (call: CallContext, body: { sessionId: number; name: string; phone: string; memberId?: string }) =>
      getObj<GroupSignupResult>(gateway, call, '/api/grouproom/signup', post(body)),
    promotions: (call: CallContext, cityId: number) =>
      getList<Promotion>(gateway, call, `/api/promotion/list/${seg(cityId)}`, {}, checks.promotion),
  };
}
