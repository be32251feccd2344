import type { BaikeDetailData, BaikeListData, ZidianData } from '../contracts/page-data/baike.ts';
import { errors } from '../errors.ts';
import { BAIKE_PAGE_SIZE, baikeStageOf } from '../lib/baike.ts';
import { parseId } from '../lib/ids.ts';
import { baikeDetailMeta, baikeListMeta, zidianMeta } from '../meta/baike.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** The knowledge base (百科) and its glossary (词典), issue 15 part B. */

/** /baike/ and /baike/{stage}?page=: an unknown stage or page is the 404 screen. */
async function loadBaikeList(ctx: PageContext): Promise<LoadResult<BaikeListData>> {
  const stage = baikeStageOf(ctx.params.ids);
  const page = ctx.query.page === undefined ? 1 : parseId(ctx.query.page);
  if (stage === null || page === null || page > 9999) throw errors.pageNotFound();
  const cityId = ctx.city.cityId;
  const [stages, res] = await Promise.all([
    optional(ctx, 'info.baikeCategories', ctx.api.info.baikeCategories(ctx.call, cityId), []),
    ctx.api.info.baikeList(ctx.call, { cityId, category: stage, page, size: BAIKE_PAGE_SIZE }),
  ]);
  if (page > 1 && !res.content.length) throw errors.pageNotFound();
  return {
    data: { stages, stage: stage ?? null, list: res.content, total: res.totalElements, page, totalPages: res.totalPages },
  };
}
export const baikeList = pageLoader(loadBaikeList, baikeListMeta);

/** /baike/{id}.html and /baike/details?id=: an entry of this city, else the 404 screen. */
async function loadBaikeDetail(ctx: PageContext): Promise<LoadResult<BaikeDetailData>> {
  const id = parseId(ctx.params.id ?? ctx.query.id);
  if (id === null) throw errors.pageNotFound();
  const entry = await ctx.api.info.baike(ctx.call, id);
  if (!entry || entry.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const glossary = await optional(ctx, 'info.glossary', ctx.api.info.glossary(ctx.call, ctx.city.cityId), []);
  const text = entry.title + entry.blocks.map((b) => b.text).join('');
  const terms = glossary.filter((g) => text.includes(g.term)).slice(0, 8);
  return { data: { entry, terms } };
}
export const baikeDetail = pageLoader(loadBaikeDetail, baikeDetailMeta);

/** /zidian: the city's glossary grouped by first letter. */
async function loadZidian(ctx: PageContext): Promise<LoadResult<ZidianData>> {
  const terms = await ctx.api.info.glossary(ctx.call, ctx.city.cityId);
  const groups: ZidianData['groups'] = [];
  for (const t of [...terms].sort((a, b) => a.letter.localeCompare(b.letter) || a.term.localeCompare(b.term, 'zh-CN'))) {
    const last = groups.at(-1);
    if (last?.letter === t.letter) last.terms.push(t);
    else groups.push({ letter: t.letter, terms: [t] });
  }
  return { data: { groups, total: terms.length } };
}
export const zidian = pageLoader(loadZidian, zidianMeta);
