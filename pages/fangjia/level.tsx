import type { FangjiaData } from '../../src/contracts/page-data/fangjia.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { FangjiaView } from '../../src/ui/fangjia/FangjiaView.tsx';

/** /fangjia and its levels (district, shop area, metro, community, search): one view, registry `params.level`. */
export default function FangjiaPage({ data }: PageProps<FangjiaData>) {
  return <FangjiaView data={data} />;
}
