import type { XiaoquListData } from '../../src/contracts/page-data/xiaoqu.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { XiaoquListView } from '../../src/ui/xiaoqu/XiaoquListView.tsx';

/** /xiaoqu/ and its filter tails: communities by place, average price, age and type. */
export default function XiaoquListPage({ data }: PageProps<XiaoquListData>) {
  return <XiaoquListView data={data} />;
}
