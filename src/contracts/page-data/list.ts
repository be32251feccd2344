import type { ListingKind, ListingQuery, LocationDict } from '../../lib/listing-filters.ts';
import type { Listing } from './cards.ts';

/** What a second-hand, rental or commercial list page receives from its loader (serialized into the page). */
export interface ListPageData {
  kind: ListingKind;
  /** 二手房, 租房, 短租房, 商铺出售 …, 商铺出租 (找铺 with its deal): what the count counts. */
  noun?: string;
  /** The list root the filter tails hang off: `/ershoufang/`, `/zufang/`, `/duanzu/`, `/shangpucs/`, `/zhaopu/`. */
  base: string;
  query: ListingQuery;
  dict: LocationDict;
  /** The cards of this page (listingCardOf). */
  items: Listing[];
  total: number;
  page: number;
  totalPages: number;
  /** `长沙岳麓区二手房`: city + location + kind, the page's h1. */
  heading: string;
  /** Human labels of the active filters. */
  labels: string[];
  /**
   * The list at the chosen place without the other filters (清空筛选): built by the loader, so the list's first
   * JavaScript needs no filter tables (issue 35 part 4).
   */
  clearHref: string;
  /** Short-term rentals (/duanzu). */
  shortTerm?: boolean;
}
