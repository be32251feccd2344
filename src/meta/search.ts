import type { SearchPageData } from '../contracts/page-data/search.ts';
import { searchHref } from '../lib/search-groups.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

/**
 * /search: the registry's title for the empty search; a keyword's results are titled by the keyword and what was
 * found, canonical to `/search?q=` and kept out of search engines' indexes (their links are followed).
 */
export const searchMeta: Meta<SearchPageData> = (ctx, data) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  if (!data.keyword) return { canonical: `${origin}/search` };
  const found = data.groups.map((g) => `${g.label}${g.total}个`).join('、');
  return {
    title: `“${data.keyword}”的搜索结果_${ctx.city.name}房产_${ctx.site.brand}`,
    description: data.total
      ? `在${ctx.city.name}搜索“${data.keyword}”：找到${found}。`
      : `在${ctx.city.name}没有找到与“${data.keyword}”相关的小区、楼盘和房源，看看大家都在搜什么。`,
    canonical: origin + searchHref(data.keyword),
    robots: 'noindex,follow',
  };
};
