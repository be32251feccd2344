import type { DongtaiDetailData, DongtaiFeedData } from '../contracts/page-data/dongtai.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbLd, pageLinks, pageNote, priceText } from './xinfang-common.ts';

/** The heads of the estate news (动态) pages, from the data their loaders found (src/loaders/dongtai.ts). */

/** /dongtai/{houseId}[?page=]: paged by `?page=`, with prev/next. */
export const dongtaiFeedMeta: Meta<DongtaiFeedData> = (ctx, { estate, list, total, page, totalPages }) => {
  const base = `/dongtai/${estate.houseId}`;
  return {
    title: `${estate.name}最新动态_${estate.name}开盘加推信息${pageNote(page)}_${ctx.site.brand}`,
    description: `${estate.name}共${total}条楼盘动态${list[0] ? `，最新：${list[0].title}` : ''}。${priceText(estate)}，了解开盘、加推、优惠与工程进度。`,
    canonical: page > 1 ? `${base}?page=${page}` : base,
    links: pageLinks(base, page, totalPages),
  };
};

/** One news item: its text (without markup) as the description, a NewsArticle for search engines. */
export const dongtaiDetailMeta: Meta<DongtaiDetailData> = (ctx, { item, estate }) => {
  const city = ctx.city.name;
  const self = `/dongtai/${item.DTid}.html`;
  return {
    title: `${item.title}_${estate.name}动态_${ctx.site.brand}`,
    description: `${estate.name}${item.kind}：${item.content.replace(/<[^>]*>/g, '').slice(0, 90)}`,
    canonical: self,
    jsonLd: [
      breadcrumbLd(ctx, [
        [`${city}新房`, '/xinfang/'],
        [estate.name, `/xinfang/${estate.houseId}.html`],
        [`${estate.name}动态`, `/dongtai/${estate.houseId}`],
        [item.title, self],
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: item.title,
        datePublished: item.createdAt.replace(' ', 'T'),
        about: { '@type': 'ApartmentComplex', name: estate.name },
      },
    ],
  };
};
