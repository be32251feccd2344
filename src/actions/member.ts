import type { CollectKind } from '../api/user.ts';
import { DIANPING_CONTENT_MAX, DIANPING_CONTENT_MIN, DIANPING_ERRORS, DIANPING_SAVED } from '../lib/dianping.ts';
import { JUBAO_REASONS } from '../lib/jubao.ts';
import { fieldsOf, inputOf } from '../lib/valuation-fields.ts';
import { back, safeId as id, mobile as phone } from './fields.ts';
import { withQuery } from './run-action.ts';
import { ActionRefusal, actionHandler } from './types.ts';

/**
 * The member actions of the detail pages (SPEC 6, 7.7, 7.8): favourite, book a viewing, report, rate an adviser, keep
 * a valuation. The member is the session's (the `member-only` gate), never the body's.
 */

export const memberBodies = {
  favourite: {
    type: 'object',
    required: ['houseId', 'kind'],
    additionalProperties: false,
    properties: {
      houseId: { ...id, title: '房源编号' },
      kind: { type: 'string', enum: ['ershoufang', 'rent', 'newhouse', 'xiaoqu', 'overseas'], title: '收藏类型' },
      op: { type: 'string', enum: ['add', 'remove'], default: 'add', title: '收藏操作' },
      back,
    },
  },
  kanfang: {
    type: 'object',
    required: ['name', 'phone'],
    additionalProperties: false,
    properties: {
      houseId: { ...id, title: '房源编号' },
      name: { type: 'string', minLength: 1, maxLength: 30, title: '姓名' },
      phone,
      visitDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2})?$', title: '看房时间' },
      remark: { type: 'string', maxLength: 500, title: '备注' },
      back,
    },
  },
  jubao: {
    type: 'object',
    required: ['houseId', 'reason'],
    additionalProperties: false,
    properties: {
      houseId: { ...id, title: '房源编号' },
      reason: { type: 'string', enum: JUBAO_REASONS, title: '举报原因' },
      content: { type: 'string', maxLength: 500, title: '补充说明' },
      phone,
      back,
    },
  },
  /** A valuation to keep (the fields of /fangjia/gjinfo's 保存 form; their rules are src/lib/valuation-fields.ts). */
  gujia: {
    type: 'object',
    required: ['stressId', 'area', 'rooms', 'floor', 'totalFloors', 'orientation', 'decoration'],
    additionalProperties: false,
    properties: {
      stressId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$', title: '小区' },
      area: { type: 'string', maxLength: 20, title: '面积' },
      rooms: { type: 'string', maxLength: 20, title: '户型' },
      floor: { type: 'string', maxLength: 20, title: '楼层' },
      totalFloors: { type: 'string', maxLength: 20, title: '总楼层' },
      orientation: { type: 'string', maxLength: 20, title: '朝向' },
      decoration: { type: 'string', maxLength: 20, title: '装修' },
      back,
    },
  },
  /** The new-home rating form of /xinfang/pjguwen: an adviser (and the estate), 1 to 5 stars, 2 to 300 characters. */
  dianping: {
    type: 'object',
    required: ['score', 'content'],
    anyOf: [{ required: ['belongerId'] }, { required: ['houseId'] }],
    additionalProperties: false,
    properties: {
      belongerId: { ...id, errorMessage: DIANPING_ERRORS.target },
      houseId: { ...id, errorMessage: DIANPING_ERRORS.target },
      score: { type: 'integer', minimum: 1, maximum: 5, errorMessage: DIANPING_ERRORS.score },
      content: { type: 'string', minLength: DIANPING_CONTENT_MIN, maxLength: DIANPING_CONTENT_MAX, errorMessage: DIANPING_ERRORS.content },
      back,
    },
    errorMessage: {
      anyOf: DIANPING_ERRORS.target,
      required: { score: DIANPING_ERRORS.score, content: DIANPING_ERRORS.content },
    },
  },
} as const;

const NOT_FOUND = '房源不存在';

/** POST /-/action/favourite {houseId, kind, op}: add or remove a favourite of one of SPEC 7.8's kinds. */
const favourite = actionHandler<{ houseId: number; kind: CollectKind; op: 'add' | 'remove' }>({
  notFound: NOT_FOUND,
  async run({ api, call, body: b, memberId, back }) {
    if (b.op === 'remove') await api.user.removeCollect(call, b.houseId, memberId, b.kind);
    else await api.user.collect(call, b.kind, b.houseId, memberId);
    const collected = b.op !== 'remove';
    return {
      message: collected ? '已收藏' : '已取消收藏',
      obj: { houseId: b.houseId, kind: b.kind, collected },
      location: withQuery(back, 'notice', collected ? 'favourited' : 'unfavourited'),
    };
  },
});

/** POST /-/action/kanfang: book a viewing (api/kanfang/add) of a listing, with its type and agent. */
const kanfang = actionHandler<{ houseId?: number; name: string; phone: string; visitDate?: string; remark?: string }>({
  notFound: NOT_FOUND,
  async run({ api, call, body: b, memberId, city }) {
    const house = b.houseId ? await api.house.listingDetail(call, b.houseId) : null;
    if (b.houseId && !house) throw new ActionRefusal('houseId', NOT_FOUND, 404);
    const saved = await api.user.kanfang(call, {
      cityId: city.cityId,
      houseId: house?.houseId,
      houseType: house?.houseType,
      belongerId: house?.belongerId ?? undefined,
      memberId,
      name: b.name,
      phone: b.phone,
      visitDate: b.visitDate,
      remark: b.remark,
      source: 'wap',
    });
    return { message: '预约成功，经纪人会尽快与您联系', obj: saved };
  },
});

/**
 * POST /-/action/dianping: rate a new-home adviser (api/yhdianping/adddianping, SPEC 7.7) from /xinfang/pjguwen. A
 * form post comes back with `?error=<code>` (the page's own messages) or `?notice=rated`.
 */
const dianping = actionHandler<{ belongerId?: number; houseId?: number; score: number; content: string }>({
  check(b) {
    if (b.content.trim().length < DIANPING_CONTENT_MIN) throw new ActionRefusal('content', DIANPING_ERRORS.content);
  },
  async run({ api, call, body: b, memberId, user, city, back, log }) {
    try {
      const saved = await api.belonger.addDianping(call, {
        belongerId: b.belongerId,
        houseId: b.houseId,
        cityId: city.cityId,
        memberId,
        nickName: user?.nickName ? user.nickName.slice(0, 30) : undefined,
        headUrl: user?.headUrl && user.headUrl.length <= 300 ? user.headUrl : undefined,
        score: b.score,
        content: b.content.trim(),
      });
      return { message: DIANPING_SAVED, obj: saved, location: withQuery(back, 'notice', 'rated') };
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 409 || status === 404 || status === 400) log.info({ err }, 'action refused by the gateway');
      if (status === 409) throw new ActionRefusal(null, DIANPING_ERRORS.again, 409);
      if (status === 404 || status === 400) throw new ActionRefusal(null, b.belongerId ? '经纪人不存在' : '楼盘不存在', status);
      throw err;
    }
  },
  // The page says its own refusals (`?error=<code>`, src/lib/dianping.ts); any other is answered as it is.
  refusedTo: ({ back }, r) => {
    const code = Object.entries(DIANPING_ERRORS).find(([, message]) => message === r.message)?.[0];
    return code ? withQuery(back, 'error', code) : undefined;
  },
});

/**
 * POST /-/action/gujia: keep a valuation in the member's 估价记录 (issue 33: the result page, a GET, saves nothing).
 * The form post goes to the kept valuation's page; fetch() gets its record id.
 */
const gujia = actionHandler<Record<string, string>>({
  check(body) {
    const input = inputOf(fieldsOf(body));
    if (typeof input === 'string') throw new ActionRefusal(null, input);
  },
  async run({ api, call, body, memberId }) {
    const fields = fieldsOf(body);
    const input = inputOf(fields);
    if (typeof input === 'string') throw new ActionRefusal(null, input);
    try {
      const result = await api.xiaoqu.estimate(call, { memberId, stressId: Number(fields.stressId), ...input });
      if (!result?.recordId) throw new ActionRefusal('stressId', '小区不存在，请重新选择小区', 404);
      return { message: '估价已保存', obj: { recordId: result.recordId }, location: `/fangjia/gjinfo?id=${result.recordId}` };
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) throw new ActionRefusal('stressId', '小区不存在，请重新选择小区', 404);
      throw err;
    }
  },
});

/** POST /-/action/jubao: report a listing (api/jubao/save). */
const jubao = actionHandler<{ houseId: number; reason: string; content?: string; phone?: string }>({
  notFound: NOT_FOUND,
  async run({ api, call, body: b, memberId, user }) {
    const house = await api.house.listingDetail(call, b.houseId);
    if (!house) throw new ActionRefusal('houseId', NOT_FOUND, 404);
    const saved = await api.user.jubao(call, {
      houseId: house.houseId,
      houseType: house.houseType,
      memberId,
      phone: b.phone ?? (user?.phone || undefined),
      reason: b.reason,
      content: b.content,
    });
    return { message: '举报已提交，我们会尽快核实', obj: saved };
  },
});

export const memberHandlers = { favourite, kanfang, dianping, gujia, jubao };
