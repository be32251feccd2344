import type { Belonger, ListingDetail, ListingItem } from '../contracts/gateway/index.ts';
import type { DaikanData, DongtaiData, HouseBrief, ListingDetailData, ReferrerData, ZhouData } from '../contracts/page-data/ershoufang.ts';
import type { ListPageData } from '../contracts/page-data/list.ts';
import { errors } from '../errors.ts';
import { type CommercialKind, HOUSE_TYPES, type ResidentialKind } from '../lib/listing-kinds.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Loader, LoaderResult, PageContext } from '../pipeline/types.ts';
import { detailExtras, detailPath, idOf, type ListSpec, listingJsonLd, loadList, orNotFound } from './listing-common.ts';
import { optional } from './optional.ts';

export const ERSHOUFANG_LIST: ListSpec = { kind: 'ershoufang', base: '/ershoufang/', houseType: 11, noun: '二手房', pageSize: 20 };
const SIMILAR_SIZE = 6;

export const ershoufangListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, ERSHOUFANG_LIST);

/** Load a listing of the given kind; another kind or another city is not this page's listing: 404. */
export async function loadHouse(ctx: PageContext, kind: ResidentialKind | CommercialKind, id: number): Promise<ListingDetail> {
  const house = await orNotFound(ctx.api.house.listingDetail(ctx.call, id));
  if (house.houseType !== HOUSE_TYPES[kind] || house.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return house;
}

const wan = (n: number) => String(Math.round(n * 100) / 100);

/** Second-hand and rental details: the listing, its agent and phone, community, similar listings, log and notes. */
export async function loadListingDetail(
  ctx: PageContext,
  kind: 'ershoufang' | 'zufang',
  opts: { zuyj?: boolean } = {},
): Promise<LoaderResult<ListingDetailData>> {
  const id = idOf(ctx);
  const house = await loadHouse(ctx, kind, id);
  const ad = ctx.params.ad === 'true' || ctx.query.ad === 'true';
  const agent = house.agentInfo as Belonger | null;
  const [extras, log, daikan, comments, readme] = await Promise.all([
    detailExtras(ctx, house, { similarSize: kind === 'zufang' ? 10 : SIMILAR_SIZE, ad }),
    optional(ctx, 'houseoperatelog', ctx.api.house.houseOperateLog(ctx.call, house.houseId), []),
    kind === 'ershoufang'
      ? optional(ctx, 'daikan', ctx.api.house.findRecordListByHouseNumber(ctx.call, house.houseNumber), [])
      : Promise.resolve([]),
    kind === 'zufang'
      ? optional(
          ctx,
          'commentRent',
          ctx.api.house.belongerHouseCommentRent(ctx.call, { houseId: house.houseId, size: 3 }).then((p) => p.content),
          [],
        )
      : agent
        ? optional(ctx, 'audit', ctx.api.house.auditFindContent(ctx.call, house.houseNumber, agent.belongerId), [])
        : Promise.resolve([]),
    kind === 'ershoufang'
      ? optional(
          ctx,
          'ownerReadme',
          ctx.api.house.ownerReadme(ctx.call, house.houseNumber).then((r) => r?.content ?? null),
          null,
        )
      : Promise.resolve(null),
  ]);
  if (!ad) {
    // The view count by house number (SPEC 7.4); ad variants are not tracked (SPEC 4).
    ctx.api.house.addViewNum(ctx.call, house.houseNumber).catch((err: unknown) => ctx.log.warn({ err }, 'addViewNum failed'));
  }
  const canonicalPath = opts.zuyj ? `/zufang/zuyj/${house.houseId}.html` : detailPath(kind, house.houseId);
  const city = ctx.city.name;
  const where = [house.regionName, house.shopMapName].filter(Boolean).join('');
  const brand = ctx.site.brand;
  const rent = kind === 'zufang';
  const priceText = rent ? `${house.price}元/月` : `${wan(house.price)}万`;
  const title = rent
    ? `${house.title}_${house.xiaoquName ?? where}${house.rentType ?? ''}${house.huxing}租金${priceText}_${city}${house.regionName ?? ''}租房_${brand}`
    : `${house.title}_${house.xiaoquName ?? where}${house.huxing}${wan(house.area)}㎡二手房${priceText}_${city}${house.regionName ?? ''}二手房_${brand}`;
  const description = rent
    ? `${city}${where}${house.xiaoquName ?? ''}${house.rentType ?? ''}出租：${house.huxing}，${house.area}㎡，${house.floorLevel}/${house.totalFloors}层，${house.orientation}，${house.decoration}，租金${priceText}${house.payType ? `（${house.payType}）` : ''}。房源编号${house.houseNumber}，${brand}真实房源，在线预约看房。`
    : `${city}${where}${house.xiaoquName ?? ''}二手房出售：${house.huxing}，建筑面积${house.area}㎡，总价${priceText}，单价${house.unitPrice}元/㎡，${house.orientation}，${house.decoration}，${house.buildYear}年建成。房源编号${house.houseNumber}，${brand}真实房源，专业经纪人带看。`;
  return {
    data: {
      kind,
      ad,
      house,
      extras,
      log,
      daikanCount: daikan.length,
      comments: comments.map((c) => ({ id: c.id, content: c.content, createdAt: c.createdAt, name: c.name, portrait: c.portrait })),
      readme,
      url: cityOrigin(ctx.site, ctx.city) + canonicalPath,
      zuyj: opts.zuyj,
    },
    head: {
      title,
      description,
      keywords: `${house.xiaoquName ?? ''}${rent ? '租房' : '二手房'},${city}${house.regionName ?? ''}${rent ? '租房' : '二手房'},${house.huxing}`,
      canonical: canonicalPath,
      jsonLd: listingJsonLd(ctx, house, kind, canonicalPath),
      ...(ad ? { robots: 'noindex' } : {}),
    },
  };
}

export const ershoufangDetailLoader: Loader<ListingDetailData> = (ctx) => loadListingDetail(ctx, 'ershoufang');

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
export const ershoufangDaikanLoader: Loader<DaikanData> = async (ctx) => {
  const house = await loadHouse(ctx, 'ershoufang', idOf(ctx));
  const records = await ctx.api.house.findRecordListByHouseNumber(ctx.call, house.houseNumber);
  return {
    data: { house: brief(house), records },
    head: {
      title: `${house.title}带看记录_${ctx.city.name}二手房_${ctx.site.brand}`,
      description: `${house.xiaoquName ?? ''}${house.huxing}二手房近30天带看${records.length}次，查看经纪人带看反馈。`,
      canonical: `/ershoufang/daikan?id=${house.houseId}`,
    },
  };
};

/** /ershoufang/dongtai[?id=]: a listing's price changes and events, or the city's newest and price-cut listings. */
export const ershoufangDongtaiLoader: Loader<DongtaiData> = async (ctx) => {
  const raw = ctx.query.id;
  if (raw !== undefined) {
    const house = await loadHouse(ctx, 'ershoufang', idOf(ctx));
    const [log, changeTimes] = await Promise.all([
      ctx.api.house.houseOperateLog(ctx.call, house.houseId),
      optional(ctx, 'countChangePriceTimes', ctx.api.house.countChangePriceTimes(ctx.call, house.houseId), 0),
    ]);
    return {
      data: { house: brief(house), log, changeTimes, newest: [], priceCut: [] },
      head: {
        title: `${house.title}房源动态_调价记录_${ctx.site.brand}`,
        description: `${house.xiaoquName ?? ''}${house.huxing}二手房共调价${changeTimes}次，现价${house.priceText}，查看上架、调价动态。`,
        canonical: `/ershoufang/dongtai?id=${house.houseId}`,
      },
    };
  }
  const cityId = ctx.city.cityId;
  const [newest, priceCut] = await Promise.all([
    ctx.api.house.findByCondition(ctx.call, { cityId, houseType: 11, sort: 'newest', size: 10 }),
    ctx.api.house.findByCondition(ctx.call, { cityId, houseType: 11, priceChange: true, sort: 'newest', size: 10 }),
  ]);
  return {
    data: { house: null, log: [], changeTimes: 0, newest: newest.content, priceCut: priceCut.content },
    head: {
      title: `${ctx.city.name}二手房动态_最新上架与降价房源_${ctx.site.brand}`,
      description: `${ctx.city.name}二手房最新动态：新上房源${newest.totalElements}套，调价房源${priceCut.totalElements}套，每日更新。`,
    },
  };
};

/**
 * /referrer/{houseType}/{hsmid} and /ershoufang/referrer?houseType=&hsmid=: a listing an agent shared, found by
 * its house number (or id), with the agent's card and the agent's other listings (getMainlyPopularizeHouse).
 */
export const referrerLoader: Loader<ReferrerData> = async (ctx) => {
  const houseType = Number(ctx.params.houseType ?? ctx.query.houseType ?? 11);
  const hsmid = (ctx.params.hsmid ?? ctx.query.hsmid ?? ctx.query.id ?? '').trim();
  if (!(houseType === 11 || houseType === 12) || !/^[A-Za-z0-9]{1,30}$/.test(hsmid)) throw errors.pageNotFound();
  const house = await orNotFound(
    /^\d+$/.test(hsmid)
      ? ctx.api.house.listingDetail(ctx.call, hsmid)
      : ctx.api.house.findHouse(ctx.call, { houseNumber: hsmid.toUpperCase() }),
  );
  if (house.houseType !== houseType || house.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const kind = houseType === 12 ? 'zufang' : 'ershoufang';
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
  return {
    data: { house, kind, agent, agentPhone, more },
    head: {
      title: `${agent ? `${agent.name}为您推荐` : '经纪人推荐'}：${house.title}_${ctx.site.brand}`,
      description: `${agent?.name ?? '经纪人'}推荐${house.xiaoquName ?? ''}${house.huxing}${house.area}㎡，${house.priceText}，在线咨询了解更多。`,
      canonical: detailPath(kind, house.houseId),
      robots: 'noindex',
    },
  };
};

/** /ershoufang/zhou?id=: what is around a listing: metro, schools, communities and listings of the area. */
export const ershoufangZhouLoader: Loader<ZhouData> = async (ctx) => {
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
        .findByCondition(ctx.call, { cityId: house.cityId, houseType: 11, shopMapId: house.shopMapId, size: 6 })
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
    head: {
      title: `${house.xiaoquName ?? house.title}周边配套_交通学校商圈_${ctx.site.brand}`,
      description: `${house.regionName ?? ''}${house.shopMapName ?? ''}${house.xiaoquName ?? ''}周边：${house.stationName ? `近地铁${house.stationName}站，` : ''}${schools.length ? `学校${schools.map((s) => s.name).join('、')}，` : ''}查看周边小区与在售房源。`,
      canonical: `/ershoufang/zhou?id=${house.houseId}`,
    },
  };
};
