/** What the commercial (商铺, 写字楼, 找铺) pages receive. */
import type { CommercialKind } from '../../lib/listing-kinds.ts';
import type { ListingDetail, ListingItem } from '../gateway/index.ts';
import type { DetailExtras } from './ershoufang.ts';

/** What a shop or office detail page receives. */
export interface CommercialDetailData {
  /** The section the page is in: the listing's own kind, or 找铺 (its links stay in the shop channel). */
  section: CommercialKind | 'zhaopu';
  ad: boolean;
  house: ListingDetail;
  extras: DetailExtras;
  /** Listing events and price changes (api/houseoperatelog). */
  log: Array<{ id: number; kind: string; oldPrice: number | null; newPrice: number | null; createdAt: string }>;
  /** Absolute canonical URL (share). */
  url: string;
}

export interface SydcData {
  kinds: Array<{ kind: CommercialKind; noun: string; total: number; items: ListingItem[] }>;
  total: number;
}

export interface HotWords {
  /** Business formats (业态) by number of shops, most first (api/cmsShopComboUserOrder/findBusinessFormat). */
  formats: string[];
  /** The city's regions with their list slug (`/zhaopu/{slug}/`). */
  regions: Array<{ regionName: string; slug: string }>;
}

export type ZhaopuSearchData = HotWords;

export type BusinessCounts = Record<'shangpucs' | 'shangpucz' | 'xieziloucs' | 'xieziloucz' | 'total', number>;

export interface ZhaopuSearchListData {
  keyword: string;
  /** Matches per commercial kind; null without a keyword. */
  counts: BusinessCounts | null;
  items: ListingItem[];
  total: number;
  page: number;
  totalPages: number;
  hot: HotWords;
}
