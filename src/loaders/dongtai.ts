import type { DongtaiDetailData, DongtaiFeedData } from '../contracts/page-data/dongtai.ts';
import { errors } from '../errors.ts';
import type { Loader, PageContext } from '../pipeline/types.ts';
import { optional } from './optional.ts';
import { breadcrumbLd, idOf, loadEstate, locateEstate, optionalIdOf, priceText, withCalls } from './xinfang-common.ts';

/**
 * News of an estate (SPEC 2.2 /dongtai/details, /dongtai/id, /dongtaiDetail/details; 2.4 /dongtai/{id}.html and
 * /dongtai/{id}): the feed of one estate (/dongtai/{houseId}, SPEC 7.3 findDT) and one news item
 * (/dongtai/{DTid}.html, SPEC 7.3 xiangqingContent; the old-style content call for /dongtaiDetail/details).
 */

const FEED_SIZE = 10;

/** /dongtai/{houseId}, /dongtai/id?id=: the estate's news, newest first, 10 a page (?page=). */
export const dongtaiFeed: Loader<DongtaiFeedData> = async (ctx) => {
  const id = idOf(ctx.params.id ?? ctx.query.id ?? ctx.query.houseId);
  const page = ctx.query.page === undefined ? 1 : idOf(ctx.query.page);
  const estate = await loadEstate(ctx, id);
  const res = await ctx.api.house.findDT(ctx.call, id, { page, size: FEED_SIZE });
  const totalPages = Math.max(1, res.totalPages || Math.ceil(res.totalElements / FEED_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  const base = `/dongtai/${id}`;
  const links: Array<{ rel: string; href: string }> = [];
  if (page > 1) links.push({ rel: 'prev', href: page === 2 ? base : `${base}?page=${page - 1}` });
  if (page < totalPages) links.push({ rel: 'next', href: `${base}?page=${page + 1}` });
  return {
    data: { estate, list: res.content, total: res.totalElements, page, totalPages },
    head: {
      title: `${estate.name}最新动态_${estate.name}开盘加推信息${page > 1 ? `_第${page}页` : ''}_${ctx.site.brand}`,
      description: `${estate.name}共${res.totalElements}条楼盘动态${res.content[0] ? `，最新：${res.content[0].title}` : ''}。${priceText(estate)}，了解开盘、加推、优惠与工程进度。`,
      canonical: page > 1 ? `${base}?page=${page}` : base,
      links,
    },
  };
};

/** /dongtai/{DTid}.html, /dongtai/details?id=&houseId=, /dongtaiDetail/details?id=&houseId=: one news item. */
export const dongtaiDetail: Loader<DongtaiDetailData> = async (ctx) => {
  const dtId = idOf(ctx.params.id ?? ctx.query.id ?? ctx.query.DTid);
  const houseId = optionalIdOf(ctx.query.houseId) ?? (await locate(ctx, dtId));
  if (!houseId) throw errors.pageNotFound();
  const old = ctx.page.params?.content === 'old';
  const [estate, item, feed] = await Promise.all([
    loadEstate(ctx, houseId),
    old ? ctx.api.house.xiangqingContentByOld(ctx.call, houseId, dtId) : ctx.api.house.xiangqingContent(ctx.call, houseId, dtId),
    optional(ctx, 'house.findDT', ctx.api.house.findDT(ctx.call, houseId, { page: 1, size: 6 }), null),
  ]);
  if (!item) throw errors.pageNotFound();
  const [agent] = await withCalls(ctx, estate.belongerList ?? [], 1);
  const city = ctx.city.name;
  return {
    data: { item, estate, others: (feed?.content ?? []).filter((d) => d.DTid !== dtId).slice(0, 5), agent: agent ?? null },
    head: {
      title: `${item.title}_${estate.name}动态_${ctx.site.brand}`,
      description: `${estate.name}${item.kind}：${item.content.replace(/<[^>]*>/g, '').slice(0, 90)}`,
      canonical: `/dongtai/${dtId}.html`,
      jsonLd: [
        breadcrumbLd(ctx, [
          [`${city}新房`, '/xinfang/'],
          [estate.name, `/xinfang/${houseId}.html`],
          [`${estate.name}动态`, `/dongtai/${houseId}`],
          [item.title, `/dongtai/${dtId}.html`],
        ]),
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: item.title,
          datePublished: item.createdAt.replace(' ', 'T'),
          about: { '@type': 'ApartmentComplex', name: estate.name },
        },
      ],
    },
  };
};

function locate(ctx: PageContext, dtId: number) {
  return locateEstate(ctx, 'dongtai', dtId, async (lp) => {
    const feed = await optional(ctx, 'house.findDT', ctx.api.house.findDT(ctx.call, lp, { page: 1, size: 100 }), null);
    const ids = (feed?.content ?? []).map((d) => d.DTid);
    return ids.length ? [Math.min(...ids), Math.max(...ids)] : null;
  });
}
