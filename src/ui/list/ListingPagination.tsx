import type { ListPageData } from '../../contracts/page-data/list.ts';
import { toTail } from '../../lib/listing-filters.ts';
import { Pagination } from './Pagination.tsx';

/**
 * The page links of a second-hand, rental or commercial list, built from the filter state: with the filter tables,
 * its own chunk, loaded when the end of the list comes into view (ListingListView; issue 35 part 4).
 */
export function ListingPagination({ data: { base, query: q, kind, dict, page, totalPages } }: { data: ListPageData }) {
  return (
    <Pagination page={page} totalPages={totalPages} hrefOf={(n) => base + toTail({ ...q, page: n > 1 ? n : undefined }, kind, dict)} />
  );
}
