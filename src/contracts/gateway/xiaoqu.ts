import type { ListingStats, MonthPrice } from './listing.ts';

/** A community. The gateway sends both `sname` (short) and `name`; the client copies sname into name (SPEC 7.1). */
export interface XiaoquItem {
  stressId: number;
  name: string;
  sname: string;
  /** The full name the gateway sent as `name`, kept by the client before it copies sname into name (issue 34). */
  fullName?: string;
  address: string;
  buildYear: number;
  buildType: string;
  propertyType: string;
  /** 元/㎡. */
  avgPrice: number;
  ratio: number;
  ershoucount: number;
  zufangcount: number;
  img: string;
  cityId: number;
  regionId: number;
  regionName: string | null;
  shopMapId: number;
  shopMapName: string | null;
  stationId: number | null;
  stationName: string | null;
  lat: number | null;
  lng: number | null;
  viewNum: number;
}

/** The community's own fields, as the backend's mapper builds them. */
export interface XiaoquProfile extends XiaoquItem {
  developer: string;
  propertyCompany: string;
  propertyFee: number;
  households: number;
  buildings: number;
  greenRate: number;
  plotRatio: number;
  parking: string;
  description: string;
  photos: string[];
}

/** GET of one community: its profile, price history and listing counts. */
export interface XiaoquDetail extends XiaoquProfile {
  prices: MonthPrice[];
  stats: ListingStats[];
}

export interface XiaoquFilter {
  cityId: number;
  regionId?: number;
  shopMapId?: number;
  stationId?: number;
  metroId?: number;
  priceMin?: number;
  priceMax?: number;
  buildAge?: number;
  buildType?: string;
  /** 物业类型: 普通住宅, 商住两用, 别墅. */
  propertyType?: string;
  keyword?: string;
  sort?: 'default' | 'priceAsc' | 'priceDesc' | 'ratioDesc' | 'ratioAsc' | 'ershoucount' | 'newest';
  page?: number;
  size?: number;
}

/** A community's floor plan, grouped from its listings by layout (api/xiaoqu/huxing; `hxId` is rooms·100 + halls·10 + toilets). */
export interface XiaoquPlan {
  hxId: number;
  stressId: number;
  name: string;
  rooms: number;
  halls: number;
  toilets: number;
  minArea: number;
  maxArea: number;
  /** Second-hand listings of this layout on sale. */
  count: number;
  /** Rentals of this layout. */
  rentCount: number;
  /** Average total price of its second-hand listings, 万; null when none is on sale. */
  avgPrice: number | null;
  /** The plan's picture; null when there is none. */
  img: string | null;
}

/** A community's latest month-on-month and year-on-year change of its average price (api/avgprice_s/findRatio). */
export interface XiaoquRatio {
  month: string;
  price: number;
  monthRatio: number;
  yearRatio: number;
}
