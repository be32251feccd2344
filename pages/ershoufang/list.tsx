import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import { usePageData } from '../../src/ui/list/usePageData.ts';

/** /ershoufang/ and its filter tails (SPEC 9 second-hand filters). */
export default function ErshoufangListPage({ data: initial }: PageProps<ListPageData>) {
  const data = usePageData(initial);
  return <ListingListView data={data} />;
}
