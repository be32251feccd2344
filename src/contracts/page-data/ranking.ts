import type { TopicItem } from '../gateway/topic.ts';
import type { Listing } from './cards.ts';

/**
 * Rankings, topics and discovery (issue 15 part C): /bangdan, /bangdan/{regionId}/sqbd, /rankingList/*,
 * /indextype/*, /topic, /topic/{id}.html, /faxian and /composite.
 */

/** A community in a ranking: the same figures as its own page (参考均价, 环比上月). */
export interface RankXiaoqu {
  kind: 'xiaoqu';
  rank: number;
  stressId: number;
  name: string;
  img: string;
  where: string;
  avgPrice: number;
  /** Percent change of the reference price on the month before (the community page's 环比上月). */
  ratio: number;
  viewNum: number;
}

/** A new-home estate in a ranking: the same price as its own page. */
export interface RankLoupan {
  kind: 'loupan';
  rank: number;
  houseId: number;
  name: string;
  img: string;
  regionName: string | null;
  shopMapName: string | null;
  typeCodes: number[];
  /** 元/㎡; 0 is 价格待定. */
  price: number;
  saleStatus: string;
  viewNum: number;
}

export type RankEntry = RankXiaoqu | RankLoupan;

export interface RankingBoard {
  slug: string;
  name: string;
  rule: string;
  /** What the board's figure is: views (关注), or the month's price change. */
  figure: 'views' | 'ratio';
  entries: RankEntry[];
  /** Its call failed: the section says so (the page is not cached). */
  failed?: boolean;
}

/** A district with its latest area price, its change on the month before and its deals (SPEC 7.5 housePrice/area/city). */
export interface DistrictFigures {
  regionId: number;
  regionName: string;
  avgPrice: number;
  ratio: number;
  deals: number;
}

export interface BangdanData {
  boards: RankingBoard[];
  districts: DistrictFigures[];
}

export interface SqbdData {
  district: DistrictFigures;
  boards: RankingBoard[];
  /** The city's other districts, to switch. */
  districts: Array<Pick<DistrictFigures, 'regionId' | 'regionName'>>;
}

export interface RankingListData {
  board: RankingBoard;
  others: Array<{ slug: string; name: string }>;
}

export interface IndextypeData {
  type: { code: number; name: string };
  types: Array<{ code: number; name: string }>;
  estates: RankLoupan[];
  total: number;
  page: number;
  totalPages: number;
  /** The new-home list filtered by this type (its canonical path form). */
  listHref: string;
}

/** /indextype: every SPEC 9 new-home type, with the city's count of estates and its most viewed one. */
export interface IndextypeIndexData {
  types: Array<{
    code: number;
    name: string;
    /** Estates of the type in the city (the gateway's total). */
    total: number;
    /** Its most viewed estate, when it has one. */
    top: Pick<RankLoupan, 'houseId' | 'name' | 'price'> | null;
    /** The new-home list filtered by the type. */
    listHref: string;
  }>;
}

export interface TopicListData {
  topics: TopicItem[];
}

export interface ArticleLink {
  id: number;
  title: string;
  summary: string;
  cover: string;
  viewNum: number;
  createdAt: string;
}

export interface QuestionLink {
  id: number;
  title: string;
  answerCount: number;
  viewNum: number;
}

export interface TopicDetailData {
  topic: TopicItem;
  docs: ArticleLink[];
  wenda: QuestionLink[];
  listings: Listing[];
  loupans: RankLoupan[];
  /** The city's other topics. */
  others: Array<Pick<TopicItem, 'id' | 'title'>>;
}

export type FeedItem =
  | ({ kind: 'doc' } & ArticleLink)
  | ({ kind: 'wenda' } & QuestionLink)
  | { kind: 'listing'; listing: Listing }
  | { kind: 'loupan'; estate: RankLoupan };

export interface FaxianData {
  topics: Array<Pick<TopicItem, 'id' | 'title' | 'cover'>>;
  boards: Array<{ slug: string; name: string }>;
  feed: FeedItem[];
}

export interface CompositeData {
  district: DistrictFigures;
  xiaoqu: RankXiaoqu[];
  loupans: RankLoupan[];
  listings: Listing[];
  wenda: QuestionLink[];
  /** The city's districts, to switch. */
  districts: Array<Pick<DistrictFigures, 'regionId' | 'regionName'>>;
  /** The canonical lists of this district. */
  links: { xiaoqu: string | null; ershoufang: string | null };
}
