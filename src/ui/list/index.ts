/** The shared parts of every list page: filter bar, pagination, result header. */

export type { ListPageData } from '../../contracts/page-data/list.ts';
export { FilterBar } from './FilterBar.tsx';
export { type FilterBarProps, filterHref } from './filter-parts.tsx';
export { Pagination, type PaginationProps, pageWindow } from './Pagination.tsx';
