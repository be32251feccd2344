import type { ListingItem } from '../../api/types.ts';
import type { ListingKind, ListingQuery, LocationDict } from '../../lib/listing-filters.ts';

/** What a second-hand or rental list page receives from its loader (serialized into the page). */
export interface ListPageData {
  kind: ListingKind;
  /** The list root the filter tails hang off: `/ershoufang/`, `/zufang/`, `/duanzu/`. */
  base: string;
  query: ListingQuery;
  dict: LocationDict;
  items: ListingItem[];
  total: number;
  page: number;
  totalPages: number;
  /** `长沙岳麓区二手房`: city + location + kind, the page's h1. */
  heading: string;
  /** Human labels of the active filters. */
  labels: string[];
  /** Short-term rentals (/duanzu). */
  shortTerm?: boolean;
}
