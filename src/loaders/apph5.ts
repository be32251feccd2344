import type { ListingItem, Page } from '../contracts/gateway/index.ts';
import type {
  AppHomeData,
  AppZufangData,
  KnockdownData,
  PolteAllInfoData,
  PolteHuxingData,
  QuickEntry,
  ShareableKind,
  ShareData,
  SharedThing,
  ShareIndexData,
} from '../contracts/page-data/apph5.ts';
import { errors } from '../errors.ts';
import { articleHref, SECTION_LABELS, sectionOfType } from '../lib/article-sections.ts';
import { parseId } from '../lib/ids.ts';
import { dealHouseType, knockdownHref, parseKnockdownTail } from '../lib/knockdown-tail.ts';
import { RENT_TYPES } from '../lib/listing-filters.ts';
import { HOUSE_TYPES, KIND_NOUNS } from '../lib/listing-kinds.ts';
import { isListingShare, parseShareTail, SHARE_KINDS, type ShareKind, sharedPath, shareHref } from '../lib/share-tail.ts';
import { appHomeMeta, appZufangMeta, knockdownMeta, polteAllInfoMeta, polteHuxingMeta, shareIndexMeta, shareMeta } from '../meta/apph5.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { loadHouse } from './ershoufang.ts';
import { orNotFound } from './listing-common.ts';
import { optional } from './optional.ts';
import { loadEstate } from './xinfang-common.ts';

/**
 * The pages the native app opens in its web view (issue 19, SPEC 2.2–2.4 /appH5…): the registry's `app` layout (no
 * site header, menu or footer; noindex), page-cached like the rest of the site. Gateway data only, through src/api.
 */

const DEALS_PER_PAGE = 20;
const APP_ZUFANG_SIZE = 10;

const ENTRIES: QuickEntry[] = [
  { label: '成交记录', href: '/appH5/knockdown/', note: '真实成交价' },
  { label: '租房', href: '/appH5/zufang', note: '整租合租' },
  { label: '二手房', href: '/ershoufang/', note: '真房源' },
  { label: '新房', href: '/xinfang/', note: '新盘速递' },
  { label: '查房价', href: '/fangjia/', note: '小区均价' },
  { label: '房源核验', href: '/fangyuanheyan', note: '核验码查询' },
  { label: '房贷计算', href: '/jisuanqi', note: '月供测算' },
  { label: '找门店', href: '/mendian/', note: '就近服务' },
];

/** /appH5: quick entries, the city's latest deals, its newest second-hand listings and rentals. */
async function loadHome(ctx: PageContext): Promise<LoadResult<AppHomeData>> {
  const cityId = ctx.city.cityId;
  const [deals, newest, rentals] = await Promise.all([
    ctx.api.apph5.deals(ctx.call, { cityId, size: 5 }),
    ctx.api.house.findByCondition(ctx.call, { cityId, houseType: HOUSE_TYPES.ershoufang, sort: 'newest', size: 4 }),
    optional(
      ctx,
      'house.findByCondition',
      ctx.api.house.findByCondition(ctx.call, { cityId, houseType: HOUSE_TYPES.zufang, sort: 'newest', size: 3 }),
      null,
    ),
  ]);
  return {
    data: {
      entries: ENTRIES,
      deals: deals.content,
      dealTotal: deals.totalElements,
      newest: newest.content,
      rentals: rentals?.content ?? [],
    },
  };
}
export const appHome = pageLoader(loadHome, appHomeMeta);

/** /appH5/knockdown/*: deals by district, community and kind, paged; an unknown district or community is the 404. */
async function loadKnockdown(ctx: PageContext): Promise<LoadResult<KnockdownData>> {
  const tail = parseKnockdownTail(ctx.params['*']);
  if (!tail) throw errors.pageNotFound();
  const cityId = ctx.city.cityId;
  const [dict, xiaoqu] = await Promise.all([
    ctx.api.dictionaries.locations(ctx.call, cityId),
    tail.stressId ? orNotFound(ctx.api.xiaoqu.findBriefById(ctx.call, tail.stressId)) : Promise.resolve(null),
  ]);
  const region = tail.regionId ? dict.regions.find((r) => r.regionId === tail.regionId) : null;
  if (tail.regionId && !region) throw errors.pageNotFound();
  if (xiaoqu && (xiaoqu.cityId !== cityId || (tail.regionId && xiaoqu.regionId !== tail.regionId))) throw errors.pageNotFound();
  const deals = await ctx.api.apph5.deals(ctx.call, {
    cityId,
    regionId: tail.regionId ?? undefined,
    stressId: tail.stressId ?? undefined,
    houseType: dealHouseType(tail.kind),
    page: tail.page,
    size: DEALS_PER_PAGE,
  });
  if (tail.page > 1 && tail.page > deals.totalPages) throw errors.pageNotFound();
  const sales = deals.content.filter((d) => d.unitPrice !== null);
  const avg = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  return {
    data: {
      ...tail,
      regionName: region?.regionName ?? null,
      xiaoquName: xiaoqu?.name ?? null,
      regions: [...dict.regions],
      deals,
      avgUnitPrice: avg(sales.map((d) => d.unitPrice ?? 0)),
      avgDays: avg(deals.content.map((d) => d.days)),
    },
  };
}
export const knockdown = pageLoader(loadKnockdown, knockdownMeta);
export { knockdownHref };

const SHARE_KIND_NAMES: Readonly<Record<ShareKind, string>> = { ...KIND_NOUNS, xinfang: '新房', xiaoqu: '小区', zixun: '资讯' };

/** The shared thing of this city, or the 404 screen. */
async function sharedThing(ctx: PageContext, kind: ShareKind, id: number): Promise<SharedThing> {
  const base = { kind, id, kindName: SHARE_KIND_NAMES[kind], path: sharedPath(kind, id) };
  if (isListingShare(kind)) {
    const h = await loadHouse(ctx, kind, id);
    return {
      ...base,
      title: h.title,
      subtitle: [h.huxing, `${h.area}㎡`, h.regionName, h.xiaoquName].filter(Boolean).join(' · '),
      priceText: h.unitPriceText && h.unitPrice ? `${h.priceText} · ${h.unitPriceText}` : h.priceText,
      img: h.img,
      tags: h.tags.slice(0, 4),
    };
  }
  if (kind === 'xinfang') {
    const e = await loadEstate(ctx, id);
    return {
      ...base,
      title: e.name,
      subtitle: [e.regionName, e.address].filter(Boolean).join(' · '),
      priceText: e.price ? `均价${e.price}元/㎡` : '价格待定',
      img: e.img,
      tags: [...new Set([e.saleStatusLabel, ...e.tags].filter(Boolean))].slice(0, 4),
    };
  }
  if (kind === 'xiaoqu') {
    const x = await orNotFound(ctx.api.xiaoqu.findBriefById(ctx.call, id));
    if (x.cityId !== ctx.city.cityId) throw errors.pageNotFound();
    return {
      ...base,
      title: x.name,
      subtitle: [x.regionName, x.shopMapName, x.buildYear ? `${x.buildYear}年建成` : ''].filter(Boolean).join(' · '),
      priceText: x.avgPrice ? `参考均价${x.avgPrice}元/㎡` : '暂无均价',
      img: x.img,
      tags: [`在售${x.ershoucount}套`, `在租${x.zufangcount}套`],
    };
  }
  const doc = await orNotFound(ctx.api.info.docDetails(ctx.call, id, 0));
  if (doc.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return {
    ...base,
    // A buying guide (导购) lives under /daogou/ (src/lib/article-sections.ts).
    path: articleHref(doc),
    kindName: SECTION_LABELS[sectionOfType(doc.typeId)],
    title: doc.title,
    subtitle: [doc.typeName, doc.createdAt.slice(0, 10)].filter(Boolean).join(' · '),
    priceText: '',
    img: doc.cover,
    tags: doc.tags.slice(0, 3),
  };
}

/** /appH5/share/{kind}/{id}: the shared listing, estate, community or article, and the open-app button. */
async function loadShare(ctx: PageContext): Promise<LoadResult<ShareData>> {
  const tail = parseShareTail(ctx.params['*']);
  if (!tail) throw errors.pageNotFound();
  const [thing, apkUrl] = await Promise.all([
    sharedThing(ctx, tail.kind, tail.id),
    optional(ctx, 'config.androidApkUrl', ctx.api.config.androidApkUrl(ctx.call), null),
  ]);
  return { data: { thing, apkUrl } };
}
export const share = pageLoader(loadShare, shareMeta);

/** What a share of each kind shows the friend (the fields sharedThing above puts on the card). */
const SHARE_SHOWS: Readonly<Record<ShareKind, string>> = {
  ershoufang: '户型、面积、总价与单价、房源标签',
  zufang: '户型、面积、月租金与出租方式',
  shangpucs: '面积、位置、售价与单价',
  shangpucz: '面积、位置与月租金',
  xieziloucs: '面积、位置、售价与单价',
  xieziloucz: '面积、位置与月租金',
  xinfang: '楼盘位置、均价与销售状态',
  xiaoqu: '参考均价、在售与在租套数',
  zixun: '文章标题、栏目与发布日期',
};

/** The city's count of a kind and its newest one (as a share link), from the gateway; null when its call fails. */
async function shareableKind(ctx: PageContext, kind: ShareKind): Promise<ShareableKind | null> {
  const cityId = ctx.city.cityId;
  const newest = async (): Promise<{ total: number; first: { id: number; title: string } | undefined }> => {
    if (isListingShare(kind)) {
      const p = await ctx.api.house.findByCondition(ctx.call, { cityId, houseType: HOUSE_TYPES[kind], sort: 'newest', size: 1 });
      const l = p.content[0];
      return { total: p.totalElements, first: l && { id: l.houseId, title: l.title } };
    }
    if (kind === 'xinfang') {
      const p = await ctx.api.house.findListByWap(ctx.call, { cityId, sort: 'newest', size: 1 });
      const e = p.content[0];
      return { total: p.totalElements, first: e && { id: e.houseId, title: e.name } };
    }
    if (kind === 'xiaoqu') {
      const p = await ctx.api.xiaoqu.list(ctx.call, { cityId, sort: 'newest', size: 1 });
      const x = p.content[0];
      return { total: p.totalElements, first: x && { id: x.stressId, title: x.name } };
    }
    const p = await ctx.api.info.docList(ctx.call, { cityId, sort: 'newest', size: 1 });
    const d = p.content[0];
    return { total: p.totalElements, first: d && { id: d.id, title: d.title } };
  };
  const found = await optional(ctx, `share.${kind}`, newest(), null);
  if (!found) return null;
  return {
    kind,
    kindName: SHARE_KIND_NAMES[kind],
    shows: SHARE_SHOWS[kind],
    total: found.total,
    listHref: `/${kind}/`,
    example: found.first ? { title: found.first.title, href: shareHref(kind, found.first.id) } : null,
  };
}

/**
 * /appH5/share (SPEC 2.2): what the app can share, kind by kind, with the city's count, the kind's list and its newest
 * one as an example share link. A kind whose call fails is left out; none left is the error page, never an empty 200.
 */
async function loadShareIndex(ctx: PageContext): Promise<LoadResult<ShareIndexData>> {
  const kinds = (await Promise.all(SHARE_KINDS.map((k) => shareableKind(ctx, k)))).filter((k): k is ShareableKind => k !== null);
  if (!kinds.length) throw errors.incompleteData('/appH5/share');
  return { data: { kinds } };
}
export const shareIndex = pageLoader(loadShareIndex, shareIndexMeta);

/** /appH5/zufang[?rentType=整租|合租][&page=n]: the city's rentals, newest first. */
async function loadZufang(ctx: PageContext): Promise<LoadResult<AppZufangData>> {
  const rawType = ctx.query.rentType;
  const rentType = rawType ? ((RENT_TYPES as readonly string[]).includes(rawType) ? rawType : undefined) : null;
  const page = ctx.query.page === undefined ? 1 : parseId(ctx.query.page);
  if (rentType === undefined || page === null) throw errors.pageNotFound();
  const list: Page<ListingItem> = await ctx.api.house.findByCondition(ctx.call, {
    cityId: ctx.city.cityId,
    houseType: HOUSE_TYPES.zufang,
    rentType: rentType ?? undefined,
    sort: 'newest',
    page,
    size: APP_ZUFANG_SIZE,
  });
  if (page > 1 && page > list.totalPages) throw errors.pageNotFound();
  return { data: { rentType, list } };
}
export const appZufang = pageLoader(loadZufang, appZufangMeta);

/** /appH5/polte/allInfo/{id}.html: every fact of the estate and its prices by type (the new-home detail's calls). */
async function loadAllInfo(ctx: PageContext): Promise<LoadResult<PolteAllInfoData>> {
  const estate = await loadEstate(ctx, parseId(ctx.params.id ?? ctx.query.id));
  const prices = await optional(
    ctx,
    'house.louPanWylbPriceAll',
    ctx.api.house.louPanWylbPriceAll(ctx.call, estate.houseId),
    estate.prices ?? [],
  );
  return { data: { estate, prices: prices.length ? prices : (estate.prices ?? []) } };
}
export const polteAllInfo = pageLoader(loadAllInfo, polteAllInfoMeta);

/** /appH5/polte/huxing/{id}.html: the estate's floor plans with the count by rooms (the floor-plan list's calls). */
async function loadPolteHuxing(ctx: PageContext): Promise<LoadResult<PolteHuxingData>> {
  const estate = await loadEstate(ctx, parseId(ctx.params.id ?? ctx.query.id));
  const [plans, stats] = await Promise.all([
    ctx.api.house.getListByLpId(ctx.call, { lpId: estate.houseId }),
    optional(ctx, 'house.getStatisticsByLpId', ctx.api.house.getStatisticsByLpId(ctx.call, estate.houseId), []),
  ]);
  return { data: { estate, plans, roomStats: stats.map((s) => ({ rooms: s.rooms, count: s.count })) } };
}
export const polteHuxing = pageLoader(loadPolteHuxing, polteHuxingMeta);

export const apph5Loaders = { appHome, knockdown, share, shareIndex, appZufang, polteAllInfo, polteHuxing };
export const apph5LoaderQueryKeys = { appZufang: ['rentType', 'page'], polteAllInfo: ['id'], polteHuxing: ['id'] };
