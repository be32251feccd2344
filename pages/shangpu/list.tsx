import type { ListPageData } from '../../src/contracts/page-data/list.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { CommercialTabs } from '../../src/ui/list/CommercialTabs.tsx';
import { CommercialFilterBarPart } from '../../src/ui/list/FilterBarPart.tsx';
import { ListingListView } from '../../src/ui/list/ListingListView.tsx';

/** /shangpucs/, /shangpucz/, /xieziloucs/, /xieziloucz/ and /zhaopu/ with their filter tails. */
export default function CommercialListPage({ data }: PageProps<ListPageData>) {
  return <ListingListView data={data} Bar={CommercialFilterBarPart} Tabs={CommercialTabs} />;
}
