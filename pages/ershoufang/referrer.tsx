import type { ReferrerData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ReferrerView } from '../../src/ui/detail/HouseSubViews.tsx';

export default function ErshoufangReferrerPage({ data }: PageProps<ReferrerData>) {
  return <ReferrerView data={data} />;
}
