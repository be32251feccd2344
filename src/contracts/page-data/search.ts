/** What the site-wide search (/search, /-/suggest) and the city picker (/city) receive (issue 14). */
import type { SuggestKind } from '../gateway/search.ts';

/** A result group: the suggestion kinds plus the listing kinds of the results page. */
export type SearchGroupKind = SuggestKind | 'ershoufang' | 'zufang';

export interface SearchItemView {
  title: string;
  subtitle: string;
  url: string;
  /** A listing's price as shown (`85万`, `2300元/月`). */
  price?: string;
}

export interface SearchGroupView {
  kind: SearchGroupKind;
  label: string;
  total: number;
  items: SearchItemView[];
  /** 查看全部: the kind's list with the keyword applied; null when the kind has no list. */
  more: string | null;
}

/** Hot searches of one kind (api/search/hotcommont/{type}/{cityId}). */
export interface HotGroup {
  type: number;
  label: string;
  keywords: string[];
}

export interface SearchPageData {
  keyword: string;
  /**
   * The place a pinyin keyword names exactly (`sdy` → 时代苑): the listings are searched by this name, since listing
   * titles are Chinese. Absent for a Chinese keyword or when no name matches whole.
   */
  resolved?: string;
  /** Groups with at least one hit, in display order. */
  groups: SearchGroupView[];
  total: number;
  /** Before typing and when nothing matched. */
  hot: HotGroup[];
}

/** GET /-/suggest?q=: the browser's suggestions while typing. */
export interface SuggestAnswer {
  keyword: string;
  total: number;
  groups: SearchGroupView[];
}

export interface CityLink {
  cityId: number;
  name: string;
  /** Full pinyin and initials, for filtering as the visitor types. */
  pinyin: string;
  initials: string;
  province: string;
  /** The city's host on the same page (`http://wh.<mobileHost>/ershoufang/`). */
  href: string;
  current: boolean;
}

export interface CityPageData {
  current: { cityId: number; name: string };
  hot: CityLink[];
  /** Every city, by the initial letter of its pinyin, A to Z. */
  groups: Array<{ letter: string; cities: CityLink[] }>;
  /** The validated return path every city link keeps. */
  from: string;
}
