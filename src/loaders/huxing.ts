import type { Huxing, LoupanDetail } from '../contracts/gateway/index.ts';
import type { HuxingDetailData, HuxingListData, MagnifyData } from '../contracts/page-data/huxing.ts';
import { errors } from '../errors.ts';
import { parseHuxingTail } from '../lib/huxing-tail.ts';
import { parseId } from '../lib/ids.ts';
import { huxingDetailMeta, huxingListMeta, huxingMagnifyMeta } from '../meta/huxing.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';
import { loadEstate, locateEstate, withCalls } from './xinfang-common.ts';

/**
 * Floor plans of new-home estates (SPEC 2.2 /huxing/detail, /huxing/magnifyImg; 2.4 /huxing/{id}.html and the
 * /huxing/* list). The list tail (src/lib/huxing-tail.ts, checked by the huxingTail validator) is `lp{houseId}` (one
 * estate's plans) optionally followed by `l{rooms}`: /huxing/lp12/, /huxing/lp12/l3/; the bare /huxing/ shows the
 * plans of the city's hot estates.
 */

async function loadList(ctx: PageContext): Promise<LoadResult<HuxingListData>> {
  const tail = parseHuxingTail(ctx.params['*']);
  if (!tail) throw errors.pageNotFound();
  const { houseId, rooms } = tail;
  if (houseId) {
    const estate = await loadEstate(ctx, houseId);
    const [plans, stats] = await Promise.all([
      ctx.api.house.getListByLpId(ctx.call, { lpId: houseId, rooms: rooms ?? undefined }),
      optional(ctx, 'house.getStatisticsByLpId', ctx.api.house.getStatisticsByLpId(ctx.call, houseId), []),
    ]);
    if (rooms && !plans.length) throw errors.pageNotFound();
    return {
      data: {
        estate,
        rooms,
        roomStats: stats.map((s) => ({ rooms: s.rooms, count: s.count })),
        groups: [{ estate, plans }],
        hotNames: [],
      },
    };
  }
  const hot = await ctx.api.house.findWapHotLoupan(ctx.call, { cityId: ctx.city.cityId, limit: 6 });
  const groups = await Promise.all(
    hot.map(async (estate) => ({
      estate,
      plans: await optional(ctx, 'house.getListByLpId', ctx.api.house.getListByLpId(ctx.call, { lpId: estate.houseId }), []),
    })),
  );
  return {
    data: { estate: null, rooms: null, roomStats: [], groups: groups.filter((g) => g.plans.length), hotNames: hot.map((e) => e.name) },
  };
}
export const huxingList = pageLoader(loadList, huxingListMeta);

/** The estate holding floor plan `id` (houseId from the query when the link carries it, else located). */
async function estateOfPlan(ctx: PageContext, id: number): Promise<{ estate: LoupanDetail; plans: Huxing[] }> {
  const given = parseId(ctx.query.houseId ?? ctx.query.lpId);
  const houseId =
    given ??
    (await locateEstate(ctx, 'huxing', id, async (lp) => {
      const plans = await optional(ctx, 'house.getListByLpId', ctx.api.house.getListByLpId(ctx.call, { lpId: lp }), []);
      if (!plans.length) return null;
      const ids = plans.map((p) => p.huxingId);
      return [Math.min(...ids), Math.max(...ids)];
    }));
  const [estate, plans] = await Promise.all([
    loadEstate(ctx, houseId),
    houseId ? optional(ctx, 'house.getListByLpId', ctx.api.house.getListByLpId(ctx.call, { lpId: houseId }), []) : [],
  ]);
  return { estate, plans };
}

/** The floor plan of `?id=`/`:id` (the page's validator checked the id) with its estate; none is the 404 screen. */
async function planOf(ctx: PageContext, raw: string | undefined): Promise<{ plan: Huxing; estate: LoupanDetail; plans: Huxing[] }> {
  const id = parseId(raw);
  if (id === null) throw errors.pageNotFound();
  const { estate, plans } = await estateOfPlan(ctx, id);
  const plan = plans.find((p) => p.huxingId === id);
  if (!plan) throw errors.pageNotFound();
  return { plan, estate, plans };
}

/** /huxing/{id}.html, /huxing/detail?id=: one floor plan of an estate (`raw`: /huxingdetail's `?hxId=`, issue 19). */
export async function loadDetail(ctx: PageContext, raw = ctx.params.id ?? ctx.query.id): Promise<LoadResult<HuxingDetailData>> {
  const { plan, estate, plans } = await planOf(ctx, raw);
  const [agent] = await withCalls(ctx, estate.belongerList ?? [], 1);
  return { data: { plan, estate, siblings: plans.filter((p) => p.huxingId !== plan.huxingId), agent: agent ?? null } };
}
export const huxingDetail = pageLoader((ctx) => loadDetail(ctx), huxingDetailMeta);

/** /huxing/magnifyImg?id=: the floor plan drawing full screen. */
async function loadMagnify(ctx: PageContext): Promise<LoadResult<MagnifyData>> {
  const { plan, estate } = await planOf(ctx, ctx.query.id ?? ctx.query.huxingId);
  return { data: { plan, estate } };
}
export const huxingMagnify = pageLoader(loadMagnify, huxingMagnifyMeta);
