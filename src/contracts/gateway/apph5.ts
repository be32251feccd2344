/** Gateway records of the in-app pages and the listing verification page (issue 19; our paths, see src/backend/README.md). */

/** One closed deal (成交): a second-hand sale (houseType 11, 万) or a rental (12, 元/月) in a community. */
export interface DealRecord {
  dealId: number;
  houseType: number;
  cityId: number;
  regionId: number;
  regionName: string;
  stressId: number;
  xiaoquName: string;
  rooms: number;
  halls: number;
  area: number;
  floor: string;
  orientation: string;
  /** 万 for a sale, 元/月 for a rental. */
  price: number;
  priceText: string;
  /** 元/㎡ of a sale; null for a rental. */
  unitPrice: number | null;
  /** The asking price when the listing went up, in the unit of `price`. */
  listPrice: number;
  /** Days from listing to deal (成交周期). */
  days: number;
  /** YYYY-MM-DD, Beijing. */
  dealDate: string;
  storeName: string | null;
}

/** The filter of `POST /api/deal/findByCondition`. */
export interface DealFilter {
  cityId: number;
  regionId?: number;
  stressId?: number;
  houseType?: number;
  page?: number;
  size?: number;
}

/** A listing's verification by the housing authority (房源核验): the code printed on its listing, and its state. */
export interface ListingVerification {
  houseId: number;
  houseNumber: string;
  houseType: number;
  cityId: number;
  title: string;
  xiaoquName: string | null;
  /** 房源核验码 as issued. */
  code: string;
  /** 已核验 (verified) | 核验中 (under review) | 已失效 (expired or the listing withdrawn). */
  status: string;
  authority: string;
  /** YYYY-MM-DD. */
  issuedAt: string;
  expiresAt: string;
}
