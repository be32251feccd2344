/** What the app download page receives. */
import type { StoreLink } from '../../lib/device.ts';

export interface DownloadAppData {
  /** The Android package from the gateway (api/app/version/resolve/Android, obj.apkUrl); null when unavailable. */
  apkUrl: string | null;
  /** Every store, for every device: the page is cached for all visitors, so the device is picked in the browser. */
  links: StoreLink[];
}
