import type { XiaoquHuxingData } from '../../src/contracts/page-data/xiaoqu.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { XiaoquHuxingView } from '../../src/ui/xiaoqu/XiaoquHuxingView.tsx';

/** /xiaoqu/huxing?id= and /xiaoqu/huxing/{hxId}/{id}/: floor plans of a community. */
export default function XiaoquHuxingPage({ data }: PageProps<XiaoquHuxingData>) {
  return <XiaoquHuxingView data={data} />;
}
