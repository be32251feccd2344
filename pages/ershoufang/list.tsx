import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { FilterBarPart } from '../../src/ui/list/FilterBarPart.tsx';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import { SmsSubscribePart } from '../../src/ui/list/SmsSubscribePart.tsx';

/** /ershoufang/ and its filter tails (SPEC 9 second-hand filters). */
export default function ErshoufangListPage({ data }: PageProps<ListPageData>) {
  return (
    <>
      <ListingListView data={data} Bar={FilterBarPart} />
      <SmsSubscribePart what="二手房" />
    </>
  );
}
