import type { PageProps } from '../../src/render/page-props.ts';
import { AgreementDoc } from '../../src/ui/personal/AgreementDoc.tsx';

/** /personalcenter/yinsi: the privacy policy of /xieyi/xhyszc. */
export default function PersonalPrivacyPage(_props: PageProps<unknown>) {
  return <AgreementDoc slug="xhyszc" />;
}
