import type { DaikanData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { usePageData } from '../../src/ui/list/usePageData.ts';
import { DaikanView } from './sub.tsx';

export default function ErshoufangDaikanPage({ data: initial }: PageProps<DaikanData>) {
  const data = usePageData(initial);
  return <DaikanView data={data} />;
}
