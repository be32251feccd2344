import type { MonthPrice } from '../gateway/listing.ts';
import type { Listing } from './cards.ts';

/** Which price page a registry entry is (registry `params.level`): the city, a level with or without an id, or search. */
export type FangjiaLevel = 'city' | 'quyu' | 'shangquan' | 'ditie' | 'xiaoqu' | 'search';

/** One row of a price ranking or member list: a place, its latest average price and its change on the month before. */
export interface FangjiaRow {
  id: number;
  name: string;
  href: string;
  avgPrice: number | null;
  ratio: number | null;
  /** The place's district or line (lists of the whole city). */
  note?: string;
}

export interface FangjiaTable {
  title: string;
  rows: FangjiaRow[];
  /** The row of the page's own place, marked in a sibling ranking. */
  currentId?: number;
}

/** The data of every /fangjia price page (issue 16): its place, its figure and series, its rankings and listings. */
export interface FangjiaData {
  level: FangjiaLevel;
  cityName: string;
  /** The page's place (长沙, 岳麓区, a shop area, a station, a community); null on a list or search page. */
  place: { id: number; name: string; kind: string } | null;
  /** Up the hierarchy: the city's price page, the district's… */
  crumbs: Array<{ name: string; href: string }>;
  /** The latest month's figure; null when the place has no series. */
  figure: { month: string; price: number; monthRatio: number | null; yearRatio: number | null } | null;
  /** 12 or 24 months. */
  prices: MonthPrice[];
  chartTitle: string;
  tables: FangjiaTable[];
  /** The listings behind a community's number. */
  listings: Listing[];
  /** Drill-down links to each level. */
  levels: Array<{ name: string; href: string }>;
  /** /fangjia/search: the typed name and whether a search ran. */
  keyword?: string;
  /** The heading of a list page when its first table's title does not name the whole page (the metro lines). */
  heading?: string;
  /** The community's own page (/xiaoqu/{id}.html). */
  xiaoquHref?: string;
}
