import { ALL_REMOVE_REASONS, type RemoveReason, readDraft } from '../lib/entrust-steps.ts';
import { cleanText } from '../lib/form-refusal.ts';
import { back } from './fields.ts';
import { withQuery } from './run-action.ts';
import { ActionRefusal, actionHandler } from './types.ts';

/**
 * The entrustment actions (issue 17) on the action stage (issue 33), under /-/entrust/*: submit an entrustment (the
 * flow's answers, checked again with the rules of every step, then the owner's name, phone and the agreement), change
 * its price, withdraw it with a reason. Member-only; a plain post goes to the entrustment after a success, back to the
 * form with the message and what was typed after a refusal (the form names are the ones src/loaders/yijianweituo.ts
 * takes). The gateway checks it all again and refuses an illegal state (400 naming it: 委托状态为已下架，不能改价).
 */

const short = (title: string) => ({ type: 'string', maxLength: 40, title }) as const;
const id = { type: 'string', pattern: '^[1-9][0-9]{0,9}$', title: '委托' } as const;

export const entrustBodies = {
  entrustSave: {
    type: 'object',
    required: ['kind', 'stressId', 'contact', 'phone'],
    additionalProperties: false,
    properties: {
      kind: short('委托类型'),
      stressId: short('小区'),
      building: short('楼栋'),
      unit: short('单元'),
      floor: short('所在楼层'),
      totalFloors: short('总楼层'),
      room: short('门牌号'),
      area: short('建筑面积'),
      rooms: short('室'),
      halls: short('厅'),
      toilets: short('卫'),
      orientation: short('朝向'),
      decoration: short('装修'),
      price: short('价格'),
      contact: { type: 'string', maxLength: 100, title: '称呼' },
      phone: short('手机号'),
      remark: { type: 'string', maxLength: 1100, title: '补充说明' },
      agree: short('用户服务协议'),
      back,
    },
  },
  entrustModifyPrice: {
    type: 'object',
    required: ['id', 'price'],
    additionalProperties: false,
    properties: { id, price: short('价格'), back },
  },
  entrustRemoveShelf: {
    type: 'object',
    required: ['id', 'reason'],
    additionalProperties: false,
    properties: { id, reason: { type: 'string', enum: [...ALL_REMOVE_REASONS], title: '下架原因' }, back },
  },
} as const;

type Fields = Record<string, string | undefined>;

/** Every step's answers again (src/lib/entrust-steps.ts), then the owner's name, phone, remark and the agreement. */
function entrustOf(b: Fields) {
  const r = readDraft(b, 'done');
  if ('problem' in r) throw new ActionRefusal(r.problem.field, r.problem.message);
  const contact = cleanText(b.contact, 'contact', '称呼', 1, 30, false);
  if (!/^1[3-9]\d{9}$/.test(b.phone ?? '')) throw new ActionRefusal('phone', '请填写正确的手机号');
  const remark = cleanText(b.remark ?? '', 'remark', '补充说明', 0, 500);
  if (b.agree !== '1') throw new ActionRefusal('agree', '请阅读并同意用户服务协议');
  return { draft: r.draft, contact, phone: b.phone as string, remark };
}

const NOT_FOUND = '委托不存在';

/** POST /-/entrust/save: a new entrustment (待受理), then its page. */
const save = actionHandler<Fields>({
  notFound: NOT_FOUND,
  draft: () => 'entrust',
  check: (b) => void entrustOf(b),
  async run({ api, call, body, memberId, city }) {
    const { draft: d, contact, phone, remark } = entrustOf(body);
    const saved = await api.user.entrustSave(call, {
      memberId,
      cityId: city.cityId,
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
      phone,
      remark: remark || undefined,
    });
    if (!saved) throw new ActionRefusal(null, '服务繁忙，请稍后再试', 502);
    return { message: '已保存', obj: { id: saved.id }, location: withQuery(`/Index/yijianweituo/${saved.id}`, 'ok', '1') };
  },
});

/** POST /-/entrust/modifyprice {id, price}: the price change, then the entrustment's log. */
const modifyPrice = actionHandler<{ id: string; price: string }>({
  notFound: NOT_FOUND,
  draft: () => 'modifyprice',
  check(b) {
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(b.price) || Number(b.price) <= 0) throw new ActionRefusal('price', '请填写正确的价格');
  },
  async run({ api, call, body: b, memberId }) {
    const saved = await api.user.entrustModifyPrice(call, { id: Number(b.id), memberId, price: Number(b.price) });
    const id = saved?.id ?? Number(b.id);
    return { message: '已保存', obj: { id }, location: withQuery(`/Index/yijianweituo/log?id=${id}`, 'ok', '1') };
  },
});

/** POST /-/entrust/removeshelf {id, reason}: the withdrawal, then the entrustment. */
const removeShelf = actionHandler<{ id: string; reason: RemoveReason }>({
  notFound: NOT_FOUND,
  draft: () => 'removeshelf',
  async run({ api, call, body: b, memberId }) {
    const saved = await api.user.entrustRemoveShelf(call, { id: Number(b.id), memberId, reason: b.reason });
    const id = saved?.id ?? Number(b.id);
    return { message: '已保存', obj: { id }, location: withQuery(`/Index/yijianweituo/${id}`, 'ok', '1') };
  },
});

export const entrustHandlers = { entrustSave: save, entrustModifyPrice: modifyPrice, entrustRemoveShelf: removeShelf };
