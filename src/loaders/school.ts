import type { SchoolDetail, SchoolItem, SchoolListItem } from '../contracts/gateway/index.ts';
import type { CatchmentListings, SchoolDetailData, SchoolDistrict, SchoolListData, SchoolPartData } from '../contracts/page-data/school.ts';
import { errors } from '../errors.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import {
  levelIndexOf,
  parseSchoolTail,
  SCHOOL_PAGE_SIZE,
  schoolLabels,
  schoolListHref,
  schoolNoun,
  toSchoolApiFilter,
} from '../lib/school-filters.ts';
import { schoolDetailMeta, schoolListMeta, schoolPartMeta } from '../meta/school.ts';
import { type LoadResult, type PageContext, type PageLoader, pageLoader } from '../pipeline/types.ts';
import { idOf, orNotFound } from './listing-common.ts';
import { locationOf } from './map.ts';
import { optional } from './optional.ts';

/** Listings of a catchment shown on the detail page, and per page of its listing sub-pages. */
const DETAIL_LISTINGS = 3;
const AROUND_PAGE_SIZE = 10;
/** Schools of the district ranking on the detail page; the ranking page shows them all. */
const DETAIL_RANKING = 5;
const RANKING_SIZE = 50;
/** Catchment communities asked which other schools they belong to (one call each). */
const LINKED_COMMUNITIES = 6;

const regionsOf = async (ctx: PageContext) => (await ctx.api.dictionaries.locations(ctx.call, ctx.city.cityId)).regions;

// ---------- /school/* ----------

/** The list: filters from the tail (its canonical form is school-query's), one gateway search, district counts, hot schools. */
async function loadList(ctx: PageContext): Promise<LoadResult<SchoolListData>> {
  const regions = await regionsOf(ctx);
  const q = parseSchoolTail(ctx.params['*'] ?? '', regions);
  if (!q) throw errors.pageNotFound();
  const cityId = ctx.city.cityId;
  const [result, counts, hot] = await Promise.all([
    ctx.api.school.webFindLouPanSchool(ctx.call, { ...toSchoolApiFilter(q), cityId, size: SCHOOL_PAGE_SIZE }),
    optional(
      ctx,
      'school.regions',
      ctx.api.config
        .schoolRegions(ctx.call, cityId)
        .then((list) => list.map((r): SchoolDistrict => ({ regionId: r.regionId, regionName: r.regionName, count: r.count }))),
      [] as SchoolDistrict[],
    ),
    q.page ? ([] as SchoolItem[]) : optional(ctx, 'school.hotSearch', ctx.api.school.hotSearch(ctx.call, cityId), [] as SchoolItem[]),
  ]);
  const page = q.page ?? 1;
  const totalPages = Math.max(1, result.totalPages || Math.ceil(result.totalElements / SCHOOL_PAGE_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  const where = regions.find((r) => r.regionId === q.regionId)?.regionName ?? '';
  return {
    data: {
      query: q,
      regions,
      counts,
      items: result.content,
      total: result.totalElements,
      page,
      totalPages,
      heading: `${ctx.city.name}${where}${schoolNoun(q)}`,
      labels: schoolLabels(q),
      hot: hot.slice(0, 6),
    },
  };
}

// ---------- the school and its catchment ----------

/**
 * The school of `?id=` / `:id`, or the 404 screen: a malformed id, a school the gateway does not know, or one of another
 * city (its pages live on that city's host, where their canonical links point).
 */
async function schoolOf(ctx: PageContext): Promise<SchoolDetail> {
  const school = await orNotFound(ctx.api.school.findById(ctx.call, idOf(ctx)));
  if (school.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return school;
}

/** The district's list of the school's level: the breadcrumb and the "more schools" link. */
async function districtHref(ctx: PageContext, school: SchoolItem): Promise<string> {
  return schoolListHref({ regionId: school.regionId, level: levelIndexOf(school.level) }, await regionsOf(ctx));
}

/** Listings of the catchment communities through the listing search (SPEC 7.4), `size` a page. */
async function catchmentListings(
  ctx: PageContext,
  school: SchoolDetail,
  kind: 'ershoufang' | 'zufang',
  size: number,
  page = 1,
): Promise<CatchmentListings & { totalPages: number }> {
  const stressIds = school.xiaoquList.map((x) => x.stressId);
  if (!stressIds.length) return { items: [], total: 0, totalPages: 1 };
  const result = await ctx.api.house.findByCondition(ctx.call, {
    cityId: school.cityId,
    houseType: HOUSE_TYPES[kind],
    stressIds,
    page,
    size,
  });
  return {
    items: result.content.map(listingCardOf),
    total: result.totalElements,
    totalPages: Math.max(1, result.totalPages || Math.ceil(result.totalElements / size)),
  };
}

/** The district ranking of the school's level (web/school/search, the gateway's ranking order). */
const ranking = (ctx: PageContext, school: SchoolItem, size: number): Promise<SchoolListItem[]> => {
  const level = levelIndexOf(school.level);
  return ctx.api.school
    .search(ctx.call, {
      cityId: school.cityId,
      regionId: school.regionId,
      ...(level ? toSchoolApiFilter({ level }) : {}),
      page: 1,
      size,
    })
    .then((p) => p.content);
};

const only = <T>(p: Promise<CatchmentListings & T>): Promise<CatchmentListings> => p.then(({ items, total }) => ({ items, total }));

/** /school/{id}.html: the profile, enrolment and catchment, a few listings of each kind, the district ranking, nearby schools. */
async function loadDetail(ctx: PageContext): Promise<LoadResult<SchoolDetailData>> {
  const school = await schoolOf(ctx);
  const [href, secHand, rent, top, location] = await Promise.all([
    districtHref(ctx, school),
    optional(ctx, 'school.secHand', only(catchmentListings(ctx, school, 'ershoufang', DETAIL_LISTINGS)), null),
    optional(ctx, 'school.rent', only(catchmentListings(ctx, school, 'zufang', DETAIL_LISTINGS)), null),
    optional(ctx, 'school.ranking', ranking(ctx, school, DETAIL_RANKING), null),
    locationOf(ctx, { name: school.name, lng: school.lng, lat: school.lat, regionId: school.regionId }),
  ]);
  return { data: { school, districtHref: href, secHand, rent, ranking: top, location } };
}

/** Only the profile fields: the sub-pages that show no catchment do not ship it to the browser. */
function profileOf(s: SchoolDetail) {
  const { xiaoquList: _x, louPanList: _l, aroundSchool: _a, ...profile } = s;
  return profile;
}

type Part = SchoolPartData['part'];
type PartOf<P extends Part> = Extract<SchoolPartData, { part: P }>;

/** A sub-page loader: the school (404 when unknown), its district link, and what the part adds. */
function partLoader<P extends Part>(
  part: P,
  extra: (ctx: PageContext, school: SchoolDetail) => Promise<Omit<PartOf<P>, 'part' | 'districtHref'>>,
): PageLoader<SchoolPartData> {
  return pageLoader(async (ctx) => {
    const school = await schoolOf(ctx);
    const [href, rest] = await Promise.all([districtHref(ctx, school), extra(ctx, school)]);
    return { data: { part, districtHref: href, ...rest } as SchoolPartData };
  }, schoolPartMeta);
}

/** `?page=` of a listing sub-page: absent is 1; anything but a page number is the 404 screen. */
function pageOf(ctx: PageContext): number {
  const raw = ctx.query.page;
  if (raw === undefined) return 1;
  if (!/^[1-9][0-9]{0,4}$/.test(raw)) throw errors.pageNotFound();
  return Number(raw);
}

function listingsLoader(kind: 'ershoufang' | 'zufang') {
  return partLoader('listings', async (ctx, school) => {
    const page = pageOf(ctx);
    const result = await catchmentListings(ctx, school, kind, AROUND_PAGE_SIZE, page);
    if (page > result.totalPages) throw errors.pageNotFound();
    return {
      kind,
      school: profileOf(school),
      communities: school.xiaoquList.map((x) => ({ stressId: x.stressId, name: x.name })),
      items: result.items,
      total: result.total,
      page,
      totalPages: result.totalPages,
    };
  });
}

const count = (ctx: PageContext, what: string, p: Promise<CatchmentListings>) =>
  optional(
    ctx,
    what,
    p.then((r) => r.total),
    null,
  );

/** The named loaders of the school pages (registry.json `loader`), each with its meta (src/meta/school.ts). */
export const schoolLoaders = {
  schoolList: pageLoader(loadList, schoolListMeta),
  schoolDetail: pageLoader(loadDetail, schoolDetailMeta),
  /** /school/header: the school's card, and the city's most searched schools. */
  schoolHeader: partLoader('header', async (ctx, school) => ({
    school: profileOf(school),
    hot: await optional(
      ctx,
      'school.hotSearch',
      ctx.api.school.hotSearch(ctx.call, school.cityId).then((l) => l.filter((s) => s.schoolId !== school.schoolId)),
      null,
    ),
  })),
  /** /school/schoolInfor: introduction, enrolment rules, catchment communities. */
  schoolInfor: partLoader('infor', async (_ctx, school) => ({ school })),
  /** /school/periphery: what is around: communities, estates, schools, and how many listings the catchment holds. */
  schoolPeriphery: partLoader('periphery', async (ctx, school) => {
    const [secHandTotal, rentTotal] = await Promise.all([
      count(ctx, 'school.secHand', catchmentListings(ctx, school, 'ershoufang', 1)),
      count(ctx, 'school.rent', catchmentListings(ctx, school, 'zufang', 1)),
    ]);
    return { school, secHandTotal, rentTotal };
  }),
  /** /school/schoolTop: the district ranking of the school's level. The ranking is the page: its failure is an error. */
  schoolTop: partLoader('top', async (ctx, school) => ({ school: profileOf(school), ranking: await ranking(ctx, school, RANKING_SIZE) })),
  schoolAroundSecHand: listingsLoader('ershoufang'),
  schoolAroundRent: listingsLoader('zufang'),
  /** /school/aroundLouPan: the new-home estates around the school, each with the schools it is matched to. */
  schoolAroundLouPan: partLoader('louPan', async (ctx, school) => ({
    school: profileOf(school),
    estates: school.louPanList,
    estateSchools: await optional(
      ctx,
      'house.getSchoolByHouseId',
      Promise.all(
        school.louPanList.map(async (e) => [e.houseId, await ctx.api.house.getSchoolByHouseId(ctx.call, e.houseId)] as const),
      ).then((pairs) => Object.fromEntries(pairs) as Record<number, SchoolItem[]>),
      null,
    ),
  })),
  /** /school/aroundSchool: the nearest schools of the district, and the other schools its catchment communities belong to. */
  schoolAroundSchool: partLoader('schools', async (ctx, school) => {
    const communities = school.xiaoquList.slice(0, LINKED_COMMUNITIES);
    const linked = await optional(
      ctx,
      'school.byStressId',
      Promise.all(
        communities.map(async (x) => ({
          community: { stressId: x.stressId, name: x.name },
          schools: (await ctx.api.school.byStressId(ctx.call, x.stressId, 2)).filter((s) => s.schoolId !== school.schoolId),
        })),
      ).then((rows) => rows.filter((r) => r.schools.length)),
      null,
    );
    return { school: profileOf(school), around: school.aroundSchool, linked };
  }),
};

/** The query keys each school loader reads (the page cache hands a page only these, issue 11 point 4). */
export const schoolLoaderQueryKeys: Readonly<Record<string, readonly string[]>> = {
  schoolDetail: ['id'],
  schoolHeader: ['id'],
  schoolInfor: ['id'],
  schoolPeriphery: ['id'],
  schoolTop: ['id'],
  schoolAroundSecHand: ['id', 'page'],
  schoolAroundRent: ['id', 'page'],
  schoolAroundLouPan: ['id'],
  schoolAroundSchool: ['id'],
};
