import type { Loader, PageContext } from '../pipeline/types.ts';
import type { ListPageData } from '../ui/list/types.ts';
import { type ListingDetailData, loadListingDetail } from './ershoufang.ts';
import { type ListSpec, loadList } from './listing-common.ts';

export const ZUFANG_LIST: ListSpec = { kind: 'zufang', base: '/zufang/', houseType: 12, noun: '租房', pageSize: 20 };
/** Short-term rentals (/duanzu/*, /zufang/duanzu): the rental codes, shortTerm on. */
export const DUANZU_LIST: ListSpec = { kind: 'zufang', base: '/duanzu/', houseType: 12, noun: '短租房', pageSize: 20, shortTerm: true };

export const zufangListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, ZUFANG_LIST);
export const duanzuListLoader: Loader<ListPageData> = (ctx) => loadList(ctx, DUANZU_LIST);

/** Rental detail; similar rentals come 10 at a time (SPEC 7.11, 9). */
export const zufangDetailLoader: Loader<ListingDetailData> = (ctx) => loadListingDetail(ctx, 'zufang');
/** /zufang/zuyj/{id}.html: a brand-apartment rental, the same detail with its own canonical. */
export const zuyjDetailLoader: Loader<ListingDetailData> = (ctx) => loadListingDetail(ctx, 'zufang', { zuyj: true });

/** The list spec of a list page (for the listing-query middleware), by its loader name. */
export function listSpecOf(ctx: Pick<PageContext, 'page'>): ListSpec | null {
  switch (ctx.page.loader) {
    case 'ershoufangList':
      return { kind: 'ershoufang', base: '/ershoufang/', houseType: 11, noun: '二手房', pageSize: 20 };
    case 'zufangList':
      return ZUFANG_LIST;
    case 'duanzuList':
      return DUANZU_LIST;
    default:
      return null;
  }
}
