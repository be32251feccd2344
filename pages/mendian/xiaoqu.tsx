import type { MendianXiaoquData } from '../../src/contracts/page-data/mendian.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MendianXiaoquView } from '../../src/ui/mendian/MendianSubViews.tsx';

/** /mendian/xiaoqu?id=: the communities the store serves. */
export default function MendianXiaoquPage({ data }: PageProps<MendianXiaoquData>) {
  return <MendianXiaoquView data={data} />;
}
