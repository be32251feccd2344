import type { DaikanData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { DaikanView } from '../../src/ui/detail/HouseSubViews.tsx';

export default function ErshoufangDaikanPage({ data }: PageProps<DaikanData>) {
  return <DaikanView data={data} />;
}
