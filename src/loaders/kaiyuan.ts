import type { CreditsData } from '../contracts/page-data/kaiyuan.ts';
import { CREDITS } from '../lib/credits.ts';
import { kaiyuanMeta } from '../meta/kaiyuan.ts';
import { type PageLoader, pageLoader } from '../pipeline/types.ts';

/** /kaiyuan (issue 34): the licences of the open-source software and the data sources; static, no gateway call. */
export const kaiyuan: PageLoader<CreditsData> = pageLoader(async () => ({ data: CREDITS }), kaiyuanMeta);
