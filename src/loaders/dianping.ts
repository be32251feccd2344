import type { DailiData, DianpingData, JiamengData } from '../contracts/page-data/broker.ts';
import { errors } from '../errors.ts';
import { formStateOf } from '../form-drafts.ts';
import { reviewDraft } from '../lib/broker-forms.ts';
import { parseId } from '../lib/ids.ts';
import { dailiMeta, dianpingMeta, jiamengMeta } from '../meta/broker.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** /dianping/{id?}, /dpDetail/{id}, /dpDetail: an agent's reviews (SPEC 7.7 yhdianping/wap/list) and the form. */
async function loadDianping(ctx: PageContext): Promise<LoadResult<DianpingData>> {
  const raw = ctx.params.id ?? ctx.query.id;
  if (raw === undefined || raw === '') {
    const page = await ctx.api.belonger.dianpingList(ctx.call, { cityId: ctx.city.cityId, size: 20 });
    return {
      data: { agent: null, reviews: page.content, total: page.totalElements, average: null, form: formStateOf({}, null) },
    };
  }
  const id = parseId(raw);
  if (id === null) throw errors.pageNotFound();
  const agent = await ctx.api.belonger.find(ctx.call, id);
  if (!agent || agent.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const [page, rating] = await Promise.all([
    ctx.api.belonger.dianpingList(ctx.call, { belongerId: id, size: 20 }),
    optional(ctx, 'belonger.dianpingAverage', ctx.api.belonger.dianpingAverage(ctx.call, { belongerId: id }), null),
  ]);
  const uid = ctx.user?.uid || ctx.user?.userId;
  const draft = uid ? await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, reviewDraft(id), uid) : null;
  return {
    data: {
      agent,
      reviews: page.content,
      total: page.totalElements,
      average: rating?.average ?? null,
      form: formStateOf(ctx.query, draft),
    },
  };
}

/** /jiameng/{id?}: the franchise forms (no login needed), with what a refused post typed. */
async function loadJiameng(ctx: PageContext): Promise<LoadResult<JiamengData>> {
  const raw = ctx.params.id;
  if (raw !== undefined && parseId(raw) === null) throw errors.pageNotFound();
  const commitments = await optional(ctx, 'belonger.commitments', ctx.api.belonger.commitments(ctx.call), []);
  // The member id the action stage keeps a refused post's draft under ('' for a visitor; src/actions/broker.ts).
  const member = ctx.user?.uid || ctx.user?.userId || '';
  const take = async (form: string) => formStateOf({}, await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, form, member));
  const ok = ['1', 'again', 'zhaoshang'].includes(ctx.query.ok ?? '') ? (ctx.query.ok as string) : null;
  return {
    data: { cityName: ctx.city.name, ok, jiameng: await take('broker-jiameng'), zhaoshang: await take('broker-zhaoshang'), commitments },
  };
}

/** /daili: the channel-partner page (SPEC 7.7 getRecommendBelongerList: the agents partners work with). */
async function loadDaili(ctx: PageContext): Promise<LoadResult<DailiData>> {
  const [agents, commitments] = await Promise.all([
    ctx.api.belonger.recommendList(ctx.call, { cityId: ctx.city.cityId, limit: 6 }),
    optional(ctx, 'belonger.commitments', ctx.api.belonger.commitments(ctx.call), []),
  ]);
  return { data: { cityName: ctx.city.name, agents, commitments } };
}

export const dianpingLoaders = {
  daili: pageLoader(loadDaili, dailiMeta),
  brokerDianping: pageLoader(loadDianping, dianpingMeta),
  jiameng: pageLoader(loadJiameng, jiamengMeta),
};
export const dianpingLoaderQueryKeys = { brokerDianping: ['id', 'ok'], jiameng: ['ok', 'form'] };
