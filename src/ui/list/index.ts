/** The shared parts of every list page: filter bar, pagination, result header. */
export { FilterBar, type FilterBarProps, filterHref } from './FilterBar.tsx';
export { Pagination, type PaginationProps, pageWindow } from './Pagination.tsx';
export type { ListPageData } from './types.ts';
