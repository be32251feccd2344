import { secondaryCall } from '../api/http.ts';
import type { Belonger, ListingDetail, ListingItem } from '../contracts/gateway/index.ts';
import type { DaikanData, DongtaiData, HouseBrief, ListingDetailData, ReferrerData, ZhouData } from '../contracts/page-data/ershoufang.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { LIST_SPECS } from '../lib/list-specs.ts';
import { type CommercialKind, HOUSE_TYPES, type ResidentialKind, residentialDetailPath } from '../lib/listing-kinds.ts';
import { ershoufangDaikanMeta, ershoufangDongtaiMeta, ershoufangZhouMeta, listingDetailMeta, referrerMeta } from '../meta/ershoufang.ts';
import { listMeta } from '../meta/listing.ts';
import { cityOrigin } from '../pipeline/head.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { defer } from '../render/deferred.ts';
import { detailExtras, idOf, isAdVariant, loadList, orNotFound, viewOf } from './listing-common.ts';
import { locationOf } from './map.ts';
import { optional } from './optional.ts';

const SIMILAR_SIZE = 6;
/** SPEC 7.11, 9: similar rentals come 10 at a time. */
const SIMILAR_RENTALS = 10;

export const ershoufangListLoader = pageLoader((ctx) => loadList(ctx, LIST_SPECS.ershoufang), listMeta(LIST_SPECS.ershoufang));

/** Load a listing of the given kind; another kind or another city is not this page's listing: 404. */
export async function loadHouse(ctx: PageContext, kind: ResidentialKind | CommercialKind, id: number): Promise<ListingDetail> {
  const house = await orNotFound(ctx.api.house.listingDetail(ctx.call, id));
  if (house.houseType !== HOUSE_TYPES[kind] || house.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return house;
}

/**
 * Second-hand and rental details: the listing, its agent and phone, community, similar listings, log and notes; the
 * page's view is recorded by the pipeline (none on ad variants).
 */
export async function loadListingDetail(
  ctx: PageContext,
  kind: ResidentialKind,
  opts: { zuyj?: boolean } = {},
): Promise<LoadResult<ListingDetailData>> {
  const house = await loadHouse(ctx, kind, idOf(ctx));
  const ad = isAdVariant(ctx);
  const agent = house.agentInfo as Belonger | null;
  // The shell's calls go out first, so the gateway answers them before the secondary ones.
  const shell = Promise.all([
    detailExtras(ctx, house, { similarSize: kind === 'zufang' ? SIMILAR_RENTALS : SIMILAR_SIZE }),
    locationOf(ctx, { name: house.xiaoquName || house.title, lng: house.lng, lat: house.lat, regionId: house.regionId }),
  ]);
  // The price history is secondary (issue 20): it streams after the shell.
  const later = secondaryCall(ctx.call);
  const log = defer(ctx, optional(ctx, 'houseoperatelog', ctx.api.house.houseOperateLog(later, house.houseId), []));
  // The viewing count, the agent's comments and the owner's note are below the fold: secondary too (issue 20), so the
  // shell waits only for what the first screen and the bottom bar show.
  const notes = defer(
    ctx,
    Promise.all([
      kind === 'ershoufang'
        ? optional(ctx, 'daikan', ctx.api.house.findRecordListByHouseNumber(later, house.houseNumber), [])
        : Promise.resolve([]),
      kind === 'zufang'
        ? optional(
            ctx,
            'commentRent',
            ctx.api.house.belongerHouseCommentRent(later, { houseId: house.houseId, size: 3 }).then((p) => p.content),
            [],
          )
        : agent
          ? optional(ctx, 'audit', ctx.api.house.auditFindContent(later, house.houseNumber, agent.belongerId), [])
          : Promise.resolve([]),
      kind === 'ershoufang'
        ? optional(
            ctx,
            'ownerReadme',
            ctx.api.house.ownerReadme(later, house.houseNumber).then((r) => r?.content ?? null),
            null,
          )
        : Promise.resolve(null),
    ]).then(([daikan, comments, readme]) => ({
      daikanCount: daikan.length,
      comments: comments.map((c) => ({ id: c.id, content: c.content, createdAt: c.createdAt, name: c.name, portrait: c.portrait })),
      readme,
    })),
  );
  const [extras, location] = await shell;
  return {
    data: {
      kind,
      ad,
      house,
      location,
      extras,
      log,
      notes,
      url: cityOrigin(ctx.site, ctx.city) + residentialDetailPath(kind, house.houseId, opts.zuyj),
      zuyj: opts.zuyj,
    },
    view: viewOf(house, ad),
  };
}

export const ershoufangDetailLoader = pageLoader((ctx) => loadListingDetail(ctx, 'ershoufang'), listingDetailMeta);

// ---------- /ershoufang/daikan, dongtai, referrer, zhou ----------

const brief = (h: ListingDetail | ListingItem): HouseBrief => ({
  houseId: h.houseId,
  title: h.title,
  price: h.price,
  priceText: h.priceText,
  huxing: h.huxing,
  area: h.area,
  xiaoquName: h.xiaoquName,
  img: h.img,
  houseType: h.houseType,
});

/** /ershoufang/daikan?id=: the viewing records of a listing (api/daikan/findRecordListByHouseNumber). */
export const ershoufangDaikanLoader = pageLoader(async (ctx): Promise<LoadResult<DaikanData>> => {
  const house = await loadHouse(ctx, 'ershoufang', idOf(ctx));
  const records = await ctx.api.house.findRecordListByHouseNumber(ctx.call, house.houseNumber);
  return { data: { house: brief(house), records } };
}, ershoufangDaikanMeta);

const CITY_FEED_SIZE = 10;

/** /ershoufang/dongtai[?id=]: a listing's price changes and events, or the city's newest and price-cut listings. */
export const ershoufangDongtaiLoader = pageLoader(async (ctx): Promise<LoadResult<DongtaiData>> => {
  if (ctx.query.id !== undefined) {
    const house = await loadHouse(ctx, 'ershoufang', idOf(ctx));
    const [log, changeTimes] = await Promise.all([
      ctx.api.house.houseOperateLog(ctx.call, house.houseId),
      optional(ctx, 'countChangePriceTimes', ctx.api.house.countChangePriceTimes(ctx.call, house.houseId), 0),
    ]);
    return { data: { house: brief(house), log, changeTimes, newest: [], priceCut: [] } };
  }
  const cityId = ctx.city.cityId;
  const houseType = HOUSE_TYPES.ershoufang;
  const [newest, priceCut] = await Promise.all([
    ctx.api.house.findByCondition(ctx.call, { cityId, houseType, sort: 'newest', size: CITY_FEED_SIZE }),
    ctx.api.house.findByCondition(ctx.call, { cityId, houseType, priceChange: true, sort: 'newest', size: CITY_FEED_SIZE }),
  ]);
  return {
    data: {
      house: null,
      log: [],
      changeTimes: 0,
      newest: newest.content,
      priceCut: priceCut.content,
      newestTotal: newest.totalElements,
      priceCutTotal: priceCut.totalElements,
    },
  };
}, ershoufangDongtaiMeta);

/** An agent shares second-hand and rental listings only. */
const REFERRER_KINDS: readonly ResidentialKind[] = ['ershoufang', 'zufang'];
const HOUSE_NUMBER = /^[A-Za-z0-9]{1,30}$/;

/**
 * /referrer/{houseType}/{hsmid} and /ershoufang/referrer?houseType=&hsmid=: a listing an agent shared, found by
 * its house number (or id), with the agent's card and the agent's other listings (getMainlyPopularizeHouse).
 */
export const referrerLoader = pageLoader(async (ctx): Promise<LoadResult<ReferrerData>> => {
  const houseType = Number(ctx.params.houseType ?? ctx.query.houseType ?? HOUSE_TYPES.ershoufang);
  const kind = REFERRER_KINDS.find((k) => HOUSE_TYPES[k] === houseType);
  const hsmid = (ctx.params.hsmid ?? ctx.query.hsmid ?? ctx.query.id ?? '').trim();
  if (!kind || !HOUSE_NUMBER.test(hsmid)) throw errors.pageNotFound();
  // All digits: a listing id (src/lib/ids.ts); otherwise a house number such as CSES0000196.
  const byId = /^\d+$/.test(hsmid);
  const id = byId ? parseId(hsmid) : null;
  if (byId && id === null) throw errors.pageNotFound();
  const house = await orNotFound(
    id !== null ? ctx.api.house.listingDetail(ctx.call, id) : ctx.api.house.findHouse(ctx.call, { houseNumber: hsmid.toUpperCase() }),
  );
  if (house.houseType !== houseType || house.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const agent = house.agentInfo as Belonger | null;
  const [agentPhone, more] = await Promise.all([
    agent ? optional(ctx, 'zhcall', ctx.api.belonger.zhcall(ctx.call, agent.belongerId, houseType), null) : null,
    agent
      ? optional(
          ctx,
          'mainlyPopularizeHouse',
          ctx.api.belonger
            .mainlyPopularizeHouse(ctx.call, agent.belongerId, houseType)
            .then((l) => (l as ListingItem[]).filter((x) => x.houseId !== house.houseId).slice(0, 6)),
          [] as ListingItem[],
        )
      : ([] as ListingItem[]),
  ]);
  return { data: { house, kind, agent, agentPhone, more } };
}, referrerMeta);

/** /ershoufang/zhou?id=: what is around a listing: metro, schools, communities and listings of the area. */
export const ershoufangZhouLoader = pageLoader(async (ctx): Promise<LoadResult<ZhouData>> => {
  const house = await loadHouse(ctx, 'ershoufang', idOf(ctx));
  const [community, schools, nearbyCommunities, nearbyListings] = await Promise.all([
    house.stressId ? optional(ctx, 'xiaoqu', ctx.api.xiaoqu.findBriefById(ctx.call, house.stressId), null) : null,
    house.stressId ? optional(ctx, 'schools', ctx.api.school.byStressId(ctx.call, house.stressId, 2), []) : [],
    optional(
      ctx,
      'randomXiaoqu',
      ctx.api.house.getRandomXiaoquByshopMapId(ctx.call, house.shopMapId, 5).then((l) => l.filter((x) => x.stressId !== house.stressId)),
      [],
    ),
    optional(
      ctx,
      'nearby',
      ctx.api.house
        .findByCondition(ctx.call, { cityId: house.cityId, houseType: HOUSE_TYPES.ershoufang, shopMapId: house.shopMapId, size: 6 })
        .then((p) => p.content.filter((l) => l.houseId !== house.houseId).slice(0, 5)),
      [],
    ),
  ]);
  return {
    data: {
      house: {
        ...brief(house),
        regionName: house.regionName,
        shopMapName: house.shopMapName,
        stationName: house.stationName,
        lat: house.lat,
        lng: house.lng,
      },
      community,
      schools,
      nearbyCommunities,
      nearbyListings,
    },
  };
}, ershoufangZhouMeta);
