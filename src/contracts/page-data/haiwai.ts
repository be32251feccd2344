/** What the overseas (海外) pages receive. */
import type { OverseasQuery } from '../../lib/overseas-filters.ts';
import type { Overseas, OverseasDetail, OverseasHuxing, OverseasPlan } from '../gateway/index.ts';

export interface CountryCount {
  country: string;
  count: number;
}

export interface HaiwaiHomeData {
  countries: CountryCount[];
  total: number;
  featured: Overseas[];
  /** The lowest total prices, for 低总价 picks. */
  affordable: Overseas[];
}

export interface HaiwaiListData {
  query: OverseasQuery;
  countries: CountryCount[];
  items: Overseas[];
  total: number;
  page: number;
  totalPages: number;
  /** `泰国房产` / `海外房产`: the page's h1. */
  heading: string;
  labels: string[];
}

export interface HaiwaiDetailData {
  house: OverseasDetail;
  phone: { webCall: string; extNum?: string | null } | null;
  collected: boolean;
  similar: Overseas[];
  plans: OverseasPlan[];
  /** Absolute canonical URL (share). */
  url: string;
}

export interface HaiwaiHuxingData {
  project: OverseasHuxing['project'];
  plans: OverseasPlan[];
  /** The plan the URL names (rooms), if any. */
  selected: number | null;
}
