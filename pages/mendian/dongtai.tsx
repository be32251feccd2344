import type { MendianDongtaiData } from '../../src/contracts/page-data/mendian.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MendianDongtaiView } from '../../src/ui/mendian/MendianSubViews.tsx';

/** /mendian/dongtai?id=: the store's news and deals. */
export default function MendianDongtaiPage({ data }: PageProps<MendianDongtaiData>) {
  return <MendianDongtaiView data={data} />;
}
