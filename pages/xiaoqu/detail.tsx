import type { XiaoquDetailData } from '../../src/contracts/page-data/xiaoqu.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { XiaoquDetailView } from '../../src/ui/xiaoqu/XiaoquDetailView.tsx';

/** /xiaoqu/{id}.html and /xiaoqu/details?id=: one community. */
export default function XiaoquDetailPage({ data }: PageProps<XiaoquDetailData>) {
  return <XiaoquDetailView data={data} />;
}
