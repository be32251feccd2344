import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { FilterBar } from '../../src/ui/list/FilterBar.tsx';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import { SmsSubscribe } from '../../src/ui/list/SmsSubscribe.tsx';

/** /zufang/, /duanzu/ and their filter tails (SPEC 9 rental filters: price bands, whole/shared). */
export default function ZufangListPage({ data }: PageProps<ListPageData>) {
  return (
    <>
      <ListingListView data={data} Bar={FilterBar} />
      <SmsSubscribe what="租房" />
    </>
  );
}
