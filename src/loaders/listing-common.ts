import { secondaryCall } from '../api/http.ts';
import type { Belonger, ListingDetail, ListingItem } from '../contracts/gateway/index.ts';
import type { DetailExtras } from '../contracts/page-data/ershoufang.ts';
import type { ListPageData } from '../contracts/page-data/list.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { dictShown, type ListSpec, listFilterOf, listTailOf, locationName } from '../lib/list-specs.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { emptyQuery, filterLabels, type LocationDict, parseTail, toTail, ZHAOPU_DEALS } from '../lib/listing-filters.ts';
import type { LoadResult, PageContext, PageView } from '../pipeline/types.ts';
import { defer } from '../render/deferred.ts';
import { optional } from './optional.ts';

/** The city's location dictionary (cached 1 hour in src/api). */
export const locationDict = (ctx: PageContext): Promise<LocationDict> => ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId);

/**
 * The list page of `spec`: filters from the tail (listing-query has already sent other addresses away), one gateway
 * search. A page past the last is found nothing: 404. Its head is src/meta/listing.ts.
 */
export async function loadList(ctx: PageContext, spec: ListSpec): Promise<LoadResult<ListPageData>> {
  const dict = await locationDict(ctx);
  const q = parseTail(listTailOf(ctx.params), spec.kind, dict);
  if (!q) throw errors.pageNotFound();
  const page = await ctx.api.house.findByCondition(ctx.call, { ...listFilterOf(spec, q, ctx.city.cityId), size: spec.pageSize });
  const pageNo = q.page ?? 1;
  const totalPages = Math.max(1, page.totalPages || Math.ceil(page.totalElements / spec.pageSize));
  if (pageNo > 1 && pageNo > totalPages) throw errors.pageNotFound();
  const noun = spec.kind === 'zhaopu' && q.deal ? `${spec.noun}${ZHAOPU_DEALS[q.deal - 1]}` : spec.noun;
  const shown = dictShown(dict, q);
  const place = { regionId: q.regionId, shopMapId: q.shopMapId, metroId: q.metroId, stationId: q.stationId };
  return {
    data: {
      kind: spec.kind,
      noun,
      base: spec.base,
      query: q,
      dict: shown,
      items: page.content.map(listingCardOf),
      total: page.totalElements,
      page: pageNo,
      totalPages,
      heading: `${ctx.city.name}${locationName(q, dict)}${noun}`,
      labels: filterLabels(q, spec.kind),
      clearHref: spec.base + toTail({ ...emptyQuery(), ...place }, spec.kind, shown),
      shortTerm: spec.shortTerm,
    },
  };
}

// ---------- detail pages ----------

/** The listing id of a detail URL (`:id` or `?id=`, src/lib/ids.ts), or the 404 screen for a missing or malformed one. */
export function idOf(ctx: Pick<PageContext, 'params' | 'query'>, key = 'id'): number {
  const id = parseId(ctx.params[key] ?? ctx.query[key]);
  if (id === null) throw errors.pageNotFound();
  return id;
}

/** An ad variant of a detail page: registry `params.ad`, or `?ad=true` on a plain twin. Ads record no view (SPEC 4). */
export const isAdVariant = (ctx: Pick<PageContext, 'params' | 'query'>): boolean => ctx.params.ad === 'true' || ctx.query.ad === 'true';

/** The view a detail page records (SPEC 7.4), none on ad variants: the pipeline sends it (src/pipeline/record-view.ts). */
export const viewOf = (house: Pick<ListingDetail, 'houseId' | 'houseNumber'>, ad: boolean): PageView | undefined =>
  ad ? undefined : { houseId: house.houseId, houseNumber: house.houseNumber };

/** A gateway "not found" (404 answer or empty obj) becomes the 404 screen; other failures stay errors. */
export async function orNotFound<T>(p: Promise<T | null | undefined>): Promise<T> {
  let v: T | null | undefined;
  try {
    v = await p;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) throw errors.pageNotFound();
    throw err;
  }
  if (v === null || v === undefined) throw errors.pageNotFound();
  return v;
}

/** How many other agents a listing detail recommends. */
const RECOMMENDED_AGENTS = 3;

/**
 * The parts every listing detail shares: the agent's phone (api/zhcall), the community, similar listings, the
 * member's favourite state. Reads only: the view history is the page's `view` (SPEC 7.4).
 */
export async function detailExtras(ctx: PageContext, house: ListingDetail, opts: { similarSize: number }): Promise<DetailExtras> {
  const agent = house.agentInfo as Belonger | null;
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  // What the first screen and the bottom bar show goes to the gateway first, so it is answered before the secondary
  // calls (issue 20: the shell waits only for these).
  const shell = Promise.all([
    agent ? optional(ctx, 'zhcall', ctx.api.belonger.zhcall(ctx.call, agent.belongerId, house.houseType), null) : null,
    house.stressId ? optional(ctx, 'xiaoqu', ctx.api.xiaoqu.findBriefById(ctx.call, house.stressId), null) : null,
    memberId ? optional(ctx, 'isCollect', ctx.api.user.isCollect(ctx.call, house.houseId, memberId), false) : false,
    optional(ctx, 'collectTotal', ctx.api.house.collectHouseTotal(ctx.call, house.houseId), 0),
  ]);
  // Secondary blocks (issue 20): similar listings, the common questions and the recommended agents stream after the
  // shell.
  const later = secondaryCall(ctx.call);
  const similar = defer(
    ctx,
    optional(
      ctx,
      'similar',
      ctx.api.house
        .similarListings(later, {
          cityId: house.cityId,
          houseType: house.houseType,
          ...(house.stressId ? { stressId: house.stressId } : { shopMapId: house.shopMapId }),
          size: opts.similarSize + 1,
        })
        .then(async (p) => {
          let list = p.content.filter((l) => l.houseId !== house.houseId);
          if (list.length < 3) {
            const more = await ctx.api.house.similarListings(later, {
              cityId: house.cityId,
              houseType: house.houseType,
              regionId: house.regionId,
              size: opts.similarSize + 1,
            });
            const seen = new Set(list.map((l) => l.houseId));
            list = [...list, ...more.content.filter((l) => l.houseId !== house.houseId && !seen.has(l.houseId))];
          }
          return list.slice(0, opts.similarSize);
        }),
      [] as ListingItem[],
    ),
  );
  const questions = defer(
    ctx,
    optional(
      ctx,
      'problemAsk',
      ctx.api.house.getProblemAskList(later, { cityId: house.cityId, houseType: house.houseType }),
      [] as Array<{ id: number; question: string }>,
    ),
  );
  // SPEC 7.7 getPersonalized: other agents who know the listing's area (the listing's own agent has the card above).
  const recommended = defer(
    ctx,
    optional(
      ctx,
      'personalized',
      ctx.api.belonger
        .personalized(later, { houseId: house.houseId, cityId: house.cityId, limit: RECOMMENDED_AGENTS + 1 })
        .then((list) => list.filter((b) => b.belongerId !== agent?.belongerId).slice(0, RECOMMENDED_AGENTS)),
      [] as Belonger[],
    ),
  );
  const [agentPhone, community, collected, collectTotal] = await shell;
  return { agentPhone, community, similar, collected, collectTotal, questions, recommended };
}
