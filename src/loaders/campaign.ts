import type { ActivityDetail } from '../contracts/gateway/index.ts';
import type { AdverData, GrouproomData, HuodongData, NewActivityData, SignupNotice } from '../contracts/page-data/campaign.ts';
import { errors } from '../errors.ts';
import { type ActivityKind, isActivityKind, parseNewActivityTail } from '../lib/activity.ts';
import { parseId } from '../lib/ids.ts';
import { adverMeta, grouproomMeta, huodongMeta, newActivityMeta } from '../meta/campaign.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';

const NOTICES: readonly SignupNotice[] = ['ok', 'dup', 'ended', 'phone', 'name', 'full', 'busy'];
const noticeOf = (raw: string | undefined): SignupNotice | null =>
  (NOTICES as readonly string[]).includes(raw ?? '') ? (raw as SignupNotice) : null;

/** An activity of this city, else the 404 screen. */
function ofCity(ctx: PageContext, a: ActivityDetail | null): ActivityDetail {
  if (!a || a.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return a;
}

/**
 * /huodong/{template}/{id?}: the activity by id (of this template's kind and this city, else 404), or without an id
 * the city's current activity of the kind (none running: 404); its banners from web/banner/getpic.
 */
async function loadHuodong(ctx: PageContext): Promise<LoadResult<HuodongData>> {
  const template = ctx.params.template as ActivityKind;
  if (!isActivityKind(template)) throw errors.pageNotFound();
  const id = ctx.params.id === undefined ? null : parseId(ctx.params.id);
  if (ctx.params.id !== undefined && id === null) throw errors.pageNotFound();
  const activity = ofCity(
    ctx,
    id === null ? await ctx.api.activity.current(ctx.call, ctx.city.cityId, template) : await ctx.api.activity.detail(ctx.call, id),
  );
  if (activity.kind !== template) throw errors.pageNotFound();
  const banners = await ctx.api.activity.banners(ctx.call, ctx.city.cityId, `huodong_${activity.id}`);
  return {
    data: {
      template,
      activity,
      banners,
      renderedAt: ctx.now,
      notice: noticeOf(ctx.query.signup),
      path: `/huodong/${template}/${activity.id}`,
    },
  };
}

const PAGE_SIZE = 10;

/** /newActivity/*: the list by state or kind and page (a page past the last is 404), or one activity by `{id}.html`. */
async function loadNewActivity(ctx: PageContext): Promise<LoadResult<NewActivityData>> {
  const tail = parseNewActivityTail(ctx.params['*']);
  if (!tail) throw errors.pageNotFound();
  if (tail.kind === 'detail') {
    const activity = ofCity(ctx, await ctx.api.activity.detail(ctx.call, tail.id));
    return { data: { view: 'detail', activity, renderedAt: ctx.now } };
  }
  const [page, banners] = await Promise.all([
    ctx.api.activity.list(ctx.call, ctx.city.cityId, {
      kind: tail.template ?? undefined,
      state: tail.state ?? undefined,
      page: tail.page,
      size: PAGE_SIZE,
    }),
    ctx.api.activity.banners(ctx.call, ctx.city.cityId, 'huodong'),
  ]);
  if (tail.page > 1 && tail.page > page.totalPages) throw errors.pageNotFound();
  return {
    data: {
      view: 'list',
      items: page.content,
      total: page.totalElements,
      page: tail.page,
      totalPages: page.totalPages,
      state: tail.state,
      template: tail.template,
      banners,
    },
  };
}

/** /grouproom: the city's upcoming group viewings with seats left. */
async function loadGrouproom(ctx: PageContext): Promise<LoadResult<GrouproomData>> {
  const sessions = await ctx.api.activity.groupSessions(ctx.call, ctx.city.cityId);
  return { data: { sessions, notice: noticeOf(ctx.query.signup), sessionId: parseId(ctx.query.session) } };
}

/** /adver: the city's promoted estates and listings and its infomercial pictures. */
async function loadAdver(ctx: PageContext): Promise<LoadResult<AdverData>> {
  const [banners, promotions] = await Promise.all([
    ctx.api.activity.infomercial(ctx.call, ctx.city.cityId, 'adver'),
    ctx.api.activity.promotions(ctx.call, ctx.city.cityId),
  ]);
  return { data: { banners, promotions } };
}

export const campaignLoaders = {
  huodong: pageLoader(loadHuodong, huodongMeta),
  newActivity: pageLoader(loadNewActivity, newActivityMeta),
  grouproom: pageLoader(loadGrouproom, grouproomMeta),
  adver: pageLoader(loadAdver, adverMeta),
};
export const campaignLoaderQueryKeys = { huodong: ['signup'], grouproom: ['signup', 'session'] };
