import type { ListingFilter, ListingItem, MonthPrice, XiaoquDetail, XiaoquItem, XiaoquPlan } from '../contracts/gateway/index.ts';
import type {
  XiaoquDetailData,
  XiaoquHuxingData,
  XiaoquInformationData,
  XiaoquListData,
  XiaoquRecord,
} from '../contracts/page-data/xiaoqu.ts';
import { errors } from '../errors.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { emptyQuery, toTail } from '../lib/listing-filters.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { xiaoquCardOf } from '../lib/xiaoqu-card.ts';
import { parseXiaoquTail, toXiaoquApiFilter, XIAOQU_PAGE_SIZE, xiaoquLabels, xiaoquListHref } from '../lib/xiaoqu-filters.ts';
import { xiaoquDetailMeta, xiaoquHuxingMeta, xiaoquInformationMeta, xiaoquListMeta } from '../meta/xiaoqu.ts';
import { cityOrigin } from '../pipeline/head.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { idOf, locationDict, orNotFound } from './listing-common.ts';
import { locationOf } from './map.ts';
import { optional } from './optional.ts';

/**
 * Communities (SPEC 2.3, 2.4, 3, 7.5): the /xiaoqu/* list with path-code filters (src/lib/xiaoqu-filters.ts; the
 * canonical 301s are the `xiaoqu-query` middleware's), the detail /xiaoqu/{id}.html and its twin /xiaoqu/details,
 * the facts page /xiaoqu/information and the floor plans /xiaoqu/huxing. Loads only: heads are src/meta/xiaoqu.ts.
 */

/** How many of the community's listings the detail shows, and similar communities. */
const DETAIL_ERSHOU = 5;
const DETAIL_ZUFANG = 3;
const SIMILAR = 6;
/** Listings a floor-plan page shows of its layout. */
const PLAN_LISTINGS = 20;

/** The community's own record as its pages show it: without coordinates, view count, price history or statistics. */
function recordOf(x: XiaoquDetail): XiaoquRecord {
  const { lat: _lat, lng: _lng, viewNum: _views, prices: _prices, stats: _stats, ...record } = x;
  return record;
}

/** The community list of a region, in its canonical form; null when the city's places cannot be read. */
const regionHrefOf = (ctx: PageContext, regionId: number): Promise<string | null> =>
  optional(
    ctx,
    'locations',
    locationDict(ctx).then((dict) => xiaoquListHref({ regionId }, dict)),
    null,
  );

/** A community of this city, or the 404 screen (unknown id, or a community of another city). */
async function loadCommunity(ctx: PageContext, id: number) {
  const x = await orNotFound(ctx.api.xiaoqu.findById(ctx.call, id));
  if (x.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return x;
}

/** Percent change from `from` to `to`, two decimals; null without both. */
const change = (from: MonthPrice | undefined, to: MonthPrice | undefined): number | null =>
  from && to && from.price > 0 ? Math.round(((to.price - from.price) / from.price) * 10_000) / 100 : null;

/**
 * The second-hand (or rental) list filtered by the community: its shop area and its name as the keyword, in the
 * list's own canonical path form (`/ershoufang/sq12/rs融城/`), so the link needs no redirect.
 */
export function communityListHref(kind: 'ershoufang' | 'zufang', x: { shopMapId: number; regionId: number; name: string }): string {
  const q = Object.assign(emptyQuery(), { regionId: x.regionId, shopMapId: x.shopMapId, keyword: x.name });
  return `/${kind}/${toTail(q, kind, { regions: [], shopMaps: [], metros: [] })}`;
}

const listingsOf = (ctx: PageContext, filter: Omit<ListingFilter, 'cityId'>): Promise<ListingItem[]> =>
  ctx.api.house.findByCondition(ctx.call, { cityId: ctx.city.cityId, ...filter }).then((p) => p.content);

// ---------- /xiaoqu/* ----------

export async function loadXiaoquList(ctx: PageContext): Promise<LoadResult<XiaoquListData>> {
  const dict = await locationDict(ctx);
  const q = parseXiaoquTail(ctx.params['*'] ?? '', dict);
  if (!q) throw errors.pageNotFound();
  const page = await ctx.api.xiaoqu.list(ctx.call, { ...toXiaoquApiFilter(q, ctx.city.cityId), size: XIAOQU_PAGE_SIZE });
  const pageNo = q.page ?? 1;
  const totalPages = Math.max(1, page.totalPages || Math.ceil(page.totalElements / XIAOQU_PAGE_SIZE));
  if (pageNo > totalPages) throw errors.pageNotFound();
  const shop = dict.shopMaps.find((s) => s.shopMapId === q.shopMapId);
  const where = shop?.shopMapName ?? dict.regions.find((r) => r.regionId === q.regionId)?.regionName ?? '';
  return {
    data: {
      query: q,
      places: { regions: dict.regions, shopMaps: q.regionId ? dict.shopMaps.filter((s) => s.regionId === q.regionId) : [] },
      items: page.content.map(xiaoquCardOf),
      total: page.totalElements,
      page: pageNo,
      totalPages,
      heading: `${ctx.city.name}${where}小区`,
      where,
      labels: xiaoquLabels(q),
    },
  };
}

// ---------- /xiaoqu/{id}.html, /xiaoqu/details?id= ----------

export async function loadXiaoquDetail(ctx: PageContext): Promise<LoadResult<XiaoquDetailData>> {
  const id = idOf(ctx);
  const x = await loadCommunity(ctx, id);
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  const band = { priceMin: Math.round(x.avgPrice * 0.85), priceMax: Math.round(x.avgPrice * 1.15) };
  const [regionHref, ershou, zufang, plans, schools, stores, similar, collected, location] = await Promise.all([
    regionHrefOf(ctx, x.regionId),
    listingsOf(ctx, { houseType: HOUSE_TYPES.ershoufang, stressId: id, size: DETAIL_ERSHOU }),
    listingsOf(ctx, { houseType: HOUSE_TYPES.zufang, stressId: id, size: DETAIL_ZUFANG }),
    optional(ctx, 'xiaoqu.huxing', ctx.api.xiaoqu.huxing(ctx.call, id), [] as XiaoquPlan[]),
    optional(ctx, 'school.byStressId', ctx.api.school.byStressId(ctx.call, id, 2), []),
    optional(ctx, 'department.byStressId', ctx.api.belonger.storesByStressId(ctx.call, id), []),
    optional(
      ctx,
      'xiaoqu.similar',
      ctx.api.xiaoqu
        .list(ctx.call, { cityId: ctx.city.cityId, regionId: x.regionId, ...band, size: SIMILAR + 1 })
        .then((p) => p.content.filter((s) => s.stressId !== id).slice(0, SIMILAR)),
      [] as XiaoquItem[],
    ),
    memberId ? optional(ctx, 'isCollect', ctx.api.user.isCollect(ctx.call, id, memberId, 'xiaoqu'), false) : false,
    locationOf(ctx, { name: x.name, lng: x.lng, lat: x.lat, regionId: x.regionId }),
  ]);
  const prices = x.prices.slice(-12);
  const last = x.prices.at(-1);
  return {
    data: {
      xiaoqu: recordOf(x),
      regionHref,
      location,
      prices,
      monthRatio: change(x.prices.at(-2), last),
      yearRatio: x.prices.length > 12 ? change(x.prices.at(-13), last) : null,
      ershou: ershou.map(listingCardOf),
      zufang: zufang.map(listingCardOf),
      ershouHref: communityListHref('ershoufang', x),
      zufangHref: communityListHref('zufang', x),
      plans,
      schools: schools.map(({ schoolId, name, level, nature, address }) => ({ schoolId, name, level, nature, address })),
      stores: stores.map(({ storeId, name, address, phone, regionName, shopMapName }) => ({
        storeId,
        name,
        address,
        phone,
        regionName,
        shopMapName,
      })),
      similar: similar.map(xiaoquCardOf),
      collected,
      url: `${cityOrigin(ctx.site, ctx.city)}/xiaoqu/${id}.html`,
    },
    // SPEC 7.4's view history, kept as the community's (issue 34: 浏览记录).
    view: { houseId: id, kind: 'xiaoqu' },
  };
}

// ---------- /xiaoqu/information?id= ----------

export async function loadXiaoquInformation(ctx: PageContext): Promise<LoadResult<XiaoquInformationData>> {
  const x = await loadCommunity(ctx, idOf(ctx));
  return { data: { xiaoqu: recordOf(x), regionHref: await regionHrefOf(ctx, x.regionId) } };
}

// ---------- /xiaoqu/huxing?id=, /xiaoqu/huxing/{hxId}/{id}/ ----------

export async function loadXiaoquHuxing(ctx: PageContext): Promise<LoadResult<XiaoquHuxingData>> {
  const id = idOf(ctx);
  const hxId = ctx.params.hxId === undefined ? null : idOf(ctx, 'hxId');
  const [x, plans] = await Promise.all([loadCommunity(ctx, id), ctx.api.xiaoqu.huxing(ctx.call, id)]);
  const plan = hxId === null ? null : (plans.find((p) => p.hxId === hxId) ?? null);
  if (hxId !== null && !plan) throw errors.pageNotFound();
  const sameLayout = (l: ListingItem) => !plan || (l.rooms === plan.rooms && l.halls === plan.halls && l.toilets === plan.toilets);
  const rooms = plan ? [Math.min(plan.rooms, 5)] : undefined;
  const [ershou, zufang] = plan
    ? await Promise.all([
        listingsOf(ctx, { houseType: HOUSE_TYPES.ershoufang, stressId: id, rooms, size: PLAN_LISTINGS }),
        listingsOf(ctx, { houseType: HOUSE_TYPES.zufang, stressId: id, rooms, size: PLAN_LISTINGS }),
      ])
    : [[], []];
  return {
    data: {
      xiaoqu: {
        stressId: x.stressId,
        name: x.name,
        avgPrice: x.avgPrice,
        regionName: x.regionName,
        shopMapName: x.shopMapName,
        address: x.address,
      },
      plans,
      plan,
      ershou: ershou.filter(sameLayout).map(listingCardOf),
      zufang: zufang.filter(sameLayout).map(listingCardOf),
    },
  };
}

export const xiaoquList = pageLoader(loadXiaoquList, xiaoquListMeta);
export const xiaoquDetail = pageLoader(loadXiaoquDetail, xiaoquDetailMeta);
export const xiaoquInformation = pageLoader(loadXiaoquInformation, xiaoquInformationMeta);
export const xiaoquHuxing = pageLoader(loadXiaoquHuxing, xiaoquHuxingMeta);
