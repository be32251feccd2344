import type { Overseas, OverseasHuxing } from '../contracts/gateway/index.ts';
import type { CountryCount, HaiwaiDetailData, HaiwaiHomeData, HaiwaiHuxingData, HaiwaiListData } from '../contracts/page-data/haiwai.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { HAIWAI_PAGE_SIZE, haiwaiDetailPath, overseasLabels, parseOverseasTail, toOverseasApiFilter } from '../lib/overseas-filters.ts';
import { haiwaiDetailMeta, haiwaiHomeMeta, haiwaiHuxingMeta, haiwaiListMeta } from '../meta/haiwai.ts';
import { cityOrigin } from '../pipeline/head.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { idOf, orNotFound } from './listing-common.ts';
import { optional } from './optional.ts';

const FEATURED_SIZE = 6;
const AFFORDABLE_SIZE = 4;
const SIMILAR_SIZE = 4;

/** SPEC 9 "a second cache holds 1 hour": the countries with listings (src/api's dictionaries). */
const overseasCountries = (ctx: PageContext): Promise<CountryCount[]> => ctx.api.dictionaries.overseasCountries(ctx.call);

// ---------- /haiwaihome ----------

/** /haiwaihome: the countries with their listing counts, the newest listings and the lowest total prices. */
export const haiwaiHomeLoader = pageLoader(async (ctx): Promise<LoadResult<HaiwaiHomeData>> => {
  const [countries, featured, affordable] = await Promise.all([
    overseasCountries(ctx),
    ctx.api.info.overseasList(ctx.call, { sort: 'default', size: FEATURED_SIZE }),
    ctx.api.info.overseasList(ctx.call, { sort: 'priceAsc', size: AFFORDABLE_SIZE }),
  ]);
  return { data: { countries, total: featured.totalElements, featured: featured.content, affordable: affordable.content } };
}, haiwaiHomeMeta);

// ---------- /haiwaihome/list/* ----------

/** The list: filters from the tail (overseas-query has sent other addresses away), one gateway call. */
export const haiwaiListLoader = pageLoader(async (ctx): Promise<LoadResult<HaiwaiListData>> => {
  const countries = await overseasCountries(ctx);
  const q = parseOverseasTail(
    ctx.params['*'] ?? '',
    countries.map((c) => c.country),
  );
  if (!q) throw errors.pageNotFound();
  const result = await ctx.api.info.overseasList(ctx.call, { ...toOverseasApiFilter(q), size: HAIWAI_PAGE_SIZE });
  const pageNo = q.page ?? 1;
  const totalPages = Math.max(1, result.totalPages || Math.ceil(result.totalElements / HAIWAI_PAGE_SIZE));
  if (pageNo > totalPages) throw errors.pageNotFound();
  return {
    data: {
      query: q,
      countries,
      items: result.content,
      total: result.totalElements,
      page: pageNo,
      totalPages,
      heading: `${q.country ?? '海外'}房产`,
      labels: overseasLabels(q),
    },
  };
}, haiwaiListMeta);

// ---------- /haiwaidetails/{id} ----------

/** The detail: the listing, its consultant's phone (api/zhcall), the member's favourite state, plans and similar listings. */
export const haiwaiDetailLoader = pageLoader(async (ctx): Promise<LoadResult<HaiwaiDetailData>> => {
  const id = idOf(ctx);
  const house = await orNotFound(ctx.api.info.overseas(ctx.call, id, ctx.city.cityId));
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  const agent = house.agentInfo;
  const [phone, collected, similar, huxing] = await Promise.all([
    agent ? optional(ctx, 'zhcall', ctx.api.belonger.zhcall(ctx.call, agent.belongerId, 0), null) : null,
    memberId ? optional(ctx, 'isCollect', ctx.api.user.isCollect(ctx.call, house.houseId, memberId, 'overseas'), false) : false,
    optional(
      ctx,
      'similar',
      ctx.api.info
        .overseasList(ctx.call, { country: house.country, size: SIMILAR_SIZE + 1 })
        .then((p) => p.content.filter((o) => o.houseId !== house.houseId).slice(0, SIMILAR_SIZE)),
      [] as Overseas[],
    ),
    optional(ctx, 'overseasHuxing', ctx.api.info.overseasHuxing(ctx.call, house.houseId), null as OverseasHuxing | null),
  ]);
  const url = cityOrigin(ctx.site, ctx.city) + haiwaiDetailPath(house.houseId);
  // SPEC 7.4's view history, kept as the overseas listing's (issue 34: 浏览记录).
  return {
    data: { house, phone, collected, similar, plans: huxing?.plans ?? [], url },
    view: { houseId: house.houseId, kind: 'overseas' },
  };
}, haiwaiDetailMeta);

// ---------- /haiwaihuxing/{id}[/{rooms}] ----------

const HUXING_TAIL = /^([^/]+?)(?:\.html)?(?:\/([1-9]))?\/?$/;

/** /haiwaihuxing/{id} (all plans of the listing's project) and /haiwaihuxing/{id}/{rooms} (one plan first). */
export const haiwaiHuxingLoader = pageLoader(async (ctx): Promise<LoadResult<HaiwaiHuxingData>> => {
  const tail = ctx.params['*'] ?? '';
  const m = tail ? HUXING_TAIL.exec(tail) : null;
  if (tail && !m) throw errors.pageNotFound();
  const id = m ? parseId(m[1]) : parseId(ctx.params.id ?? ctx.query.id);
  if (id === null) throw errors.pageNotFound();
  const selected = m?.[2] ? Number(m[2]) : null;
  const data = await orNotFound(ctx.api.info.overseasHuxing(ctx.call, id));
  const plan = selected ? data.plans.find((p) => p.rooms === selected) : null;
  if (selected && !plan) throw errors.pageNotFound();
  return {
    data: {
      project: data.project,
      plans: plan ? [plan, ...data.plans.filter((x) => x !== plan)] : data.plans,
      selected: plan?.rooms ?? null,
    },
  };
}, haiwaiHuxingMeta);
