import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { FilterBar } from '../../src/ui/list/FilterBar.tsx';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import { SmsSubscribe } from '../../src/ui/list/SmsSubscribe.tsx';

/** /ershoufang/ and its filter tails (SPEC 9 second-hand filters). */
export default function ErshoufangListPage({ data }: PageProps<ListPageData>) {
  return (
    <>
      <ListingListView data={data} Bar={FilterBar} />
      <SmsSubscribe what="二手房" />
    </>
  );
}
