import type { CollectKind } from '../api/user.ts';
import { back, rowId } from './fields.ts';
import { withQuery } from './run-action.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * What a member saved can be managed (issue 34): remove several favourites at once, cancel a booking still 待确认,
 * delete a valuation, withdraw a report still 待处理, delete one thing from 浏览记录 or clear it. The member is the session's (`member-only`), never the body's;
 * the gateway touches only that member's rows. A plain form post returns to its page with `?notice=<code>`, or with
 * `?error=<code>` when the gateway refuses (another member's record is not found, one no longer pending is 409).
 * Member pages are not cached, so nothing is invalidated: the page re-loads its data after the 303.
 */

const KINDS = ['ershoufang', 'rent', 'newhouse', 'xiaoqu', 'overseas'] as const;
const ITEM = `^(${KINDS.join('|')}):[1-9][0-9]{0,15}$`;

/** One record of the member's, by its row id. */
const recordBody = (title: string) =>
  ({
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { ...rowId, title }, back },
  }) as const;

export const savedBodies = {
  /** 我的收藏's edit mode: repeated `item=kind:houseId` fields (one field is coerced to a list of one). */
  favouriteBatch: {
    type: 'object',
    required: ['item'],
    additionalProperties: false,
    properties: {
      item: {
        type: 'array',
        minItems: 1,
        maxItems: 200,
        items: { type: 'string', pattern: ITEM },
        title: '要删除的收藏',
        errorMessage: { minItems: '请选择要删除的收藏', pattern: '要删除的收藏不正确', type: '请选择要删除的收藏' },
      },
      back,
    },
    errorMessage: { required: { item: '请选择要删除的收藏' } },
  },
  kanfangCancel: recordBody('预约'),
  gujiaDelete: recordBody('估价记录'),
  jubaoWithdraw: recordBody('举报记录'),
  /** 浏览记录's 删除 on one thing: `item=kind:houseId`. */
  historyRemove: {
    type: 'object',
    required: ['item'],
    additionalProperties: false,
    properties: {
      item: { type: 'string', pattern: ITEM, title: '浏览记录', errorMessage: { pattern: '浏览记录不正确', type: '浏览记录不正确' } },
      back,
    },
    errorMessage: { required: { item: '请选择要删除的浏览记录' } },
  },
  historyClear: { type: 'object', additionalProperties: false, properties: { back } },
} as const;

/** A gateway 404 or 409 said to the member; a form post goes back to its page with `?error=<code>`. */
async function refusing<T>(ctx: ActionContext<{ id: number }>, codes: { 404: string; 409: string }, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 409) {
      const message = status === 404 ? codes[404] : (err as Error).message || codes[409];
      throw new ActionRefusal('id', /[\u4e00-\u9fff]/.test(message) ? message : codes[status], status, {
        location: withQuery(ctx.back, 'error', status === 404 ? 'notfound' : 'conflict'),
      });
    }
    throw err;
  }
}

/** POST /-/action/favourite-batch {item: ['ershoufang:12', 'xiaoqu:3']}: remove the chosen favourites. */
const favouriteBatch = actionHandler<{ item: string[] }>({
  async run({ api, call, body, memberId, back }) {
    const seen = new Set<string>();
    const items: Array<{ houseId: number; kind: CollectKind }> = [];
    for (const it of body.item) {
      if (seen.has(it)) continue;
      seen.add(it);
      const [kind, id] = it.split(':');
      items.push({ kind: kind as CollectKind, houseId: Number(id) });
    }
    const done = await api.user.removeCollects(call, memberId, items);
    const removed = done?.removed ?? 0;
    return {
      message: removed ? `已删除${removed}条收藏` : '所选收藏已不在列表中',
      obj: { removed },
      location: withQuery(back, 'notice', 'removed'),
    };
  },
});

/** POST /-/action/kanfang-cancel {id}: cancel the member's own booking while it is 待确认 (→ 已取消). */
const kanfangCancel = actionHandler<{ id: number }>({
  async run(ctx) {
    const { api, call, body, memberId, back } = ctx;
    const done = await refusing(ctx, { 404: '预约不存在', 409: '该预约已确认，不能取消' }, api.user.cancelKanfang(call, body.id, memberId));
    return {
      message: '预约已取消',
      obj: done ?? { id: body.id, status: '已取消' },
      location: withQuery(back, 'notice', 'cancelled'),
    };
  },
});

/** POST /-/action/gujia-delete {id}: delete one of the member's valuations (/gujiajilu). */
const gujiaDelete = actionHandler<{ id: number }>({
  async run(ctx) {
    const { api, call, body, memberId, back } = ctx;
    await refusing(ctx, { 404: '估价记录不存在', 409: '估价记录不能删除' }, api.user.deleteValuation(call, body.id, memberId));
    return { message: '估价记录已删除', obj: { id: body.id, deleted: true }, location: withQuery(back, 'notice', 'deleted') };
  },
});

/** POST /-/action/jubao-withdraw {id}: withdraw the member's own report while it is 待处理 (/jubaoRecord). */
const jubaoWithdraw = actionHandler<{ id: number }>({
  async run(ctx) {
    const { api, call, body, memberId, back } = ctx;
    await refusing(ctx, { 404: '举报记录不存在', 409: '该举报已处理，不能撤回' }, api.user.withdrawJubao(call, body.id, memberId));
    return { message: '举报已撤回', obj: { id: body.id, withdrawn: true }, location: withQuery(back, 'notice', 'withdrawn') };
  },
});

/** POST /-/action/history-remove {item: 'xiaoqu:3'}: take one thing out of the member's 浏览记录. */
const historyRemove = actionHandler<{ item: string }>({
  async run({ api, call, body, memberId, back }) {
    const [kind, id] = body.item.split(':');
    try {
      await api.user.removeViewHistory(call, memberId, Number(id), kind as CollectKind);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      throw new ActionRefusal('item', '该浏览记录已删除', 404, { location: withQuery(back, 'error', 'notfound') });
    }
    return { message: '已删除该浏览记录', obj: { kind, houseId: Number(id) }, location: withQuery(back, 'notice', 'removed') };
  },
});

/** POST /-/action/history-clear: empty the member's 浏览记录. */
const historyClear = actionHandler<Record<string, never>>({
  async run({ api, call, memberId, back }) {
    const done = await api.user.clearViewHistory(call, memberId);
    return { message: '浏览记录已清空', obj: { removed: done?.removed ?? 0 }, location: withQuery(back, 'notice', 'cleared') };
  },
});

export const savedHandlers = { favouriteBatch, kanfangCancel, gujiaDelete, jubaoWithdraw, historyRemove, historyClear };
