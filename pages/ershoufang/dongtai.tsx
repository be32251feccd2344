import type { DongtaiData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { usePageData } from '../../src/ui/list/usePageData.ts';
import { DongtaiView } from './sub.tsx';

export default function ErshoufangDongtaiPage({ data: initial }: PageProps<DongtaiData>) {
  const data = usePageData(initial);
  return <DongtaiView data={data} />;
}
