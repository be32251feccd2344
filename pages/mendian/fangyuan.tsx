import type { MendianFangyuanData } from '../../src/contracts/page-data/mendian.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MendianFangyuanView } from '../../src/ui/mendian/MendianSubViews.tsx';

/** /mendian/fangyuan?id=: the store's listings. */
export default function MendianFangyuanPage({ data }: PageProps<MendianFangyuanData>) {
  return <MendianFangyuanView data={data} />;
}
