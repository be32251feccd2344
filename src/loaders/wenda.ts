import type { WendaDetailData, WendaHuidaData, WendaListPageData, WendaTiwenData } from '../contracts/page-data/wenda.ts';
import { errors } from '../errors.ts';
import { formStateOf } from '../form-drafts.ts';
import { parseId } from '../lib/ids.ts';
import { parseWendaTail, WENDA_CATEGORY_NAMES, WENDA_PAGE_SIZE } from '../lib/wenda.ts';
import { wendaDetailMeta, wendaHuidaMeta, wendaListMeta, wendaTiwenMeta } from '../meta/wenda.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** Questions and answers (问答), issue 15 part B. The forms post to /-/wenda/* (src/actions/wenda.ts). */

/** The member id the gateway's member calls take (the uid of the signed cookie). */
const memberIdOf = (ctx: PageContext) => ctx.user?.uid || ctx.user?.userId || '';

/** /wenda/[category/][sort/][pg{n}/] (the `wenda-query` middleware has made the path canonical). */
async function loadWendaList(ctx: PageContext): Promise<LoadResult<WendaListPageData>> {
  const f = parseWendaTail(ctx.params['*'] ?? '');
  if (!f) throw errors.pageNotFound();
  const res = await ctx.api.info.wendaList(ctx.call, {
    cityId: ctx.city.cityId,
    category: f.category,
    sort: f.sort,
    page: f.page,
    size: WENDA_PAGE_SIZE,
  });
  if (f.page > 1 && !res.content.length) throw errors.pageNotFound();
  return {
    data: {
      category: f.category ?? null,
      sort: f.sort,
      list: res.content,
      total: res.totalElements,
      page: f.page,
      totalPages: res.totalPages,
    },
  };
}
export const wendaList = pageLoader(loadWendaList, wendaListMeta);

/** A question of this city by `:id` or `?id=`, else the 404 screen. */
async function questionOf(ctx: PageContext) {
  const id = parseId(ctx.params.id ?? ctx.query.id);
  if (id === null) throw errors.pageNotFound();
  const question = await ctx.api.info.wenda(ctx.call, id);
  if (!question || question.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return question;
}

/** /wenda/{id}.html and /wenda/details?id=: the question, its answers (most liked first) and others of its category. */
async function loadWendaDetail(ctx: PageContext): Promise<LoadResult<WendaDetailData>> {
  const question = await questionOf(ctx);
  const uid = memberIdOf(ctx);
  const [related, liked] = await Promise.all([
    optional(
      ctx,
      'info.wendaList',
      ctx.api.info.wendaList(ctx.call, { cityId: ctx.city.cityId, category: question.category, sort: 'hot', size: 6 }),
      null,
    ),
    uid ? optional(ctx, 'info.wendaLiked', ctx.api.info.wendaLiked(ctx.call, question.id, uid), []) : Promise.resolve([]),
  ]);
  return {
    data: { question, related: (related?.content ?? []).filter((q) => q.id !== question.id).slice(0, 5), liked },
  };
}
export const wendaDetail = pageLoader(loadWendaDetail, wendaDetailMeta);

/** /wenda/huida/{id}.html and /wenda/huida?id=: the answer form (members only), with what a refused post left. */
async function loadWendaHuida(ctx: PageContext): Promise<LoadResult<WendaHuidaData>> {
  const question = await questionOf(ctx);
  const uid = memberIdOf(ctx);
  const form = formStateOf(ctx.query, uid ? await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, `answer:${question.id}`, uid) : null);
  return { data: { question, form } };
}
export const wendaHuida = pageLoader(loadWendaHuida, wendaHuidaMeta);

/** /wenda/tiwen: the ask form (members only), with what a refused post left. */
async function loadWendaTiwen(ctx: PageContext): Promise<LoadResult<WendaTiwenData>> {
  const uid = memberIdOf(ctx);
  const form = formStateOf(ctx.query, uid ? await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, 'ask', uid) : null);
  const houseId = parseId(ctx.query.houseId);
  return { data: { categories: WENDA_CATEGORY_NAMES, houseId, form } };
}
export const wendaTiwen = pageLoader(loadWendaTiwen, wendaTiwenMeta);
