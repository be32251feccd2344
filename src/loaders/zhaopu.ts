import type { HotWords, ZhaopuSearchListData } from '../contracts/page-data/shangpu.ts';
import { errors } from '../errors.ts';
import { regionSlugs } from '../lib/listing-filters.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { zhaopuSearchListMeta, zhaopuSearchMeta } from '../meta/zhaopu.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { locationDict } from './listing-common.ts';
import { optional } from './optional.ts';

/**
 * 找铺's search screen (/zhaopu/search: a keyword and hot words) and its results (/zhaopu/searchList?keyword=):
 * shops for rent and for sale matching the keyword, with the count of every commercial kind
 * (api/house/search/countBusiness, SPEC 7.4) linking to that kind's list filtered by the same keyword.
 */

const PAGE_SIZE = 20;
const HOT_WORDS = 8;
const MAX_KEYWORD = 64;

async function hotWords(ctx: PageContext): Promise<HotWords> {
  const [formats, dict] = await Promise.all([
    optional(ctx, 'findBusinessFormat', ctx.api.house.findBusinessFormat(ctx.call), []),
    locationDict(ctx),
  ]);
  const slugs = regionSlugs(dict.regions);
  return {
    formats: formats
      .filter((f) => f.name && f.name !== '其他')
      .sort((a, b) => b.count - a.count)
      .slice(0, HOT_WORDS)
      .map((f) => f.name),
    regions: dict.regions.map((r) => ({ regionName: r.regionName, slug: slugs.get(r.regionId) ?? `qy${r.regionId}` })),
  };
}

/** /zhaopu/search: the search screen of the shop channel. */
export const zhaopuSearchLoader = pageLoader(
  async (ctx): Promise<LoadResult<HotWords>> => ({ data: await hotWords(ctx) }),
  zhaopuSearchMeta,
);

const PAGE_NUMBER = /^[1-9][0-9]{0,4}$/;

/** /zhaopu/searchList?keyword=&page=: shops for rent and for sale matching the keyword, 20 a page. */
export const zhaopuSearchListLoader = pageLoader(async (ctx): Promise<LoadResult<ZhaopuSearchListData>> => {
  const keyword = (ctx.query.keyword ?? ctx.query.kw ?? '').trim().slice(0, MAX_KEYWORD);
  const raw = ctx.query.page;
  if (raw !== undefined && !PAGE_NUMBER.test(raw)) throw errors.pageNotFound();
  const page = Number(raw ?? 1);
  const { cityId } = ctx.city;
  const [hot, counts, result] = await Promise.all([
    hotWords(ctx),
    keyword ? optional(ctx, 'countBusiness', ctx.api.house.countBusiness(ctx.call, cityId, keyword), null) : null,
    keyword
      ? ctx.api.house.findByCondition(ctx.call, {
          cityId,
          houseTypes: [HOUSE_TYPES.shangpucz, HOUSE_TYPES.shangpucs],
          keyword,
          page,
          size: PAGE_SIZE,
        })
      : null,
  ]);
  const total = result?.totalElements ?? 0;
  const totalPages = Math.max(1, result?.totalPages || Math.ceil(total / PAGE_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  return { data: { keyword, counts, items: result?.content ?? [], total, page, totalPages, hot } };
}, zhaopuSearchListMeta);
