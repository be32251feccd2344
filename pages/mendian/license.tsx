import type { MendianLicenseData } from '../../src/contracts/page-data/mendian.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MendianLicenseView } from '../../src/ui/mendian/MendianSubViews.tsx';

/** /mendian/license?id=: the store's licence and filing. */
export default function MendianLicensePage({ data }: PageProps<MendianLicenseData>) {
  return <MendianLicenseView data={data} />;
}
