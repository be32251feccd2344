import type { Belonger, Store, StoreNews, StoreXiaoqu } from '../gateway/index.ts';
import type { Listing } from './cards.ts';
import type { LocationMapData } from './map.ts';

/** Stores (issue 17 part B): the data of the /mendian pages. */

/** A store as its pages print it (the gateway's record; coordinates kept for the nearest-first enhancement). */
export type StoreCard = Store;

/** An agent as a store page lists it. */
export type StoreAgent = Pick<Belonger, 'belongerId' | 'name' | 'portrait' | 'title' | 'years' | 'score' | 'dealCount' | 'phone'>;

export interface MendianListData {
  query: { regionId?: number; page?: number };
  regions: ReadonlyArray<{ regionId: number; regionName: string; href: string }>;
  items: StoreCard[];
  total: number;
  page: number;
  totalPages: number;
  /** `长沙岳麓区门店` */
  heading: string;
  where: string;
  /** Ordered nearest first from the visitor's position. */
  near: boolean;
  pageHrefs: { prev: string | null; next: string | null };
}

export interface MendianDetailData {
  store: StoreCard;
  agents: StoreAgent[];
  houses: Listing[];
  map: LocationMapData | null;
  news: StoreNews[];
  xiaoqu: StoreXiaoqu[];
  listHref: string;
}

/** A paged sub-page of one store (fangyuan, xiaoqu, dongtai). */
export interface MendianPaged<T> {
  store: StoreCard;
  items: T[];
  total: number;
  page: number;
  totalPages: number;
  listHref: string;
}

export type MendianFangyuanData = MendianPaged<Listing> & { kind: 'ershoufang' | 'zufang' };
export type MendianXiaoquData = MendianPaged<StoreXiaoqu>;
export type MendianDongtaiData = MendianPaged<StoreNews>;

export interface MendianLicenseData {
  store: StoreCard;
  licenseImg: string;
  filingImg: string;
  listHref: string;
}

export interface MendianSearchData {
  keyword: string;
  regions: ReadonlyArray<{ regionId: number; regionName: string; href: string }>;
  items: StoreCard[];
  total: number;
}
