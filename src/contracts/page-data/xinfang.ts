/** What the new-home (新房) pages receive. */

import type { RegionSlugs, XinfangFilter } from '../../lib/xinfang-filters.ts';
import type { XinfangListView } from '../../lib/xinfang-list-view.ts';
import type { Deferred } from '../deferred.ts';
import type {
  Belonger,
  Dianping,
  Dongtai,
  LoupanDetail,
  LoupanItem,
  Page,
  Region,
  SchoolItem,
  TypePrice,
  WendaItem,
} from '../gateway/index.ts';
import type { LocationMapData } from './map.ts';
import type { VideoCard, VrTourView } from './media.ts';

/** A belonger with the phone number the site shows (SPEC 7.7 api/zhcall webCall: the switchboard plus extension). */
export type BelongerWithCall = Belonger & { webCall: string };

export interface XinfangListData {
  filter: XinfangFilter;
  keyword: string;
  list: LoupanItem[];
  total: number;
  page: number;
  totalPages: number;
  regions: Region[];
  slugs: RegionSlugs;
  regionName: string;
  /** Hot estates of the city when the filtered list is empty. */
  hot: LoupanItem[];
  /** Its heading, chips and links, made from the filter state by the loader. */
  view: XinfangListView;
}

export type EstateVariant = 'detail' | 'old' | 'ad' | 'dy' | 'fhlmxf' | 'daogou';

export interface XinfangDetailData {
  variant: EstateVariant;
  estate: LoupanDetail;
  /** The member has this estate among the favourites (SPEC 7.8 new-home kind). */
  collected: boolean;
  prices: TypePrice[];
  /** Secondary, like the fields below that are Deferred: stream after the shell (src/render/deferred.ts). */
  huxingStats: Deferred<Array<{ rooms: number; count: number; minArea: number; maxArea: number; name: string }>>;
  belongers: Deferred<BelongerWithCall[]>;
  /** The agent shown in the bottom bar (SPEC 7.3 popupBelonger), else the first bound agent. */
  agent: BelongerWithCall | null;
  /** Secondary (news, surroundings, schools, reviews, Q&A, estates nearby): stream after the shell (src/render/deferred.ts). */
  dongtai: Deferred<Page<Dongtai>>;
  schools: Deferred<SchoolItem[]>;
  comments: Deferred<Dianping[]>;
  commentTotal: Deferred<number>;
  wenda: Deferred<WendaItem[]>;
  wendaTotal: Deferred<number>;
  similar: Deferred<LoupanItem[]>;
  /** The static location map (nearby schools and stations); null when the estate has no position or the call failed. */
  location?: Deferred<LocationMapData | null>;
  /** Guide-referral page (findByJingJiRenDaoGuo): the referring agent and the BMS house id. */
  referrer?: { bmsHouseId: string; belonger: BelongerWithCall | null };
}

export interface EstateAgentsData {
  estate: LoupanItem;
  belongers: BelongerWithCall[];
  /** How many agents the estate has (the page lists at most 20). */
  total: number;
}

export interface DaikanData {
  estate: LoupanItem;
  contracts: Array<{ month: string; units: number; area: number; avgPrice: number }>;
  rank: number | null;
  belongers: BelongerWithCall[];
}

export interface PjguwenData {
  belonger: BelongerWithCall;
  estate: LoupanItem | null;
  comments: Dianping[];
  total: number;
}

export interface WendaListData {
  estate: LoupanItem | null;
  list: WendaItem[];
  total: number;
  /** Other new-home questions of the city, when the estate has none. */
  others: WendaItem[];
}

export interface MediaData {
  kind: 'video' | 'vr';
  estate: LoupanDetail | null;
  /** Estates of the city that have this kind of media (the index page without an id). */
  list: LoupanItem[];
  agent: BelongerWithCall | null;
  /** Issue 19: the estate's clips (video page) or its panorama tour (VR page). */
  videos: VideoCard[];
  tour: VrTourView | null;
}

export interface RankingData {
  list: Array<LoupanItem & { rank: number; favorite: boolean }>;
  page: number;
  totalPages: number;
}

export interface StarAgentData {
  list: BelongerWithCall[];
  page: number;
  totalPages: number;
}

export interface HangqingData {
  avgPrice: number;
  ershouAvgPrice: number;
  ratio: number;
  rank: Array<{ id: number; name: string; img: string; price: number; regionName: string; units: number }>;
  regions: Region[];
  newest: LoupanItem[];
}

export interface ClassifyData {
  types: Array<{ code: number; name: string; count: number; href: string; sample: LoupanItem[] }>;
  tags: Array<{ id: number; name: string; count: number }>;
}

export interface FindHouseData {
  regions: Region[];
}

export interface TabData {
  tab: string;
  title: string;
  list: LoupanItem[];
  tabs: Array<{ key: string; label: string }>;
}
