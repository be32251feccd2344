import type { ZhouData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ZhouView } from '../../src/ui/detail/HouseSubViews.tsx';

export default function ErshoufangZhouPage({ data }: PageProps<ZhouData>) {
  return <ZhouView data={data} />;
}
