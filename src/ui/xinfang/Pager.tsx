/** The new-home lists page with the shared list pagination (links: 上一页, numbers with gaps, 下一页). */
export { Pagination as Pager } from '../list/index.ts';
