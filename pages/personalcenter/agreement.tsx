import type { PageProps } from '../../src/render/page-props.ts';
import { AgreementDoc } from '../../src/ui/personal/AgreementDoc.tsx';

/** /personalcenter/agreement: the user service agreement of /xieyi/xhyhfwxy. */
export default function PersonalAgreementPage(_props: PageProps<unknown>) {
  return <AgreementDoc slug="xhyhfwxy" />;
}
