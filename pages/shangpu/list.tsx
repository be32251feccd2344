import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import { usePageData } from '../../src/ui/list/usePageData.ts';

/** /shangpucs/, /shangpucz/, /xieziloucs/, /xieziloucz/ and /zhaopu/ with their filter tails. */
export default function CommercialListPage({ data: initial }: PageProps<ListPageData>) {
  const data = usePageData(initial);
  return <ListingListView data={data} />;
}
