import type { DownloadAppData } from '../contracts/page-data/downloadapp.ts';
import { storeLinks } from '../lib/device.ts';
import { type LoadResult, pageLoader } from '../pipeline/types.ts';

/**
 * SPEC 2.8: the download page's store links and the Android apk. A gateway failure leaves the apk out, not the page.
 * Its head is the registry's title and description (no meta).
 */
export const downloadappLoader = pageLoader(async (ctx): Promise<LoadResult<DownloadAppData>> => {
  let apkUrl: string | null = null;
  try {
    apkUrl = await ctx.api.config.androidApkUrl(ctx.call);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'apk URL unavailable; the download page shows the stores only');
  }
  return { data: { apkUrl, links: storeLinks(ctx.site.app, apkUrl) } };
});
