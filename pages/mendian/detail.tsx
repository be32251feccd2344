import type { MendianDetailData } from '../../src/contracts/page-data/mendian.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MendianDetailView } from '../../src/ui/mendian/MendianDetailView.tsx';

/** /mendian/{id}.html and /mendian/detail?id=: one store. */
export default function MendianDetailPage({ data }: PageProps<MendianDetailData>) {
  return <MendianDetailView data={data} />;
}
