import type { AccountPageData } from '../contracts/page-data/account.ts';
import type { Meta } from '../pipeline/types.ts';

/** The account forms are for people, not search engines: the registry's title and description stand, never indexed. */
export const accountMeta: Meta<AccountPageData> = () => ({ robots: 'noindex, nofollow' });
