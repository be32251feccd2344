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
  UnreadData,
  WendaListData,
  XinfangDetailData,
  XinfangListData,
} from '../contracts/page-data/xinfang.ts';
import { errors } from '../errors.ts';
import { LOUPAN_TYPES } from '../lib/loupan-types.ts';
import { saleStatusLabel } from '../lib/sale-status.ts';
import { filterFromQuery, filterWords, PAGE_SIZE, parseXinfangPath, slugsOf, toLoupanFilter, xinfangPath } from '../lib/xinfang-filters.ts';
import type { Loader, PageContext } from '../pipeline/types.ts';
import { optional } from './optional.ts';
import { absolute, breadcrumbLd, idOf, loadEstate, movedTo, optionalIdOf, priceText, withCalls } from './xinfang-common.ts';

const emptyPage = <T>(size = 10): Page<T> => ({ content: [], totalElements: 0, totalPages: 0, number: 1, size, first: true, last: true });

// ---------------------------------------------------------------------------------------------------------------
// The list: /xinfang/*  (filters in the path, SPEC 2.4 wildcard tail)

export const xinfangList: Loader<XinfangListData> = async (ctx) => {
  const cityId = ctx.city.cityId;
  const regions = await optional(ctx, 'config.loupanRegions', ctx.api.config.loupanRegions(ctx.call, cityId), []);
  const slugs = slugsOf(regions);
  const parsed = parseXinfangPath(ctx.params['*'], slugs);
  if (!parsed) throw errors.pageNotFound();
  const keyword = (ctx.query.keyword ?? ctx.query.kw ?? '').trim().slice(0, 64);
  const fromQuery = filterFromQuery(ctx.query, parsed);
  const filter = fromQuery ?? parsed;
  const path = xinfangPath(filter, slugs);
  // Query-form filters and non-canonical spellings of the path are answered with a 301 to the path form.
  if (fromQuery || path.toLowerCase() !== withSlash(ctx.path).toLowerCase()) {
    return movedTo(keyword ? `${path}?keyword=${encodeURIComponent(keyword)}` : path);
  }
  const res = await ctx.api.house.findListByWap(ctx.call, toLoupanFilter(filter, cityId, keyword));
  const region = regions.find((r) => r.regionId === filter.regionId);
  if (filter.regionId && regions.length && !region) throw errors.pageNotFound();
  const page = filter.page ?? 1;
  const totalPages = Math.max(1, res.totalPages || Math.ceil(res.totalElements / PAGE_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  const hot = res.content.length
    ? []
    : await optional(ctx, 'house.findWapHotLoupan', ctx.api.house.findWapHotLoupan(ctx.call, { cityId, limit: 5 }), []);

  const city = ctx.city.name;
  const place = `${city}${region?.regionName ?? ''}`;
  const words = filterWords(filter);
  const what = `${words.join('')}新房`;
  const pageNote = page > 1 ? `_第${page}页` : '';
  const lowest = res.content.filter((e) => e.price).map((e) => e.price);
  const title = keyword
    ? `${city}“${keyword}”相关新楼盘${pageNote}_${ctx.site.brand}`
    : `${place}${what}_${place}新楼盘_${place}新开楼盘${pageNote}_${ctx.site.brand}`;
  const description = `${place}${what}共${res.totalElements}个楼盘${lowest.length ? `，本页均价${Math.min(...lowest)}元/㎡起` : ''}${
    res.content.length
      ? `，有${res.content
          .slice(0, 3)
          .map((e) => e.name)
          .join('、')}等`
      : ''
  }。查看${place}新楼盘最新价格、开盘时间、户型图、楼盘动态，置业顾问免费咨询。`;
  const links: Array<{ rel: string; href: string }> = [];
  if (page > 1) links.push({ rel: 'prev', href: xinfangPath({ ...filter, page: page - 1 }, slugs) });
  if (page < totalPages) links.push({ rel: 'next', href: xinfangPath({ ...filter, page: page + 1 }, slugs) });
  const crumbs: Array<[string, string]> = [
    [`${city}房产网`, '/'],
    [`${city}新房`, '/xinfang/'],
  ];
  if (region) crumbs.push([`${region.regionName}新房`, xinfangPath({ regionId: region.regionId }, slugs)]);
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
    },
    head: {
      title,
      description,
      keywords: `${place}新房,${place}新楼盘,${place}楼盘价格,${place}新开楼盘${words.length ? `,${words.join(',')}` : ''}`,
      canonical: path,
      links,
      robots: keyword ? 'noindex, follow' : undefined,
      jsonLd: [
        breadcrumbLd(ctx, crumbs),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: `${place}${what}`,
          numberOfItems: res.totalElements,
          itemListElement: res.content.map((e, i) => ({
            '@type': 'ListItem',
            position: (page - 1) * PAGE_SIZE + i + 1,
            url: absolute(ctx, `/xinfang/${e.houseId}.html`),
            name: e.name,
          })),
        },
      ],
    },
  };
};

const withSlash = (p: string) => (p.endsWith('/') ? p : `${p}/`);

// ---------------------------------------------------------------------------------------------------------------
// The estate: /xinfang/{id}.html and its twins (details?id=, details-old, /ad/…, /xinfang/dy/…, fhlmxf, 导购)

const VARIANTS: readonly EstateVariant[] = ['old', 'dy', 'fhlmxf', 'daogou'];

/** Which twin of the estate page this is: registry data (`params.variant`, `params.ad`), never the page's name. */
function variantOf(ctx: PageContext): EstateVariant {
  if (ctx.params.ad === 'true') return 'ad';
  const v = ctx.page.params?.variant as EstateVariant | undefined;
  return v && VARIANTS.includes(v) ? v : 'detail';
}

export const xinfangDetail: Loader<XinfangDetailData> = async (ctx) => {
  const variant = variantOf(ctx);
  const rawId = variant === 'daogou' ? ctx.params.houseId : (ctx.params.id ?? ctx.query.id ?? ctx.query.houseId);
  const id = idOf(rawId);
  const estate = await loadEstate(ctx, id);
  const cityId = ctx.city.cityId;
  const referrerId = variant === 'daogou' ? Number(ctx.query.belongerId) || undefined : undefined;
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  if (memberId && variant !== 'ad' && /^[A-Za-z0-9_-]{1,40}$/.test(memberId)) {
    // SPEC 7.4 view history (ad variants are not tracked, SPEC 4): fire and forget.
    ctx.api.house
      .saveHouseViewHistory(ctx.call, id, memberId, 'wap')
      .catch((err: unknown) => ctx.log.warn({ err }, 'saveHouseViewHistory failed'));
  }
  const [prices, stats, bound, popup, dongtai, schools, comments, wenda, similar, referrer, collected] = await Promise.all([
    optional(ctx, 'house.louPanWylbPriceAll', ctx.api.house.louPanWylbPriceAll(ctx.call, id), estate.prices ?? []),
    optional(ctx, 'house.getStatisticsByLpId', ctx.api.house.getStatisticsByLpId(ctx.call, id), []),
    optional(ctx, 'house.getBelongerLouPanListNew', ctx.api.house.getBelongerLouPanListNew(ctx.call, id), estate.belongerList ?? []),
    optional(ctx, 'house.popupBelonger', ctx.api.house.popupBelonger(ctx.call, id), null),
    optional(ctx, 'house.findDT', ctx.api.house.findDT(ctx.call, id, { page: 1, size: 3 }), emptyPage<Dongtai>(3)),
    optional(ctx, 'house.getSchoolByHouseId', ctx.api.house.getSchoolByHouseId(ctx.call, id), []),
    optional(ctx, 'belonger.dianpingList', ctx.api.belonger.dianpingList(ctx.call, { houseId: id, size: 3 }), emptyPage<Dianping>(3)),
    optional(ctx, 'info.wendaList', ctx.api.info.wendaList(ctx.call, { cityId, houseId: id, size: 3 }), emptyPage<WendaItem>(3)),
    optional(
      ctx,
      'house.findListByWap',
      ctx.api.house.findListByWap(ctx.call, { cityId, regionId: estate.regionId, size: 6 }),
      emptyPage<LoupanItem>(6),
    ),
    referrerId ? optional(ctx, 'belonger.find', ctx.api.belonger.find(ctx.call, referrerId), null) : Promise.resolve(null),
    memberId ? optional(ctx, 'user.isCollect', ctx.api.user.isCollect(ctx.call, id, memberId, 'newhouse'), false) : Promise.resolve(false),
  ]);
  const belongers = await withCalls(ctx, bound.length ? bound : (estate.belongerList ?? []));
  const popupAgent = popup ? (belongers.find((b) => b.belongerId === popup.belongerId) ?? (await withCalls(ctx, [popup]))[0]) : null;
  const [referrerAgent] = referrer ? await withCalls(ctx, [referrer]) : [null];
  const city = ctx.city.name;
  const region = estate.regionName ?? '';
  const types = (estate.typeNames ?? []).join('、');
  const status = saleStatusLabel(estate.saleStatus);
  const title = `${estate.name}_${city}${estate.name}房价_户型图_售楼处电话_${ctx.site.brand}`;
  const description = `${estate.name}位于${city}${region}${estate.shopMapName ?? ''}，${priceText(estate)}${
    estate.totalMin ? `，总价${estate.totalMin}-${estate.totalMax}万` : ''
  }，${status}，物业类型${types || '住宅'}，开发商${estate.developer}，预计${estate.handoverDate}交房。查看${estate.name}户型图、楼盘动态与置业顾问电话。`;
  const canonical = `/xinfang/${id}.html`;
  return {
    data: {
      variant,
      estate,
      collected,
      prices: prices.length ? prices : (estate.prices ?? []),
      huxingStats: stats,
      belongers,
      agent: popupAgent ?? belongers[0] ?? null,
      dongtai,
      schools,
      comments: comments.content,
      commentTotal: comments.totalElements,
      wenda: wenda.content,
      wendaTotal: wenda.totalElements,
      similar: similar.content.filter((e) => e.houseId !== id).slice(0, 4),
      referrer: variant === 'daogou' ? { bmsHouseId: ctx.params.bmsHouseId ?? '', belonger: referrerAgent } : undefined,
    },
    head: {
      title,
      description,
      keywords: `${estate.name},${estate.name}房价,${estate.name}户型,${city}${region}新楼盘`,
      canonical,
      robots: variant === 'ad' || variant === 'old' || variant === 'daogou' ? 'noindex, follow' : undefined,
      jsonLd: [
        breadcrumbLd(ctx, [
          [`${city}房产网`, '/'],
          [`${city}新房`, '/xinfang/'],

          [estate.name, canonical],
        ]),
        {
          '@context': 'https://schema.org',
          '@type': 'ApartmentComplex',
          name: estate.name,
          url: absolute(ctx, canonical),
          image: estate.photos?.[0] ? absolute(ctx, estate.photos[0]) : undefined,
          description: estate.description,
          address: { '@type': 'PostalAddress', addressLocality: city, addressRegion: region, streetAddress: estate.address },
          geo: estate.lat && estate.lng ? { '@type': 'GeoCoordinates', latitude: estate.lat, longitude: estate.lng } : undefined,
          numberOfAccommodationUnits: estate.households,
          ...(estate.price
            ? { offers: { '@type': 'Offer', priceCurrency: 'CNY', price: estate.price, description: `均价${estate.price}元/㎡` } }
            : {}),
        },
      ],
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Estate sub-pages: agents, viewings & subscriptions, adviser rating, Q&A, video, VR

/** /xinfang/belonger?id={houseId}: every agent of the estate (SPEC 7.3 getBelongerLouPanListNew) with phone and chat. */
export const xinfangBelonger: Loader<EstateAgentsData> = async (ctx) => {
  const id = idOf(ctx.query.id ?? ctx.query.houseId);
  const estate = await loadEstate(ctx, id);
  const list = await optional(
    ctx,
    'house.getBelongerLouPanListNew',
    ctx.api.house.getBelongerLouPanListNew(ctx.call, id),
    estate.belongerList ?? [],
  );
  return {
    data: { estate, belongers: await withCalls(ctx, list, 20) },
    head: {
      title: `${estate.name}置业顾问_${estate.name}售楼处电话_${ctx.site.brand}`,
      description: `${estate.name}的${list.length}位置业顾问，在线咨询${estate.name}价格、优惠与看房安排，一键拨打电话。`,
      canonical: `/xinfang/belonger?id=${id}`,
    },
  };
};

/** /xinfang/daikanrengou/{id}: viewings and subscriptions (monthly contracts, SPEC 7.3 findContractList, sales rank). */
export const xinfangDaikan: Loader<DaikanData> = async (ctx) => {
  const id = idOf(ctx.params.id ?? ctx.query.id);
  const estate = await loadEstate(ctx, id);
  const [contracts, detail, bound] = await Promise.all([
    optional(ctx, 'house.findContractList', ctx.api.house.findContractList(ctx.call, id), []),
    optional(ctx, 'house.salesRankDetail', ctx.api.house.salesRankDetail(ctx.call, { cityId: ctx.city.cityId, newHouseId: id }), null),
    optional(ctx, 'house.getBelongerLouPanListNew', ctx.api.house.getBelongerLouPanListNew(ctx.call, id), []),
  ]);
  const units = contracts.reduce((s, c) => s + c.units, 0);
  return {
    data: { estate, contracts, rank: detail?.rank ?? null, belongers: await withCalls(ctx, bound, 2) },
    head: {
      title: `${estate.name}带看认购记录_${estate.name}成交量_${ctx.site.brand}`,
      description: `${estate.name}近${contracts.length}个月网签认购${units}套，${priceText(estate)}。查看${estate.name}每月认购套数、成交面积与成交均价。`,
      canonical: `/xinfang/daikanrengou/${id}`,
    },
  };
};

/** /xinfang/pjguwen/{belongerId}?houseId=: rate an adviser; shows the adviser and what others said. */
export const xinfangPjguwen: Loader<PjguwenData> = async (ctx) => {
  const id = idOf(ctx.params.id ?? ctx.query.id ?? ctx.query.belongerId);
  const houseId = optionalIdOf(ctx.query.houseId);
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
    head: {
      title: `评价置业顾问${b.name}_${ctx.site.brand}`,
      description: `为置业顾问${b.name}的服务打分评价，已有${comments.totalElements}条评价，综合评分${b.score}。`,
      canonical: `/xinfang/pjguwen/${id}`,
    },
  };
};

/** /xinfang/wendalist?id={houseId}: the estate's questions and answers (city-wide new-home questions without an id). */
export const xinfangWendalist: Loader<WendaListData> = async (ctx) => {
  const houseId = optionalIdOf(ctx.query.id ?? ctx.query.houseId);
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
  const name = estate?.name ?? `${ctx.city.name}新房`;
  return {
    data: { estate, list: res.content, total: res.totalElements, others },
    head: {
      title: `${name}问答_${name}怎么样_${ctx.site.brand}`,
      description: `关于${name}价格、交房、配套、户型的${res.totalElements}个问题与置业顾问解答。`,
      canonical: houseId ? `/xinfang/wendalist?id=${houseId}` : '/xinfang/wendalist',
    },
  };
};

function mediaLoader(kind: 'video' | 'vr'): Loader<MediaData> {
  const label = kind === 'vr' ? 'VR看房' : '视频看房';
  return async (ctx) => {
    const id = optionalIdOf(ctx.params.id ?? ctx.query.id);
    if (id) {
      const estate = await loadEstate(ctx, id);
      const has = kind === 'vr' ? estate.hasVr : estate.hasVideo;
      if (!has) throw errors.pageNotFound();
      const [agent] = await withCalls(ctx, estate.belongerList ?? [], 1);
      return {
        data: { kind, estate, list: [], agent: agent ?? null },
        head: {
          title: `${estate.name}${label}_${estate.name}${kind === 'vr' ? '全景样板间' : '实景视频'}_${ctx.site.brand}`,
          description: `${estate.name}${label}：足不出户看${estate.name}沙盘、样板间与周边实景，${priceText(estate)}。`,
          canonical: `/xinfang/${kind}/${id}.html`,
        },
      };
    }
    const hot = await ctx.api.house.findHotLoupan(ctx.call, { cityId: ctx.city.cityId, limit: 30 });
    const list = hot.filter((e) => (kind === 'vr' ? e.hasVr : e.hasVideo));
    return {
      data: { kind, estate: null, list, agent: null },
      head: {
        title: `${ctx.city.name}新房${label}_楼盘${kind === 'vr' ? 'VR全景' : '视频'}_${ctx.site.brand}`,
        description: `${ctx.city.name}${list.length}个新楼盘支持${label}：${list
          .slice(0, 3)
          .map((e) => e.name)
          .join('、')}等，足不出户看新房。`,
        canonical: `/xinfang/${kind}`,
      },
    };
  };
}
export const xinfangVideo = mediaLoader('video');
export const xinfangVr = mediaLoader('vr');

// ---------------------------------------------------------------------------------------------------------------
// City-wide new-home pages: ranking, star agents, market, property types, help-me-find, tabs

/** /xinfang/salesRanking: SPEC 7.3 newHouseSalesRank/pubPage. */
export const xinfangSalesRanking: Loader<RankingData> = async (ctx) => {
  const page = pageOf(ctx.query.page);
  const res = await ctx.api.house.salesRankPubPage(ctx.call, {
    cityId: ctx.city.cityId,
    memberId: ctx.user?.userId || undefined,
    page,
    size: 20,
  });
  if (page > 1 && !res.content.length) throw errors.pageNotFound();
  const city = ctx.city.name;
  return {
    data: { list: res.content, page, totalPages: Math.max(1, res.totalPages) },
    head: {
      title: `${city}新房销售排行榜_${city}热销楼盘排名${page > 1 ? `_第${page}页` : ''}_${ctx.site.brand}`,
      description: `${city}新楼盘销量排行榜：${res.content
        .slice(0, 3)
        .map((e) => `第${e.rank}名${e.name}`)
        .join('，')}。热销楼盘一目了然。`,
      canonical: page > 1 ? `/xinfang/salesRanking?page=${page}` : '/xinfang/salesRanking',
      links: pageLinks('/xinfang/salesRanking', page, res.totalPages),
    },
  };
};

/** /xinfang/starAgent: SPEC 7.3 newHouseStarBelonger/pubPage. */
export const xinfangStarAgent: Loader<StarAgentData> = async (ctx) => {
  const page = pageOf(ctx.query.page);
  const res = await ctx.api.house.starBelongerPubPage(ctx.call, { cityId: ctx.city.cityId, page, size: 10 });
  if (page > 1 && !res.content.length) throw errors.pageNotFound();
  const city = ctx.city.name;
  return {
    data: { list: await withCalls(ctx, res.content, 10), page, totalPages: Math.max(1, res.totalPages) },
    head: {
      title: `${city}明星置业顾问_${city}新房金牌顾问${page > 1 ? `_第${page}页` : ''}_${ctx.site.brand}`,
      description: `${city}服务评价高、成交多的明星置业顾问：${res.content
        .slice(0, 3)
        .map((b) => b.name)
        .join('、')}等，免费咨询新房价格与优惠。`,
      canonical: page > 1 ? `/xinfang/starAgent?page=${page}` : '/xinfang/starAgent',
      links: pageLinks('/xinfang/starAgent', page, res.totalPages),
    },
  };
};

/** /xinfang/hangqing: the city's new-home market (average price, best sellers by contracts, supply by region). */
export const xinfangHangqing: Loader<HangqingData> = async (ctx) => {
  const cityId = ctx.city.cityId;
  const [avg, rank, regions, newest] = await Promise.all([
    optional(ctx, 'house.getCityAvgPriceByCityId', ctx.api.house.getCityAvgPriceByCityId(ctx.call, cityId), null),
    optional(ctx, 'house.findContractRank', ctx.api.house.findContractRank(ctx.call, cityId, 10), []),
    optional(ctx, 'config.loupanRegions', ctx.api.config.loupanRegions(ctx.call, cityId), []),
    optional(ctx, 'house.findNewest', ctx.api.house.findNewest(ctx.call, cityId, 5), []),
  ]);
  const city = ctx.city.name;
  const avgPrice = avg?.avgPrice ?? 0;
  return {
    data: { avgPrice, ershouAvgPrice: avg?.ershouAvgPrice ?? 0, ratio: avg?.ratio ?? 0, rank, regions, newest },
    head: {
      title: `${city}新房行情_${city}新房均价走势_${ctx.site.brand}`,
      description: `${city}新房均价${avgPrice ? `${avgPrice}元/㎡` : '待定'}，二手房均价${avg?.ershouAvgPrice ?? 0}元/㎡。查看${city}新楼盘成交排行、各区域在售楼盘数量与最新开盘。`,
    },
  };
};

/** /xinfang/houseClassifyData: estates by SPEC 9 property type (counts through findListByWap) and by feature tag. */
export const xinfangClassify: Loader<ClassifyData> = async (ctx) => {
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
  const city = ctx.city.name;
  return {
    data: { types, tags: tags.slice(0, 16) },
    head: {
      title: `${city}楼盘分类_${city}住宅别墅公寓写字楼商铺新房_${ctx.site.brand}`,
      description: `按物业类型找${city}新房：${types
        .filter((t) => t.count)
        .map((t) => `${t.name}${t.count}个`)
        .join('，')}。`,
    },
  };
};

/** /xinfang/findHouse: a help-me-find form; it submits to the list, whose query form 301s to the path form. */
export const xinfangFindHouse: Loader<FindHouseData> = async (ctx) => ({
  data: { regions: await optional(ctx, 'config.loupanRegions', ctx.api.config.loupanRegions(ctx.call, ctx.city.cityId), []) },
});

const TABS: Array<{ key: string; label: string }> = [
  { key: 'hot', label: '热门楼盘' },
  { key: 'newest', label: '最新开盘' },
  { key: 'recommend', label: '为你推荐' },
  { key: 'xianfang', label: '现房' },
];

/** /xinfangTabPages/{hot|newest|recommend|xianfang}: the new-home channel's tab lists. */
export const xinfangTabPages: Loader<TabData> = async (ctx) => {
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
  const city = ctx.city.name;
  return {
    data: { tab, title: def.label, list, tabs: TABS },
    head: {
      title: `${city}${def.label}_${city}新楼盘${def.label}_${ctx.site.brand}`,
      description: `${city}${def.label}：${list
        .slice(0, 3)
        .map((e) => `${e.name}${priceText(e)}`)
        .join('，')}等${list.length}个楼盘。`,
      canonical: `/xinfangTabPages/${tab}`,
    },
  };
};

/** /xinfang/unreadlist: a member's unread estate messages; a visitor is asked to log in. */
export const xinfangUnreadlist: Loader<UnreadData> = async (ctx) => ({ data: { member: Boolean(ctx.user) } });

function pageOf(raw: string | undefined): number {
  if (raw === undefined) return 1;
  if (!/^[1-9][0-9]{0,3}$/.test(raw)) throw errors.pageNotFound();
  return Number(raw);
}

function pageLinks(base: string, page: number, totalPages: number) {
  const links: Array<{ rel: string; href: string }> = [];
  if (page > 1) links.push({ rel: 'prev', href: page === 2 ? base : `${base}?page=${page - 1}` });
  if (page < totalPages) links.push({ rel: 'next', href: `${base}?page=${page + 1}` });
  return links;
}
