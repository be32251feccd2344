import type { DongtaiData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { DongtaiView } from '../../src/ui/detail/HouseSubViews.tsx';

export default function ErshoufangDongtaiPage({ data }: PageProps<DongtaiData>) {
  return <DongtaiView data={data} />;
}
