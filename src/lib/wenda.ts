/**
 * The Q&A (问答) rules shared by the portal, its views and the embedded gateway, pure and without I/O: what a question
 * and an answer may be, the categories, and the list's canonical path.
 *
 *   /wenda/[category/][sort/][pg{n}/]
 *   category = loupan · xiaoqu · quyu · daikuan · zufang · zhengce · jiaoyi · ershoufang · qita (none: every category)
 *   sort     = hot (most viewed) · unanswered (waiting for an answer); none: newest first
 *
 * The same filters as query parameters (`?category=贷款&sort=hot&page=2`) redirect (301) to the canonical path.
 */

export const WENDA_TITLE_MIN = 5;
export const WENDA_TITLE_MAX = 50;
export const WENDA_DETAIL_MAX = 500;
export const WENDA_ANSWER_MIN = 2;
export const WENDA_ANSWER_MAX = 500;
export const WENDA_PAGE_SIZE = 20;
export const WENDA_LIST_BASE = '/wenda/';

export const WENDA_CATEGORIES: ReadonlyArray<{ name: string; slug: string }> = [
  { name: '楼盘', slug: 'loupan' },
  { name: '小区', slug: 'xiaoqu' },
  { name: '二手房', slug: 'ershoufang' },
  { name: '区域', slug: 'quyu' },
  { name: '贷款', slug: 'daikuan' },
  { name: '交易', slug: 'jiaoyi' },
  { name: '政策', slug: 'zhengce' },
  { name: '租房', slug: 'zufang' },
  { name: '其他', slug: 'qita' },
];
export const WENDA_CATEGORY_NAMES = WENDA_CATEGORIES.map((c) => c.name);

export type WendaSort = 'newest' | 'hot' | 'unanswered';
export const WENDA_SORTS: ReadonlyArray<{ sort: WendaSort; label: string; slug: string }> = [
  { sort: 'newest', label: '最新', slug: '' },
  { sort: 'hot', label: '热门', slug: 'hot' },
  { sort: 'unanswered', label: '待回答', slug: 'unanswered' },
];

export interface WendaListFilter {
  category?: string;
  sort: WendaSort;
  page: number;
}

const MAX_PAGE = 9999;

/** The canonical path of a list filter. */
export function wendaListHref(f: WendaListFilter): string {
  const parts: string[] = [];
  const cat = WENDA_CATEGORIES.find((c) => c.name === f.category);
  if (cat) parts.push(cat.slug);
  const sort = WENDA_SORTS.find((s) => s.sort === f.sort);
  if (sort?.slug) parts.push(sort.slug);
  if (f.page > 1) parts.push(`pg${f.page}`);
  return WENDA_LIST_BASE + parts.map((p) => `${p}/`).join('');
}

/** The filter of a list tail (what follows /wenda/), or null when it is not one this grammar writes (any case accepted). */
export function parseWendaTail(tail: string): WendaListFilter | null {
  const segs = tail
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '');
  const f: WendaListFilter = { sort: 'newest', page: 1 };
  let stage = 0;
  for (const seg of segs) {
    const cat = WENDA_CATEGORIES.find((c) => c.slug === seg);
    const sort = WENDA_SORTS.find((s) => s.slug && s.slug === seg);
    const pg = /^pg([1-9][0-9]{0,3})$/.exec(seg);
    if (cat && stage < 1) {
      f.category = cat.name;
      stage = 1;
    } else if (sort && stage < 2) {
      f.sort = sort.sort;
      stage = 2;
    } else if (pg && stage < 3) {
      f.page = Math.min(Number(pg[1]), MAX_PAGE);
      stage = 3;
    } else return null;
  }
  return f;
}

/** The query keys a list accepts as another spelling of its path. */
export const WENDA_QUERY_KEYS = ['category', 'sort', 'page'] as const;

/** The filter of the query's variants over the path's, or null when the query says nothing of it. */
export function wendaFromQuery(query: Record<string, string>, base: WendaListFilter): WendaListFilter | null {
  if (!WENDA_QUERY_KEYS.some((k) => query[k] !== undefined)) return null;
  const f = { ...base };
  const cat = query.category;
  if (cat !== undefined) {
    const c = WENDA_CATEGORIES.find((x) => x.name === cat || x.slug === cat.toLowerCase());
    f.category = c?.name;
  }
  const sort = query.sort;
  if (sort !== undefined) f.sort = WENDA_SORTS.find((s) => s.sort === sort || (s.slug && s.slug === sort))?.sort ?? 'newest';
  const page = query.page;
  if (page !== undefined) f.page = /^[1-9][0-9]{0,3}$/.test(page) ? Number(page) : 1;
  return f;
}

/** The detail page of a question, and its answer page. */
export const wendaHref = (id: number) => `/wenda/${id}.html`;
export const huidaHref = (id: number) => `/wenda/huida/${id}.html`;
