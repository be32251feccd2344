import type { Belonger, ListingDetail, ListingItem } from '../contracts/gateway/index.ts';
import type { DetailExtras } from '../contracts/page-data/ershoufang.ts';
import type { ListPageData } from '../contracts/page-data/list.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import {
  emptyQuery,
  filterLabels,
  fromQueryParams,
  hasFilterQuery,
  houseTypesOf,
  type ListingKind,
  type ListingQuery,
  type LocationDict,
  parseTail,
  rentOf,
  toApiFilter,
  toTail,
  ZHAOPU_DEALS,
} from '../lib/listing-filters.ts';
import { detailPathOf, isCommercialKind, isRentHouseType, KIND_NOUNS } from '../lib/listing-kinds.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { LoaderResult, Middleware, PageContext, PageHead } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** The city's location dictionary (cached 1 hour in src/api). */
export const locationDict = (ctx: PageContext): Promise<LocationDict> => ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId);

export interface ListSpec {
  kind: ListingKind;
  /** List root, e.g. `/ershoufang/`. */
  base: string;
  /** The kind's gateway house type (找铺: shops for rent; its deal code picks, see houseTypesOf). */
  houseType: number;
  shortTerm?: boolean;
  /** 二手房 / 租房 / 短租房 / 商铺出售 … */
  noun: string;
  /** The title's second part after city + location + noun: 出售 (default), 信息 (default for rentals). */
  titleSuffix?: string;
  /** What the description says the list can be filtered by. */
  filterBlurb?: string;
  pageSize: number;
}

/** The tail of the list URL (the wildcard of `/ershoufang/*`); empty for `/zufang/duanzu`. */
function tailOf(ctx: PageContext): string {
  return ctx.params['*'] ?? '';
}

/**
 * Middleware `listing-query` (registry): on a list page, filters given as query parameters (and non-canonical
 * tails such as `l3p2`) redirect with 301 to the canonical path form; an unknown tail is the 404 screen.
 */
export function listingQueryRedirect(specOf: (ctx: PageContext) => ListSpec | null): Middleware {
  return async (ctx) => {
    const spec = specOf(ctx);
    if (!spec) return;
    const dict = await locationDict(ctx);
    const tail = tailOf(ctx);
    const parsed = parseTail(tail, spec.kind, dict);
    if (!parsed) throw errors.pageNotFound();
    const fromQuery = hasFilterQuery(ctx.query);
    const canonical = spec.base + toTail(fromQuery ? fromQueryParams(ctx.query, spec.kind, dict, parsed) : parsed, spec.kind, dict);
    if (fromQuery) return { kind: 'redirect', status: 301, location: canonical };
    // Aliases such as /zufang/duanzu keep their URL (their canonical link names the list root).
    if (!`${ctx.path}/`.toLowerCase().startsWith(spec.base)) return;
    const same = (a: string, b: string) => {
      try {
        return decodeURIComponent(a) === decodeURIComponent(b);
      } catch {
        return false;
      }
    };
    if (!same(ctx.path, canonical)) return { kind: 'redirect', status: 301, location: canonical };
  };
}

export function locationName(q: ListingQuery, dict: LocationDict): string {
  const metro = dict.metros.find((m) => m.metroId === q.metroId);
  const station = metro?.stations.find((s) => s.stationId === q.stationId);
  if (station) return `${station.name}地铁站`;
  if (metro) return `地铁${metro.name}`;
  const shop = dict.shopMaps.find((s) => s.shopMapId === q.shopMapId);
  if (shop) return shop.shopMapName;
  return dict.regions.find((r) => r.regionId === q.regionId)?.regionName ?? '';
}

/** The list page: filters from the tail, one gateway search, SEO head with canonical and rel prev/next. */
export async function loadList(ctx: PageContext, spec: ListSpec): Promise<LoaderResult<ListPageData>> {
  const dict = await locationDict(ctx);
  const q = parseTail(tailOf(ctx), spec.kind, dict);
  if (!q) throw errors.pageNotFound();
  const filter = toApiFilter(q, spec.kind);
  const types = houseTypesOf(spec.kind, q);
  const page = await ctx.api.house.findByCondition(ctx.call, {
    ...filter,
    cityId: ctx.city.cityId,
    ...(types.length > 1 ? { houseTypes: types } : { houseType: types[0] }),
    ...(spec.shortTerm ? { shortTerm: true } : {}),
    size: spec.pageSize,
  });
  const pageNo = q.page ?? 1;
  const totalPages = Math.max(1, page.totalPages || Math.ceil(page.totalElements / spec.pageSize));
  if (pageNo > 1 && pageNo > totalPages) throw errors.pageNotFound();

  const cityName = ctx.city.name;
  const where = locationName(q, dict);
  const labels = filterLabels(q, spec.kind);
  const noun = spec.kind === 'zhaopu' && q.deal ? `${spec.noun}${ZHAOPU_DEALS[q.deal - 1]}` : spec.noun;
  const heading = `${cityName}${where}${noun}`;
  const brand = ctx.site.brand;
  const hrefOf = (n: number) => spec.base + toTail({ ...q, page: n > 1 ? n : undefined }, spec.kind, dict);
  const canonical = hrefOf(pageNo);
  const filterText = [...labels, q.keyword ? `“${q.keyword}”` : ''].filter(Boolean).join(' ');
  const pageText = pageNo > 1 ? `_第${pageNo}页` : '';
  const prices = page.content.map((l) => l.price).filter((p) => p > 0);
  const rent = rentOf(spec.kind, q);
  const unit = rent ? '元/月' : '万';
  const priceText = prices.length && rent !== null ? `，价格${Math.min(...prices)}-${Math.max(...prices)}${unit}` : '';
  const suffix = spec.titleSuffix ?? (spec.kind === 'zufang' ? '信息' : '出售');
  const blurb = spec.filterBlurb ?? '按区域、地铁、价格、户型筛选';
  const head: Partial<PageHead> = {
    title: `${heading}${filterText ? `_${filterText}` : ''}${pageText}_${cityName}${where}${noun}${suffix}_${brand}`,
    description: `${brand}${heading}频道，共${page.totalElements}套${where}${filterText ? `${filterText}` : ''}${noun}房源${priceText}。真实房源，实时更新，${blurb}，专业经纪人带看。`,
    keywords: `${heading},${cityName}${noun},${where}${noun}${suffix},${where}${noun}价格`,
    canonical,
    links: [
      ...(pageNo > 1 ? [{ rel: 'prev', href: hrefOf(pageNo - 1) }] : []),
      ...(pageNo < totalPages ? [{ rel: 'next', href: hrefOf(pageNo + 1) }] : []),
    ],
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${cityName}${spec.noun}`, path: spec.base },
        ...(where ? [{ name: heading, path: spec.base + toTail({ ...emptyLocationQuery(q) }, spec.kind, dict) }] : []),
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: heading,
        numberOfItems: page.content.length,
        itemListElement: page.content.map((l, i) => ({
          '@type': 'ListItem',
          position: (pageNo - 1) * spec.pageSize + i + 1,
          url: `${cityOrigin(ctx.site, ctx.city)}${detailPath(spec.kind, l.houseId, l.houseType)}`,
          name: l.title,
        })),
      },
    ],
  };
  return {
    data: {
      kind: spec.kind,
      noun,
      base: spec.base,
      query: q,
      dict: dictShown(dict, q),
      items: page.content.map(listingCardOf),
      total: page.totalElements,
      page: pageNo,
      totalPages,
      heading,
      labels,
      shortTerm: spec.shortTerm,
    },
    head,
  };
}

/**
 * The part of the city's dictionary a list screen shows (LocationPanel) and links with (toTail): every region and
 * metro line, the shop areas of the chosen region, the stations of the chosen line. The page's state carries only
 * this; the whole dictionary was half the state of the default list (its 80 stations and 30 shop areas).
 */
export function dictShown(dict: LocationDict, q: ListingQuery): LocationDict {
  return {
    regions: dict.regions,
    shopMaps: q.regionId ? dict.shopMaps.filter((s) => s.regionId === q.regionId) : [],
    metros: dict.metros.map((m) => (m.metroId === q.metroId ? m : { ...m, stations: [] })),
  };
}

/** Only the location part of a filter state (for the breadcrumb). */
function emptyLocationQuery(q: ListingQuery): ListingQuery {
  const { regionId, shopMapId, metroId, stationId } = q;
  return Object.assign(emptyQuery(), { regionId, shopMapId, metroId, stationId });
}

export const detailPath = (kind: ListingKind, id: number | string, houseType?: number) => detailPathOf(kind, id, houseType);

export function breadcrumbs(ctx: PageContext, items: Array<{ name: string; path: string }>) {
  const origin = cityOrigin(ctx.site, ctx.city);
  const all = [{ name: `${ctx.city.name}${ctx.site.brand}`, path: '/' }, ...items];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: origin + it.path })),
  };
}

// ---------- detail pages ----------

/** The listing id of a detail URL (`:id` or `?id=`), or the 404 screen for a missing or malformed one. */
export function idOf(ctx: PageContext, key = 'id'): number {
  const id = parseId(ctx.params[key] ?? ctx.query[key]);
  if (id === null) throw errors.pageNotFound();
  return id;
}

/** A gateway "not found" (404 answer or empty obj) becomes the 404 screen; other failures stay errors. */
export async function orNotFound<T>(p: Promise<T | null | undefined>): Promise<T> {
  let v: T | null | undefined;
  try {
    v = await p;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) throw errors.pageNotFound();
    throw err;
  }
  if (v === null || v === undefined) throw errors.pageNotFound();
  return v;
}

/**
 * The parts every listing detail shares: the agent's phone (api/zhcall), the community, similar listings,
 * the member's favourite state, and the view history (members only, never on ad variants: SPEC 4, 7.4).
 */
export async function detailExtras(
  ctx: PageContext,
  house: ListingDetail,
  opts: { similarSize: number; ad: boolean },
): Promise<DetailExtras> {
  const agent = house.agentInfo as Belonger | null;
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  const [agentPhone, community, similar, collected, collectTotal] = await Promise.all([
    agent ? optional(ctx, 'zhcall', ctx.api.belonger.zhcall(ctx.call, agent.belongerId, house.houseType), null) : null,
    house.stressId ? optional(ctx, 'xiaoqu', ctx.api.xiaoqu.findBriefById(ctx.call, house.stressId), null) : null,
    optional(
      ctx,
      'similar',
      ctx.api.house
        .findByCondition(ctx.call, {
          cityId: house.cityId,
          houseType: house.houseType,
          ...(house.stressId ? { stressId: house.stressId } : { shopMapId: house.shopMapId }),
          size: opts.similarSize + 1,
        })
        .then(async (p) => {
          let list = p.content.filter((l) => l.houseId !== house.houseId);
          if (list.length < 3) {
            const more = await ctx.api.house.findByCondition(ctx.call, {
              cityId: house.cityId,
              houseType: house.houseType,
              regionId: house.regionId,
              size: opts.similarSize + 1,
            });
            const seen = new Set(list.map((l) => l.houseId));
            list = [...list, ...more.content.filter((l) => l.houseId !== house.houseId && !seen.has(l.houseId))];
          }
          return list.slice(0, opts.similarSize);
        }),
      [] as ListingItem[],
    ),
    memberId ? optional(ctx, 'isCollect', ctx.api.user.isCollect(ctx.call, house.houseId, memberId), false) : false,
    optional(ctx, 'collectTotal', ctx.api.house.collectHouseTotal(ctx.call, house.houseId), 0),
  ]);
  if (memberId && !opts.ad && /^[A-Za-z0-9_-]{1,40}$/.test(memberId)) {
    // SPEC 7.4 view history: fire and forget, the page never waits for it.
    ctx.api.house.saveHouseViewHistory(ctx.call, house.houseId, memberId, 'wap').catch((err: unknown) => {
      ctx.log.warn({ err }, 'saveHouseViewHistory failed');
    });
  }
  return { agentPhone, community, similar, collected, collectTotal };
}

/** schema.org for a listing: a Product with a sale or a monthly rental Offer, plus the breadcrumb. */
export function listingJsonLd(ctx: PageContext, house: ListingDetail, kind: ListingKind, canonicalPath: string) {
  const origin = cityOrigin(ctx.site, ctx.city);
  const rent = isRentHouseType(house.houseType);
  const commercial = isCommercialKind(kind);
  const noun = commercial ? KIND_NOUNS[kind === 'zhaopu' ? (rent ? 'shangpucz' : 'shangpucs') : kind] : rent ? '租房' : '二手房';
  const listPath = kind === 'zhaopu' ? '/zhaopu/' : `/${kind}/`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: house.title,
      sku: house.houseNumber,
      image: house.photos.slice(0, 5).map((p) => origin + p),
      description: house.description,
      category: noun,
      offers: {
        '@type': 'Offer',
        url: origin + canonicalPath,
        priceCurrency: 'CNY',
        price: rent ? house.price : Math.round(house.price * 10000),
        ...(rent
          ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: house.price, priceCurrency: 'CNY', unitText: 'MON' } }
          : {}),
        availability: house.status === '在售' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
        businessFunction: rent ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      },
      additionalProperty: commercial
        ? [
            { '@type': 'PropertyValue', name: '面积', value: `${house.area}㎡` },
            { '@type': 'PropertyValue', name: '类型', value: house.useType },
            ...(house.businessFormat ? [{ '@type': 'PropertyValue', name: '适合业态', value: house.businessFormat }] : []),
            { '@type': 'PropertyValue', name: '区域', value: [house.regionName, house.shopMapName].filter(Boolean).join(' ') },
          ]
        : [
            { '@type': 'PropertyValue', name: '户型', value: house.huxing },
            { '@type': 'PropertyValue', name: '面积', value: `${house.area}㎡` },
            { '@type': 'PropertyValue', name: '小区', value: house.xiaoquName ?? '' },
          ],
    },
    breadcrumbs(ctx, [
      { name: `${ctx.city.name}${noun}`, path: listPath },
      ...(house.regionName ? [{ name: `${house.regionName}${noun}`, path: listPath }] : []),
      { name: house.title, path: canonicalPath },
    ]),
  ];
}
