import type { MendianSearchData } from '../../src/contracts/page-data/mendian.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MendianSearchView } from '../../src/ui/mendian/MendianSubViews.tsx';

/** /mendian/search: find a store. */
export default function MendianSearchPage({ data }: PageProps<MendianSearchData>) {
  return <MendianSearchView data={data} />;
}
