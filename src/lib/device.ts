/**
 * Device and vendor from the user agent (SPEC 2.8): which app store a visitor is sent to, and whether the native app
 * can be opened from this browser at all. Pure: no `navigator`, no `window`; the same answer on the server and in tests.
 */
export type Vendor = 'ios' | 'huawei' | 'xiaomi' | 'oppo' | 'vivo' | 'android' | 'other';

/** In-app browsers that block app links and downloads (they need "open in the phone browser"). */
export type InAppBrowser = 'wechat' | 'qq' | 'weibo' | 'dingtalk' | 'alipay' | 'douyin' | null;

export interface Device {
  vendor: Vendor;
  os: 'ios' | 'android' | 'other';
  inApp: InAppBrowser;
  /** A phone's own browser (Safari, Chrome, the vendor's browser...), not an app's web view and not a desktop. */
  phoneBrowser: boolean;
}

const IOS = /\b(iPhone|iPad|iPod)\b|iOS\s\d/i;
const ANDROID = /\bAndroid\b|HarmonyOS|OpenHarmony/i;
// Vendor marks: brand names, their sub-brands and the model-code prefixes they ship with.
const HUAWEI =
  /HUAWEI|HONOR|HarmonyOS|OpenHarmony|HMSCore|\b(?:ALN|ANA|BAH|BAL|CDY|CLT|ELE|ELS|EML|JAD|JEF|LIO|MAR|MRX|NOH|NOP|OCE|TAS|VOG|WLZ|YAL|ADY|BRA|DCO|FLA|FNE|GOA|LGE|MGA|PGT|RTE)-[A-Z]{2}\d/i;
const XIAOMI = /\bXiaoMi\b|\bMi\s?\d|\bMI\s[A-Z0-9]|\bRedmi\b|\bPOCO\b|MIUI|HyperOS|\bM2\d{3}[A-Z]\d|\b2\d{3}[0-9A-Z]{3}[A-Z]{1,2}\b/i;
const OPPO = /\bOPPO\b|\bOnePlus\b|\brealme\b|HeyTapBrowser/i;
// OPPO, OnePlus and realme model codes (PBAM00, PHM110, CPH2449, RMX3700): upper case, so matched case-sensitively.
const OPPO_MODEL = /\b(?:P[A-K][A-Z]{1,2}\d{2,3}|CPH\d{4}|RMX\d{4})\b/;
const VIVO = /\bvivo\b|\biQOO\b|\bV\d{4}[A-Z]{1,2}\b|VivoBrowser/i;

const IN_APP: Array<[Exclude<InAppBrowser, null>, RegExp]> = [
  ['wechat', /MicroMessenger/i],
  ['qq', /\bQQ\/\d|\bQQTheme\b/i],
  ['weibo', /\bWeibo\b/i],
  ['dingtalk', /DingTalk/i],
  ['alipay', /AlipayClient/i],
  ['douyin', /aweme|BytedanceWebview|NewsArticle/i],
];

/** SPEC 2.8: device type and vendor from the user agent. */
export function detectDevice(ua: string | null | undefined): Device {
  const s = ua ?? '';
  const inApp = IN_APP.find(([, re]) => re.test(s))?.[0] ?? null;
  let vendor: Vendor = 'other';
  let os: Device['os'] = 'other';
  if (IOS.test(s)) {
    vendor = 'ios';
    os = 'ios';
  } else if (ANDROID.test(s) || HUAWEI.test(s)) {
    os = 'android';
    if (HUAWEI.test(s)) vendor = 'huawei';
    else if (VIVO.test(s)) vendor = 'vivo';
    else if (OPPO.test(s) || OPPO_MODEL.test(s)) vendor = 'oppo';
    else if (XIAOMI.test(s)) vendor = 'xiaomi';
    else vendor = 'android';
  }
  const mobile = os !== 'other' || /Mobile/i.test(s);
  return { vendor, os, inApp, phoneBrowser: mobile && inApp === null };
}

/**
 * The native app (SPEC 2.8): its URL scheme opens it at a path; the store links name its Android package and its App
 * Store id. Set per deployment in registry.json `site.app` (defaults for 湘房网 in the registry's schema).
 */
export interface NativeApp {
  /** URL scheme without `://`, e.g. `xiangfangwang`. */
  scheme: string;
  androidPackage: string;
  /** The app's numeric id in Apple's App Store. */
  iosAppStoreId: string;
}

/** The app's name as the download page shows it: the brand's APP. */
export const appName = (brand: string) => `${brand}APP`;

export interface StoreLink {
  vendor: Exclude<Vendor, 'other'>;
  label: string;
  href: string;
}

/** Every store the app is in, in the order the download page lists them. `apkUrl` is the gateway's Android package. */
export function storeLinks(app: NativeApp, apkUrl: string | null): StoreLink[] {
  const pkg = app.androidPackage;
  return [
    { vendor: 'ios', label: 'App Store', href: `https://apps.apple.com/cn/app/id${app.iosAppStoreId}` },
    { vendor: 'huawei', label: '华为应用市场', href: `appmarket://details?id=${pkg}` },
    { vendor: 'xiaomi', label: '小米应用商店', href: `mimarket://details?id=${pkg}` },
    { vendor: 'oppo', label: 'OPPO 软件商店', href: `oppomarket://details?packagename=${pkg}` },
    { vendor: 'vivo', label: 'vivo 应用商店', href: `vivomarket://details?id=${pkg}` },
    { vendor: 'android', label: '安卓安装包', href: apkUrl || `market://details?id=${pkg}` },
  ];
}

/** The one store link for this device: its vendor's store, the apk for other Android phones, null for desktops. */
export function storeLinkFor(device: Device, app: NativeApp, apkUrl: string | null): StoreLink | null {
  if (device.vendor === 'other') return null;
  return storeLinks(app, apkUrl).find((l) => l.vendor === device.vendor) ?? null;
}

/** The app link that opens `path` (a site path) in the native app. */
export function appLink(app: NativeApp, path = '/'): string {
  return `${app.scheme}://open?path=${encodeURIComponent(path)}`;
}

/** SPEC 9: after trying the app, the page checks whether it is still visible at these times... */
export const APP_OPEN_CHECKS_MS = [1500, 2000] as const;
/** ...and at this time in the download page's own check; still visible → the app is not installed. */
export const APP_OPEN_LATE_CHECK_MS = 2200;
export { DOWNLOAD_PATH } from './download-path.ts';
/** SPEC 8: opening the app on iOS outside a phone browser. */
export const IOS_IN_APP_ALERT = '请在手机浏览器中打开此页面下载应用！';

export type OpenAppPlan = { kind: 'alert'; message: string } | { kind: 'try'; href: string; checksMs: readonly number[] };

/** What "open the app" does on this device (SPEC 2.8, 8, 9). */
export function planOpenApp(device: Device, app: NativeApp, path: string, checksMs: readonly number[] = APP_OPEN_CHECKS_MS): OpenAppPlan {
  if (device.os === 'ios' && !device.phoneBrowser) return { kind: 'alert', message: IOS_IN_APP_ALERT };
  return { kind: 'try', href: appLink(app, path), checksMs };
}
