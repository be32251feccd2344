import type { Belonger, Store } from '../contracts/gateway/index.ts';
import type {
  MendianDetailData,
  MendianDongtaiData,
  MendianFangyuanData,
  MendianLicenseData,
  MendianListData,
  MendianSearchData,
  MendianXiaoquData,
  StoreAgent,
} from '../contracts/page-data/mendian.ts';
import { errors } from '../errors.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { MENDIAN_PAGE_SIZE, mendianListHref, parseMendianTail, visitorPosition } from '../lib/mendian-filters.ts';
import {
  mendianDetailMeta,
  mendianDongtaiMeta,
  mendianFangyuanMeta,
  mendianLicenseMeta,
  mendianListMeta,
  mendianSearchMeta,
  mendianXiaoquMeta,
} from '../meta/mendian.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { idOf, locationDict, orNotFound } from './listing-common.ts';
import { locationOf } from './map.ts';
import { optional } from './optional.ts';

/**
 * Stores (SPEC 1, 2.1-2.4, 7.7; issue 17 part B): the /mendian/* list by district (canonical 301s are the
 * `mendian-query` middleware's), the detail /mendian/{id}.html and /mendian/detail?id=, and its sub-pages fangyuan,
 * xiaoqu, dongtai, license, plus /mendian/search. Loads only: heads are src/meta/mendian.ts.
 */

const SUB_PAGE_SIZE = 10;
const LICENSE_IMAGES = 4;

const agentOf = (b: Belonger): StoreAgent => ({
  belongerId: b.belongerId,
  name: b.name,
  portrait: b.portrait,
  title: b.title,
  years: b.years,
  score: b.score,
  dealCount: b.dealCount,
  phone: b.phone,
});

/** A store of this city, or the 404 screen (unknown or malformed id, or a store of another city). */
async function loadStore(ctx: PageContext) {
  const s = await orNotFound(ctx.api.belonger.store(ctx.call, idOf(ctx)));
  if (s.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return s;
}

/** The list of the store's district, canonical; `/mendian/` when the city's places cannot be read. */
const listHrefOf = (ctx: PageContext, s: Pick<Store, 'regionId'>): Promise<string> =>
  optional(
    ctx,
    'locations',
    locationDict(ctx).then((dict) => mendianListHref({ regionId: s.regionId }, dict)),
    '/mendian/',
  );

/** `?page=` of a sub-page: absent is 1, malformed or past the end is the 404 screen. */
function pageOf(ctx: PageContext): number {
  const raw = ctx.query.page;
  if (raw === undefined) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) throw errors.pageNotFound();
  return Number(raw);
}

const pagesOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

// ---------- /mendian/* ----------

export async function loadMendianList(ctx: PageContext): Promise<LoadResult<MendianListData>> {
  const dict = await locationDict(ctx);
  const q = parseMendianTail(ctx.params['*'] ?? '', dict);
  if (!q) throw errors.pageNotFound();
  const pos = visitorPosition(ctx.query);
  const page = await ctx.api.belonger.storePage(ctx.call, {
    cityId: ctx.city.cityId,
    regionId: q.regionId,
    page: q.page ?? 1,
    size: MENDIAN_PAGE_SIZE,
    ...(pos ? pos : { sort: 'listings' as const }),
  });
  const pageNo = q.page ?? 1;
  const totalPages = pagesOf(page.totalElements, MENDIAN_PAGE_SIZE);
  if (pageNo > totalPages) throw errors.pageNotFound();
  const where = dict.regions.find((r) => r.regionId === q.regionId)?.regionName ?? '';
  const hrefOf = (n: number) => mendianListHref({ ...q, page: n }, dict);
  return {
    data: {
      query: q,
      regions: dict.regions.map((r) => ({ ...r, href: mendianListHref({ regionId: r.regionId }, dict) })),
      items: page.content,
      total: page.totalElements,
      page: pageNo,
      totalPages,
      heading: `${ctx.city.name}${where}门店`,
      where,
      near: pos !== null,
      pageHrefs: { prev: pageNo > 1 ? hrefOf(pageNo - 1) : null, next: pageNo < totalPages ? hrefOf(pageNo + 1) : null },
    },
  };
}

// ---------- /mendian/{id}.html, /mendian/detail?id= ----------

export async function loadMendianDetail(ctx: PageContext): Promise<LoadResult<MendianDetailData>> {
  const s = await loadStore(ctx);
  const { belongerList = [], houseList = [], ...store } = s;
  const [map, news, xiaoqu, listHref] = await Promise.all([
    locationOf(ctx, { name: store.name, lng: store.lng, lat: store.lat, regionId: store.regionId }),
    optional(
      ctx,
      'store news',
      ctx.api.belonger.storeNews(ctx.call, store.storeId, { size: 3 }).then((p) => p.content),
      [],
    ),
    optional(
      ctx,
      'store communities',
      ctx.api.belonger.storeXiaoqu(ctx.call, store.storeId, { size: 4 }).then((p) => p.content),
      [],
    ),
    listHrefOf(ctx, store),
  ]);
  return {
    data: {
      store,
      agents: belongerList.map(agentOf),
      houses: houseList
        .filter((l) => l.houseType === HOUSE_TYPES.ershoufang)
        .slice(0, 6)
        .map(listingCardOf),
      map,
      news,
      xiaoqu,
      listHref,
    },
  };
}

// ---------- sub-pages ----------

export async function loadMendianFangyuan(ctx: PageContext): Promise<LoadResult<MendianFangyuanData>> {
  const kind = ctx.query.kind === 'zufang' ? 'zufang' : 'ershoufang';
  if (ctx.query.kind !== undefined && ctx.query.kind !== kind) throw errors.pageNotFound();
  const pageNo = pageOf(ctx);
  const s = await loadStore(ctx);
  const { belongerList: _a, houseList: _h, ...store } = s;
  const [p, listHref] = await Promise.all([
    ctx.api.belonger.storeHouses(ctx.call, store.storeId, { page: pageNo, size: SUB_PAGE_SIZE, houseType: HOUSE_TYPES[kind] }),
    listHrefOf(ctx, store),
  ]);
  const totalPages = pagesOf(p.totalElements, SUB_PAGE_SIZE);
  if (pageNo > totalPages) throw errors.pageNotFound();
  return {
    data: { store, items: p.content.map(listingCardOf), total: p.totalElements, page: pageNo, totalPages, listHref, kind },
  };
}

export async function loadMendianXiaoqu(ctx: PageContext): Promise<LoadResult<MendianXiaoquData>> {
  const pageNo = pageOf(ctx);
  const { belongerList: _a, houseList: _h, ...store } = await loadStore(ctx);
  const [p, listHref] = await Promise.all([
    ctx.api.belonger.storeXiaoqu(ctx.call, store.storeId, { page: pageNo, size: SUB_PAGE_SIZE }),
    listHrefOf(ctx, store),
  ]);
  const totalPages = pagesOf(p.totalElements, SUB_PAGE_SIZE);
  if (pageNo > totalPages) throw errors.pageNotFound();
  return { data: { store, items: p.content, total: p.totalElements, page: pageNo, totalPages, listHref } };
}

export async function loadMendianDongtai(ctx: PageContext): Promise<LoadResult<MendianDongtaiData>> {
  const pageNo = pageOf(ctx);
  const { belongerList: _a, houseList: _h, ...store } = await loadStore(ctx);
  const [p, listHref] = await Promise.all([
    ctx.api.belonger.storeNews(ctx.call, store.storeId, { page: pageNo, size: SUB_PAGE_SIZE }),
    listHrefOf(ctx, store),
  ]);
  const totalPages = pagesOf(p.totalElements, SUB_PAGE_SIZE);
  if (pageNo > totalPages) throw errors.pageNotFound();
  return { data: { store, items: p.content, total: p.totalElements, page: pageNo, totalPages, listHref } };
}

export async function loadMendianLicense(ctx: PageContext): Promise<LoadResult<MendianLicenseData>> {
  const { belongerList: _a, houseList: _h, ...store } = await loadStore(ctx);
  const n = ((store.storeId - 1) % LICENSE_IMAGES) + 1;
  return {
    data: { store, licenseImg: `/img/license/${n}.svg`, filingImg: `/img/filing/${n}.svg`, listHref: await listHrefOf(ctx, store) },
  };
}

// ---------- /mendian/search ----------

export async function loadMendianSearch(ctx: PageContext): Promise<LoadResult<MendianSearchData>> {
  const keyword = (ctx.query.keyword ?? ctx.query.kw ?? '')
    .replace(/[/\\]+/g, ' ')
    .trim()
    .slice(0, 40);
  const dict = await locationDict(ctx);
  // SPEC 7.6: the gateway's store search matches name, address, shop area and district
  const items = keyword ? await ctx.api.search.mendian(ctx.call, { keyword, cityId: ctx.city.cityId }) : [];
  return {
    data: {
      keyword,
      regions: dict.regions.map((r) => ({ ...r, href: mendianListHref({ regionId: r.regionId }, dict) })),
      items,
      total: items.length,
    },
  };
}

export const mendianList = pageLoader(loadMendianList, mendianListMeta);
export const mendianDetail = pageLoader(loadMendianDetail, mendianDetailMeta);
export const mendianFangyuan = pageLoader(loadMendianFangyuan, mendianFangyuanMeta);
export const mendianXiaoqu = pageLoader(loadMendianXiaoqu, mendianXiaoquMeta);
export const mendianDongtai = pageLoader(loadMendianDongtai, mendianDongtaiMeta);
export const mendianLicense = pageLoader(loadMendianLicense, mendianLicenseMeta);
export const mendianSearch = pageLoader(loadMendianSearch, mendianSearchMeta);
