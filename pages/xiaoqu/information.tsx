import type { XiaoquInformationData } from '../../src/contracts/page-data/xiaoqu.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { XiaoquInformationView } from '../../src/ui/xiaoqu/XiaoquInformationView.tsx';

/** /xiaoqu/information?id=: the facts of a community. */
export default function XiaoquInformationPage({ data }: PageProps<XiaoquInformationData>) {
  return <XiaoquInformationView data={data} />;
}
