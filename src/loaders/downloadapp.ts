import { type StoreLink, storeLinks } from '../lib/device.ts';
import type { Loader } from '../pipeline/types.ts';

export interface DownloadAppData {
  /** The Android package from the gateway (api/app/version/resolve/Android, obj.apkUrl); null when unavailable. */
  apkUrl: string | null;
  /** Every store, for every device: the page is cached for all visitors, so the device is picked in the browser. */
  links: StoreLink[];
}

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
