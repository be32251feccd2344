/**
 * How the search's answers become what the pages show (issue 14), pure: the order and names of the groups, their
 * 查看全部 lists with the keyword applied, listing prices as text. Shared by the /search loader and /-/suggest.
 */
import type { SearchHit, SuggestGroups, SuggestKind } from '../contracts/gateway/search.ts';
import type { SearchGroupKind, SearchGroupView, SearchItemView } from '../contracts/page-data/search.ts';

export const SEARCH_QUERY_MAX = 50;

/** The keyword of a search request: `q`, or `keyword` (the older form of the search boxes), trimmed and capped. */
export function searchKeyword(query: Readonly<Record<string, string | undefined>>): string {
  return (query.q ?? query.keyword ?? '').trim().slice(0, SEARCH_QUERY_MAX);
}

export const SEARCH_QUERY_KEYS = ['q', 'keyword'] as const;

const LABEL: Record<SearchGroupKind, string> = {
  xiaoqu: '小区',
  loupan: '新房',
  ershoufang: '二手房',
  zufang: '租房',
  area: '区域商圈',
  school: '学校',
  station: '地铁站',
  store: '门店',
};

/** The order of the results page; suggestions use the same order without the listing kinds. */
export const GROUP_ORDER: readonly SearchGroupKind[] = ['xiaoqu', 'loupan', 'ershoufang', 'zufang', 'area', 'school', 'station', 'store'];

/** Each kind's list with the keyword applied (the lists read `?keyword=`), or null for kinds without one. */
export function moreHref(kind: SearchGroupKind, keyword: string): string | null {
  const kw = encodeURIComponent(keyword);
  switch (kind) {
    case 'xiaoqu':
      return `/xiaoqu/?keyword=${kw}`;
    case 'loupan':
      return `/xinfang/?keyword=${kw}`;
    case 'ershoufang':
      return `/ershoufang/?keyword=${kw}`;
    case 'zufang':
      return `/zufang/?keyword=${kw}`;
    case 'school':
      return `/school/?keyword=${kw}`;
    default:
      return null;
  }
}

const priceOf = (kind: SearchGroupKind, price: number | null | undefined): string | undefined => {
  if (!price) return undefined;
  if (kind === 'ershoufang') return `${price}万`;
  if (kind === 'zufang') return `${price}元/月`;
  return undefined;
};

const item = (kind: SearchGroupKind, h: Pick<SearchHit, 'title' | 'subtitle' | 'url' | 'price'>): SearchItemView => {
  const price = priceOf(kind, h.price);
  return { title: h.title, subtitle: h.subtitle, url: h.url, ...(price ? { price } : {}) };
};

/**
 * The non-empty groups in display order, from the suggestion groups and (on the results page) the listing groups of
 * the keyword search.
 */
export function searchGroups(
  keyword: string,
  suggest: Partial<SuggestGroups> | null | undefined,
  listings: Partial<Record<'ershoufang' | 'zufang', { total: number; list: SearchHit[] }>> = {},
  limit = 5,
  listingKeyword = keyword,
): SearchGroupView[] {
  const out: SearchGroupView[] = [];
  for (const kind of GROUP_ORDER) {
    const g = kind === 'ershoufang' || kind === 'zufang' ? listings[kind] : suggest?.[kind as SuggestKind];
    if (!g?.total || !Array.isArray(g.list)) continue;
    out.push({
      kind,
      label: LABEL[kind],
      total: g.total,
      items: g.list.slice(0, limit).map((h) => item(kind, h)),
      // The lists filter by Chinese text: a pinyin keyword that names a place goes to them as that place's name.
      more: moreHref(kind, listingKeyword),
    });
  }
  return out;
}

/** Hot-search types of api/search/hotcommont (1 new homes, 2 second-hand, 3 rentals, 4 communities, 5 general), as shown. */
export const HOT_TYPES: ReadonlyArray<{ type: number; label: string }> = [
  { type: 5, label: '大家都在搜' },
  { type: 4, label: '热门小区' },
  { type: 1, label: '热门新房' },
  { type: 2, label: '二手房热搜' },
  { type: 3, label: '租房热搜' },
];

const HAN = /\p{Script=Han}/u;
/** Kinds whose name also appears in listing titles and addresses. */
const NAMED_IN_LISTINGS: readonly SuggestKind[] = ['xiaoqu', 'loupan', 'area'];

/**
 * The Chinese name a pinyin keyword stands for: the first place, in display order, whose whole name (or its initials)
 * is the keyword. Null for a keyword with Chinese characters, or when no name matches whole.
 */
export function resolvedName(keyword: string, suggest: Partial<SuggestGroups> | null | undefined): string | null {
  if (!keyword || HAN.test(keyword)) return null;
  for (const kind of NAMED_IN_LISTINGS) {
    const hit = suggest?.[kind]?.list?.[0];
    if (hit?.exact) return hit.title;
  }
  return null;
}

/**
 * Whether the keyword names a place the index knows (a community, estate, area, school, station or store, in Chinese,
 * full pinyin or initials): only such a results page is worth a page-cache entry (issue 33: one per free-text keyword
 * filled the cache and pushed every other page out).
 */
export function namesKnownPlace(keyword: string, suggest: Partial<SuggestGroups> | null | undefined): boolean {
  if (!keyword || !suggest) return false;
  return Object.values(suggest).some((g) => g?.list?.some((hit) => hit.exact || hit.title === keyword));
}

/** The results page of a keyword. */
export const searchHref = (keyword: string) => `/search?q=${encodeURIComponent(keyword)}`;
