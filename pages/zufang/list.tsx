import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import { usePageData } from '../../src/ui/list/usePageData.ts';

/** /zufang/, /duanzu/ and their filter tails (SPEC 9 rental filters: price bands, whole/shared). */
export default function ZufangListPage({ data: initial }: PageProps<ListPageData>) {
  const data = usePageData(initial);
  return <ListingListView data={data} />;
}
