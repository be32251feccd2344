import type { BaikeDetail, BaikeItem, BaikeStageCount, GlossaryTerm } from '../gateway/info.ts';

/** /baike/ and /baike/{stage}: the stages with their counts, one page of entries (most read first). */
export interface BaikeListData {
  stages: BaikeStageCount[];
  /** The stage shown; null for every stage. */
  stage: string | null;
  list: BaikeItem[];
  total: number;
  page: number;
  totalPages: number;
}

/** /baike/{id}.html: one entry, its body as blocks, the most read entries of its stage and the glossary terms it explains. */
export interface BaikeDetailData {
  entry: BaikeDetail;
  terms: GlossaryTerm[];
}

/** /zidian: the glossary by first letter. */
export interface ZidianData {
  groups: Array<{ letter: string; terms: GlossaryTerm[] }>;
  total: number;
}
