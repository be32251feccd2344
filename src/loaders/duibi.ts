import { foundOrNull } from '../api/found.ts';
import type { ListingDetail, LoupanDetail } from '../contracts/gateway/index.ts';
import type { CompareEstateFacts, CompareHome, DuibiData } from '../contracts/page-data/duibi.ts';
import { errors } from '../errors.ts';
import {
  type CompareKind,
  type CompareList,
  compareHref,
  EMPTY_COMPARE,
  fullMessage,
  isCompareKind,
  kindMessage,
  parseCompareIds,
} from '../lib/compare.ts';
import { HOUSE_TYPES, residentialDetailPath } from '../lib/listing-kinds.ts';
import { computeLoan, parseLoanQuery } from '../lib/loan.ts';
import { calculatorHref } from '../lib/loan-link.ts';
import { duibiMeta } from '../meta/duibi.ts';
import { cityOrigin } from '../pipeline/head.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/** The query keys /duibi reads (the page cache keys on these only). */
export const DUIBI_QUERY_KEYS = ['type', 'ids', 'notice'] as const;

/**
 * The calculator's figures for a house total, exactly as the detail's calculator link (src/lib/loan-link.ts) opens
 * /jisuanqi: the same query, parsed and computed by the calculator's own code, so the monthly payment is the one the
 * calculator shows for that link.
 */
function calculatorFor(totalWan: number, lpr: PageContext['site']['lpr']) {
  const query = Object.fromEntries(new URLSearchParams(calculatorHref(totalWan).split('?')[1] ?? ''));
  const { input } = parseLoanQuery(query);
  const result = computeLoan(input, lpr);
  return { input, result };
}

/** 商贷30年，首付30%，LPR 3.5%: the settings of the calculator link, said in the monthly payment's row label. */
function loanTermsOf(lpr: PageContext['site']['lpr']): string {
  const { input, result } = calculatorFor(100, lpr);
  return `商贷${input.years}年，首付${input.ratio}%，LPR ${result.parts[0]?.rate ?? lpr.fiveYear}%`;
}

const nearestStation = async (ctx: PageContext, h: { lng: number | null; lat: number | null; regionId: number }) => {
  if (typeof h.lng !== 'number' || typeof h.lat !== 'number') return null;
  const near = await optional(
    ctx,
    'map.nearby',
    ctx.api.map.nearby(ctx.call, { cityId: ctx.city.cityId, lng: h.lng, lat: h.lat, regionId: h.regionId }),
    null,
  );
  const [s] = [...(near?.stations ?? [])].sort((a, b) => a.distance - b.distance);
  return s ? { name: s.name, note: s.note, distance: s.distance } : null;
};

async function listingHome(ctx: PageContext, kind: 'ershoufang' | 'zufang', id: number): Promise<CompareHome | null> {
  const h: ListingDetail | null = await foundOrNull(ctx.api.house.listingDetail(ctx.call, id));
  if (!h || h.houseType !== HOUSE_TYPES[kind] || h.cityId !== ctx.city.cityId) return null;
  const [community, schools, station] = await Promise.all([
    h.stressId ? optional(ctx, 'xiaoqu', ctx.api.xiaoqu.findBriefById(ctx.call, h.stressId), null) : null,
    h.stressId ? optional(ctx, 'schools', ctx.api.school.byStressId(ctx.call, h.stressId, 1), []) : [],
    nearestStation(ctx, h),
  ]);
  const school = schools[0];
  return {
    houseId: h.houseId,
    title: h.title,
    img: h.img,
    href: residentialDetailPath(kind, h.houseId),
    listing: {
      price: h.price,
      unitPrice: h.unitPrice,
      area: h.area,
      huxing: h.huxing,
      floorLevel: h.floorLevel,
      totalFloors: h.totalFloors,
      orientation: h.orientation,
      decoration: h.decoration,
      buildYear: h.buildYear,
      rentType: h.rentType,
      payType: h.payType,
      xiaoquName: h.xiaoquName,
    },
    estate: null,
    communityAvg: community?.avgPrice || null,
    school: school ? { schoolId: school.schoolId, name: school.name } : null,
    station,
    monthly: kind === 'ershoufang' && h.price > 0 ? calculatorFor(h.price, ctx.site.lpr).result.monthly : null,
  };
}

async function estateHome(ctx: PageContext, id: number): Promise<CompareHome | null> {
  const e: LoupanDetail | null = await foundOrNull(ctx.api.house.findByIdForM(ctx.call, id));
  if (!e || (e.cityId && e.cityId !== ctx.city.cityId)) return null;
  const [schools, station] = await Promise.all([
    optional(ctx, 'house.getSchoolByHouseId', ctx.api.house.getSchoolByHouseId(ctx.call, e.houseId), []),
    nearestStation(ctx, e),
  ]);
  const plans = e.huxingList ?? [];
  const areas = plans.map((p) => p.area).filter((a) => a > 0);
  const estate: CompareEstateFacts = {
    price: e.price,
    totalMin: e.totalMin,
    totalMax: e.totalMax,
    saleStatus: e.saleStatus,
    decoration: e.decoration,
    handoverDate: e.handoverDate,
    termYears: e.termYears,
    rooms: [...new Set(plans.map((p) => p.rooms).filter((r) => r > 0))].sort((a, b) => a - b),
    areaMin: areas.length ? Math.min(...areas) : null,
    areaMax: areas.length ? Math.max(...areas) : null,
  };
  const school = schools[0];
  return {
    houseId: e.houseId,
    title: e.name,
    img: e.img,
    href: `/xinfang/${e.houseId}.html`,
    listing: null,
    estate,
    communityAvg: null,
    school: school ? { schoolId: school.schoolId, name: school.name } : null,
    station,
    monthly: e.totalMin > 0 ? calculatorFor(e.totalMin, ctx.site.lpr).result.monthly : null,
  };
}

/** What a refused add (a plain form post, src/actions/compare.ts) left in the URL. */
function noticeOf(code: string | undefined, kind: CompareKind | null): string | null {
  if (!code) return null;
  if (code === 'gone') return '该房源不存在或已下架，未能加入对比';
  if (code === 'full' && kind) return fullMessage(kind);
  const other = code.startsWith('kind-') ? code.slice(5) : '';
  if (kind && isCompareKind(other)) return kindMessage(kind, other);
  return null;
}

/**
 * /duibi?type=ershoufang&ids=1,2,3 and /duibi/{type}/{1-2-3} (issue 37 part 4): the homes of the URL side by side,
 * from the URL alone (shareable, and cached for visitors like any page of theirs). Without ids a member sees the list
 * kept on the gateway (a plain form post lands here), a visitor the empty comparison (the browser's own list is
 * linked with its ids by the compare entry). A malformed URL, or one whose homes are all gone, is the 404 screen; the
 * gone ones among others are named.
 */
export async function loadDuibi(ctx: PageContext): Promise<LoadResult<DuibiData>> {
  const type = ctx.params.type ?? ctx.query.type;
  const rawIds = ctx.params.ids ?? ctx.query.ids;
  let list: CompareList;
  if (type === undefined && rawIds === undefined) {
    const memberId = ctx.user?.uid || ctx.user?.userId || '';
    list = memberId ? await ctx.api.compare.list(ctx.call, memberId) : EMPTY_COMPARE;
  } else {
    const ids = parseCompareIds(rawIds);
    if (!isCompareKind(type) || !ids) throw errors.pageNotFound();
    list = { kind: type, ids };
  }
  const origin = cityOrigin(ctx.site, ctx.city);
  const base = { notice: noticeOf(ctx.query.notice, list.kind), loanTerms: loanTermsOf(ctx.site.lpr) };
  const kind = list.kind;
  if (!kind || !list.ids.length) return { data: { kind: null, homes: [], gone: [], shareUrl: `${origin}/duibi`, ...base } };
  const found = await Promise.all(list.ids.map((id) => (kind === 'xinfang' ? estateHome(ctx, id) : listingHome(ctx, kind, id))));
  const homes = found.filter((h): h is CompareHome => h !== null);
  if (!homes.length) throw errors.pageNotFound();
  const gone = list.ids.filter((_, i) => !found[i]);
  return { data: { kind, homes, gone, shareUrl: origin + compareHref({ kind, ids: homes.map((h) => h.houseId) }), ...base } };
}

export const duibiLoader = pageLoader(loadDuibi, duibiMeta);
