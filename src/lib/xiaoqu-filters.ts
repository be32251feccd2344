/**
 * The community list filters (/xiaoqu/*) as a path code, the way the second-hand list keeps them
 * (listing-filters.ts, with its region slugs and the shared code reader of filter-codes.ts), pure and without I/O:
 * `/xiaoqu/yuelu/co1p3y2/` is 岳麓区, average price low to high, 1.5-2万元/㎡, built within 10 years.
 *
 *   tail      = [location "/"] [codes "/"]
 *   location  = region slug (pinyin, `yuelu`, or `qy{regionId}`) | `sq{shopMapId}`
 *   codes     = in this order: co sort · p average-price band · y building age · u property type · pg page (2 onwards) ·
 *               rs keyword (URL-encoded, last)
 *
 * Numbers are 1-based indexes into the tables below. The same filters given as query parameters
 * (`?regionId=3&price=2`) map to the same state and redirect (301) to the canonical path (middleware xiaoqu-query).
 */
import type { LocationDict } from '../contracts/gateway/location.ts';
import type { XiaoquFilter } from '../contracts/gateway/xiaoqu.ts';
import { AGE_OPTIONS, type Band, bands, MAX_PAGE, pageFromQuery, posInt, readCodes, tailOf } from './filter-codes.ts';
import { regionSlugs } from './region-slugs.ts';

/** The list root the filter tails hang off. */
export const XIAOQU_LIST_BASE = '/xiaoqu/';
/** Communities per list page. */
export const XIAOQU_PAGE_SIZE = 20;

/** Average price bands, 元/㎡. */
export const XIAOQU_PRICE_BANDS: readonly Band[] = bands([8000, 10_000, 15_000, 20_000, 30_000], '元/㎡');
/** Building age at most N years (the second-hand list's options). */
export const XIAOQU_AGE_OPTIONS = AGE_OPTIONS;
/** Property types (物业类型) a community is recorded with. */
export const XIAOQU_PROPERTY_TYPES = ['普通住宅', '商住两用', '别墅'] as const;

/** Sort codes `co1`..`co4`; no code is the default order (popular first). `api` is the gateway's sort name. */
export const XIAOQU_SORTS = [
  { label: '均价从低到高', api: 'priceAsc' },
  { label: '均价从高到低', api: 'priceDesc' },
  { label: '在售房源最多', api: 'ershoucount' },
  { label: '最新建成', api: 'newest' },
] as const satisfies ReadonlyArray<{ label: string; api: NonNullable<XiaoquFilter['sort']> }>;

/** The filter state of one community list page; numbers are 1-based option indexes, absent means 不限. */
export interface XiaoquQuery {
  regionId?: number;
  shopMapId?: number;
  price?: number;
  age?: number;
  type?: number;
  sort?: number;
  page?: number;
  keyword?: string;
}

/** The places a community list filters by: a city's regions and shop areas (the listing dictionary without metros). */
export type XiaoquPlaces = Pick<LocationDict, 'regions' | 'shopMaps'>;

type CodeField = 'sort' | 'price' | 'age' | 'type' | 'page';
const CODES: ReadonlyArray<{ code: string; field: CodeField; max: number }> = [
  { code: 'co', field: 'sort', max: XIAOQU_SORTS.length },
  { code: 'p', field: 'price', max: XIAOQU_PRICE_BANDS.length },
  { code: 'y', field: 'age', max: XIAOQU_AGE_OPTIONS.length },
  { code: 'u', field: 'type', max: XIAOQU_PROPERTY_TYPES.length },
  { code: 'pg', field: 'page', max: MAX_PAGE },
];
/** Longest prefix first; any case (`CO1P3` redirects to `co1p3`), the keyword's `rs` excepted. */
const TOKEN = /^(co|pg|p|y|u)([1-9][0-9]{0,5})/i;

function parseCodes(seg: string, q: XiaoquQuery): boolean {
  const read = readCodes(seg, TOKEN, 'rs');
  if (!read) return false;
  if (read.rest) {
    const kw = read.rest.slice(2).trim();
    if (!kw || kw.length > 64) return false;
    q.keyword = kw;
  }
  for (const { code, n } of read.codes) {
    const def = CODES.find((d) => d.code === code.toLowerCase());
    if (!def || n > def.max || q[def.field] !== undefined) return false;
    q[def.field] = n;
  }
  return true;
}

function parseLocation(seg: string, places: XiaoquPlaces, q: XiaoquQuery): boolean {
  const lower = seg.toLowerCase();
  const m = /^sq([1-9][0-9]{0,9})$/.exec(lower);
  if (m) {
    const shop = places.shopMaps.find((s) => s.shopMapId === Number(m[1]));
    if (!shop) return false;
    q.shopMapId = shop.shopMapId;
    q.regionId = shop.regionId;
    return true;
  }
  for (const [id, slug] of regionSlugs(places.regions)) {
    if (slug === lower || `qy${id}` === lower) {
      q.regionId = id;
      return true;
    }
  }
  return false;
}

/**
 * Parse a list tail (decoded, without `/xiaoqu/`). Null when any part is unknown or malformed: the caller answers 404
 * rather than an unfiltered list.
 */
export function parseXiaoquTail(tail: string, places: XiaoquPlaces): XiaoquQuery | null {
  const q: XiaoquQuery = {};
  let segs = tail.split('/').filter(Boolean);
  if (segs[0] !== undefined && parseLocation(segs[0], places, q)) segs = segs.slice(1);
  if (segs.length > 1) return null;
  if (segs[0] !== undefined && !parseCodes(segs[0], q)) return null;
  if (q.page === 1) delete q.page;
  return q;
}

/** The canonical tail of a filter state: `yuelu/co1p3/`; `` for no filter. */
export function toXiaoquTail(q: XiaoquQuery, places: XiaoquPlaces): string {
  const location = q.shopMapId ? `sq${q.shopMapId}` : q.regionId ? (regionSlugs(places.regions).get(q.regionId) ?? `qy${q.regionId}`) : '';
  let codes = '';
  for (const def of CODES) {
    const v = q[def.field];
    if (v && !(def.field === 'page' && v < 2)) codes += def.code + v;
  }
  if (q.keyword) codes += `rs${encodeURIComponent(q.keyword)}`;
  return tailOf(location, codes);
}

/** The list URL of a filter state. */
export const xiaoquListHref = (q: XiaoquQuery, places: XiaoquPlaces): string => XIAOQU_LIST_BASE + toXiaoquTail(q, places);

/** The query keys that carry filters; any of them on a list URL redirects (301) to the canonical path. */
export const XIAOQU_QUERY_KEYS = ['regionId', 'shopMapId', 'price', 'age', 'type', 'sort', 'page', 'keyword', 'kw'] as const;

export const hasXiaoquQuery = (query: Record<string, string>): boolean => XIAOQU_QUERY_KEYS.some((k) => query[k] !== undefined);

/**
 * Filters given as query parameters merged over `base`: ids of the city's places, option indexes, `type` also by
 * name, `sort` also by the gateway's name (`priceAsc`). Unknown values are dropped: the target is always canonical.
 */
export function xiaoquFromQuery(query: Record<string, string>, places: XiaoquPlaces, base: XiaoquQuery = {}): XiaoquQuery {
  const q: XiaoquQuery = { ...base };
  const regionId = posInt(query.regionId);
  if (regionId && places.regions.some((r) => r.regionId === regionId)) {
    q.regionId = regionId;
    q.shopMapId = undefined;
  }
  const shopMapId = posInt(query.shopMapId);
  const shop = shopMapId ? places.shopMaps.find((s) => s.shopMapId === shopMapId) : undefined;
  if (shop) {
    q.shopMapId = shop.shopMapId;
    q.regionId = shop.regionId;
  }
  q.price = posInt(query.price, XIAOQU_PRICE_BANDS.length) ?? q.price;
  q.age = posInt(query.age, XIAOQU_AGE_OPTIONS.length) ?? q.age;
  if (query.type !== undefined) {
    const i = XIAOQU_PROPERTY_TYPES.indexOf(query.type as (typeof XIAOQU_PROPERTY_TYPES)[number]);
    q.type = i >= 0 ? i + 1 : (posInt(query.type, XIAOQU_PROPERTY_TYPES.length) ?? q.type);
  }
  if (query.sort !== undefined) {
    const i = XIAOQU_SORTS.findIndex((s) => s.api === query.sort);
    q.sort = query.sort === 'default' ? undefined : i >= 0 ? i + 1 : (posInt(query.sort, XIAOQU_SORTS.length) ?? q.sort);
  }
  q.page = pageFromQuery(query.page, q.page);
  const kw = (query.keyword ?? query.kw)?.replace(/[/\\]+/g, ' ').trim();
  if (kw) q.keyword = kw.slice(0, 64);
  for (const k of Object.keys(q) as Array<keyof XiaoquQuery>) if (q[k] === undefined) delete q[k];
  return q;
}

/** The gateway's list filter (api/xiaoqu) for a filter state; size is the caller's. */
export function toXiaoquApiFilter(q: XiaoquQuery, cityId: number): XiaoquFilter {
  const band = q.price ? XIAOQU_PRICE_BANDS[q.price - 1] : undefined;
  const f: XiaoquFilter = { cityId, page: q.page ?? 1 };
  if (q.shopMapId) f.shopMapId = q.shopMapId;
  else if (q.regionId) f.regionId = q.regionId;
  if (band?.min !== undefined) f.priceMin = band.min;
  if (band?.max !== undefined) f.priceMax = band.max;
  if (q.age) f.buildAge = XIAOQU_AGE_OPTIONS[q.age - 1];
  if (q.type) f.propertyType = XIAOQU_PROPERTY_TYPES[q.type - 1];
  if (q.sort) f.sort = XIAOQU_SORTS[q.sort - 1]?.api;
  if (q.keyword) f.keyword = q.keyword;
  return f;
}

/** A copy of `q` with `patch` applied and the page reset (every filter change starts at page 1). */
export function withXiaoquFilter(q: XiaoquQuery, patch: Partial<XiaoquQuery>): XiaoquQuery {
  const next: XiaoquQuery = { ...q, page: undefined, ...patch };
  for (const k of Object.keys(next) as Array<keyof XiaoquQuery>) if (next[k] === undefined) delete next[k];
  return next;
}

/** Labels of the active filters other than the location, for titles and chips. */
export function xiaoquLabels(q: XiaoquQuery): string[] {
  return [
    q.price ? XIAOQU_PRICE_BANDS[q.price - 1]?.label : undefined,
    q.age ? `${XIAOQU_AGE_OPTIONS[q.age - 1]}年以内` : undefined,
    q.type ? XIAOQU_PROPERTY_TYPES[q.type - 1] : undefined,
  ].filter((s): s is string => Boolean(s));
}
