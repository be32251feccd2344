import type { InfoDoc, WendaItem } from './info.ts';
import type { ListingItem } from './listing.ts';
import type { LoupanItem } from './xinfang.ts';

/** A housing topic of a city (issue 15 part C; our path, SPEC 7 shows none): a curated group of content. */
export interface TopicItem {
  id: number;
  cityId: number;
  title: string;
  intro: string;
  cover: string;
  docCount: number;
  wendaCount: number;
  listingCount: number;
  loupanCount: number;
}

/** A topic with what it groups, each list in its curated order. */
export interface TopicDetail extends TopicItem {
  docs: InfoDoc[];
  wenda: WendaItem[];
  listings: ListingItem[];
  loupans: LoupanItem[];
}
