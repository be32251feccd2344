/**
 * The store list (/mendian/*) as a path code (issue 17 part B), pure and without I/O: `/mendian/yuelu/pg2/` is 岳麓区,
 * page 2. The location is a region slug (pinyin, `yuelu`, or `qy{regionId}`, as the other lists write it); the same
 * filters given as query parameters (`?regionId=3&page=2`) redirect (301) to the canonical path (middleware
 * mendian-query). `?lat=&lng=` (the visitor's position, rounded) is no filter: it orders the page nearest first.
 */
import type { LocationDict } from '../contracts/gateway/location.ts';
import { MAX_PAGE, pageFromQuery, posInt, tailOf } from './filter-codes.ts';
import { regionSlugs } from './listing-filters.ts';

export const MENDIAN_LIST_BASE = '/mendian/';
export const MENDIAN_PAGE_SIZE = 10;

export interface MendianQuery {
  regionId?: number;
  page?: number;
}

export type MendianPlaces = Pick<LocationDict, 'regions'>;

/** Parse a list tail (decoded, without `/mendian/`); null when any part is unknown (the 404 screen). */
export function parseMendianTail(tail: string, places: MendianPlaces): MendianQuery | null {
  const q: MendianQuery = {};
  let segs = tail.split('/').filter(Boolean);
  if (segs[0] !== undefined) {
    const lower = segs[0].toLowerCase();
    for (const [id, slug] of regionSlugs(places.regions)) {
      if (slug === lower || `qy${id}` === lower) {
        q.regionId = id;
        segs = segs.slice(1);
        break;
      }
    }
  }
  if (segs.length > 1) return null;
  if (segs[0] !== undefined) {
    const m = /^pg([1-9][0-9]{0,5})$/i.exec(segs[0]);
    if (!m || Number(m[1]) > MAX_PAGE) return null;
    if (Number(m[1]) > 1) q.page = Number(m[1]);
  }
  return q;
}

export function mendianListHref(q: MendianQuery, places: MendianPlaces): string {
  const location = q.regionId ? (regionSlugs(places.regions).get(q.regionId) ?? `qy${q.regionId}`) : '';
  return MENDIAN_LIST_BASE + tailOf(location, q.page && q.page > 1 ? `pg${q.page}` : '');
}

/** The query keys that carry filters; any of them redirects (301) to the canonical path. */
export const MENDIAN_QUERY_KEYS = ['regionId', 'page'] as const;

export const hasMendianQuery = (query: Record<string, string>): boolean => MENDIAN_QUERY_KEYS.some((k) => query[k] !== undefined);

/** Filters given as query parameters merged over `base`; unknown values are dropped. */
export function mendianFromQuery(query: Record<string, string>, places: MendianPlaces, base: MendianQuery = {}): MendianQuery {
  const q: MendianQuery = { ...base };
  if (query.regionId !== undefined) {
    const id = posInt(query.regionId);
    q.regionId = id && places.regions.some((r) => r.regionId === id) ? id : undefined;
    q.page = undefined;
  }
  q.page = pageFromQuery(query.page, q.page);
  for (const k of Object.keys(q) as Array<keyof MendianQuery>) if (q[k] === undefined) delete q[k];
  return q;
}

/** The visitor's position from `?lat=&lng=`, rounded to 2 decimals (about 1 km); null when absent or malformed. */
export function visitorPosition(query: Record<string, string>): { lat: number; lng: number } | null {
  const re = /^-?\d{1,3}(\.\d{1,6})?$/;
  if (!query.lat || !query.lng || !re.test(query.lat) || !re.test(query.lng)) return null;
  const lat = Math.round(Number(query.lat) * 100) / 100;
  const lng = Math.round(Number(query.lng) * 100) / 100;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}
