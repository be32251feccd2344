/** What the community (xiaoqu) pages receive from their loaders (serialized into the page). */
import type { XiaoquPlaces, XiaoquQuery } from '../../lib/xiaoqu-filters.ts';
import type { MonthPrice, SchoolItem, Store, XiaoquPlan, XiaoquProfile } from '../gateway/index.ts';
import type { Listing } from './cards.ts';
import type { LocationMapData } from './map.ts';

/** A community as a list card shows it. */
export interface XiaoquCard {
  stressId: number;
  name: string;
  img: string;
  regionName: string | null;
  shopMapName: string | null;
  buildYear: number;
  propertyType: string;
  /** 元/㎡. */
  avgPrice: number;
  /** Month-on-month change of the average price, percent. */
  ratio: number;
  ershoucount: number;
  zufangcount: number;
}

/** /xiaoqu/ and its filter tails. */
export interface XiaoquListData {
  query: XiaoquQuery;
  /** The city's regions, and the shop areas of the chosen region. */
  places: XiaoquPlaces;
  items: XiaoquCard[];
  total: number;
  page: number;
  totalPages: number;
  /** `长沙岳麓区小区`: city + location + 小区, the page's h1. */
  heading: string;
  /** The name of the chosen region or shop area ('' for none). */
  where: string;
  labels: string[];
}

/** The community's own record as its pages show it (no price history, no listing statistics). */
export type XiaoquRecord = Omit<XiaoquProfile, 'lat' | 'lng' | 'viewNum'>;

/** A store serving the community, as the detail lists it. */
export type ServingStore = Pick<Store, 'storeId' | 'name' | 'address' | 'phone' | 'regionName' | 'shopMapName'>;
/** A nearby school, as the detail lists it. */
export type NearbySchool = Pick<SchoolItem, 'schoolId' | 'name' | 'level' | 'nature' | 'address'>;

/** /xiaoqu/{id}.html and its twin /xiaoqu/details?id=. */
export interface XiaoquDetailData {
  xiaoqu: XiaoquRecord;
  /** The community list of its region (`/xiaoqu/yuelu/`); null when the city's places could not be read. */
  regionHref: string | null;
  /** The static location map (issue 14 part D); null when the community has no coordinates or the call failed. */
  location?: LocationMapData | null;
  /** The last 12 months of the average price, oldest first. */
  prices: MonthPrice[];
  /** The month-on-month and year-on-year change of the last month; null when the history is too short. */
  monthRatio: number | null;
  yearRatio: number | null;
  /** Second-hand homes and rentals of the community (a few of each) and the lists filtered by it. */
  ershou: Listing[];
  zufang: Listing[];
  ershouHref: string;
  zufangHref: string;
  plans: XiaoquPlan[];
  /** Secondary blocks: empty when the community has none or their call failed (the page is then degraded). */
  schools: NearbySchool[];
  stores: ServingStore[];
  similar: XiaoquCard[];
  /** Whether the member has the community among their favourites. */
  collected: boolean;
  /** Canonical URL, for sharing. */
  url: string;
}

/** /xiaoqu/information?id=: every recorded fact of a community. */
export interface XiaoquInformationData {
  xiaoqu: XiaoquRecord;
  regionHref: string | null;
}

/** /xiaoqu/huxing?id= (the community's floor plans) and /xiaoqu/huxing/{hxId}/{id}/ (one plan and its listings). */
export interface XiaoquHuxingData {
  xiaoqu: Pick<XiaoquRecord, 'stressId' | 'name' | 'avgPrice' | 'regionName' | 'shopMapName' | 'address'>;
  plans: XiaoquPlan[];
  /** The plan of /xiaoqu/huxing/{hxId}/{id}/; null on the community's plan list. */
  plan: XiaoquPlan | null;
  /** That plan's second-hand listings and rentals. */
  ershou: Listing[];
  zufang: Listing[];
}
