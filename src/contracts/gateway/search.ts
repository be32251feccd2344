export type SearchKind = 'loupan' | 'ershoufang' | 'zufang' | 'business' | 'xiaoqu' | 'school' | 'info' | 'wenda' | 'baike';

export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  subtitle: string;
  url: string;
  price?: number | null;
  ershoucount?: number;
  zufangcount?: number;
}

/** What a visitor may be typing (issue 14): communities, new-home estates, districts and shop areas, schools, metro stations, stores. */
export type SuggestKind = 'xiaoqu' | 'loupan' | 'area' | 'school' | 'station' | 'store';

/** One suggestion: a named place and where it leads. */
export interface SuggestHit {
  kind: SuggestKind;
  id: number;
  title: string;
  subtitle: string;
  url: string;
  /** The keyword is this name: typed whole, in full pinyin or as its initials (`sdy` for 时代苑). */
  exact?: boolean;
}

export type SuggestGroups = Record<SuggestKind, { total: number; list: SuggestHit[] }>;

/** GET /api/search?suggest=true: the suggestions for a keyword, grouped by kind with counts. */
export interface SuggestResult {
  keyword: string;
  total: number;
  groups: SuggestGroups;
}
