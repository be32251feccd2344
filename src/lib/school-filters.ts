/**
 * The school list filters as a path code, the way the listing lists keep theirs (listing-filters.ts), pure and without
 * I/O: `/school/yuelu/xiaoxue/xz1zd1/` is 岳麓区, 小学, 公办, 重点学校.
 *
 *   tail     = [district "/"] [level "/"] [codes "/"]
 *   district = the district's slug (pinyin, `yuelu`; `qy{id}` when unknown), as on the listing lists
 *   level    = youeryuan · xiaoxue · chuzhong · gaozhong · jiunianzhi
 *   codes    = in this order: xz nature (1 公办, 2 民办) · zd1 key schools only · pg page (2 onwards)
 *
 * The same filters as query parameters (`?level=小学&nature=公办&key=1&regionId=3&page=2`) redirect to the canonical path.
 */
import type { SchoolFilter, SchoolLevel, SchoolNature } from '../contracts/gateway/school.ts';
import { MAX_PAGE, pageFromQuery, posInt, readCodes, tailOf } from './filter-codes.ts';
import type { LocationDict } from './listing-filters.ts';
import { regionSlugs } from './region-slugs.ts';

type Regions = LocationDict['regions'];

/** The list root the filter tails hang off. */
export const SCHOOL_LIST_BASE = '/school/';

/** Schools per list page. */
export const SCHOOL_PAGE_SIZE = 10;

/** The levels, in the filter's order, with their URL slugs. */
export const SCHOOL_LEVELS: ReadonlyArray<{ level: SchoolLevel; slug: string }> = [
  { level: '幼儿园', slug: 'youeryuan' },
  { level: '小学', slug: 'xiaoxue' },
  { level: '初中', slug: 'chuzhong' },
  { level: '高中', slug: 'gaozhong' },
  { level: '九年一贯制', slug: 'jiunianzhi' },
];

/** xz1, xz2. */
export const SCHOOL_NATURES: readonly SchoolNature[] = ['公办', '民办'];
export const NATURE_SLUGS = ['gongban', 'minban'] as const;

export const KEY_SCHOOL_LABEL = '重点学校';

/** The filter state of one school list page. `level` and `nature` are 1-based indexes; absent means 不限. */
export interface SchoolQuery {
  regionId?: number;
  level?: number;
  nature?: number;
  key?: boolean;
  page?: number;
}

const CODE = /^(xz|zd|pg)([1-9][0-9]{0,5})/;
const LIMITS: Record<string, number> = { xz: SCHOOL_NATURES.length, zd: 1, pg: MAX_PAGE };

function regionOfSlug(seg: string, regions: Regions): number | undefined {
  const lower = seg.toLowerCase();
  for (const [id, slug] of regionSlugs(regions)) if (slug === lower || `qy${id}` === lower) return id;
  return undefined;
}

const levelOfSlug = (seg: string): number | undefined => {
  const i = SCHOOL_LEVELS.findIndex((l) => l.slug === seg.toLowerCase());
  return i >= 0 ? i + 1 : undefined;
};

/**
 * Parse a list tail (decoded, without `/school/`) against the city's districts. Null when any part is unknown or
 * malformed, or the codes are out of order or repeated: the caller answers 404 rather than an unfiltered list.
 */
export function parseSchoolTail(tail: string, regions: Regions): SchoolQuery | null {
  const q: SchoolQuery = {};
  let segs = tail.split('/').filter(Boolean);
  const region = segs[0] === undefined ? undefined : regionOfSlug(segs[0], regions);
  if (region !== undefined) {
    q.regionId = region;
    segs = segs.slice(1);
  }
  const level = segs[0] === undefined ? undefined : levelOfSlug(segs[0]);
  if (level !== undefined) {
    q.level = level;
    segs = segs.slice(1);
  }
  if (segs.length > 1) return null;
  if (segs[0] !== undefined) {
    const read = readCodes(segs[0], CODE);
    if (!read) return null;
    for (const { code, n } of read.codes) {
      if (n > (LIMITS[code] as number)) return null;
      if (code === 'xz') {
        if (q.nature !== undefined) return null;
        q.nature = n;
      } else if (code === 'zd') {
        if (q.key) return null;
        q.key = true;
      } else {
        if (q.page !== undefined) return null;
        q.page = n;
      }
    }
  }
  if (q.page === 1) delete q.page;
  return q;
}

/** The canonical tail: `yuelu/xiaoxue/xz1zd1pg2/`; `` for no filter. */
export function toSchoolTail(q: SchoolQuery, regions: Regions): string {
  const region = q.regionId === undefined ? '' : (regionSlugs(regions).get(q.regionId) ?? `qy${q.regionId}`);
  const level = q.level ? (SCHOOL_LEVELS[q.level - 1]?.slug ?? '') : '';
  const codes = [q.nature ? `xz${q.nature}` : '', q.key ? 'zd1' : '', q.page && q.page > 1 ? `pg${q.page}` : ''].join('');
  return tailOf(region, level, codes);
}

/** The list URL of a filter state. */
export const schoolListHref = (q: SchoolQuery, regions: Regions): string => SCHOOL_LIST_BASE + toSchoolTail(q, regions);

/** The query keys that carry filters; any of them on a list URL redirects (301) to the canonical path. */
export const SCHOOL_QUERY_KEYS = ['regionId', 'level', 'nature', 'key', 'page'] as const;

export const hasSchoolQuery = (query: Record<string, string>): boolean => SCHOOL_QUERY_KEYS.some((k) => query[k] !== undefined);

function indexOf(v: string | undefined, names: readonly string[], slugs: readonly string[]): number | undefined {
  if (v === undefined) return undefined;
  const s = v.trim();
  const byName = names.indexOf(s);
  if (byName >= 0) return byName + 1;
  const bySlug = slugs.indexOf(s.toLowerCase());
  if (bySlug >= 0) return bySlug + 1;
  return posInt(s, names.length);
}

/**
 * Filters given as query parameters merged over `base`: `regionId` as id or slug, `level` as name, slug or index,
 * `nature` as 公办/民办, gongban/minban or index, `key` as 1/true/0/false. Unknown values drop that filter.
 */
export function schoolFromQuery(query: Record<string, string>, regions: Regions, base: SchoolQuery = {}): SchoolQuery {
  const q: SchoolQuery = { ...base };
  if (query.regionId !== undefined) {
    const id = posInt(query.regionId.trim());
    q.regionId = id !== undefined && regions.some((r) => r.regionId === id) ? id : regionOfSlug(query.regionId.trim(), regions);
  }
  if (query.level !== undefined)
    q.level = indexOf(
      query.level,
      SCHOOL_LEVELS.map((l) => l.level),
      SCHOOL_LEVELS.map((l) => l.slug),
    );
  if (query.nature !== undefined) q.nature = indexOf(query.nature, SCHOOL_NATURES, NATURE_SLUGS);
  if (query.key !== undefined) q.key = query.key === '1' || query.key === 'true' ? true : undefined;
  q.page = pageFromQuery(query.page, q.page);
  for (const k of Object.keys(q) as Array<keyof SchoolQuery>) if (q[k] === undefined) delete q[k];
  return q;
}

/** The body of the school list call for a filter state (city and size are the caller's). */
export function toSchoolApiFilter(q: SchoolQuery): Omit<SchoolFilter, 'cityId' | 'size'> {
  const level = q.level ? SCHOOL_LEVELS[q.level - 1]?.level : undefined;
  const nature = q.nature ? SCHOOL_NATURES[q.nature - 1] : undefined;
  return {
    ...(q.regionId ? { regionId: q.regionId } : {}),
    ...(level ? { level } : {}),
    ...(nature ? { nature } : {}),
    ...(q.key ? { keySchool: true } : {}),
    page: q.page ?? 1,
  };
}

/** A copy of `q` with `patch` applied and the page reset (every filter change starts at page 1). */
export function withSchoolFilter(q: SchoolQuery, patch: Partial<SchoolQuery>): SchoolQuery {
  const next: SchoolQuery = { ...q, page: undefined, ...patch };
  for (const k of Object.keys(next) as Array<keyof SchoolQuery>) if (next[k] === undefined || next[k] === false) delete next[k];
  return next;
}

/** Labels of the active filters other than the district, for titles and chips: 公办 · 重点学校 (the level is the noun). */
export function schoolLabels(q: SchoolQuery): string[] {
  return [q.nature ? SCHOOL_NATURES[q.nature - 1] : undefined, q.key ? KEY_SCHOOL_LABEL : undefined].filter((s): s is string => Boolean(s));
}

/** What the list lists: 小学, 初中 … or 学校 when no level is chosen. */
export const schoolNoun = (q: SchoolQuery): string => (q.level ? (SCHOOL_LEVELS[q.level - 1]?.level ?? '学校') : '学校');

/** The slug of a level name (for links to a district's ranking list), or undefined. */
export const levelIndexOf = (level: string): number | undefined => {
  const i = SCHOOL_LEVELS.findIndex((l) => l.level === level);
  return i >= 0 ? i + 1 : undefined;
};

/** Whether a school admits by catchment (公办 below senior high): its communities are its 划片 area, not just neighbours. */
export const admitsByCatchment = (s: { level: string; nature: string }): boolean => s.nature === '公办' && s.level !== '高中';

/** Sub-pages of a school, by the school id (SPEC 2.2: /school/{page}?id=). */
export const schoolPath = {
  detail: (id: number) => `/school/${id}.html`,
  header: (id: number) => `/school/header?id=${id}`,
  infor: (id: number) => `/school/schoolInfor?id=${id}`,
  periphery: (id: number) => `/school/periphery?id=${id}`,
  top: (id: number) => `/school/schoolTop?id=${id}`,
  secHand: (id: number, page = 1) => `/school/aroundSecHand?id=${id}${page > 1 ? `&page=${page}` : ''}`,
  rent: (id: number, page = 1) => `/school/aroundRent?id=${id}${page > 1 ? `&page=${page}` : ''}`,
  louPan: (id: number) => `/school/aroundLouPan?id=${id}`,
  school: (id: number) => `/school/aroundSchool?id=${id}`,
} as const;
