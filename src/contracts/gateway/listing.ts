import type { Belonger, ImDetails } from './belonger.ts';

/** A second-hand, rental or commercial listing as a list item (SPEC 3, House listing). */
export interface ListingItem {
  houseId: number;
  houseNumber: string;
  /** 11 second-hand, 12 rental, 13/14 shop for sale/rent, 15/16 office for sale/rent. */
  houseType: number;
  houseTypeName: string;
  title: string;
  /** Sale: 万. Rent: 元/月. */
  price: number;
  priceUnit: string;
  priceText: string;
  unitPrice: number;
  unitPriceText: string;
  area: number;
  rooms: number;
  halls: number;
  toilets: number;
  /** `3室2厅1卫`, empty for shops and offices. */
  huxing: string;
  floor: number;
  totalFloors: number;
  floorLevel: string;
  orientation: string;
  decoration: string;
  buildYear: number;
  elevator: boolean;
  useType: string;
  rentType: string | null;
  shortTerm: boolean;
  payType: string | null;
  businessFormat: string | null;
  tags: string[];
  features: string[];
  priceChange: number;
  originalPrice: number | null;
  img: string;
  hasVr: boolean;
  /** Issue 19: the listing's VR tour (/vr?id=) and video (/video/{id}.html) pages, when it has them. */
  vrUrl?: string | null;
  videoUrl?: string | null;
  viewNum: number;
  cityId: number;
  regionId: number;
  regionName: string | null;
  shopMapId: number;
  shopMapName: string | null;
  stressId: number | null;
  xiaoquName: string | null;
  stationId: number | null;
  stationName: string | null;
  belongerId: number;
  lat: number | null;
  lng: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ListingDetail extends ListingItem {
  description: string;
  photos: string[];
  /** 在售 or 已下架. */
  status: string;
  agentInfo: Belonger | null;
  imDetails: ImDetails | null;
}

export type ListingSort =
  | 'default'
  | 'newest'
  | 'priceAsc'
  | 'priceDesc'
  | 'unitPriceAsc'
  | 'unitPriceDesc'
  | 'areaAsc'
  | 'areaDesc'
  | 'hot';

/** Filters of the second-hand, rental and commercial lists (SPEC 9 filter options). Prices: 万 for sale, 元/月 for rent. */
export interface ListingFilter {
  cityId: number;
  houseType?: number;
  /** Several kinds in one list (the shop channel: shops for sale and for rent); wins over houseType. */
  houseTypes?: number[];
  regionId?: number;
  shopMapId?: number;
  metroId?: number;
  stationId?: number;
  stressId?: number;
  /** Listings of any of these communities (a school's catchment). */
  stressIds?: number[];
  priceMin?: number;
  priceMax?: number;
  areaMin?: number;
  areaMax?: number;
  /** Room counts; 5 means 5 or more. */
  rooms?: number[];
  /** Building age at most this many years (5, 10, 15, 20). */
  buildAge?: number;
  /** low: under 6, mid: 6-12, high: over 12. */
  floor?: 'low' | 'mid' | 'high';
  orientation?: string;
  decoration?: string;
  elevator?: boolean;
  useType?: string;
  tags?: string[];
  feature?: string;
  priceChange?: boolean;
  rentType?: string;
  shortTerm?: boolean;
  businessFormat?: string;
  belongerId?: number;
  keyword?: string;
  sort?: ListingSort;
  page?: number;
  size?: number;
}

/** Monthly average price of a community or an area. */
export interface MonthPrice {
  month: string;
  price: number;
  deals?: number;
}

export interface ListingStats {
  houseType: number;
  count: number;
  avgUnitPrice: number;
  minPrice: number;
  maxPrice: number;
}
