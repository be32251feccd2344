import type {
  EntrustCommunity,
  EntrustListData,
  EntrustOneData,
  EntrustSearchData,
  EntrustStartData,
  EntrustStepData,
} from '../contracts/page-data/entrust.ts';
import { errors } from '../errors.ts';
import { formStateOf } from '../form-drafts.ts';
import { draftQuery, ENTRUST_QUERY_KEYS, type EntrustStep, readDraft } from '../lib/entrust-steps.ts';
import { entrustMeta, entrustOneMeta, entrustStartMeta, entrustStepMeta } from '../meta/yijianweituo.ts';
import { type PageContext, type PageLoader, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/**
 * The entrustment flow (issue 17, /Index/yijianweituo): the start, the steps (search → address → details → form, the
 * filled answers carried in the query) and the member's entrustments (list, one, log, modifyprice, removeshelf), all
 * through the gateway's /api/entrust calls. A member sees only their own: another member's id is not found.
 */

const memberId = (ctx: PageContext): string => {
  const id = ctx.user?.uid || ctx.user?.userId || '';
  if (!id) throw errors.pageNotFound();
  return id;
};

const notFoundOn404 = (err: { statusCode?: number }) => {
  if (err.statusCode === 404) throw errors.pageNotFound();
  throw err;
};

async function communityOf(ctx: PageContext, stressId: number): Promise<EntrustCommunity> {
  const x = await ctx.api.xiaoqu.findBriefById(ctx.call, stressId).catch(notFoundOn404);
  if (!x || x.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return { stressId: x.stressId, name: x.sname || x.name, address: x.address, avgPrice: x.avgPrice };
}

/** /Index/yijianweituo: sell or let, what happens next, and (for a member) their latest entrustments. */
export const entrustStart: PageLoader<EntrustStartData> = pageLoader(async (ctx) => {
  const [mine, areas] = await Promise.all([
    ctx.user ? optional(ctx, 'entrustList', ctx.api.user.entrustList(ctx.call, memberId(ctx)), []) : Promise.resolve([]),
    optional(ctx, 'areaPrices', ctx.api.xiaoqu.areaPrices(ctx.call, ctx.city.cityId), []),
  ]);
  const deals = areas
    .filter((a) => a.deals > 0)
    .sort((a, b) => b.deals - a.deals)
    .slice(0, 6)
    .map((a) => ({ regionId: a.regionId, regionName: a.regionName, deals: a.deals, avgPrice: a.avgPrice }));
  return { data: { preferred: ctx.query.type === 'rent' ? 'rent' : 'sell', loggedIn: !!ctx.user, mine: mine.slice(0, 3), deals } };
}, entrustStartMeta);

/** /Index/yijianweituo/search?kind=&q=: communities matching the keyword (names, full pinyin, initials). */
export const entrustSearch: PageLoader<EntrustSearchData> = pageLoader(async (ctx) => {
  const r = readDraft(ctx.query, 'search');
  const draft = 'draft' in r ? r.draft : { kind: 'sell' as const };
  const keyword = (ctx.query.q ?? '').trim().slice(0, 30);
  const hits = keyword
    ? ((await ctx.api.search.suggest(ctx.call, { keyword, cityId: ctx.city.cityId, limit: 10 }))?.groups.xiaoqu.list ?? []).map((h) => ({
        stressId: h.id,
        title: h.title,
        subtitle: h.subtitle,
      }))
    : [];
  return { data: { draft, keyword, hits } };
}, entrustStepMeta('选择小区'));

const STEP_NAMES: Record<EntrustStep, string> = { search: '选择小区', address: '房屋地址', details: '房屋信息', form: '联系方式' };

/**
 * A step (registry `params.step`: address, details or form): the answers of the steps before it, checked. An unknown
 * community is not found; a missing or bad answer gives 400 with the step to go back to.
 */
export const entrustStep: PageLoader<EntrustStepData> = pageLoader(
  async (ctx) => {
    const step = (ctx.params.step ?? 'address') as EntrustStep;
    const r = readDraft(ctx.query, step);
    if ('problem' in r && r.problem.field === 'stressId' && ctx.query.stressId) throw errors.pageNotFound();
    const draft = 'draft' in r ? r.draft : { kind: ctx.query.kind === 'rent' ? ('rent' as const) : ('sell' as const) };
    const community = draft.stressId ? await communityOf(ctx, draft.stressId) : null;
    const problem = 'problem' in r ? r.problem : null;
    const form =
      step === 'form' && ctx.user
        ? formStateOf(ctx.query, await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, 'entrust', memberId(ctx)))
        : null;
    const contact = ctx.user ? { name: ctx.user.nickName ?? '', phone: /^1\d{10}$/.test(ctx.user.phone) ? ctx.user.phone : '' } : null;
    return {
      data: { step, draft, community, problem, query: draftQuery(ctx.query), form, contact },
      status: problem ? 400 : undefined,
    };
  },
  entrustStepMeta((d) => STEP_NAMES[d.step]),
);

/** /Index/yijianweituo/list: the member's entrustments, newest first. */
export const entrustList: PageLoader<EntrustListData> = pageLoader(
  async (ctx) => ({ data: { list: await ctx.api.user.entrustList(ctx.call, memberId(ctx)) } }),
  entrustMeta('我的委托'),
);

/** One entrustment of the member: `/{id}` or `?id=`; another member's or an unknown one is not found. */
export const entrustOne: PageLoader<EntrustOneData> = pageLoader(async (ctx) => {
  const raw = ctx.params.id ?? ctx.query.id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw errors.pageNotFound();
  const entrust = await ctx.api.user.entrust(ctx.call, raw, memberId(ctx)).catch(notFoundOn404);
  if (!entrust) throw errors.pageNotFound();
  const action = ctx.params.action;
  const form = formStateOf(ctx.query, action ? await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, action, memberId(ctx)) : null);
  return { data: { entrust, view: ctx.params.view ?? 'detail', form } };
}, entrustOneMeta);

export const entrustQueryKeys: Readonly<Record<string, readonly string[]>> = {
  entrustStart: ['type'],
  entrustSearch: ['kind', 'q'],
  // Every step's answers (src/lib/entrust-steps.ts) and the saved notice.
  entrustStep: [...ENTRUST_QUERY_KEYS, 'ok'],
  entrustList: [],
  entrustOne: ['id', 'ok'],
};
