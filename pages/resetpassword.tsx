import type { AccountPageData } from '../src/contracts/page-data/account.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { AccountScreen } from '../src/ui/account/AccountScreen.tsx';

/** /resetpassword (issue 13 part A): the account form; see src/ui/account/AccountScreen.tsx. */
export default function ResetPasswordPage({ data }: PageProps<AccountPageData>) {
  return <AccountScreen data={data} />;
}
