import type { Huxing, LoupanDetail } from '../contracts/gateway/index.ts';
import type { HuxingDetailData, HuxingListData, MagnifyData } from '../contracts/page-data/huxing.ts';
import { errors } from '../errors.ts';
import type { Loader, PageContext } from '../pipeline/types.ts';
import { optional } from './optional.ts';
import { breadcrumbLd, idOf, loadEstate, locateEstate, optionalIdOf, withCalls } from './xinfang-common.ts';

/**
 * Floor plans of new-home estates (SPEC 2.2 /huxing/detail, /huxing/magnifyImg; 2.4 /huxing/{id}.html and the
 * /huxing/* list). The list tail is `lp{houseId}` (one estate's plans) optionally followed by `l{rooms}`:
 * /huxing/lp12/, /huxing/lp12/l3/; the bare /huxing/ shows the plans of the city's hot estates.
 */

const TAIL = /^(?:lp([1-9]\d{0,9}))?(?:\/?l([1-9]))?\/?$/i;

export const huxingList: Loader<HuxingListData> = async (ctx) => {
  const m = TAIL.exec(ctx.params['*'] ?? '');
  if (!m) throw errors.pageNotFound();
  const houseId = m[1] ? idOf(m[1]) : undefined;
  const rooms = m[2] ? Number(m[2]) : null;
  if (rooms && !houseId) throw errors.pageNotFound();
  const city = ctx.city.name;
  if (houseId) {
    const estate = await loadEstate(ctx, houseId);
    const [plans, stats] = await Promise.all([
      ctx.api.house.getListByLpId(ctx.call, { lpId: houseId, rooms: rooms ?? undefined }),
      optional(ctx, 'house.getStatisticsByLpId', ctx.api.house.getStatisticsByLpId(ctx.call, houseId), []),
    ]);
    if (rooms && !plans.length) throw errors.pageNotFound();
    const roomWord = rooms ? `${rooms}室` : '';
    const base = `/huxing/lp${houseId}/`;
    return {
      data: { estate, rooms, roomStats: stats.map((s) => ({ rooms: s.rooms, count: s.count })), groups: [{ estate, plans }] },
      head: {
        title: `${estate.name}${roomWord}户型图_${estate.name}户型_${city}${estate.regionName ?? ''}新房户型_${ctx.site.brand}`,
        description: `${estate.name}共${plans.length}个${roomWord}户型：${plans
          .slice(0, 4)
          .map((p) => `${p.name}${p.huxing}建面约${p.area}㎡`)
          .join('，')}。查看${estate.name}户型图、面积与参考总价。`,
        canonical: rooms ? `${base}l${rooms}/` : base,
        jsonLd: [
          breadcrumbLd(ctx, [
            [`${city}新房`, '/xinfang/'],
            [estate.name, `/xinfang/${houseId}.html`],
            [`${estate.name}户型图`, base],
          ]),
        ],
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
    data: { estate: null, rooms: null, roomStats: [], groups: groups.filter((g) => g.plans.length) },
    head: {
      title: `${city}新房户型图大全_${city}热门楼盘户型_${ctx.site.brand}`,
      description: `${city}热门新楼盘户型图大全：${hot
        .slice(0, 3)
        .map((e) => e.name)
        .join('、')}等楼盘的在售户型、面积与参考总价。`,
      canonical: '/huxing/',
    },
  };
};

/** The estate holding floor plan `id` (houseId from the query when the link carries it, else located). */
async function estateOfPlan(ctx: PageContext, id: number): Promise<{ estate: LoupanDetail; plans: Huxing[] }> {
  const given = optionalIdOf(ctx.query.houseId ?? ctx.query.lpId);
  const houseId =
    given ??
    (await locateEstate(ctx, 'huxing', id, async (lp) => {
      const plans = await optional(ctx, 'house.getListByLpId', ctx.api.house.getListByLpId(ctx.call, { lpId: lp }), []);
      if (!plans.length) return null;
      const ids = plans.map((p) => p.huxingId);
      return [Math.min(...ids), Math.max(...ids)];
    }));
  if (!houseId) throw errors.pageNotFound();
  const [estate, plans] = await Promise.all([
    loadEstate(ctx, houseId),
    optional(ctx, 'house.getListByLpId', ctx.api.house.getListByLpId(ctx.call, { lpId: houseId }), []),
  ]);
  return { estate, plans };
}

/** /huxing/{id}.html, /huxing/detail?id=: one floor plan of an estate. */
export const huxingDetail: Loader<HuxingDetailData> = async (ctx) => {
  const id = idOf(ctx.params.id ?? ctx.query.id);
  const { estate, plans } = await estateOfPlan(ctx, id);
  const plan = plans.find((p) => p.huxingId === id);
  if (!plan) throw errors.pageNotFound();
  const [agent] = await withCalls(ctx, estate.belongerList ?? [], 1);
  const city = ctx.city.name;
  return {
    data: { plan, estate, siblings: plans.filter((p) => p.huxingId !== id), agent: agent ?? null },
    head: {
      title: `${estate.name}${plan.name}${plan.huxing}${plan.area}㎡户型图_${city}${estate.name}户型_${ctx.site.brand}`,
      description: `${estate.name}${plan.name}：${plan.huxing}，建面约${plan.area}㎡，${plan.orientation}朝向，参考总价${plan.totalPrice}万，${plan.status}。${plan.description}`,
      canonical: `/huxing/${id}.html`,
      jsonLd: [
        breadcrumbLd(ctx, [
          [`${city}新房`, '/xinfang/'],
          [estate.name, `/xinfang/${estate.houseId}.html`],
          [`${estate.name}户型图`, `/huxing/lp${estate.houseId}/`],
          [plan.name, `/huxing/${id}.html`],
        ]),
      ],
    },
  };
};

/** /huxing/magnifyImg?id=: the floor plan drawing full screen. */
export const huxingMagnify: Loader<MagnifyData> = async (ctx) => {
  const id = idOf(ctx.query.id ?? ctx.query.huxingId);
  const { estate, plans } = await estateOfPlan(ctx, id);
  const plan = plans.find((p) => p.huxingId === id);
  if (!plan) throw errors.pageNotFound();
  return {
    data: { plan, estate },
    head: {
      title: `${estate.name}${plan.name}户型大图_${ctx.site.brand}`,
      description: `${estate.name}${plan.name}${plan.huxing}建面约${plan.area}㎡户型高清大图。`,
      canonical: `/huxing/magnifyImg?id=${id}`,
      robots: 'noindex, follow',
    },
  };
};
