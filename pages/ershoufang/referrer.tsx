import type { ReferrerData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { usePageData } from '../../src/ui/list/usePageData.ts';
import { ReferrerView } from './sub.tsx';

export default function ErshoufangReferrerPage({ data: initial }: PageProps<ReferrerData>) {
  const data = usePageData(initial);
  return <ReferrerView data={data} />;
}
