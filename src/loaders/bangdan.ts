import type { LoupanItem, XiaoquItem } from '../contracts/gateway/index.ts';
import type {
  BangdanData,
  DistrictFigures,
  IndextypeData,
  IndextypeIndexData,
  RankingBoard,
  RankingListData,
  RankLoupan,
  RankXiaoqu,
  SqbdData,
} from '../contracts/page-data/ranking.ts';
import { errors } from '../errors.ts';
import { LOUPAN_TYPES, loupanType } from '../lib/loupan-types.ts';
import { parseIndextypeTail, RANKING_LIMIT, RANKINGS, type RankingDef, rankingOfTail } from '../lib/rankings.ts';
import { xinfangPath } from '../lib/xinfang-filters.ts';
import { bangdanMeta, indextypeIndexMeta, indextypeMeta, rankingListMeta, sqbdMeta } from '../meta/bangdan.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/**
 * Rankings (issue 15 part C; SPEC 2.1, 2.4, 7.3, 7.5, 9): /bangdan (every ranking's top and the districts' prices),
 * /bangdan/{regionId}/sqbd (the rankings of one district), /rankingList/{ranking} (one ranking in full, at most 30)
 * and /indextype/{typeCode} (estates of a new-home type). The figures are the gateway's own (view counts, the
 * month's price change, area prices and deals), the same the community and estate pages print. Heads: src/meta/bangdan.ts.
 */

/** How many of each ranking /bangdan shows, and a district's page. */
const TOP_OVERVIEW = 5;
const TOP_DISTRICT = 10;
const INDEXTYPE_SIZE = 20;

export function rankXiaoqu(x: XiaoquItem, i: number): RankXiaoqu {
  return {
    kind: 'xiaoqu',
    rank: i + 1,
    stressId: x.stressId,
    name: x.name,
    img: x.img,
    where: [x.regionName, x.shopMapName].filter(Boolean).join(' '),
    avgPrice: x.avgPrice,
    ratio: x.ratio ?? 0,
    viewNum: x.viewNum,
  };
}

export function rankLoupan(l: LoupanItem, i: number): RankLoupan {
  return {
    kind: 'loupan',
    rank: i + 1,
    houseId: l.houseId,
    name: l.name,
    img: l.img,
    regionName: l.regionName ?? null,
    shopMapName: l.shopMapName ?? null,
    typeCodes: l.typeCodes ?? [],
    price: l.price,
    saleStatus: l.saleStatus,
    viewNum: l.viewNum,
  };
}

/** One ranking's entries from the gateway, for the city or one district (SPEC 7.5 hotStress, stressRank; 7.3). */
async function entriesOf(ctx: PageContext, def: RankingDef, size: number, regionId?: number) {
  const cityId = ctx.city.cityId;
  switch (def.key) {
    case 'hotXiaoqu':
      return (await ctx.api.xiaoqu.hotStress(ctx.call, { cityId, regionId, limit: size })).map(rankXiaoqu);
    case 'priceRise':
    case 'priceFall': {
      const rise = def.key === 'priceRise';
      const page = await ctx.api.xiaoqu.stressRank(ctx.call, { cityId, regionId, sort: rise ? 'ratioDesc' : 'ratioAsc', size });
      // A rise ranking lists rises only, a fall ranking falls only (a district where prices all rose has no fall ranking).
      return page.content.filter((x) => (rise ? x.ratio > 0 : x.ratio < 0)).map(rankXiaoqu);
    }
    case 'hotLoupan':
      return (
        regionId
          ? (await ctx.api.house.findListByWap(ctx.call, { cityId, regionId, sort: 'hot', size })).content
          : await ctx.api.house.findWapHotLoupan(ctx.call, { cityId, limit: size, orderBy: 'viewNum' })
      )
        .slice(0, size)
        .map(rankLoupan);
  }
}

const boardOf = (def: RankingDef, entries: RankingBoard['entries'] | null): RankingBoard => ({
  slug: def.slug,
  name: def.name,
  rule: def.rule,
  figure: def.key === 'priceRise' || def.key === 'priceFall' ? 'ratio' : 'views',
  entries: entries ?? [],
  ...(entries ? {} : { failed: true }),
});

/** Every ranking, each a section the page still shows (marked failed, and the page uncached) when its call fails. */
const boardsOf = (ctx: PageContext, size: number, regionId?: number): Promise<RankingBoard[]> =>
  Promise.all(
    RANKINGS.map(async (def) => boardOf(def, await optional(ctx, `ranking.${def.key}`, entriesOf(ctx, def, size, regionId), null))),
  );

/** The city's districts with their latest area price, change and deals (SPEC 7.5 housePrice/area/city). */
export async function districtsOf(ctx: PageContext): Promise<DistrictFigures[]> {
  const rows = await ctx.api.xiaoqu.areaPrices(ctx.call, ctx.city.cityId);
  return rows.map((r) => ({ regionId: r.regionId, regionName: r.regionName, avgPrice: r.avgPrice, ratio: r.ratio, deals: r.deals }));
}

/** The district of `:regionId` (or `?regionId=`), which the validator has checked is an id; not of this city → 404. */
export async function districtOf(ctx: PageContext): Promise<{ district: DistrictFigures; districts: DistrictFigures[] }> {
  const regionId = Number(ctx.params.regionId ?? ctx.query.regionId);
  const districts = await districtsOf(ctx);
  const district = districts.find((d) => d.regionId === regionId);
  if (!district) throw errors.pageNotFound();
  return { district, districts };
}

// ---------- /bangdan ----------

async function loadBangdan(ctx: PageContext): Promise<LoadResult<BangdanData>> {
  const [districts, boards] = await Promise.all([districtsOf(ctx), boardsOf(ctx, TOP_OVERVIEW)]);
  return { data: { boards, districts } };
}
export const bangdan = pageLoader(loadBangdan, bangdanMeta);

// ---------- /bangdan/{regionId}/sqbd ----------

async function loadSqbd(ctx: PageContext): Promise<LoadResult<SqbdData>> {
  const { district, districts } = await districtOf(ctx);
  const boards = await boardsOf(ctx, TOP_DISTRICT, district.regionId);
  return {
    data: { district, boards, districts: districts.map(({ regionId, regionName }) => ({ regionId, regionName })) },
  };
}
export const bangdanSqbd = pageLoader(loadSqbd, sqbdMeta);

// ---------- /rankingList/* ----------

async function loadRankingList(ctx: PageContext): Promise<LoadResult<RankingListData>> {
  const def = rankingOfTail(ctx.params['*']);
  if (!def) throw errors.pageNotFound();
  const entries = await entriesOf(ctx, def, RANKING_LIMIT);
  return {
    data: {
      board: boardOf(def, entries.slice(0, RANKING_LIMIT)),
      others: RANKINGS.filter((r) => r !== def).map((r) => ({ slug: r.slug, name: r.name })),
    },
  };
}
export const rankingList = pageLoader(loadRankingList, rankingListMeta);

// ---------- /indextype/* ----------

async function loadIndextype(ctx: PageContext): Promise<LoadResult<IndextypeData>> {
  const tail = parseIndextypeTail(ctx.params['*']);
  const type = loupanType(tail?.code);
  if (!tail || !type) throw errors.pageNotFound();
  const page = await ctx.api.house.findListByWap(ctx.call, {
    cityId: ctx.city.cityId,
    typeCode: type.code,
    sort: 'hot',
    page: tail.page,
    size: INDEXTYPE_SIZE,
  });
  const totalPages = Math.max(1, Math.ceil(page.totalElements / INDEXTYPE_SIZE));
  if (tail.page > totalPages) throw errors.pageNotFound();
  return {
    data: {
      type: { code: type.code, name: type.name },
      types: LOUPAN_TYPES.map((t) => ({ code: t.code, name: t.name })),
      estates: page.content.slice(0, INDEXTYPE_SIZE).map((l, i) => rankLoupan(l, (tail.page - 1) * INDEXTYPE_SIZE + i)),
      total: page.totalElements,
      page: tail.page,
      totalPages,
      listHref: xinfangPath({ typeCode: type.code }, {}),
    },
  };
}
export const indextype = pageLoader(loadIndextype, indextypeMeta);

/** /indextype (SPEC 2.1): the seven SPEC 9 types, each with the city's count of estates and its most viewed one. */
async function loadIndextypeIndex(ctx: PageContext): Promise<LoadResult<IndextypeIndexData>> {
  const cityId = ctx.city.cityId;
  const pages = await Promise.all(
    LOUPAN_TYPES.map((t) => ctx.api.house.findListByWap(ctx.call, { cityId, typeCode: t.code, sort: 'hot', size: 1 })),
  );
  return {
    data: {
      types: LOUPAN_TYPES.map((t, i) => {
        const page = pages[i];
        const top = page?.content[0];
        return {
          code: t.code,
          name: t.name,
          total: page?.totalElements ?? 0,
          top: top ? { houseId: top.houseId, name: top.name, price: top.price } : null,
          listHref: xinfangPath({ typeCode: t.code }, {}),
        };
      }),
    },
  };
}
export const indextypeIndex = pageLoader(loadIndextypeIndex, indextypeIndexMeta);
