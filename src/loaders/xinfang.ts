import { secondaryCall } from '../api/http.ts';
import type { Dianping, Dongtai, LoupanItem, Page, WendaItem } from '../contracts/gateway/index.ts';
import type {
  ClassifyData,
  DaikanData,
  EstateAgentsData,
  EstateVariant,
  FindHouseData,
  HangqingData,
  MediaData,
  PjguwenData,
  RankingData,
  StarAgentData,
  TabData,
  WendaListData,
  XinfangDetailData,
  XinfangListData,
} from '../contracts/page-data/xinfang.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { LOUPAN_TYPES } from '../lib/loupan-types.ts';
import { keywordOf, PAGE_SIZE, parseXinfangPath, slugsOf, toLoupanFilter, xinfangPath } from '../lib/xinfang-filters.ts';
import { xinfangListView } from '../lib/xinfang-list-view.ts';
import {
  belongerMeta,
  classifyMeta,
  daikanMeta,
  detailMeta,
  hangqingMeta,
  listMeta,
  mediaMeta,
  pjguwenMeta,
  salesRankingMeta,
  starAgentMeta,
  tabsMeta,
  wendalistMeta,
} from '../meta/xinfang.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { defer } from '../render/deferred.ts';
import { locationOf } from './map.ts';
import { ESTATE, videoCardOf, vrTourOf } from './media.ts';
import { optional } from './optional.ts';
import { askPhones, loadEstate, type PhoneBook, withCalls } from './xinfang-common.ts';

const emptyPage = <T>(size = 10): Page<T> => ({ content: [], totalElements: 0, totalPages: 0, number: 1, size, first: true, last: true });

// ---------------------------------------------------------------------------------------------------------------
// The list: /xinfang/*  (filters in the path, SPEC 2.4 wildcard tail; the xinfang-query middleware has redirected
// every other spelling of it to the path form and answered 404 for a tail that is not a filter)

async function loadList(ctx: PageContext): Promise<LoadResult<XinfangListData>> {
  const cityId = ctx.city.cityId;
  const regions = await optional(ctx, 'dictionaries.loupanRegions', ctx.api.dictionaries.loupanRegions(ctx.call, cityId), []);
  const slugs = slugsOf(regions);
  const filter = parseXinfangPath(ctx.params['*'], slugs);
  if (!filter) throw errors.pageNotFound();
  const keyword = keywordOf(ctx.query);
  const res = await ctx.api.house.findListByWap(ctx.call, toLoupanFilter(filter, cityId, keyword));
  const region = regions.find((r) => r.regionId === filter.regionId);
  if (filter.regionId && regions.length && !region) throw errors.pageNotFound();
  const page = filter.page ?? 1;
  const totalPages = Math.max(1, res.totalPages || Math.ceil(res.totalElements / PAGE_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  const hot = res.content.length
    ? []
    : await optional(ctx, 'house.findWapHotLoupan', ctx.api.house.findWapHotLoupan(ctx.call, { cityId, limit: 5 }), []);
  return {
    data: {
      filter,
      keyword,
      list: res.content,
      total: res.totalElements,
      page,
      totalPages,
      regions,
      slugs,
      regionName: region?.regionName ?? '',
      hot,
      view: xinfangListView({
        cityName: ctx.city.name,
        filter,
        slugs,
        regions,
        regionName: region?.regionName ?? '',
        keyword,
        page,
        totalPages,
      }),
    },
  };
}
export const xinfangList = pageLoader(loadList, listMeta);

// ---------------------------------------------------------------------------------------------------------------
// The estate: /xinfang/{id}.html and its twins (details?id=, details-old, /ad/…, /xinfang/dy/…, fhlmxf, 导购)

const VARIANTS: readonly EstateVariant[] = ['old', 'dy', 'fhlmxf', 'daogou'];

/** Which twin of the estate page this is: registry data (`params.variant`, `params.ad`), never the page's name. */
function variantOf(ctx: PageContext): EstateVariant {
  if (ctx.params.ad === 'true') return 'ad';
  const v = ctx.page.params?.variant as EstateVariant | undefined;
  return v && VARIANTS.includes(v) ? v : 'detail';
}

async function loadDetail(ctx: PageContext): Promise<LoadResult<XinfangDetailData>> {
  const variant = variantOf(ctx);
  const rawId = variant === 'daogou' ? ctx.params.houseId : (ctx.params.id ?? ctx.query.id ?? ctx.query.houseId);
  const estate = await loadEstate(ctx, parseId(rawId));
  const id = estate.houseId;
  const cityId = ctx.city.cityId;
  const referrerId = variant === 'daogou' ? Number(ctx.query.belongerId) || undefined : undefined;
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  // The shell waits only for what the first screen and the bottom bar show: the prices by property type, the bar's
  // agent with a phone, the member's favourite (issue 20). Its calls go out first, so the gateway answers them before
  // the secondary ones. The estate's own agents are almost always its bound ones and the bar's: their phones are asked
  // at once rather than after the agent lists.
  const phones: PhoneBook = new Map();
  askPhones(ctx, estate.belongerList ?? [], phones);
  const shell = Promise.all([
    optional(ctx, 'house.louPanWylbPriceAll', ctx.api.house.louPanWylbPriceAll(ctx.call, id), estate.prices ?? []),
    optional(ctx, 'house.popupBelonger', ctx.api.house.popupBelonger(ctx.call, id), null).then((popup) =>
      popup ? withCalls(ctx, [popup], 1, phones) : [],
    ),
    referrerId
      ? optional(ctx, 'belonger.find', ctx.api.belonger.find(ctx.call, referrerId), null).then((r) =>
          r ? withCalls(ctx, [r], 1, phones) : [],
        )
      : Promise.resolve([]),
    memberId ? optional(ctx, 'user.isCollect', ctx.api.user.isCollect(ctx.call, id, memberId, 'newhouse'), false) : Promise.resolve(false),
  ]);
  // Secondary blocks (below the first screen): the floor-plan counts, the agents, news, surroundings, schools,
  // reviews, Q&A and estates nearby stream after the shell.
  const later = secondaryCall(ctx.call);
  const huxingStats = defer(ctx, optional(ctx, 'house.getStatisticsByLpId', ctx.api.house.getStatisticsByLpId(later, id), []));
  const belongers = defer(
    ctx,
    optional(ctx, 'house.getBelongerLouPanListNew', ctx.api.house.getBelongerLouPanListNew(later, id), estate.belongerList ?? []).then(
      (bound) => withCalls(ctx, bound.length ? bound : (estate.belongerList ?? []), 6, phones),
    ),
  );
  // Secondary blocks: news, surroundings, schools, reviews, Q&A and estates nearby stream after the shell.
  const dongtai = defer(ctx, optional(ctx, 'house.findDT', ctx.api.house.findDT(later, id, { page: 1, size: 3 }), emptyPage<Dongtai>(3)));
  const location = defer(ctx, locationOf(ctx, { name: estate.title, lng: estate.lng, lat: estate.lat, regionId: estate.regionId }, later));
  const schools = defer(ctx, optional(ctx, 'house.getSchoolByHouseId', ctx.api.house.getSchoolByHouseId(later, id), []));
  const comments = optional(
    ctx,
    'belonger.dianpingList',
    ctx.api.belonger.dianpingList(later, { houseId: id, size: 3 }),
    emptyPage<Dianping>(3),
  );
  const wenda = optional(ctx, 'info.wendaList', ctx.api.info.wendaList(later, { cityId, houseId: id, size: 3 }), emptyPage<WendaItem>(3));
  const similar = optional(
    ctx,
    'house.findListByWap',
    ctx.api.house.similarEstates(later, { cityId, regionId: estate.regionId, size: 6 }),
    emptyPage<LoupanItem>(6),
  );
  const [prices, [popupAgent = null], [referrerAgent = null], collected] = await shell;
  // Without a bar agent of its own, the bar shows the first bound one: only then does the shell wait for that list.
  const agent = popupAgent ?? (await belongers)[0] ?? null;
  return {
    data: {
      variant,
      estate,
      collected,
      prices: prices.length ? prices : (estate.prices ?? []),
      huxingStats,
      belongers,
      agent,
      dongtai,
      schools,
      comments: defer(
        ctx,
        comments.then((c) => c.content),
      ),
      commentTotal: defer(
        ctx,
        comments.then((c) => c.totalElements),
      ),
      wenda: defer(
        ctx,
        wenda.then((w) => w.content),
      ),
      wendaTotal: defer(
        ctx,
        wenda.then((w) => w.totalElements),
      ),
      similar: defer(
        ctx,
        similar.then((p) => p.content.filter((e) => e.houseId !== id).slice(0, 4)),
      ),
      location,
      referrer: variant === 'daogou' ? { bmsHouseId: ctx.params.bmsHouseId ?? '', belonger: referrerAgent } : undefined,
    },
    // SPEC 7.4: the member's view history, recorded by the pipeline (not on ad variants, SPEC 4).
    view: { houseId: id, kind: 'newhouse' },
  };
}
export const xinfangDetail = pageLoader(loadDetail, detailMeta);

// ---------------------------------------------------------------------------------------------------------------
// Estate sub-pages: agents, viewings & subscriptions, adviser rating, Q&A, video, VR

/** /xinfang/belonger?id={houseId}: every agent of the estate (SPEC 7.3 getBelongerLouPanListNew) with phone and chat. */
async function loadBelonger(ctx: PageContext): Promise<LoadResult<EstateAgentsData>> {
  const estate = await loadEstate(ctx, parseId(ctx.query.id ?? ctx.query.houseId));
  const list = await optional(
    ctx,
    'house.getBelongerLouPanListNew',
    ctx.api.house.getBelongerLouPanListNew(ctx.call, estate.houseId),
    estate.belongerList ?? [],
  );
  return { data: { estate, belongers: await withCalls(ctx, list, 20), total: list.length } };
}
export const xinfangBelonger = pageLoader(loadBelonger, belongerMeta);

/** /xinfang/daikanrengou/{id}: viewings and subscriptions (monthly contracts, SPEC 7.3 findContractList, sales rank). */
async function loadDaikan(ctx: PageContext): Promise<LoadResult<DaikanData>> {
  const estate = await loadEstate(ctx, parseId(ctx.params.id ?? ctx.query.id));
  const id = estate.houseId;
  const [contracts, detail, bound] = await Promise.all([
    optional(ctx, 'house.findContractList', ctx.api.house.findContractList(ctx.call, id), []),
    optional(ctx, 'house.salesRankDetail', ctx.api.house.salesRankDetail(ctx.call, { cityId: ctx.city.cityId, newHouseId: id }), null),
    optional(ctx, 'house.getBelongerLouPanListNew', ctx.api.house.getBelongerLouPanListNew(ctx.call, id), []),
  ]);
  return { data: { estate, contracts, rank: detail?.rank ?? null, belongers: await withCalls(ctx, bound, 2) } };
}
export const xinfangDaikan = pageLoader(loadDaikan, daikanMeta);

/** /xinfang/pjguwen/{belongerId}?houseId=: rate an adviser; shows the adviser and what others said. */
async function loadPjguwen(ctx: PageContext): Promise<LoadResult<PjguwenData>> {
  const id = parseId(ctx.params.id ?? ctx.query.id ?? ctx.query.belongerId);
  const houseId = parseId(ctx.query.houseId);
  if (id === null) throw errors.pageNotFound();
  const [b, estate, comments] = await Promise.all([
    optional(ctx, 'belonger.find', ctx.api.belonger.find(ctx.call, id), null),
    houseId ? optional(ctx, 'house.findById', ctx.api.house.findById(ctx.call, houseId), null) : Promise.resolve(null),
    optional(ctx, 'belonger.dianpingList', ctx.api.belonger.dianpingList(ctx.call, { belongerId: id, size: 10 }), emptyPage<Dianping>(10)),
  ]);
  if (!b) throw errors.pageNotFound();
  const [belonger] = await withCalls(ctx, [b]);
  return {
    data: {
      belonger,
      estate: estate && estate.cityId === ctx.city.cityId ? estate : null,
      comments: comments.content,
      total: comments.totalElements,
    },
  };
}
export const xinfangPjguwen = pageLoader(loadPjguwen, pjguwenMeta);

/** /xinfang/wendalist?id={houseId}: the estate's questions and answers (city-wide new-home questions without an id). */
async function loadWendalist(ctx: PageContext): Promise<LoadResult<WendaListData>> {
  const houseId = parseId(ctx.query.id ?? ctx.query.houseId) ?? undefined;
  const estate = houseId ? await loadEstate(ctx, houseId) : null;
  const res = await ctx.api.info.wendaList(ctx.call, { cityId: ctx.city.cityId, houseId, size: 20 });
  // An estate nobody asked about yet: the city's other new-home questions below the empty state.
  const others =
    estate && !res.content.length
      ? (
          await optional(
            ctx,
            'info.wendaList',
            ctx.api.info.wendaList(ctx.call, { cityId: ctx.city.cityId, category: '楼盘', size: 10 }),
            emptyPage<WendaItem>(),
          )
        ).content
      : [];
  return { data: { estate, list: res.content, total: res.totalElements, others } };
}
export const xinfangWendalist = pageLoader(loadWendalist, wendalistMeta);

/**
 * /xinfang/video[/{id}.html], /xinfang/vr[/{id}.html]: an estate's clips or its panorama tour (issue 19), or the
 * city's estates that have one. An estate flagged without that media, or whose media the gateway does not have, is 404.
 */
function loadMedia(kind: 'video' | 'vr') {
  return async (ctx: PageContext): Promise<LoadResult<MediaData>> => {
    const id = parseId(ctx.params.id ?? ctx.query.id);
    if (id) {
      const estate = await loadEstate(ctx, id);
      const has = kind === 'vr' ? estate.hasVr : estate.hasVideo;
      if (!has) throw errors.pageNotFound();
      const byEstate = { cityId: ctx.city.cityId, houseType: ESTATE, houseId: estate.houseId, size: 6 };
      const [agents, videos, tour] = await Promise.all([
        withCalls(ctx, estate.belongerList ?? [], 1),
        kind === 'video' ? ctx.api.media.videoList(ctx.call, byEstate).then((p) => p.content.map(videoCardOf)) : Promise.resolve([]),
        kind === 'vr'
          ? ctx.api.media.vrList(ctx.call, { ...byEstate, size: 1 }).then(async (p) => {
              const first = p.content[0];
              const full = first ? await ctx.api.media.vr(ctx.call, first.vrId) : null;
              return full ? vrTourOf(full) : null;
            })
          : Promise.resolve(null),
      ]);
      if (kind === 'video' ? !videos.length : !tour) throw errors.pageNotFound();
      return { data: { kind, estate, list: [], agent: agents[0] ?? null, videos, tour } };
    }
    const hot = await ctx.api.house.findHotLoupan(ctx.call, { cityId: ctx.city.cityId, limit: 30 });
    const list = hot.filter((e) => (kind === 'vr' ? e.hasVr : e.hasVideo));
    return { data: { kind, estate: null, list, agent: null, videos: [], tour: null } };
  };
}
export const xinfangVideo = pageLoader(loadMedia('video'), mediaMeta);
export const xinfangVr = pageLoader(loadMedia('vr'), mediaMeta);

// ---------------------------------------------------------------------------------------------------------------
// City-wide new-home pages: ranking, star agents, market, property types, help-me-find, tabs

/** `?page=` (the pageNumber validator has checked it), 1 when absent. */
const pageOf = (ctx: PageContext): number => Number(ctx.query.page ?? 1) || 1;

/** /xinfang/salesRanking: SPEC 7.3 newHouseSalesRank/pubPage. */
async function loadSalesRanking(ctx: PageContext): Promise<LoadResult<RankingData>> {
  const page = pageOf(ctx);
  const res = await ctx.api.house.salesRankPubPage(ctx.call, {
    cityId: ctx.city.cityId,
    memberId: ctx.user?.userId || undefined,
    page,
    size: 20,
  });
  if (page > 1 && !res.content.length) throw errors.pageNotFound();
  return { data: { list: res.content, page, totalPages: Math.max(1, res.totalPages) } };
}
export const xinfangSalesRanking = pageLoader(loadSalesRanking, salesRankingMeta);

/** /xinfang/starAgent: SPEC 7.3 newHouseStarBelonger/pubPage. */
async function loadStarAgent(ctx: PageContext): Promise<LoadResult<StarAgentData>> {
  const page = pageOf(ctx);
  const res = await ctx.api.house.starBelongerPubPage(ctx.call, { cityId: ctx.city.cityId, page, size: 10 });
  if (page > 1 && !res.content.length) throw errors.pageNotFound();
  return { data: { list: await withCalls(ctx, res.content, 10), page, totalPages: Math.max(1, res.totalPages) } };
}
export const xinfangStarAgent = pageLoader(loadStarAgent, starAgentMeta);

/** /xinfang/hangqing: the city's new-home market (average price, best sellers by contracts, supply by region). */
async function loadHangqing(ctx: PageContext): Promise<LoadResult<HangqingData>> {
  const cityId = ctx.city.cityId;
  const [avg, rank, regions, newest] = await Promise.all([
    optional(ctx, 'house.getCityAvgPriceByCityId', ctx.api.house.getCityAvgPriceByCityId(ctx.call, cityId), null),
    optional(ctx, 'house.findContractRank', ctx.api.house.findContractRank(ctx.call, cityId, 10), []),
    optional(ctx, 'dictionaries.loupanRegions', ctx.api.dictionaries.loupanRegions(ctx.call, cityId), []),
    optional(ctx, 'house.findNewest', ctx.api.house.findNewest(ctx.call, cityId, 5), []),
  ]);
  return {
    data: { avgPrice: avg?.avgPrice ?? 0, ershouAvgPrice: avg?.ershouAvgPrice ?? 0, ratio: avg?.ratio ?? 0, rank, regions, newest },
  };
}
export const xinfangHangqing = pageLoader(loadHangqing, hangqingMeta);

/** /xinfang/houseClassifyData: estates by SPEC 9 property type (counts through findListByWap) and by feature tag. */
async function loadClassify(ctx: PageContext): Promise<LoadResult<ClassifyData>> {
  const cityId = ctx.city.cityId;
  const [counts, tags] = await Promise.all([
    Promise.all(
      LOUPAN_TYPES.map((t) =>
        optional(
          ctx,
          'house.findListByWap',
          ctx.api.house.findListByWap(ctx.call, { cityId, typeCode: t.code, size: 2 }),
          emptyPage<LoupanItem>(2),
        ),
      ),
    ),
    optional(ctx, 'house.allCharacter', ctx.api.house.allCharacter(ctx.call, cityId), []),
  ]);
  const types = LOUPAN_TYPES.map((t, i) => ({
    code: t.code,
    name: t.name,
    count: counts[i].totalElements,
    href: xinfangPath({ typeCode: t.code }, {}),
    sample: counts[i].content,
  }));
  return { data: { types, tags: tags.slice(0, 16) } };
}
export const xinfangClassify = pageLoader(loadClassify, classifyMeta);

/** /xinfang/findHouse: a help-me-find form; it submits to the list, whose query form 301s to the path form. */
export const xinfangFindHouse = pageLoader(
  async (ctx): Promise<LoadResult<FindHouseData>> => ({
    data: { regions: await optional(ctx, 'dictionaries.loupanRegions', ctx.api.dictionaries.loupanRegions(ctx.call, ctx.city.cityId), []) },
  }),
);

const TABS: Array<{ key: string; label: string }> = [
  { key: 'hot', label: '热门楼盘' },
  { key: 'newest', label: '最新开盘' },
  { key: 'recommend', label: '为你推荐' },
  { key: 'xianfang', label: '现房' },
];

/** /xinfangTabPages/{hot|newest|recommend|xianfang}: the new-home channel's tab lists; another tab is not found. */
async function loadTabPages(ctx: PageContext): Promise<LoadResult<TabData>> {
  const tab = (ctx.params['*'] ?? '').replace(/\/+$/, '').toLowerCase() || 'hot';
  const def = TABS.find((t) => t.key === tab);
  if (!def) throw errors.pageNotFound();
  const cityId = ctx.city.cityId;
  const list =
    tab === 'newest'
      ? await ctx.api.house.findNewest(ctx.call, cityId, 20)
      : tab === 'recommend'
        ? await ctx.api.house.getLouPanByRecommend(ctx.call, cityId, 20)
        : tab === 'xianfang'
          ? (await ctx.api.house.findListByWap(ctx.call, { cityId, saleStatus: '现房', size: 20 })).content
          : await ctx.api.house.findWapHotLoupan(ctx.call, { cityId, limit: 20 });
  return { data: { tab, title: def.label, list, tabs: TABS } };
}
export const xinfangTabPages = pageLoader(loadTabPages, tabsMeta);

/** /xinfang/unreadlist: a member's unread estate messages; a visitor is asked to log in. */
