import type { ZhouData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { usePageData } from '../../src/ui/list/usePageData.ts';
import { ZhouView } from './sub.tsx';

export default function ErshoufangZhouPage({ data: initial }: PageProps<ZhouData>) {
  const data = usePageData(initial);
  return <ZhouView data={data} />;
}
