import type { ListPageData } from '../contracts/page-data/list.ts';
import type { CommercialDetailData } from '../contracts/page-data/shangpu.ts';
import { type CommercialKind, detailPathOf, HOUSE_TYPES, isRentHouseType, KIND_NOUNS } from '../lib/listing-kinds.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Loader, LoaderResult, PageContext } from '../pipeline/types.ts';
import { loadHouse } from './ershoufang.ts';
import { detailExtras, idOf, type ListSpec, listingJsonLd, loadList } from './listing-common.ts';
import { optional } from './optional.ts';

/**
 * Commercial property (SPEC 1, 2.2, 2.4): shops and offices for sale and for rent, and 找铺, the shop channel over
 * shops for rent and for sale. Lists and details reuse the second-hand machinery: the path-code filters, loadList,
 * detailExtras and the listing JSON-LD.
 */

const PAGE_SIZE = 20;
const SIMILAR_SIZE = 6;
const SALE_BLURB = '按区域、总价、面积、业态筛选';
const RENT_BLURB = '按区域、租金、面积、业态筛选';

const spec = (kind: CommercialKind, filterBlurb: string): ListSpec => ({
  kind,
  base: `/${kind}/`,
  houseType: HOUSE_TYPES[kind],
  noun: KIND_NOUNS[kind],
  titleSuffix: '信息',
  filterBlurb,
  pageSize: PAGE_SIZE,
});

export const SHANGPUCS_LIST = spec('shangpucs', SALE_BLURB);
export const SHANGPUCZ_LIST = spec('shangpucz', RENT_BLURB);
export const XIEZILOUCS_LIST = spec('xieziloucs', '按区域、总价、面积筛选');
export const XIEZILOUCZ_LIST = spec('xieziloucz', '按区域、租金、面积筛选');
/** 找铺: shops for rent and for sale; `ty1` / `ty2` narrow to one and unlock its price bands. */
export const ZHAOPU_LIST: ListSpec = {
  kind: 'zhaopu',
  base: '/zhaopu/',
  houseType: HOUSE_TYPES.shangpucz,
  noun: '商铺',
  titleSuffix: '选址',
  filterBlurb: '按区域、租金、面积、业态找铺',
  pageSize: PAGE_SIZE,
};

/** The commercial lists by their registry `params.list`. */
export const COMMERCIAL_LISTS: Readonly<Record<string, ListSpec>> = {
  shangpucs: SHANGPUCS_LIST,
  shangpucz: SHANGPUCZ_LIST,
  xieziloucs: XIEZILOUCS_LIST,
  xieziloucz: XIEZILOUCZ_LIST,
  zhaopu: ZHAOPU_LIST,
};

export const shangpucsListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, SHANGPUCS_LIST);
export const shangpuczListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, SHANGPUCZ_LIST);
export const xieziloucsListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, XIEZILOUCS_LIST);
export const xiezilouczListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, XIEZILOUCZ_LIST);
export const zhaopuListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, ZHAOPU_LIST);

// ---------- details ----------

const wan = (n: number) => String(Math.round(n * 100) / 100);

/** A shop or office of `kind` by its id (`:id` or `?id=`); another kind, another city or no such listing: 404. */
export async function loadCommercialDetail(
  ctx: PageContext,
  kind: CommercialKind,
  opts: { zhaopu?: boolean } = {},
): Promise<LoaderResult<CommercialDetailData>> {
  const house = await loadHouse(ctx, kind, idOf(ctx));
  const ad = ctx.params.ad === 'true' || ctx.query.ad === 'true';
  const [extras, log] = await Promise.all([
    detailExtras(ctx, house, { similarSize: SIMILAR_SIZE, ad }),
    optional(ctx, 'houseoperatelog', ctx.api.house.houseOperateLog(ctx.call, house.houseId), []),
  ]);
  if (!ad) {
    // The view count by house number (SPEC 7.4); ad variants are not tracked (SPEC 4).
    ctx.api.house.addViewNum(ctx.call, house.houseNumber).catch((err: unknown) => ctx.log.warn({ err }, 'addViewNum failed'));
  }
  const section = opts.zhaopu ? 'zhaopu' : kind;
  // 找铺 shows the same shop inside its channel; search engines get one URL for it, the kind's own .html.
  const canonicalPath = detailPathOf(kind, house.houseId, house.houseType);
  const city = ctx.city.name;
  const brand = ctx.site.brand;
  const where = [house.regionName, house.shopMapName].filter(Boolean).join('');
  const noun = KIND_NOUNS[kind];
  const rent = isRentHouseType(house.houseType);
  const priceText = rent ? `${house.price}元/月` : `${wan(house.price)}万`;
  const unitText = `${house.unitPrice}${rent ? '元/㎡·月' : '元/㎡'}`;
  const format = house.businessFormat ? `，适合${house.businessFormat}` : '';
  return {
    data: { section, ad, house, extras, log, url: cityOrigin(ctx.site, ctx.city) + canonicalPath },
    head: {
      title: `${house.title}_${where}${noun}${rent ? '租金' : '总价'}${priceText}_${city}${house.regionName ?? ''}${noun}_${brand}`,
      description: `${city}${where}${noun}：面积${wan(house.area)}㎡，${rent ? `租金${priceText}（${unitText}）` : `总价${priceText}，单价${unitText}`}，${house.floorLevel}/共${house.totalFloors}层，${house.decoration}${format}。房源编号${house.houseNumber}，${brand}真实房源，专业经纪人带看。`,
      keywords: `${where}${noun},${city}${noun},${city}${house.regionName ?? ''}${noun}${rent ? '租金' : '价格'}`,
      canonical: canonicalPath,
      jsonLd: listingJsonLd(ctx, house, section, canonicalPath),
      ...(ad ? { robots: 'noindex' } : {}),
    },
  };
}

export const shangpucsDetailLoader: Loader<CommercialDetailData> = (ctx) => loadCommercialDetail(ctx, 'shangpucs');
export const shangpuczDetailLoader: Loader<CommercialDetailData> = (ctx) => loadCommercialDetail(ctx, 'shangpucz');
export const xieziloucsDetailLoader: Loader<CommercialDetailData> = (ctx) => loadCommercialDetail(ctx, 'xieziloucs');
export const xiezilouczDetailLoader: Loader<CommercialDetailData> = (ctx) => loadCommercialDetail(ctx, 'xieziloucz');
/** /zhaopucs/{id}.html and /zhaopu/detailscs?id=: a shop for sale seen from the shop channel. */
export const zhaopucsDetailLoader: Loader<CommercialDetailData> = (ctx) => loadCommercialDetail(ctx, 'shangpucs', { zhaopu: true });
/** /zhaopucz/{id}.html and /zhaopu/detailscz?id=: a shop for rent seen from the shop channel. */
export const zhaopuczDetailLoader: Loader<CommercialDetailData> = (ctx) => loadCommercialDetail(ctx, 'shangpucz', { zhaopu: true });
