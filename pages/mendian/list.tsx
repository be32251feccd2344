import type { MendianListData } from '../../src/contracts/page-data/mendian.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MendianListView } from '../../src/ui/mendian/MendianListView.tsx';

/** /mendian/*: the store list by district. */
export default function MendianListPage({ data }: PageProps<MendianListData>) {
  return <MendianListView data={data} />;
}
