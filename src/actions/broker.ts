import {
  FRANCHISE_DUPLICATE,
  FRANCHISE_SAVED,
  INVESTMENT_SAVED,
  REVIEW_ASPECTS,
  REVIEW_MAX,
  REVIEW_MIN,
  REVIEW_SAVED,
  reviewDraft,
} from '../lib/broker-forms.ts';
import { cleanText } from '../lib/form-refusal.ts';
import { back, safeId as id, typedText as text } from './fields.ts';
import { BUSY } from './gates.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * The agent and franchise forms (issue 17 part C; issue 33) under /-/broker/*: rate an agent per aspect (members), apply
 * for a franchise and leave an investment enquiry (visitors too). A plain form post goes back to its page with `?ok=…`,
 * or with the message and what was typed after a refusal (drafts `broker-review:<id>`, `broker-jiameng`,
 * `broker-zhaoshang`, kept under the session's member id, '' for a visitor; src/loaders/dianping.ts takes them).
 */

/** The phone as typed (spaces and dashes allowed inside); the check makes it the 11 digits the limits count by. */
const phone = { type: 'string', maxLength: 20, title: '手机号' } as const;

const LABELS: Readonly<Record<string, string>> = {
  belongerId: '经纪人',
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

const starsMessage = (key: string) => `请为${LABELS[key]}打分（1-5星）`;
const star = (key: string) => ({ type: 'integer', minimum: 1, maximum: 5, errorMessage: starsMessage(key) }) as const;

export const brokerBodies = {
  brokerReview: {
    type: 'object',
    required: ['belongerId', 'professional', 'attitude', 'response', 'content'],
    additionalProperties: false,
    properties: {
      belongerId: { ...id, title: LABELS.belongerId },
      professional: star('professional'),
      attitude: star('attitude'),
      response: star('response'),
      content: text(REVIEW_MAX, LABELS.content as string),
      back,
    },
    errorMessage: {
      required: {
        professional: starsMessage('professional'),
        attitude: starsMessage('attitude'),
        response: starsMessage('response'),
      },
    },
  },
  brokerJiameng: {
    type: 'object',
    required: ['name', 'phone', 'city'],
    additionalProperties: false,
    properties: {
      name: text(30, LABELS.name as string),
      phone,
      city: text(30, LABELS.city as string),
      company: text(60, LABELS.company as string),
      stores: { type: 'string', pattern: '^[0-9]{1,5}$', title: LABELS.stores, errorMessage: '门店数量请填写数字' },
      back,
    },
  },
  brokerZhaoshang: {
    type: 'object',
    required: ['name', 'phone'],
    additionalProperties: false,
    properties: {
      name: text(30, LABELS.name as string),
      phone,
      company: text(60, LABELS.company as string),
      intention: text(60, LABELS.intention as string),
      back,
    },
  },
} as const;

const field = (b: Record<string, unknown>, k: string, min: number, max: number, multiline = false) =>
  cleanText(b[k], k, LABELS[k] ?? k, min, max, multiline);

const PHONE = /^1[3-9]\d{9}$/;

/**
 * The phone as the gateway and the per-phone limit take it: spaces and dashes typed inside it dropped (the stage has
 * trimmed the ends), written back to the body so `body:phone` counts " 139 1234 5678" and "13912345678" as one.
 */
function checkPhone(b: { phone?: unknown }): void {
  const s = typeof b.phone === 'string' ? b.phone.replace(/[\s-]/g, '') : '';
  if (!s) throw new ActionRefusal('phone', '请填写手机号');
  if (!PHONE.test(s)) throw new ActionRefusal('phone', '请填写正确的11位手机号');
  b.phone = s;
}

/** The gateway saved nothing it can name: busy (logged, it is not the visitor's doing). */
function busy(ctx: ActionContext<unknown>): never {
  ctx.log.error({ action: ctx.entry.name }, 'broker action: the gateway answered no record');
  throw new ActionRefusal(null, BUSY, 502);
}

/** An agent id as posted (the form's hidden field), or null. */
const postedId = (value: unknown): string | null => {
  const s = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return /^[1-9][0-9]{0,15}$/.test(s) ? s : null;
};

type Review = { belongerId: number; professional: number; attitude: number; response: number; content: string };

/** POST /-/broker/review: a member rates an agent of this city (yhdianping/adddianping with the aspects), once a month. */
const review = actionHandler<Review>({
  notFound: '经纪人不存在',
  draft: (posted) => reviewDraft(Number(postedId(posted.belongerId) ?? 0)),
  refusedTo: (ctx) => `/dianping/${postedId(ctx.posted.belongerId) ?? ''}`,
  check(b) {
    field(b, 'content', REVIEW_MIN, REVIEW_MAX, true);
  },
  async run(ctx) {
    const { api, call, body: b, memberId, user } = ctx;
    const agent = await api.belonger.find(call, b.belongerId);
    if (!agent || agent.cityId !== ctx.city.cityId) throw new ActionRefusal(null, '经纪人不存在', 404);
    const aspects = Object.fromEntries(REVIEW_ASPECTS.map(({ key }) => [key, b[key]])) as Record<
      (typeof REVIEW_ASPECTS)[number]['key'],
      number
    >;
    const got = await api.belonger.addDianping(call, {
      belongerId: b.belongerId,
      cityId: agent.cityId,
      memberId,
      nickName: user?.nickName || undefined,
      score: Math.round((b.professional + b.attitude + b.response) / 3),
      content: field(b, 'content', REVIEW_MIN, REVIEW_MAX, true),
      aspects,
    });
    // The agent's pages show the rating at once, not after their cached copies expire.
    const params = { id: String(b.belongerId) };
    for (const page of ['broker', 'broker.details', 'dianping', 'dpDetail']) ctx.invalidate(page, params);
    const location = `/dianping/${b.belongerId}?ok=1`;
    return { message: REVIEW_SAVED, obj: { ...(got ?? {}), location }, location };
  },
});

type Franchise = { name: string; phone: string; city: string; company?: string; stores?: string };

/** POST /-/broker/jiameng: a franchise application (www apply/saveApply); a second one within 24 h is answered kindly. */
const jiameng = actionHandler<Franchise>({
  draft: () => 'broker-jiameng',
  refusedTo: () => '/jiameng/',
  check(b) {
    field(b, 'name', 1, 30);
    checkPhone(b);
    field(b, 'city', 1, 30);
    field(b, 'company', 0, 60);
  },
  async run(ctx) {
    const { api, call, body: b } = ctx;
    const got = (await api.user.franchiseApply(call, {
      name: field(b, 'name', 1, 30),
      phone: b.phone,
      city: field(b, 'city', 1, 30),
      company: field(b, 'company', 0, 60) || undefined,
      stores: b.stores ? Number(b.stores) : undefined,
    })) as { id: number; duplicate?: boolean } | null;
    if (!got?.id) busy(ctx);
    const location = `/jiameng/?ok=${got.duplicate ? 'again' : '1'}`;
    return { message: got.duplicate ? FRANCHISE_DUPLICATE : FRANCHISE_SAVED, obj: { ...got, location }, location };
  },
});

type Investment = { name: string; phone: string; company?: string; intention?: string };

/** POST /-/broker/zhaoshang: an investment-attraction enquiry of this city (cityAttractInvestment). */
const zhaoshang = actionHandler<Investment>({
  draft: () => 'broker-zhaoshang',
  refusedTo: () => '/jiameng/?form=zhaoshang',
  check(b) {
    field(b, 'name', 1, 30);
    checkPhone(b);
    field(b, 'company', 0, 60);
    field(b, 'intention', 0, 60);
  },
  async run(ctx) {
    const { api, call, body: b, city } = ctx;
    const got = await api.user.attractInvestment(call, {
      cityId: city.cityId,
      name: field(b, 'name', 1, 30),
      phone: b.phone,
      company: field(b, 'company', 0, 60) || undefined,
      intention: field(b, 'intention', 0, 60) || undefined,
    });
    if (!got?.id) busy(ctx);
    const location = '/jiameng/?ok=zhaoshang';
    return { message: INVESTMENT_SAVED, obj: { ...got, location }, location };
  },
});

export const brokerHandlers = { brokerReview: review, brokerJiameng: jiameng, brokerZhaoshang: zhaoshang };
