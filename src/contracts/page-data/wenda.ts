import type { WendaDetail, WendaItem } from '../gateway/info.ts';
import type { FormState } from './personal.ts';

/** /wenda/[category/][sort/][pg{n}/]: one page of questions. */
export interface WendaListPageData {
  category: string | null;
  sort: 'newest' | 'hot' | 'unanswered';
  list: WendaItem[];
  total: number;
  page: number;
  totalPages: number;
}

/** /wenda/{id}.html: a question and its answers, most liked first (the same for everyone: the page is cached). */
export interface WendaDetailData {
  question: WendaDetail;
  /** Other questions of its category. */
  related: WendaItem[];
  /** The answers the signed-in member liked (a member's request never reaches the page cache); empty for visitors. */
  liked: number[];
}

/** /wenda/huida/{id}.html: the answer form of a question (members only). */
export interface WendaHuidaData {
  question: WendaDetail;
  form: FormState;
}

/** /wenda/tiwen: the ask form (members only). */
export interface WendaTiwenData {
  categories: string[];
  /** The estate the question is about (`?houseId=`), if any. */
  houseId: number | null;
  form: FormState;
}
