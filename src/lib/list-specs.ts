/**
 * The filtered listing lists (second-hand, rental, short-term, shops, offices, 找铺) and the rule that gives each
 * filter state its one canonical path. A list page says which list it is with its registry `params.list` (issue 12
 * point 3: registry data, never the page's or the loader's name); the `listing-query` middleware (redirects, unknown
 * tails) and the list loaders (the gateway search) read the same spec from here. Pure, no I/O.
 */
import type { ListingFilter } from '../contracts/gateway/index.ts';
import {
  emptyQuery,
  fromQueryParams,
  hasFilterQuery,
  houseTypesOf,
  type ListingQuery,
  type LocationDict,
  parseTail,
  toApiFilter,
  toTail,
} from './listing-filters.ts';
import { HOUSE_TYPES, KIND_NOUNS, type ListingKind } from './listing-kinds.ts';

export interface ListSpec {
  kind: ListingKind;
  /** List root, e.g. `/ershoufang/`. */
  base: string;
  /** The kind's gateway house type (找铺: shops for rent; its deal code picks, see houseTypesOf). */
  houseType: number;
  shortTerm?: boolean;
  /** 二手房 / 租房 / 短租房 / 商铺出售 …: what the list's heading and count call its listings. */
  noun: string;
  pageSize: number;
}

/** Listings per list page. */
const PAGE_SIZE = 20;

/** The lists by the value of their registry `params.list` (the schema's enum names the same keys). */
export const LIST_SPECS = {
  ershoufang: {
    kind: 'ershoufang',
    base: '/ershoufang/',
    houseType: HOUSE_TYPES.ershoufang,
    noun: KIND_NOUNS.ershoufang,
    pageSize: PAGE_SIZE,
  },
  zufang: { kind: 'zufang', base: '/zufang/', houseType: HOUSE_TYPES.zufang, noun: KIND_NOUNS.zufang, pageSize: PAGE_SIZE },
  /** Short-term rentals (/duanzu/*, /zufang/duanzu): the rental codes, shortTerm on. */
  duanzu: { kind: 'zufang', base: '/duanzu/', houseType: HOUSE_TYPES.zufang, noun: '短租房', pageSize: PAGE_SIZE, shortTerm: true },
  shangpucs: { kind: 'shangpucs', base: '/shangpucs/', houseType: HOUSE_TYPES.shangpucs, noun: KIND_NOUNS.shangpucs, pageSize: PAGE_SIZE },
  shangpucz: { kind: 'shangpucz', base: '/shangpucz/', houseType: HOUSE_TYPES.shangpucz, noun: KIND_NOUNS.shangpucz, pageSize: PAGE_SIZE },
  xieziloucs: {
    kind: 'xieziloucs',
    base: '/xieziloucs/',
    houseType: HOUSE_TYPES.xieziloucs,
    noun: KIND_NOUNS.xieziloucs,
    pageSize: PAGE_SIZE,
  },
  xieziloucz: {
    kind: 'xieziloucz',
    base: '/xieziloucz/',
    houseType: HOUSE_TYPES.xieziloucz,
    noun: KIND_NOUNS.xieziloucz,
    pageSize: PAGE_SIZE,
  },
  /** 找铺: shops for rent and for sale; `ty1` / `ty2` narrow to one and unlock its price bands. */
  zhaopu: { kind: 'zhaopu', base: '/zhaopu/', houseType: HOUSE_TYPES.shangpucz, noun: KIND_NOUNS.zhaopu, pageSize: PAGE_SIZE },
} as const satisfies Record<string, ListSpec>;

export type ListName = keyof typeof LIST_SPECS;

/** The listing lists a search can be saved from (issue 37): all but 找铺, which lists two kinds at once. */
export const SAVABLE_LISTS = [
  'ershoufang',
  'zufang',
  'duanzu',
  'shangpucs',
  'shangpucz',
  'xieziloucs',
  'xieziloucz',
] as const satisfies readonly ListName[];

/**
 * The gateway filter of a list's filter state in a city: what the list page searches with (loadList) and what a saved
 * search keeps (issue 37), so a saved search is asked exactly what its list shows.
 */
export function listFilterOf(spec: ListSpec, q: ListingQuery, cityId: number): ListingFilter {
  const types = houseTypesOf(spec.kind, q);
  return {
    ...toApiFilter(q, spec.kind),
    cityId,
    ...(types.length > 1 ? { houseTypes: types } : { houseType: types[0] }),
    ...(spec.shortTerm ? { shortTerm: true } : {}),
  };
}

/** The list a page shows, by its registry `params.list`; null for a page that is no filtered list. */
export function listSpecOf(params: Readonly<Record<string, string>> | undefined): ListSpec | null {
  const list = params?.list;
  return list && Object.hasOwn(LIST_SPECS, list) ? LIST_SPECS[list as ListName] : null;
}

/** The tail of a list URL (the wildcard of `/ershoufang/*`); empty for an alias such as `/zufang/duanzu`. */
export const listTailOf = (params: Readonly<Record<string, string>>): string => params['*'] ?? '';

/** The canonical path of a filter state on a list: `/ershoufang/yuelu/p3l2/`, the root for no filter. */
export const listPathOf = (spec: ListSpec, q: ListingQuery, dict: LocationDict): string => spec.base + toTail(q, spec.kind, dict);

/**
 * What a request for a list URL gets before any listing is searched: a tail that is no filter state is not found (the
 * `listTail` validator answers 404), another spelling of a filter state has moved, the canonical one is shown.
 */
export type ListAddress = { kind: 'not-found' } | { kind: 'moved'; location: string } | { kind: 'canonical'; query: ListingQuery };

const decoded = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * SPEC 2.5, 9: an unknown or malformed tail is not found; filters given as query parameters, and tails written in
 * another order or case, have moved (301) to the one canonical path. Aliases outside the list root (/zufang/duanzu)
 * keep their URL (their canonical link names the list root).
 */
export function listAddress(
  spec: ListSpec,
  req: { path: string; params: Readonly<Record<string, string>>; query: Readonly<Record<string, string>> },
  dict: LocationDict,
): ListAddress {
  const parsed = parseTail(listTailOf(req.params), spec.kind, dict);
  if (!parsed) return { kind: 'not-found' };
  if (hasFilterQuery(req.query))
    return { kind: 'moved', location: listPathOf(spec, fromQueryParams(req.query, spec.kind, dict, parsed), dict) };
  if (!`${req.path}/`.toLowerCase().startsWith(spec.base)) return { kind: 'canonical', query: parsed };
  const canonical = listPathOf(spec, parsed, dict);
  const here = decoded(req.path);
  if (here === null || here !== decoded(canonical)) return { kind: 'moved', location: canonical };
  return { kind: 'canonical', query: parsed };
}

/** What the location part of a filter state is called: `岳麓区`, `梅溪湖`, `地铁2号线`, `橘子洲地铁站`; empty for none. */
export function locationName(q: ListingQuery, dict: LocationDict): string {
  const metro = dict.metros.find((m) => m.metroId === q.metroId);
  const station = metro?.stations.find((s) => s.stationId === q.stationId);
  if (station) return `${station.name}地铁站`;
  if (metro) return `地铁${metro.name}`;
  const shop = dict.shopMaps.find((s) => s.shopMapId === q.shopMapId);
  if (shop) return shop.shopMapName;
  return dict.regions.find((r) => r.regionId === q.regionId)?.regionName ?? '';
}

/**
 * The part of the city's dictionary a list screen shows (LocationPanel) and links with (toTail): every region and
 * metro line, the shop areas of the chosen region, the stations of the chosen line. The page's state carries only
 * this; the whole dictionary was half the state of the default list (its 80 stations and 30 shop areas).
 */
export function dictShown(dict: LocationDict, q: ListingQuery): LocationDict {
  return {
    regions: dict.regions,
    shopMaps: q.regionId ? dict.shopMaps.filter((s) => s.regionId === q.regionId) : [],
    metros: dict.metros.map((m) => (m.metroId === q.metroId ? m : { ...m, stations: [] })),
  };
}

/** Only the location part of a filter state (the list's breadcrumb). */
export function locationOnly(q: ListingQuery): ListingQuery {
  const { regionId, shopMapId, metroId, stationId } = q;
  return Object.assign(emptyQuery(), { regionId, shopMapId, metroId, stationId });
}
