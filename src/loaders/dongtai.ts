import type { DongtaiDetailData, DongtaiFeedData } from '../contracts/page-data/dongtai.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { dongtaiDetailMeta, dongtaiFeedMeta } from '../meta/dongtai.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';
import { loadEstate, locateEstate, withCalls } from './xinfang-common.ts';

/**
 * News of an estate (SPEC 2.2 /dongtai/details, /dongtai/id, /dongtaiDetail/details; 2.4 /dongtai/{id}.html and
 * /dongtai/{id}): the feed of one estate (/dongtai/{houseId}, SPEC 7.3 findDT) and one news item
 * (/dongtai/{DTid}.html, SPEC 7.3 xiangqingContent; the old-style content call for /dongtaiDetail/details).
 */

const FEED_SIZE = 10;

/** /dongtai/{houseId}, /dongtai/id?id=: the estate's news, newest first, 10 a page (?page=). */
async function loadFeed(ctx: PageContext): Promise<LoadResult<DongtaiFeedData>> {
  const page = ctx.query.page === undefined ? 1 : parseId(ctx.query.page);
  if (page === null) throw errors.pageNotFound();
  const estate = await loadEstate(ctx, parseId(ctx.params.id ?? ctx.query.id ?? ctx.query.houseId));
  const res = await ctx.api.house.findDT(ctx.call, estate.houseId, { page, size: FEED_SIZE });
  const totalPages = Math.max(1, res.totalPages || Math.ceil(res.totalElements / FEED_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  return { data: { estate, list: res.content, total: res.totalElements, page, totalPages } };
}
export const dongtaiFeed = pageLoader(loadFeed, dongtaiFeedMeta);

/** /dongtai/{DTid}.html, /dongtai/details?id=&houseId=, /dongtaiDetail/details?id=&houseId=: one news item. */
async function loadDetail(ctx: PageContext): Promise<LoadResult<DongtaiDetailData>> {
  const dtId = parseId(ctx.params.id ?? ctx.query.id ?? ctx.query.DTid);
  if (dtId === null) throw errors.pageNotFound();
  const houseId = parseId(ctx.query.houseId) ?? (await locate(ctx, dtId));
  if (!houseId) throw errors.pageNotFound();
  const old = ctx.page.params?.content === 'old';
  const [estate, item, feed] = await Promise.all([
    loadEstate(ctx, houseId),
    old ? ctx.api.house.xiangqingContentByOld(ctx.call, houseId, dtId) : ctx.api.house.xiangqingContent(ctx.call, houseId, dtId),
    optional(ctx, 'house.findDT', ctx.api.house.findDT(ctx.call, houseId, { page: 1, size: 6 }), null),
  ]);
  if (!item) throw errors.pageNotFound();
  const [agent] = await withCalls(ctx, estate.belongerList ?? [], 1);
  return { data: { item, estate, others: (feed?.content ?? []).filter((d) => d.DTid !== dtId).slice(0, 5), agent: agent ?? null } };
}
export const dongtaiDetail = pageLoader(loadDetail, dongtaiDetailMeta);

function locate(ctx: PageContext, dtId: number) {
  return locateEstate(ctx, 'dongtai', dtId, async (lp) => {
    const feed = await optional(ctx, 'house.findDT', ctx.api.house.findDT(ctx.call, lp, { page: 1, size: 100 }), null);
    const ids = (feed?.content ?? []).map((d) => d.DTid);
    return ids.length ? [Math.min(...ids), Math.max(...ids)] : null;
  });
}
