import type { HotWords, ZhaopuSearchListData } from '../contracts/page-data/shangpu.ts';
import { zhaopuSearchHref } from '../lib/listing-kinds.ts';
import type { Meta } from '../pipeline/types.ts';
import { pageLinks } from './listing.ts';

/** The heads of 找铺's search screen and its results (results are not indexed, their links are followed). */

export const zhaopuSearchMeta: Meta<HotWords> = (ctx, { formats }) => {
  const city = ctx.city.name;
  return {
    title: `搜索商铺_${city}找铺_商铺出租出售_${ctx.site.brand}`,
    description: `${ctx.site.brand}${city}找铺：输入商圈、街道或业态搜索商铺，热门业态${formats.slice(0, 4).join('、')}。`,
    canonical: '/zhaopu/search',
  };
};

export const zhaopuSearchListMeta: Meta<ZhaopuSearchListData> = (ctx, { keyword, counts, total, page, totalPages }) => {
  const city = ctx.city.name;
  const brand = ctx.site.brand;
  if (!keyword) {
    return {
      title: `商铺搜索_${city}找铺_${brand}`,
      description: `${brand}${city}找铺：输入商圈、街道或业态搜索商铺出租与出售。`,
      canonical: '/zhaopu/searchList',
      robots: 'noindex, follow',
    };
  }
  const pageText = page > 1 ? `_第${page}页` : '';
  const office = counts ? `，另有写字楼出售${counts.xieziloucs}套、写字楼出租${counts.xieziloucz}套` : '';
  return {
    title: `“${keyword}”相关商铺${pageText}_${city}找铺_${brand}`,
    description: `${brand}${city}找铺：与“${keyword}”相关的商铺共${total}套${counts ? `（出租${counts.shangpucz}套、出售${counts.shangpucs}套）` : ''}${office}。`,
    canonical: zhaopuSearchHref(keyword, page),
    robots: 'noindex, follow',
    links: pageLinks(page, totalPages, (n) => zhaopuSearchHref(keyword, n)),
  };
};
