/** What the second-hand and rental detail pages and their sub-pages receive. */

import type { Deferred } from '../deferred.ts';
import type { Belonger, ListingDetail, ListingItem, SchoolItem, XiaoquItem } from '../gateway/index.ts';
import type { LocationMapData } from './map.ts';

export interface DetailExtras {
  agentPhone: { webCall: string; extNum?: string | null } | null;
  community: XiaoquItem | null;
  /** Secondary: streams after the shell (src/render/deferred.ts). */
  similar: Deferred<ListingItem[]>;
  collected: boolean;
  collectTotal: number;
  /** The common questions buyers ask about such a listing, each a Q&A question (POST api/problemAsk/getProblemAskList). */
  questions?: Deferred<Array<{ id: number; question: string }>>;
  /** Other agents who know the listing's area (SPEC 7.7 getPersonalized); 客服 agents are marked. */
  recommended?: Deferred<Belonger[]>;
}

export interface PriceLogEntry {
  id: number;
  kind: string;
  oldPrice: number | null;
  newPrice: number | null;
  createdAt: string;
}

/** What the second-hand and rental detail pages receive. */
export interface ListingDetailData {
  kind: 'ershoufang' | 'zufang';
  ad: boolean;
  house: ListingDetail;
  extras: DetailExtras;
  /** Price changes and listing events (api/houseoperatelog); secondary, streams after the shell. */
  log: Deferred<PriceLogEntry[]>;
  /** Below the fold, so secondary (issue 20): they stream after the shell. */
  notes: Deferred<ListingNotes>;
  /** Absolute canonical URL (share). */
  url: string;
  /** Brand apartment variant (/zufang/zuyj). */
  zuyj?: boolean;
  /** The static location map (issue 14 part D); null without coordinates or when the call failed. */
  location?: LocationMapData | null;
}

export interface HouseBrief {
  houseId: number;
  title: string;
  price: number;
  priceText: string;
  huxing: string;
  area: number;
  xiaoquName: string | null;
  img: string;
  houseType: number;
}

export interface DaikanData {
  house: HouseBrief;
  records: Array<{ id: number; customer: string; remark: string; createdAt: string; name: string; portrait: string; belongerId: number }>;
}

export interface DongtaiData {
  house: HouseBrief | null;
  log: PriceLogEntry[];
  changeTimes: number;
  /** Without an id: the city's latest and price-cut listings. */
  newest: ListingItem[];
  priceCut: ListingItem[];
  /** How many listings are new and how many had a price change in the city (the head counts them). */
  newestTotal?: number;
  priceCutTotal?: number;
}

export interface ReferrerData {
  house: ListingDetail;
  kind: 'ershoufang' | 'zufang';
  agent: Belonger | null;
  agentPhone: { webCall: string; extNum?: string | null } | null;
  more: ListingItem[];
}

export interface ZhouData {
  house: HouseBrief & {
    regionName: string | null;
    shopMapName: string | null;
    stationName: string | null;
    lat: number | null;
    lng: number | null;
  };
  community: XiaoquItem | null;
  schools: SchoolItem[];
  nearbyCommunities: XiaoquItem[];
  nearbyListings: ListingItem[];
}

export interface ZuyjListData {
  items: ListingItem[];
  total: number;
  page: number;
  totalPages: number;
}

/** A listing's viewing count, its agent's comments (rentals: reviews) and the owner's note. */
export interface ListingNotes {
  daikanCount: number;
  comments: Array<{ id: number; content: string; createdAt: string; name: string; portrait: string }>;
  readme: string | null;
}
