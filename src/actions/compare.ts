import { COMPARE_KINDS, COMPARE_MAX, type CompareKind, type CompareList, compareHref } from '../lib/compare.ts';
import { back, rowId } from './fields.ts';
import { withQuery } from './run-action.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * 加入对比 for members (issue 37 part 4): the member's compare list on the gateway, so it follows the member from
 * browser to browser (a visitor's is kept in the browser, src/client/compare/). Every answer's `obj` is the member's
 * whole list `{kind, ids}`. A plain form post (no JavaScript) goes to the comparison itself, /duibi?type=&ids=, where
 * a refused add is said (`notice`). Member pages are never cached and /duibi?ids= depends on its URL only, so nothing
 * is invalidated.
 */

const ITEM = `^(${COMPARE_KINDS.join('|')}):[1-9][0-9]{0,9}$`;

/** One home: `item=ershoufang:12` (a card's button and the detail's form post the same field). */
const itemBody = {
  type: 'object',
  required: ['item'],
  additionalProperties: false,
  properties: {
    item: { type: 'string', pattern: ITEM, title: '对比房源', errorMessage: { pattern: '对比房源不正确', type: '对比房源不正确' } },
    back,
  },
  errorMessage: { required: { item: '请选择要对比的房源' } },
} as const;

export const compareBodies = {
  compareItem: itemBody,
  compareClear: { type: 'object', additionalProperties: false, properties: { back } },
  /** The browser's list, joined to the member's at login (JSON only). */
  compareMerge: {
    type: 'object',
    additionalProperties: false,
    properties: {
      kind: { type: 'string', enum: [...COMPARE_KINDS], title: '对比类型', errorMessage: { enum: '对比类型不正确' } },
      ids: {
        type: 'array',
        maxItems: COMPARE_MAX,
        items: rowId,
        title: '对比房源',
        errorMessage: { maxItems: `最多同时对比${COMPARE_MAX}套房源`, type: '对比房源不正确' },
      },
    },
  },
} as const;

const itemOf = (item: string): { kind: CompareKind; houseId: number } => {
  const [kind, id] = item.split(':');
  return { kind: kind as CompareKind, houseId: Number(id) };
};

const answer = (list: CompareList, message: string) => ({ message, obj: list, location: compareHref(list) });

/** A gateway 409 (full, another kind) or 404 (gone) said in Chinese, the form post taken to the comparison. */
async function refusing(ctx: ActionContext<{ item: string }>, kind: CompareKind, write: Promise<CompareList>): Promise<CompareList> {
  try {
    return await write;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== 404 && status !== 409) throw err;
    const message = (err as Error).message;
    const current = await ctx.api.compare.list(ctx.call, ctx.memberId);
    const code = status === 404 ? 'gone' : current.kind && current.kind !== kind ? `kind-${kind}` : 'full';
    throw new ActionRefusal('item', /[\u4e00-\u9fff]/.test(message) ? message : '操作失败，请稍后再试', status, {
      location: withQuery(compareHref(current), 'notice', code),
    });
  }
}

/** POST /-/compare/add {item}: add a home to the member's comparison (up to four of one kind). */
const compareAdd = actionHandler<{ item: string }>({
  async run(ctx) {
    const { kind, houseId } = itemOf(ctx.body.item);
    const list = await refusing(ctx, kind, ctx.api.compare.add(ctx.call, ctx.memberId, kind, houseId));
    return answer(list, `已加入对比（${list.ids.length}/${COMPARE_MAX}）`);
  },
});

/** POST /-/compare/remove {item}: take a home out of the member's comparison. */
const compareRemove = actionHandler<{ item: string }>({
  async run(ctx) {
    const { kind, houseId } = itemOf(ctx.body.item);
    return answer(await ctx.api.compare.remove(ctx.call, ctx.memberId, kind, houseId), '已移出对比');
  },
});

/** POST /-/compare/clear: empty the member's comparison. */
const compareClear = actionHandler<Record<string, never>>({
  async run(ctx) {
    return answer(await ctx.api.compare.clear(ctx.call, ctx.memberId), '对比栏已清空');
  },
});

/** POST /-/compare/merge {kind, ids}: the browser's list joins the member's (after login); answers the joined list. */
const compareMerge = actionHandler<{ kind?: CompareKind; ids?: number[] }>({
  async run(ctx) {
    const visitor: CompareList =
      ctx.body.kind && ctx.body.ids?.length ? { kind: ctx.body.kind, ids: ctx.body.ids } : { kind: null, ids: [] };
    const { list, dropped } = await ctx.api.compare.merge(ctx.call, ctx.memberId, visitor);
    return {
      message: dropped ? `有${dropped}套房源未能加入对比（最多${COMPARE_MAX}套同类房源）` : '对比栏已同步',
      obj: { ...list, dropped },
      location: compareHref(list),
    };
  },
});

export const compareHandlers = { compareAdd, compareRemove, compareClear, compareMerge };
