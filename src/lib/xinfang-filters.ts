/**
 * The new-home list's filter state and its URL (issue 5, point 3): the state lives in the path, the way Beike writes
 * `/loupan/yuelu/nht1pg2/`, so a filtered list is a shareable, crawlable URL the server renders complete.
 *
 *   /xinfang/                        all estates of the city
 *   /xinfang/yuelu/                  岳麓区: the region slug of the second-hand lists (listing-filters regionSlugs:
 *                                    pinyin, `qy{regionId}` when unknown or ambiguous)
 *   /xinfang/yuelu/t1s2p4l2l3o1pg2/  the region, then the filters in this fixed order:
 *       t{code}   property type, SPEC 9 codes 1 住宅 2 联排 3 别墅 4 公寓 5 写字楼 6 商铺 8 其他
 *       s{n}      sale status, 1 待售 2 期房 3 现房 4 尾房 5 售罄 (售完)
 *       p{n}      average (unit) price band, see UNIT_PRICE_BANDS
 *       z{n}      total price band, see TOTAL_PRICE_BANDS
 *       l{n}      rooms, repeatable, 1-4 and 5 for 5 or more
 *       o{n}      sort, see SORTS
 *       pg{n}     page, from 2
 *
 * The same filters given as query parameters (`?regionId=3&typeCode=1&page=2`) are answered with a 301 to the path
 * form; so is any non-canonical spelling of a path (tokens out of order, pg1, repeated tokens). Pure: no I/O.
 */
import type { LoupanFilter } from '../contracts/gateway/index.ts';
import { isLoupanTypeCode, type LoupanTypeCode, loupanTypeName } from './loupan-types.ts';
import { regionSlugs } from './region-slugs.ts';
import { SALE_STATUSES, type SaleStatus, saleStatusLabel } from './sale-status.ts';

export interface Band {
  code: number;
  label: string;
  min?: number;
  max?: number;
}

/** Average price bands, 元/㎡. */
export const UNIT_PRICE_BANDS: readonly Band[] = [
  { code: 1, label: '6000以下', max: 6000 },
  { code: 2, label: '6000-8000', min: 6000, max: 8000 },
  { code: 3, label: '8000-1万', min: 8000, max: 10000 },
  { code: 4, label: '1-1.5万', min: 10000, max: 15000 },
  { code: 5, label: '1.5-2万', min: 15000, max: 20000 },
  { code: 6, label: '2-3万', min: 20000, max: 30000 },
  { code: 7, label: '3万以上', min: 30000 },
];

/** Total price bands, 万元 (an estate matches when its total price range overlaps the band). */
export const TOTAL_PRICE_BANDS: readonly Band[] = [
  { code: 1, label: '100万以下', max: 100 },
  { code: 2, label: '100-150万', min: 100, max: 150 },
  { code: 3, label: '150-200万', min: 150, max: 200 },
  { code: 4, label: '200-300万', min: 200, max: 300 },
  { code: 5, label: '300-500万', min: 300, max: 500 },
  { code: 6, label: '500万以上', min: 500 },
];

export const ROOM_OPTIONS: ReadonlyArray<{ code: number; label: string }> = [
  { code: 1, label: '一室' },
  { code: 2, label: '二室' },
  { code: 3, label: '三室' },
  { code: 4, label: '四室' },
  { code: 5, label: '五室及以上' },
];

export type XinfangSort = NonNullable<LoupanFilter['sort']>;
export const SORTS: ReadonlyArray<{ code: number; sort: XinfangSort; label: string }> = [
  { code: 1, sort: 'priceAsc', label: '均价从低到高' },
  { code: 2, sort: 'priceDesc', label: '均价从高到低' },
  { code: 3, sort: 'newest', label: '最新开盘' },
  { code: 4, sort: 'hot', label: '人气最高' },
  { code: 5, sort: 'sales', label: '销量最高' },
];

/** Sale status codes of the path (s1-s5), in SPEC 4 order. */
export const SALE_STATUS_CODES: ReadonlyArray<{ code: number; status: SaleStatus; label: string }> = SALE_STATUSES.map((status, i) => ({
  code: i + 1,
  status,
  label: saleStatusLabel(status),
}));

export const PAGE_SIZE = 10;
const MAX_PAGE = 1000;

export interface XinfangFilter {
  regionId?: number;
  typeCode?: LoupanTypeCode;
  saleStatus?: SaleStatus;
  /** UNIT_PRICE_BANDS code. */
  price?: number;
  /** TOTAL_PRICE_BANDS code. */
  total?: number;
  /** ROOM_OPTIONS codes, ascending, each once. */
  rooms?: number[];
  /** SORTS code. */
  sort?: number;
  /** 1-based; 1 is not written. */
  page?: number;
}

const TOKEN = /(pg|[tspzlo])(\d{1,9})/y;

/** Region id → path slug, for the city's regions (serializable: the list page gets it in its data). */
export type RegionSlugs = Record<number, string>;

export function slugsOf(regions: ReadonlyArray<{ regionId: number; regionName: string }>): RegionSlugs {
  return Object.fromEntries(regionSlugs(regions));
}
const inBands = (bands: readonly { code: number }[], n: number) => bands.some((b) => b.code === n);

/**
 * Parse the list's wildcard tail (`yuelu/t1l2pg2`, `t1`, `yuelu`) against the city's region slugs. Null when a part
 * is not a region of the city or a known token, or a value is out of range: the caller answers 404.
 */
export function parseXinfangPath(tail: string | undefined, slugs: RegionSlugs): XinfangFilter | null {
  const f: XinfangFilter = {};
  const segs = (tail ?? '').split('/').filter(Boolean);
  if (segs.length > 2) return null;
  for (const [i, seg] of segs.entries()) {
    const s = seg.toLowerCase();
    if (i === 0) {
      const region = Object.entries(slugs).find(([, slug]) => slug === s);
      if (region) {
        f.regionId = Number(region[0]);
        continue;
      }
      if (segs.length === 2) return null;
    }
    let at = 0;
    while (at < s.length) {
      TOKEN.lastIndex = at;
      const m = TOKEN.exec(s);
      if (!m) return null;
      at = TOKEN.lastIndex;
      if (!apply(f, m[1], Number(m[2]))) return null;
    }
  }
  return f;
}

/** Set one token on the filter; false when the value is invalid. Repeats keep the last value (rooms accumulate). */
function apply(f: XinfangFilter, key: string, n: number): boolean {
  switch (key) {
    case 't':
      if (!isLoupanTypeCode(n)) return false;
      f.typeCode = n;
      return true;
    case 's': {
      const st = SALE_STATUS_CODES.find((x) => x.code === n);
      if (!st) return false;
      f.saleStatus = st.status;
      return true;
    }
    case 'p':
      if (!inBands(UNIT_PRICE_BANDS, n)) return false;
      f.price = n;
      return true;
    case 'z':
      if (!inBands(TOTAL_PRICE_BANDS, n)) return false;
      f.total = n;
      return true;
    case 'l':
      if (!inBands(ROOM_OPTIONS, n)) return false;
      f.rooms = [...new Set([...(f.rooms ?? []), n])].sort((a, b) => a - b);
      return true;
    case 'o':
      if (!inBands(SORTS, n)) return false;
      f.sort = n;
      return true;
    case 'pg':
      if (n < 1 || n > MAX_PAGE) return false;
      f.page = n;
      return true;
    default:
      return false;
  }
}

/** The canonical path of a filter state: `/xinfang/`, `/xinfang/yuelu/`, `/xinfang/yuelu/t1l2pg2/`, `/xinfang/pg2/`. */
export function xinfangPath(f: XinfangFilter, slugs: RegionSlugs, base = '/xinfang'): string {
  const area = f.regionId ? (slugs[f.regionId] ?? `qy${f.regionId}`) : '';
  let codes = '';
  if (f.typeCode) codes += `t${f.typeCode}`;
  if (f.saleStatus) codes += `s${SALE_STATUS_CODES.find((x) => x.status === f.saleStatus)?.code ?? ''}`;
  if (f.price) codes += `p${f.price}`;
  if (f.total) codes += `z${f.total}`;
  for (const r of f.rooms ?? []) codes += `l${r}`;
  if (f.sort) codes += `o${f.sort}`;
  if (f.page && f.page > 1) codes += `pg${f.page}`;
  return `${base}/${[area, codes]
    .filter(Boolean)
    .map((s) => `${s}/`)
    .join('')}`;
}

/** A new state with `patch` applied; any change of filter goes back to page 1 (unless the patch sets a page). */
export function withFilter(f: XinfangFilter, patch: Partial<XinfangFilter>): XinfangFilter {
  const next: XinfangFilter = { ...f, page: undefined, ...patch };
  for (const k of Object.keys(next) as Array<keyof XinfangFilter>) if (next[k] === undefined) delete next[k];
  if (next.rooms && next.rooms.length === 0) delete next.rooms;
  return next;
}

/** Rooms toggled in or out (the rooms filter is multi-select). */
export function toggleRoom(f: XinfangFilter, room: number): XinfangFilter {
  const has = f.rooms?.includes(room);
  const rooms = has ? (f.rooms ?? []).filter((r) => r !== room) : [...(f.rooms ?? []), room].sort((a, b) => a - b);
  return withFilter(f, { rooms: rooms.length ? rooms : undefined });
}

/** Query keys that carry a filter; their presence means the request is answered with a 301 to the path form. */
export const FILTER_QUERY_KEYS = [
  'regionId',
  'region',
  'typeCode',
  'type',
  'saleStatus',
  'status',
  'price',
  'total',
  'totalPrice',
  'rooms',
  'room',
  'sort',
  'page',
] as const;

/** Query keys of a search word on the list (`?keyword=`, the old `?kw=`): kept across the list's redirect. */
export const KEYWORD_QUERY_KEYS = ['keyword', 'kw'] as const;

/** The visitor's search word, trimmed and at most 64 characters ('' when none). */
export const keywordOf = (query: Readonly<Record<string, string>>): string => (query.keyword ?? query.kw ?? '').trim().slice(0, 64);

const posInt = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/**
 * Filters given in the query (`?regionId=3&typeCode=1&saleStatus=期房&rooms=2,3&page=2`), merged over the path's
 * filters. Invalid values are dropped (a query cannot make a 404; the redirect lands on what was understood).
 * Returns null when the query carries no filter key at all.
 */
export function filterFromQuery(query: Record<string, string>, base: XinfangFilter = {}): XinfangFilter | null {
  if (!FILTER_QUERY_KEYS.some((k) => query[k] !== undefined)) return null;
  const f: XinfangFilter = { ...base };
  const region = posInt(query.regionId ?? query.region);
  if (region) f.regionId = region;
  const type = posInt(query.typeCode ?? query.type);
  if (isLoupanTypeCode(type)) f.typeCode = type;
  const st = query.saleStatus ?? query.status;
  if (st) {
    const byCode = SALE_STATUS_CODES.find((x) => String(x.code) === st || x.status === st || x.label === st);
    if (byCode) f.saleStatus = byCode.status;
  }
  const price = posInt(query.price);
  if (price && inBands(UNIT_PRICE_BANDS, price)) f.price = price;
  const total = posInt(query.total ?? query.totalPrice);
  if (total && inBands(TOTAL_PRICE_BANDS, total)) f.total = total;
  const roomsRaw = query.rooms ?? query.room;
  if (roomsRaw) {
    const rooms = roomsRaw
      .split(/[,，\s]+/)
      .map(Number)
      .filter((n) => inBands(ROOM_OPTIONS, n));
    if (rooms.length) f.rooms = [...new Set([...(f.rooms ?? []), ...rooms])].sort((a, b) => a - b);
  }
  const sortRaw = query.sort;
  if (sortRaw) {
    const s = SORTS.find((x) => String(x.code) === sortRaw || x.sort === sortRaw);
    if (s) f.sort = s.code;
  }
  const page = posInt(query.page);
  if (page && page <= MAX_PAGE) f.page = page;
  return f;
}

/** The gateway filter (findListByWap body) of a state. */
export function toLoupanFilter(f: XinfangFilter, cityId: number, keyword?: string): LoupanFilter {
  const out: LoupanFilter = { cityId, page: f.page ?? 1, size: PAGE_SIZE };
  if (f.regionId) out.regionId = f.regionId;
  if (f.typeCode) out.typeCode = f.typeCode;
  if (f.saleStatus) out.saleStatus = f.saleStatus;
  const up = UNIT_PRICE_BANDS.find((b) => b.code === f.price);
  if (up) {
    if (up.min !== undefined) out.priceMin = up.min;
    if (up.max !== undefined) out.priceMax = up.max;
  }
  const tp = TOTAL_PRICE_BANDS.find((b) => b.code === f.total);
  if (tp) {
    if (tp.min !== undefined) out.totalMin = tp.min;
    if (tp.max !== undefined) out.totalMax = tp.max;
  }
  if (f.rooms?.length) out.rooms = f.rooms.flatMap((r) => (r >= 5 ? [5, 6, 7, 8, 9] : [r]));
  const sort = SORTS.find((s) => s.code === f.sort);
  if (sort) out.sort = sort.sort;
  if (keyword?.trim()) out.keyword = keyword.trim().slice(0, 64);
  return out;
}

/** Words of the active filters for titles and the chips row: 住宅 · 期房 · 1-1.5万 · 二室/三室. Region excluded. */
export function filterWords(f: XinfangFilter): string[] {
  const words: string[] = [];
  if (f.typeCode) words.push(loupanTypeName(f.typeCode));
  if (f.saleStatus) words.push(saleStatusLabel(f.saleStatus));
  const up = UNIT_PRICE_BANDS.find((b) => b.code === f.price);
  if (up) words.push(`均价${up.label}`);
  const tp = TOTAL_PRICE_BANDS.find((b) => b.code === f.total);
  if (tp) words.push(`总价${tp.label}`);
  if (f.rooms?.length) words.push(f.rooms.map((r) => ROOM_OPTIONS.find((o) => o.code === r)?.label ?? '').join('/'));
  return words.filter(Boolean);
}

/** Does the state narrow the list at all (region or any filter; sort and page do not count)? */
export const hasFilters = (f: XinfangFilter): boolean =>
  Boolean(f.regionId || f.typeCode || f.saleStatus || f.price || f.total || f.rooms?.length);
