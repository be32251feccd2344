/** Kept so that branches written before issue 12 point 1 still compile: the list page's data lives in src/contracts. */
export type { ListPageData } from '../../contracts/page-data/list.ts';
