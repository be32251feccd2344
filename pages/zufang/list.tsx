import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { FilterBarPart } from '../../src/ui/list/FilterBarPart.tsx';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';
import { SmsSubscribePart } from '../../src/ui/list/SmsSubscribePart.tsx';

/** /zufang/, /duanzu/ and their filter tails (SPEC 9 rental filters: price bands, whole/shared). */
export default function ZufangListPage({ data }: PageProps<ListPageData>) {
  return (
    <>
      <ListingListView data={data} Bar={FilterBarPart} />
      <SmsSubscribePart what="租房" />
    </>
  );
}
