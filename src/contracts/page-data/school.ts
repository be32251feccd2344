/** What the school (学校) pages receive. */
import type { LocationDict } from '../../lib/listing-filters.ts';
import type { SchoolQuery } from '../../lib/school-filters.ts';
import type { LoupanItem, SchoolDetail, SchoolItem, SchoolListItem, SchoolProfile, XiaoquItem } from '../gateway/index.ts';
import type { Listing } from './cards.ts';
import type { LocationMapData } from './map.ts';

/** A district of the filter, with its number of schools when the gateway told it. */
export interface SchoolDistrict {
  regionId: number;
  regionName: string;
  count?: number;
}

/** /school/*: the filtered list. */
export interface SchoolListData {
  query: SchoolQuery;
  /** The city's districts (the slugs of the filter links are computed from them). */
  regions: LocationDict['regions'];
  /** School counts per district (a secondary call: empty when it failed). */
  counts: SchoolDistrict[];
  items: SchoolListItem[];
  total: number;
  page: number;
  totalPages: number;
  /** `长沙岳麓区小学`: the page's h1. */
  heading: string;
  labels: string[];
  /** The city's most searched schools (a secondary call: empty when it failed). */
  hot: SchoolItem[];
}

/** A few listings of a catchment and how many there are in all. */
export interface CatchmentListings {
  items: Listing[];
  total: number;
}

/** The school's own profile and where it sits in the lists (district list link). */
interface SchoolBase {
  /** The district's school list, e.g. `/school/yuelu/xiaoxue/`. */
  districtHref: string;
}

/** /school/{id}.html and /school/detail?id=. Optional blocks are null when their call failed. */
export interface SchoolDetailData extends SchoolBase {
  school: SchoolDetail;
  secHand: CatchmentListings | null;
  rent: CatchmentListings | null;
  /** The district's ranking of the school's level (the first few). */
  ranking: SchoolListItem[] | null;
  /** The static location map (nearby schools and stations); null when the school has no position or the call failed. */
  location?: LocationMapData | null;
}

/** The sub-pages of a school (/school/header, schoolInfor, periphery, schoolTop, around*): one module, by `part`. */
export type SchoolPartData = SchoolBase &
  (
    | { part: 'header'; school: SchoolProfile; hot: SchoolItem[] | null }
    | { part: 'infor'; school: SchoolDetail }
    | {
        part: 'periphery';
        school: SchoolDetail;
        /** How many second-hand and rental listings the catchment holds (null when the count failed). */
        secHandTotal: number | null;
        rentTotal: number | null;
      }
    | { part: 'top'; school: SchoolProfile; ranking: SchoolListItem[] }
    | {
        part: 'louPan';
        school: SchoolProfile;
        estates: LoupanItem[];
        /** The schools each estate is matched to (getSchoolByHouseId), by estate id; null when that call failed. */
        estateSchools: Record<number, SchoolItem[]> | null;
      }
    | {
        part: 'schools';
        school: SchoolProfile;
        around: SchoolItem[];
        /** The schools each catchment community also belongs to (getSchoolByStressId), null when that call failed. */
        linked: Array<{ community: Pick<XiaoquItem, 'stressId' | 'name'>; schools: SchoolItem[] }> | null;
      }
    | {
        part: 'listings';
        /** ershoufang or zufang: which listings of the catchment. */
        kind: 'ershoufang' | 'zufang';
        school: SchoolProfile;
        communities: Array<Pick<XiaoquItem, 'stressId' | 'name'>>;
        items: Listing[];
        total: number;
        page: number;
        totalPages: number;
      }
  );
