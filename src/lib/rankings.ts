import { LOUPAN_TYPES, type LoupanTypeCode } from './loupan-types.ts';

/**
 * The city-wide rankings of /bangdan and /rankingList/* (issue 15 part C; SPEC 2.1, 2.4, 7.3, 7.5, 9). Pure data:
 * each ranking has one canonical spelling (its `slug`: /rankingList/{slug} is its one canonical URL) and the SEO
 * spellings that old links and search engines use (`aliases`), all answered by the same page. A tail that is none of
 * these is no ranking: the `rankingTail` validator makes it the 404 screen before any gateway call.
 */
export type RankingKey = 'hotXiaoqu' | 'hotLoupan' | 'priceRise' | 'priceFall';

export interface RankingDef {
  key: RankingKey;
  /** The canonical tail: /rankingList/{slug}. */
  slug: string;
  /** Other spellings of the same ranking (pinyin initials, English). */
  aliases: readonly string[];
  name: string;
  /** What orders it, as a visitor reads it. */
  rule: string;
  /** What it ranks: communities (/xiaoqu/{id}.html) or new-home estates (/xinfang/{id}.html). */
  kind: 'xiaoqu' | 'loupan';
}

export const RANKINGS: readonly RankingDef[] = [
  {
    key: 'hotXiaoqu',
    slug: 'remenxiaoqu',
    aliases: ['rmxq', 'hotxiaoqu', 'hot-xiaoqu'],
    name: '热门小区榜',
    rule: '按小区浏览量排名',
    kind: 'xiaoqu',
  },
  {
    key: 'hotLoupan',
    slug: 'renqiloupan',
    aliases: ['rqlp', 'hotloupan', 'hot-loupan'],
    name: '人气楼盘榜',
    rule: '按楼盘浏览量排名',
    kind: 'loupan',
  },
  {
    key: 'priceRise',
    slug: 'zhangfubang',
    aliases: ['zfb', 'xiaoquzhangfu', 'price-rise'],
    name: '房价涨幅榜',
    rule: '按小区参考均价环比上月涨幅排名',
    kind: 'xiaoqu',
  },
  {
    key: 'priceFall',
    slug: 'diefubang',
    aliases: ['dfb', 'xiaoqudiefu', 'price-fall'],
    name: '房价跌幅榜',
    rule: '按小区参考均价环比上月跌幅排名',
    kind: 'xiaoqu',
  },
];

/** SPEC 9: the hot list holds at most 30, by viewNum; every full ranking is that long. */
export const RANKING_LIMIT = 30;

const BY_SPELLING = new Map<string, RankingDef>(
  RANKINGS.flatMap((r) => [r.slug, ...r.aliases, `${r.slug}.html`].map((s) => [s.toLowerCase(), r] as const)),
);

/** The ranking a /rankingList/ tail names (case-insensitive, one trailing slash allowed), or null. */
export function rankingOfTail(tail: string | undefined): RankingDef | null {
  if (!tail) return null;
  const t = tail.endsWith('/') ? tail.slice(0, -1) : tail;
  return BY_SPELLING.get(t.toLowerCase()) ?? null;
}

export const rankingHref = (r: Pick<RankingDef, 'slug'>): string => `/rankingList/${r.slug}`;
export const districtRankingHref = (regionId: number): string => `/bangdan/${regionId}/sqbd`;
export const compositeHref = (regionId: number): string => `/composite?regionId=${regionId}`;
export const topicHref = (id: number): string => `/topic/${id}.html`;
export const indextypeHref = (code: number): string => `/indextype/${code}`;
/** /indextype: every type with its count (issue 34). */
export const INDEXTYPE_INDEX_HREF = '/indextype';

/**
 * An /indextype/ tail: a SPEC 9 type by its code (`3`) or its English term (`villa`), then an optional page
 * (`/p2`). Null for anything else (the 404 screen). The canonical form is the code: /indextype/3, /indextype/3/p2.
 */
export function parseIndextypeTail(tail: string | undefined): { code: LoupanTypeCode; page: number } | null {
  const m = /^([a-z]+|[1-9])(?:\/p([1-9][0-9]{0,3}))?\/?$/i.exec(tail ?? '');
  if (!m) return null;
  const word = (m[1] as string).toLowerCase();
  const type = LOUPAN_TYPES.find((t) => String(t.code) === word || t.en === word);
  if (!type) return null;
  const page = m[2] ? Number(m[2]) : 1;
  if (m[2] && page < 2) return null;
  return { code: type.code, page };
}

export const indextypePageHref = (code: number, page: number): string => `${indextypeHref(code)}${page > 1 ? `/p${page}` : ''}`;
