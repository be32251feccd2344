/**
 * The overseas list filters as a path code, the way the second-hand list keeps them (listing-filters.ts), pure and
 * without I/O: `/haiwaihome/list/thailand/co1p2/` is 泰国, total price low to high, 100-200万.
 *
 *   tail     = [country "/"] [codes "/"]
 *   country  = a slug of COUNTRY_SLUGS (`thailand`), or the country's Chinese name for one the table lacks
 *   codes    = in this order: co sort · p price band · l rooms · pg page (2 onwards)
 *
 * No sort code is newest first; co1 / co2 are total price low to high / high to low (SPEC 9 overseas). The overseas
 * price bands are ours (SPEC 9: not shown). The same filters as query parameters redirect to the canonical path.
 */

import { bands, MAX_PAGE, pageFromQuery, posInt, readCodes, tailOf } from './filter-codes.ts';

/** Total price bands, 万. */
export const OVERSEAS_PRICE_BANDS = bands([100, 200, 300, 500, 1000], '万');

/** Rooms 1 to 3, 4 or more. */
export const OVERSEAS_ROOMS = ['1居', '2居', '3居', '4居及以上'] as const;

/** Sort codes co1, co2; no code is the default order, newest first. `api` is the gateway's sort name. */
export const OVERSEAS_SORTS = [
  { label: '总价从低到高', api: 'priceAsc' },
  { label: '总价从高到低', api: 'priceDesc' },
] as const;
export const NEWEST_LABEL = '最新发布';

export type OverseasApiSort = 'default' | (typeof OVERSEAS_SORTS)[number]['api'];

/** The list root the filter tails hang off. */
export const OVERSEAS_LIST_BASE = '/haiwaihome/list/';
/** The overseas channel's home, a listing's detail and its project's floor plans (SPEC 2.3). */
export const HAIWAI_HOME = '/haiwaihome';
export const haiwaiDetailPath = (id: number | string): string => `/haiwaidetails/${id}`;
export const haiwaiHuxingPath = (id: number | string, rooms?: number): string => `/haiwaihuxing/${id}${rooms ? `/${rooms}` : ''}`;
/** Listings per overseas list page. */
export const HAIWAI_PAGE_SIZE = 10;

/** Country slugs of the list URLs; a country missing here is written as its (percent-encoded) Chinese name. */
export const COUNTRY_SLUGS: Readonly<Record<string, string>> = {
  泰国: 'thailand',
  马来西亚: 'malaysia',
  日本: 'japan',
  澳大利亚: 'australia',
  英国: 'uk',
  美国: 'us',
  阿联酋: 'uae',
  新加坡: 'singapore',
  希腊: 'greece',
  加拿大: 'canada',
  新西兰: 'newzealand',
  西班牙: 'spain',
  葡萄牙: 'portugal',
  爱尔兰: 'ireland',
  德国: 'germany',
  法国: 'france',
  意大利: 'italy',
  塞浦路斯: 'cyprus',
  土耳其: 'turkey',
  柬埔寨: 'cambodia',
  越南: 'vietnam',
  菲律宾: 'philippines',
  韩国: 'korea',
};

/** The filter state of one overseas list page; numbers are 1-based option indexes, absent means 不限. */
export interface OverseasQuery {
  country?: string;
  price?: number;
  rooms?: number;
  sort?: number;
  page?: number;
}

/** The URL segment of a country. */
export const countrySlug = (country: string): string => COUNTRY_SLUGS[country] ?? encodeURIComponent(country);

function countryOf(seg: string, countries: readonly string[]): string | undefined {
  const lower = seg.toLowerCase();
  return countries.find((c) => COUNTRY_SLUGS[c] === lower || c === seg);
}

const CODE = /^(co|pg|p|l)([1-9][0-9]{0,5})/;
const LIMITS: Record<string, number> = {
  co: OVERSEAS_SORTS.length,
  p: OVERSEAS_PRICE_BANDS.length,
  l: OVERSEAS_ROOMS.length,
  pg: MAX_PAGE,
};
const FIELD: Record<string, keyof Omit<OverseasQuery, 'country'>> = { co: 'sort', p: 'price', l: 'rooms', pg: 'page' };

function parseCodes(seg: string, q: OverseasQuery): boolean {
  const read = readCodes(seg, CODE);
  if (!read) return false;
  for (const { code, n } of read.codes) {
    const field = FIELD[code] as keyof Omit<OverseasQuery, 'country'>;
    if (n > (LIMITS[code] as number) || q[field] !== undefined) return false;
    q[field] = n;
  }
  return true;
}

/**
 * Parse a list tail (decoded, without `/haiwaihome/list/`) against the countries that have listings. Null when any
 * part is unknown or malformed: the caller answers 404 rather than an unfiltered list.
 */
export function parseOverseasTail(tail: string, countries: readonly string[]): OverseasQuery | null {
  const q: OverseasQuery = {};
  let segs = tail.split('/').filter(Boolean);
  const country = segs[0] === undefined ? undefined : countryOf(segs[0], countries);
  if (country) {
    q.country = country;
    segs = segs.slice(1);
  }
  if (segs.length > 1) return null;
  if (segs[0] !== undefined && !parseCodes(segs[0], q)) return null;
  if (q.page === 1) delete q.page;
  return q;
}

/** The canonical tail: `thailand/co1p2/`; `` for no filter. */
export function toOverseasTail(q: OverseasQuery): string {
  const codes = [
    q.sort ? `co${q.sort}` : '',
    q.price ? `p${q.price}` : '',
    q.rooms ? `l${q.rooms}` : '',
    q.page && q.page > 1 ? `pg${q.page}` : '',
  ].join('');
  return tailOf(q.country ? countrySlug(q.country) : '', codes);
}

/** The list URL of a filter state. */
export const overseasListHref = (q: OverseasQuery): string => OVERSEAS_LIST_BASE + toOverseasTail(q);

/** The query keys that carry filters; any of them on a list URL redirects (301) to the canonical path. */
export const OVERSEAS_QUERY_KEYS = ['country', 'price', 'rooms', 'sort', 'page'] as const;

export const hasOverseasQuery = (query: Record<string, string>): boolean => OVERSEAS_QUERY_KEYS.some((k) => query[k] !== undefined);

/**
 * Filters given as query parameters merged over `base`: `country` by name or slug, `price`/`rooms` as indexes,
 * `sort` as index or the gateway's name (`priceAsc`, `priceDesc`, `newest`). Unknown values are dropped.
 */
export function overseasFromQuery(query: Record<string, string>, countries: readonly string[], base: OverseasQuery = {}): OverseasQuery {
  const q: OverseasQuery = { ...base };
  if (query.country !== undefined) q.country = countryOf(query.country.trim(), countries);
  q.price = posInt(query.price, OVERSEAS_PRICE_BANDS.length) ?? q.price;
  q.rooms = posInt(query.rooms, OVERSEAS_ROOMS.length) ?? q.rooms;
  if (query.sort !== undefined) {
    const byName = OVERSEAS_SORTS.findIndex((s) => s.api === query.sort);
    q.sort =
      query.sort === 'newest' || query.sort === 'default'
        ? undefined
        : byName >= 0
          ? byName + 1
          : posInt(query.sort, OVERSEAS_SORTS.length);
  }
  q.page = pageFromQuery(query.page, q.page);
  for (const k of Object.keys(q) as Array<keyof OverseasQuery>) if (q[k] === undefined) delete q[k];
  return q;
}

export interface OverseasApiFilter {
  country?: string;
  priceMin?: number;
  priceMax?: number;
  rooms?: number;
  sort: OverseasApiSort;
  page: number;
}

/** The body of api/overseas/list for a filter state (size is the caller's). */
export function toOverseasApiFilter(q: OverseasQuery): OverseasApiFilter {
  const band = q.price ? OVERSEAS_PRICE_BANDS[q.price - 1] : undefined;
  return {
    ...(q.country ? { country: q.country } : {}),
    ...(band?.min !== undefined ? { priceMin: band.min } : {}),
    ...(band?.max !== undefined ? { priceMax: band.max } : {}),
    ...(q.rooms ? { rooms: q.rooms } : {}),
    sort: q.sort ? (OVERSEAS_SORTS[q.sort - 1]?.api ?? 'default') : 'default',
    page: q.page ?? 1,
  };
}

/** A copy of `q` with `patch` applied and the page reset (every filter change starts at page 1). */
export function withOverseasFilter(q: OverseasQuery, patch: Partial<OverseasQuery>): OverseasQuery {
  const next: OverseasQuery = { ...q, page: undefined, ...patch };
  for (const k of Object.keys(next) as Array<keyof OverseasQuery>) if (next[k] === undefined) delete next[k];
  return next;
}

/** Labels of the active filters other than the country, for titles and chips. */
export function overseasLabels(q: OverseasQuery): string[] {
  return [
    q.price ? OVERSEAS_PRICE_BANDS[q.price - 1]?.label : undefined,
    q.rooms ? OVERSEAS_ROOMS[q.rooms - 1] : undefined,
    q.sort ? OVERSEAS_SORTS[q.sort - 1]?.label : undefined,
  ].filter((s): s is string => Boolean(s));
}
