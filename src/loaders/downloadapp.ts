import type { DownloadAppData } from '../contracts/page-data/downloadapp.ts';
import { storeLinks } from '../lib/device.ts';
import type { Loader } from '../pipeline/types.ts';

/** SPEC 2.8: the download page's store links and the Android apk. A gateway failure leaves the apk out, not the page. */
export const downloadappLoader: Loader<DownloadAppData> = async (ctx) => {
  let apkUrl: string | null = null;
  try {
    apkUrl = await ctx.api.config.androidApkUrl(ctx.call);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'apk URL unavailable; the download page shows the stores only');
  }
  return { data: { apkUrl, links: storeLinks(ctx.site.app, apkUrl) } };
};
