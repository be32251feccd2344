/**
 * The knowledge base's (百科) stages and their list paths, pure and without I/O: `/baike/` is every stage,
 * `/baike/{slug}` one stage (`/baike/daikuan`), `?page=` its page.
 */

export const BAIKE_STAGES: ReadonlyArray<{ name: string; slug: string }> = [
  { name: '买房', slug: 'maifang' },
  { name: '贷款', slug: 'daikuan' },
  { name: '交易', slug: 'jiaoyi' },
  { name: '税费', slug: 'shuifei' },
  { name: '装修', slug: 'zhuangxiu' },
  { name: '租房', slug: 'zufang' },
];

export const BAIKE_PAGE_SIZE = 20;

/** The stage of a list tail: undefined for every stage, null when the tail names none. */
export function baikeStageOf(tail: string | undefined): string | undefined | null {
  if (tail === undefined || tail === '') return undefined;
  return BAIKE_STAGES.find((s) => s.slug === tail.toLowerCase())?.name ?? null;
}

export function baikeListHref(stage?: string, page = 1): string {
  const slug = BAIKE_STAGES.find((s) => s.name === stage)?.slug;
  return `/baike/${slug ?? ''}${page > 1 ? `?page=${page}` : ''}`;
}

export const baikeHref = (id: number) => `/baike/${id}.html`;
