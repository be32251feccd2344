import type { PageProps } from '../../src/render/page-props.ts';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import type { ListPageData } from '../../src/ui/list/types.ts';

/** /shangpucs/, /shangpucz/, /xieziloucs/, /xieziloucz/ and /zhaopu/ with their filter tails. */
export default function CommercialListPage({ data }: PageProps<ListPageData>) {
  return <ListingListView data={data} />;
}
