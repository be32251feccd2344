/**
 * The list filters of second-hand homes, rentals (SPEC 9) and commercial property (shops and offices for sale and
 * for rent, the shop channel 找铺) as a compact, Beike-style path code, pure and without I/O:
 * `/ershoufang/yuelu/p3l2/` is 岳麓区, 80-100万, 2 rooms. One parse, one canonical form:
 *
 *   tail      = [location "/"] [codes "/"]
 *   location  = region slug (pinyin, e.g. `yuelu`) | `sq{shopMapId}` | `li{metroId}` | `li{metroId}s{stationId}`
 *   codes     = in this order: ty deal (找铺: rent/sale) · co sort · p / rp price band (sale / rent) · l rooms
 *               (repeatable) · a area band · y building age · lc floor · f orientation · de decoration · ie elevator ·
 *               u use · t tag (repeatable) · yt business format (shops) · te feature · pc price change ·
 *               rt whole/shared rental · pg page (2 onwards) · rs keyword (URL-encoded, last)
 *
 * Every number is the 1-based index into the option tables below, so a link is short and stable. Which codes a
 * kind takes, and which table a number indexes, depend on the kind (commercial lists have their own price, area and
 * tag tables). The same filters given as query parameters (`?regionId=3&price=3`) map to the same object and
 * redirect to the canonical path.
 */

import type { ListingFilter } from '../contracts/gateway/listing.ts';
import type { LocationDict } from '../contracts/gateway/location.ts';
import { AGE_OPTIONS, type Band, bands, MAX_PAGE, pageFromQuery, posInt, readCodes, tailOf } from './filter-codes.ts';
import { HOUSE_TYPES, isCommercialKind, isShopKind, type ListingKind } from './listing-kinds.ts';
import { regionSlugs } from './region-slugs.ts';

export type { LocationDict } from '../contracts/gateway/location.ts';
export { AGE_OPTIONS, type Band } from './filter-codes.ts';
export type { ListingKind } from './listing-kinds.ts';

/** SPEC 9 second-hand price bands, 万. */
export const SALE_PRICE_BANDS = bands([50, 80, 100, 120, 150, 200, 300], '万');
/** SPEC 9 rental price bands, 元/月. */
export const RENT_PRICE_BANDS = bands([500, 1000, 2000, 3000, 5000], '元', { closed: true });
/** SPEC 9 area bands, ㎡: under 50 up to 300+. */
export const AREA_BANDS = bands([50, 70, 90, 120, 150, 200, 300], '㎡');
/** Shops and offices for sale, 万. */
export const COMMERCIAL_SALE_BANDS = bands([100, 200, 300, 500, 800, 1200], '万');
/** Shops and offices for rent, 元/月. */
export const COMMERCIAL_RENT_BANDS = bands([5000, 10_000, 20_000, 30_000, 50_000], '元');
/** Shop and office floor areas, ㎡: from a kiosk to a whole office floor. */
export const COMMERCIAL_AREA_BANDS = bands([50, 100, 200, 300, 500, 1000], '㎡');

export const SHOP_TAGS = ['临街', '人流量大', '可餐饮', '独立产权', '带租约', '层高6米'] as const;
export const OFFICE_TAGS = ['甲级写字楼', '精装修', '近地铁', '可注册', '拎包办公', '整层出租'] as const;
/** Business formats (业态) a shop suits. */
export const SHOP_FORMATS = ['餐饮', '零售', '服装', '美容美发', '教育培训', '便利店', '药店', '休闲娱乐', '生鲜超市', '其他'] as const;
/** 找铺 `ty1` / `ty2`: shops for rent (house type 14) or for sale (13). */
export const ZHAOPU_DEALS = ['出租', '出售'] as const;

/** Rooms 1 to 4, 5 or more. */
export const ROOM_OPTIONS = ['一室', '二室', '三室', '四室', '五室及以上'] as const;
export const FLOOR_OPTIONS = [
  { label: '低楼层', value: 'low' },
  { label: '中楼层', value: 'mid' },
  { label: '高楼层', value: 'high' },
] as const;
export const ORIENTATIONS = ['南北', '南', '东南', '西南', '东', '西', '北', '东西'] as const;
export const DECORATIONS = ['精装', '简装', '毛坯', '豪装'] as const;
export const ELEVATOR_OPTIONS = ['有电梯', '无电梯'] as const;
export const USE_TYPES = ['普通住宅', '公寓', '别墅', '商住两用'] as const;
export const SALE_TAGS = [
  '满五唯一',
  '满二',
  '近地铁',
  '学区房',
  '随时看房',
  '南北通透',
  '电梯房',
  '带车位',
  '低总价',
  '业主急售',
  '次新房',
] as const;
export const RENT_TAGS = ['近地铁', '拎包入住', '押一付一', '随时看房', '精装修', '有阳台', '独立卫生间', '免中介费', '家电齐全'] as const;
export const FEATURES = ['满五唯一', '近地铁', '学区房', '随时看房', 'VR看房', '新上', '降价'] as const;
export const RENT_TYPES = ['整租', '合租'] as const;

/** Sort codes `co1`..`co7`; no code is the default order. API names from the gateway's ListingSort. */
export const SORTS = [
  { label: '最新发布', api: 'newest' },
  { label: '总价从低到高', api: 'priceAsc' },
  { label: '总价从高到低', api: 'priceDesc' },
  { label: '单价从低到高', api: 'unitPriceAsc' },
  { label: '单价从高到低', api: 'unitPriceDesc' },
  { label: '面积从小到大', api: 'areaAsc' },
  { label: '面积从大到小', api: 'areaDesc' },
] as const;
export const RENT_SORT_LABELS: Partial<Record<number, string>> = { 2: '租金从低到高', 3: '租金从高到低' };

export type ApiSort = (typeof SORTS)[number]['api'];

/** The filter state of one list page. Numbers are 1-based option indexes; absent means 不限. */
export interface ListingQuery {
  regionId?: number;
  shopMapId?: number;
  metroId?: number;
  stationId?: number;
  price?: number;
  rooms: number[];
  area?: number;
  age?: number;
  floor?: number;
  orientation?: number;
  decoration?: number;
  elevator?: number;
  use?: number;
  tags: number[];
  feature?: number;
  priceChange?: boolean;
  rentType?: number;
  /** 找铺 only: 1 for rent, 2 for sale; absent lists both. */
  deal?: number;
  /** Shops only: business format (SHOP_FORMATS). */
  format?: number;
  sort?: number;
  page?: number;
  keyword?: string;
}

/**
 * Every field present, always in this order: a list page builds a hundred filter links from queries, and objects of
 * one shape keep V8's property reads monomorphic (with ad-hoc shapes each link cost several microseconds).
 */
export const emptyQuery = (): ListingQuery => ({
  regionId: undefined,
  shopMapId: undefined,
  metroId: undefined,
  stationId: undefined,
  price: undefined,
  rooms: [],
  area: undefined,
  age: undefined,
  floor: undefined,
  orientation: undefined,
  decoration: undefined,
  elevator: undefined,
  use: undefined,
  tags: [],
  feature: undefined,
  priceChange: undefined,
  rentType: undefined,
  deal: undefined,
  format: undefined,
  sort: undefined,
  page: undefined,
  keyword: undefined,
});

// ---------- what each kind takes ----------

/** Whether the list's prices are monthly rents; null for the shop channel listing both kinds (no price filter). */
export function rentOf(kind: ListingKind, q: Pick<ListingQuery, 'deal'>): boolean | null {
  if (kind === 'zhaopu') return q.deal ? q.deal === 1 : null;
  return kind === 'zufang' || kind === 'shangpucz' || kind === 'xieziloucz';
}

/** The price bands of a list; empty when the list mixes sale and rent prices. */
export function priceBandsOf(kind: ListingKind, q: Pick<ListingQuery, 'deal'>): readonly Band[] {
  const rent = rentOf(kind, q);
  if (rent === null) return [];
  if (!isCommercialKind(kind)) return rent ? RENT_PRICE_BANDS : SALE_PRICE_BANDS;
  return rent ? COMMERCIAL_RENT_BANDS : COMMERCIAL_SALE_BANDS;
}

export const areaBandsOf = (kind: ListingKind): readonly Band[] => (isCommercialKind(kind) ? COMMERCIAL_AREA_BANDS : AREA_BANDS);

export function tagsOf(kind: ListingKind): readonly string[] {
  if (kind === 'zufang') return RENT_TAGS;
  if (kind === 'ershoufang') return SALE_TAGS;
  return isShopKind(kind) ? SHOP_TAGS : OFFICE_TAGS;
}

export const formatsOf = (kind: ListingKind): readonly string[] => (isShopKind(kind) ? SHOP_FORMATS : []);

/** Sort `i` (1-based) applies to the list: a list mixing sale and rent prices is not sorted by price. */
export function sortAllowed(kind: ListingKind, q: Pick<ListingQuery, 'deal'>, i: number | undefined): boolean {
  if (!i) return true;
  const api = SORTS[i - 1]?.api;
  if (!api) return false;
  return rentOf(kind, q) !== null || !/price/i.test(api);
}

/** The gateway house types a list of `kind` shows (找铺: shops for rent and for sale, or the chosen one). */
export function houseTypesOf(kind: ListingKind, q: Pick<ListingQuery, 'deal'>): number[] {
  const { shangpucs, shangpucz } = HOUSE_TYPES;
  if (kind === 'zhaopu') return q.deal === 1 ? [shangpucz] : q.deal === 2 ? [shangpucs] : [shangpucz, shangpucs];
  return [HOUSE_TYPES[kind]];
}

/** The location dictionaries of a city (from the gateway's region, shopMap and metro calls). */

// ---------- region slugs (src/lib/region-slugs.ts) ----------

export { regionSlugs } from './region-slugs.ts';

// ---------- codes ----------

type Field =
  | 'sort'
  | 'price'
  | 'rooms'
  | 'area'
  | 'age'
  | 'floor'
  | 'orientation'
  | 'decoration'
  | 'elevator'
  | 'use'
  | 'tags'
  | 'feature'
  | 'priceChange'
  | 'rentType'
  | 'deal'
  | 'format'
  | 'page';

interface CodeDef {
  code: string;
  field: Field;
  multi?: boolean;
  /** Number of options (1..max); 0 = unbounded (page); -1 = not a filter of this kind (or not with this deal). */
  max: (kind: ListingKind, q: ListingQuery) => number;
}

/** Only on second-hand lists. */
const esf = (n: number) => (k: ListingKind) => (k === 'ershoufang' ? n : -1);
/** On second-hand and rental lists. */
const home = (n: number) => (k: ListingKind) => (isCommercialKind(k) ? -1 : n);
const every = (n: number) => () => n;
const orNone = (n: number) => (n > 0 ? n : -1);

/** Canonical order of the codes. A code whose max is -1 does not apply to that kind. */
const CODES: readonly CodeDef[] = [
  { code: 'ty', field: 'deal', max: (k) => (k === 'zhaopu' ? ZHAOPU_DEALS.length : -1) },
  { code: 'co', field: 'sort', max: every(SORTS.length) },
  { code: 'p', field: 'price', max: (k, q) => (rentOf(k, q) === false ? priceBandsOf(k, q).length : -1) },
  { code: 'rp', field: 'price', max: (k, q) => (rentOf(k, q) === true ? priceBandsOf(k, q).length : -1) },
  { code: 'l', field: 'rooms', multi: true, max: home(ROOM_OPTIONS.length) },
  { code: 'a', field: 'area', max: (k) => areaBandsOf(k).length },
  { code: 'y', field: 'age', max: esf(AGE_OPTIONS.length) },
  { code: 'lc', field: 'floor', max: home(FLOOR_OPTIONS.length) },
  { code: 'f', field: 'orientation', max: home(ORIENTATIONS.length) },
  { code: 'de', field: 'decoration', max: every(DECORATIONS.length) },
  { code: 'ie', field: 'elevator', max: home(ELEVATOR_OPTIONS.length) },
  { code: 'u', field: 'use', max: esf(USE_TYPES.length) },
  { code: 't', field: 'tags', multi: true, max: (k) => tagsOf(k).length },
  { code: 'yt', field: 'format', max: (k) => orNone(formatsOf(k).length) },
  { code: 'te', field: 'feature', max: esf(FEATURES.length) },
  { code: 'pc', field: 'priceChange', max: esf(1) },
  { code: 'rt', field: 'rentType', max: (k) => (k === 'zufang' ? RENT_TYPES.length : -1) },
  { code: 'pg', field: 'page', max: every(0) },
];

/** Longest prefix first, so `pc1` is not read as `p` + `c1`, nor `ty1` as `t` + `y1`. */
const TOKEN = /^(co|rp|lc|de|ie|te|pc|rt|pg|ty|yt|p|l|a|y|f|u|t)([1-9][0-9]{0,5})/;

/**
 * Parse one codes segment into `q`; false when the segment is not a valid codes segment for this kind. The codes
 * are applied in canonical order whatever order they were written in, so that a code whose options depend on an
 * earlier one (找铺's price bands on its deal) is checked against it.
 */
function parseCodes(seg: string, kind: ListingKind, q: ListingQuery): boolean {
  const read = seg ? readCodes(seg, TOKEN, 'rs') : null;
  if (!read) return false;
  if (read.rest) {
    const kw = read.rest.slice(2).trim();
    if (!kw || kw.length > 64) return false;
    q.keyword = kw;
  }
  const tokens = read.codes.map(({ code, n }) => ({ def: CODES.find((d) => d.code === code) as CodeDef, n }));
  tokens.sort((a, b) => CODES.indexOf(a.def) - CODES.indexOf(b.def));
  for (const { def, n } of tokens) {
    const max = def.max(kind, q);
    if (max < 0 || (max > 0 && n > max) || (def.field === 'page' && (n < 1 || n > MAX_PAGE))) return false;
    if (def.multi) {
      const list = q[def.field as 'rooms' | 'tags'];
      if (!list.includes(n)) list.push(n);
    } else if (def.field === 'priceChange') q.priceChange = true;
    else (q as unknown as Record<string, number>)[def.field] = n;
  }
  return sortAllowed(kind, q, q.sort);
}

/** Read a location segment; false when it is none of the city's regions, shop areas, metro lines or stations. */
function parseLocation(seg: string, dict: LocationDict, q: ListingQuery): boolean {
  const lower = seg.toLowerCase();
  let m = /^sq([1-9][0-9]{0,9})$/.exec(lower);
  if (m) {
    const shop = dict.shopMaps.find((s) => s.shopMapId === Number(m?.[1]));
    if (!shop) return false;
    q.shopMapId = shop.shopMapId;
    q.regionId = shop.regionId;
    return true;
  }
  m = /^li([1-9][0-9]{0,9})(?:s([1-9][0-9]{0,9}))?$/.exec(lower);
  if (m) {
    const metro = dict.metros.find((x) => x.metroId === Number(m?.[1]));
    if (!metro) return false;
    q.metroId = metro.metroId;
    if (m[2]) {
      const st = metro.stations.find((s) => s.stationId === Number(m?.[2]));
      if (!st) return false;
      q.stationId = st.stationId;
    }
    return true;
  }
  for (const [id, slug] of regionSlugs(dict.regions)) {
    if (slug === lower || `qy${id}` === lower) {
      q.regionId = id;
      return true;
    }
  }
  return false;
}

/**
 * Parse a list tail (`yuelu/p3l2/`, decoded, without the section prefix). Null when any part is unknown or
 * malformed: the caller answers 404 rather than silently showing an unfiltered list.
 */
export function parseTail(tail: string, kind: ListingKind, dict: LocationDict): ListingQuery | null {
  const q = emptyQuery();
  const segs = tail.split('/').filter(Boolean);
  if (segs.length > 2) return null;
  let sawLocation = false;
  let sawCodes = false;
  for (const seg of segs) {
    if (!sawCodes && !sawLocation && parseLocation(seg, dict, q)) {
      sawLocation = true;
      continue;
    }
    if (sawCodes || !parseCodes(seg, kind, q)) return null;
    sawCodes = true;
  }
  if (q.page === 1) q.page = undefined;
  return q;
}

/** The canonical tail of a filter state: `yuelu/p3l2/`, `` for no filter (the list root). */
export function toTail(q: ListingQuery, kind: ListingKind, dict: LocationDict): string {
  let location = '';
  if (q.stationId && q.metroId) location = `li${q.metroId}s${q.stationId}`;
  else if (q.metroId) location = `li${q.metroId}`;
  else if (q.shopMapId) location = `sq${q.shopMapId}`;
  else if (q.regionId) location = regionSlugs(dict.regions).get(q.regionId) ?? `qy${q.regionId}`;
  let codes = '';
  for (const def of CODES) {
    if (def.max(kind, q) < 0) continue;
    if (def.multi) {
      const list = def.field === 'rooms' ? q.rooms : q.tags;
      if (list.length === 1) codes += def.code + list[0];
      else if (list.length > 1) for (const n of [...list].sort((a, b) => a - b)) codes += def.code + n;
    } else if (def.field === 'priceChange') {
      if (q.priceChange) codes += 'pc1';
    } else {
      const v = (q as unknown as Record<string, number | undefined>)[def.field];
      if (v && !(def.field === 'page' && v < 2)) codes += def.code + v;
    }
  }
  if (q.keyword) codes += `rs${encodeURIComponent(q.keyword)}`;
  return tailOf(location, codes);
}

// ---------- query parameters ----------

/** The query keys that carry filters; any of them on a list URL redirects (301) to the canonical path. */
export const FILTER_QUERY_KEYS = [
  'regionId',
  'shopMapId',
  'metroId',
  'stationId',
  'price',
  'rooms',
  'area',
  'age',
  'floor',
  'orientation',
  'decoration',
  'elevator',
  'use',
  'tag',
  'feature',
  'priceChange',
  'rentType',
  'deal',
  'format',
  'sort',
  'page',
  'keyword',
  'kw',
] as const;

export function hasFilterQuery(query: Record<string, string>): boolean {
  return FILTER_QUERY_KEYS.some((k) => query[k] !== undefined);
}

const intList = (v: string | undefined, max: number): number[] =>
  v === undefined
    ? []
    : [
        ...new Set(
          v
            .split(',')
            .map((s) => posInt(s.trim(), max))
            .filter((n): n is number => n !== undefined),
        ),
      ];

/**
 * Filters given as query parameters (indexes like the path codes; `sort` also takes the gateway's names such as
 * `priceAsc`; text values of orientation, decoration, use, rentType are accepted too) merged over `base`.
 * Unknown values are dropped: the redirect target is always a valid canonical path.
 */
export function fromQueryParams(query: Record<string, string>, kind: ListingKind, dict: LocationDict, base = emptyQuery()): ListingQuery {
  const q: ListingQuery = { ...base, rooms: [...base.rooms], tags: [...base.tags] };
  const pick = <T extends string>(v: string | undefined, names: readonly T[]) => {
    if (v === undefined) return undefined;
    const i = names.indexOf(v as T);
    return i >= 0 ? i + 1 : posInt(v, names.length);
  };
  const regionId = posInt(query.regionId);
  if (regionId && dict.regions.some((r) => r.regionId === regionId)) q.regionId = regionId;
  const shopMapId = posInt(query.shopMapId);
  const shop = shopMapId ? dict.shopMaps.find((s) => s.shopMapId === shopMapId) : undefined;
  if (shop) {
    q.shopMapId = shop.shopMapId;
    q.regionId = shop.regionId;
  }
  const metroId = posInt(query.metroId);
  const metro = metroId ? dict.metros.find((m) => m.metroId === metroId) : undefined;
  if (metro) {
    q.metroId = metro.metroId;
    const stationId = posInt(query.stationId);
    if (stationId && metro.stations.some((s) => s.stationId === stationId)) q.stationId = stationId;
  }
  if (kind === 'zhaopu' && query.deal !== undefined) {
    const deal = pick(query.deal, ZHAOPU_DEALS);
    if (deal !== q.deal) q.price = undefined;
    q.deal = deal;
  }
  const bands = priceBandsOf(kind, q);
  q.price = bands.length ? (posInt(query.price, bands.length) ?? q.price) : undefined;
  q.area = posInt(query.area, areaBandsOf(kind).length) ?? q.area;
  q.decoration = pick(query.decoration, DECORATIONS) ?? q.decoration;
  if (query.tag !== undefined) q.tags = intList(query.tag, tagsOf(kind).length);
  if (!isCommercialKind(kind)) {
    if (query.rooms !== undefined) q.rooms = intList(query.rooms, ROOM_OPTIONS.length);
    q.floor =
      pick(
        query.floor,
        FLOOR_OPTIONS.map((f) => f.value),
      ) ?? q.floor;
    q.orientation = pick(query.orientation, ORIENTATIONS) ?? q.orientation;
    q.elevator = query.elevator === 'true' ? 1 : query.elevator === 'false' ? 2 : (posInt(query.elevator, 2) ?? q.elevator);
  }
  if (kind === 'ershoufang') {
    q.age = posInt(query.age, AGE_OPTIONS.length) ?? q.age;
    q.use = pick(query.use, USE_TYPES) ?? q.use;
    q.feature = pick(query.feature, FEATURES) ?? q.feature;
    if (query.priceChange === '1' || query.priceChange === 'true') q.priceChange = true;
  } else if (kind === 'zufang') {
    q.rentType = pick(query.rentType, RENT_TYPES) ?? q.rentType;
  }
  if (formatsOf(kind).length) q.format = pick(query.format, formatsOf(kind)) ?? q.format;
  q.sort =
    pick(
      query.sort,
      SORTS.map((s) => s.api),
    ) ?? q.sort;
  if (!sortAllowed(kind, q, q.sort)) q.sort = undefined;
  q.page = pageFromQuery(query.page, q.page);
  // A slash would split the path code; keywords never need one.
  const kw = (query.keyword ?? query.kw)?.replace(/[/\\]+/g, ' ').trim();
  if (kw) q.keyword = kw.slice(0, 64);
  return q;
}

// ---------- the gateway filter ----------

/** The part of the gateway's list filter (src/contracts) a list page's filters decide; the loader adds city and kind. */
export type ApiListingFilter = Omit<
  ListingFilter,
  'cityId' | 'houseType' | 'houseTypes' | 'stressId' | 'shortTerm' | 'belongerId' | 'size' | 'sort'
> & {
  sort?: ApiSort;
};

/** The body fields of findByCondition for a filter state (cityId, houseType and size are the caller's). */
export function toApiFilter(q: ListingQuery, kind: ListingKind): ApiListingFilter {
  const f: ApiListingFilter = {};
  const at = <T>(list: readonly T[], i: number | undefined): T | undefined => (i ? list[i - 1] : undefined);
  if (q.stationId) f.stationId = q.stationId;
  else if (q.metroId) f.metroId = q.metroId;
  if (q.shopMapId) f.shopMapId = q.shopMapId;
  else if (q.regionId) f.regionId = q.regionId;
  const price = at(priceBandsOf(kind, q), q.price);
  if (price?.min !== undefined) f.priceMin = price.min;
  if (price?.max !== undefined) f.priceMax = price.max;
  const area = at(areaBandsOf(kind), q.area);
  if (area?.min !== undefined) f.areaMin = area.min;
  if (area?.max !== undefined) f.areaMax = area.max;
  if (q.rooms.length) f.rooms = [...q.rooms].sort((a, b) => a - b);
  const age = at(AGE_OPTIONS, q.age);
  if (age) f.buildAge = age;
  const floor = at(FLOOR_OPTIONS, q.floor);
  if (floor) f.floor = floor.value;
  f.orientation = at(ORIENTATIONS, q.orientation);
  f.decoration = at(DECORATIONS, q.decoration);
  if (q.elevator) f.elevator = q.elevator === 1;
  f.useType = at(USE_TYPES, q.use);
  if (q.tags.length) f.tags = q.tags.map((t) => tagsOf(kind)[t - 1] as string);
  f.feature = at(FEATURES, q.feature);
  if (q.priceChange) f.priceChange = true;
  f.rentType = at(RENT_TYPES, q.rentType);
  f.businessFormat = at(formatsOf(kind), q.format);
  if (q.keyword) f.keyword = q.keyword;
  f.sort = at(SORTS, q.sort)?.api;
  f.page = q.page ?? 1;
  for (const k of Object.keys(f) as Array<keyof ApiListingFilter>) if (f[k] === undefined) delete f[k];
  return f;
}

/** A copy of `q` with `patch` applied and the page reset (every filter change starts at page 1). */
export function withFilter(q: ListingQuery, patch: Partial<ListingQuery>): ListingQuery {
  // Assigning onto emptyQuery() keeps its one shape (see there); a spread would give each patch a shape of its own.
  return Object.assign(emptyQuery(), q, { rooms: [...q.rooms], tags: [...q.tags], page: undefined }, patch);
}

/** Toggle a value of a repeatable filter (rooms, tags). */
export function toggled(list: readonly number[], n: number): number[] {
  return list.includes(n) ? list.filter((x) => x !== n) : [...list, n].sort((a, b) => a - b);
}

/** Human labels of the active filters, for titles and the "已选" chips (location excluded). */
export function filterLabels(q: ListingQuery, kind: ListingKind): string[] {
  const out: string[] = [];
  const at = <T>(list: readonly T[], i: number | undefined): T | undefined => (i ? list[i - 1] : undefined);
  const price = at(priceBandsOf(kind, q), q.price);
  if (price) out.push(price.label);
  for (const r of q.rooms) out.push(ROOM_OPTIONS[r - 1] as string);
  const area = at(areaBandsOf(kind), q.area);
  if (area) out.push(area.label);
  const age = at(AGE_OPTIONS, q.age);
  if (age) out.push(`${age}年以内`);
  const floor = at(FLOOR_OPTIONS, q.floor);
  if (floor) out.push(floor.label);
  const rest = [
    at(ORIENTATIONS, q.orientation) ? `朝${at(ORIENTATIONS, q.orientation)}` : undefined,
    at(DECORATIONS, q.decoration),
    at(ELEVATOR_OPTIONS, q.elevator),
    at(USE_TYPES, q.use),
    ...q.tags.map((t) => tagsOf(kind)[t - 1]),
    at(formatsOf(kind), q.format) ? `适合${at(formatsOf(kind), q.format)}` : undefined,
    at(FEATURES, q.feature),
    q.priceChange ? '降价房源' : undefined,
    at(RENT_TYPES, q.rentType),
  ];
  for (const r of rest) if (r) out.push(r);
  return out;
}
