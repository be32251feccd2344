import type { ZuyjListData } from '../contracts/page-data/ershoufang.ts';
import { errors } from '../errors.ts';
import { LIST_SPECS } from '../lib/list-specs.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { listingDetailMeta } from '../meta/ershoufang.ts';
import { listMeta } from '../meta/listing.ts';
import { zuyjListMeta } from '../meta/zufang.ts';
import { type LoadResult, pageLoader } from '../pipeline/types.ts';
import { loadListingDetail } from './ershoufang.ts';
import { loadList } from './listing-common.ts';

export const zufangListLoader = pageLoader((ctx) => loadList(ctx, LIST_SPECS.zufang), listMeta(LIST_SPECS.zufang));
export const duanzuListLoader = pageLoader((ctx) => loadList(ctx, LIST_SPECS.duanzu), listMeta(LIST_SPECS.duanzu));

/** Rental detail; similar rentals come 10 at a time (SPEC 7.11, 9). */
export const zufangDetailLoader = pageLoader((ctx) => loadListingDetail(ctx, 'zufang'), listingDetailMeta);
/** /zufang/zuyj/{id}.html: a brand-apartment rental, the same detail with its own canonical. */
export const zuyjDetailLoader = pageLoader((ctx) => loadListingDetail(ctx, 'zufang', { zuyj: true }), listingDetailMeta);

const ZUYJ_SIZE = 20;
const PAGE_NUMBER = /^[1-9][0-9]{0,4}$/;

/**
 * /zufang/zuyj[?page=n]: 品牌公寓, the whole-flat, fully fitted rentals of the city, newest first; each links to its
 * brand-apartment detail /zufang/zuyj/{id}.html. A page past the end or a malformed page is the 404 screen.
 */
export const zuyjListLoader = pageLoader(async (ctx): Promise<LoadResult<ZuyjListData>> => {
  const raw = ctx.query.page;
  if (raw !== undefined && !PAGE_NUMBER.test(raw)) throw errors.pageNotFound();
  const page = Number(raw ?? 1);
  const result = await ctx.api.house.findByCondition(ctx.call, {
    cityId: ctx.city.cityId,
    houseType: HOUSE_TYPES.zufang,
    rentType: '整租',
    decoration: '精装',
    sort: 'newest',
    page,
    size: ZUYJ_SIZE,
  });
  const totalPages = Math.max(1, result.totalPages || Math.ceil(result.totalElements / ZUYJ_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  return { data: { items: result.content, total: result.totalElements, page, totalPages } };
}, zuyjListMeta);
