import type { HotWords, ZhaopuSearchData, ZhaopuSearchListData } from '../contracts/page-data/shangpu.ts';
import { errors } from '../errors.ts';
import { regionSlugs } from '../lib/listing-filters.ts';
import { HOUSE_TYPES, zhaopuSearchHref } from '../lib/listing-kinds.ts';
import type { Loader, PageContext } from '../pipeline/types.ts';
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
export const zhaopuSearchLoader: Loader<ZhaopuSearchData> = async (ctx) => {
  const data = await hotWords(ctx);
  const city = ctx.city.name;
  return {
    data,
    head: {
      title: `搜索商铺_${city}找铺_商铺出租出售_${ctx.site.brand}`,
      description: `${ctx.site.brand}${city}找铺：输入商圈、街道或业态搜索商铺，热门业态${data.formats.slice(0, 4).join('、')}。`,
      canonical: '/zhaopu/search',
    },
  };
};

/** /zhaopu/searchList?keyword=&page=: shops for rent and for sale matching the keyword, 20 a page. */
export const zhaopuSearchListLoader: Loader<ZhaopuSearchListData> = async (ctx) => {
  const keyword = (ctx.query.keyword ?? ctx.query.kw ?? '').trim().slice(0, MAX_KEYWORD);
  const raw = ctx.query.page;
  if (raw !== undefined && !/^[1-9][0-9]{0,4}$/.test(raw)) throw errors.pageNotFound();
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
  const city = ctx.city.name;
  const brand = ctx.site.brand;
  const pageText = page > 1 ? `_第${page}页` : '';
  const office = counts ? `，另有写字楼出售${counts.xieziloucs}套、写字楼出租${counts.xieziloucz}套` : '';
  return {
    data: { keyword, counts, items: result?.content ?? [], total, page, totalPages, hot },
    head: keyword
      ? {
          title: `“${keyword}”相关商铺${pageText}_${city}找铺_${brand}`,
          description: `${brand}${city}找铺：与“${keyword}”相关的商铺共${total}套${counts ? `（出租${counts.shangpucz}套、出售${counts.shangpucs}套）` : ''}${office}。`,
          canonical: zhaopuSearchHref(keyword, page),
          robots: 'noindex, follow',
          links: [
            ...(page > 1 ? [{ rel: 'prev', href: zhaopuSearchHref(keyword, page - 1) }] : []),
            ...(page < totalPages ? [{ rel: 'next', href: zhaopuSearchHref(keyword, page + 1) }] : []),
          ],
        }
      : {
          title: `商铺搜索_${city}找铺_${brand}`,
          description: `${brand}${city}找铺：输入商圈、街道或业态搜索商铺出租与出售。`,
          canonical: '/zhaopu/searchList',
          robots: 'noindex, follow',
        },
  };
};
