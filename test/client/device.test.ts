import t from 'tap';
import {
  APP_OPEN_CHECKS_MS,
  APP_OPEN_LATE_CHECK_MS,
  detectDevice,
  IOS_IN_APP_ALERT,
  planOpenApp,
  storeLinkFor,
  storeLinks,
} from '../../src/lib/device.ts';

/** An app as registry.json site.app names it. */
const APP = { scheme: 'demoapp', androidPackage: 'com.demo.house', iosAppStoreId: '987654321' };

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneWechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN',
  iphoneQQ:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/9.0.8.602 V1_IPH_SQ_9.0.8_1_APP_A Pixel/1170',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  huawei:
    'Mozilla/5.0 (Linux; Android 12; HUAWEI NOH-AN00 Build/HUAWEINOH-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36',
  huaweiModelOnly: 'Mozilla/5.0 (Linux; Android 10; ELS-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Mobile Safari/537.36',
  honor: 'Mozilla/5.0 (Linux; Android 13; HONOR ALI-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0 Mobile Safari/537.36',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  xiaomi:
    'Mozilla/5.0 (Linux; U; Android 13; zh-cn; 2211133C Build/TKQ1.220905.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.127 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.7.170',
  redmi: 'Mozilla/5.0 (Linux; Android 12; Redmi Note 11 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0 Mobile Safari/537.36',
  oppo: 'Mozilla/5.0 (Linux; Android 13; PHM110 Build/TP1A.220905.001) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/115.0 Mobile Safari/537.36',
  oppoName:
    'Mozilla/5.0 (Linux; U; Android 11; zh-cn; OPPO R15 Build/RKQ1.200903.002) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 HeyTapBrowser/40.7.30.1',
  oneplus: 'Mozilla/5.0 (Linux; Android 14; CPH2449) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  vivo: 'Mozilla/5.0 (Linux; Android 13; V2219A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 VivoBrowser/17.6.0.0',
  iqoo: 'Mozilla/5.0 (Linux; Android 12; iQOO Neo6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0 Mobile Safari/537.36',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  samsungWechat:
    'Mozilla/5.0 (Linux; Android 13; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0 Mobile Safari/537.36 MMWEBID/1234 MicroMessenger/8.0.40.2420(0x28002837) WeChat/arm64 Weixin NetType/WIFI',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

t.test('vendor from the user agent: iOS, Huawei, Xiaomi, OPPO, vivo, other Android', async (t) => {
  const vendor = (ua: string) => detectDevice(ua).vendor;
  t.equal(vendor(UA.iphone), 'ios');
  t.equal(vendor(UA.ipad), 'ios');
  t.equal(vendor(UA.iphoneWechat), 'ios');
  t.equal(vendor(UA.huawei), 'huawei');
  t.equal(vendor(UA.huaweiModelOnly), 'huawei', 'a Huawei model code without the brand name');
  t.equal(vendor(UA.honor), 'huawei', 'Honor phones use the Huawei store');
  t.equal(vendor(UA.harmony), 'huawei', 'HarmonyOS without "Android"');
  t.equal(vendor(UA.xiaomi), 'xiaomi');
  t.equal(vendor(UA.redmi), 'xiaomi');
  t.equal(vendor(UA.oppo), 'oppo', 'an OPPO model code');
  t.equal(vendor(UA.oppoName), 'oppo');
  t.equal(vendor(UA.oneplus), 'oppo', 'OnePlus ships the OPPO store');
  t.equal(vendor(UA.vivo), 'vivo');
  t.equal(vendor(UA.iqoo), 'vivo');
  t.equal(vendor(UA.pixel), 'android');
  t.equal(vendor(UA.samsungWechat), 'android');
  t.equal(vendor(UA.desktop), 'other');
  t.equal(vendor(''), 'other');
  t.equal(detectDevice(undefined).vendor, 'other');
});

t.test('phone browser or an app web view', async (t) => {
  t.same(detectDevice(UA.iphone), { vendor: 'ios', os: 'ios', inApp: null, phoneBrowser: true });
  t.same(detectDevice(UA.iphoneWechat), { vendor: 'ios', os: 'ios', inApp: 'wechat', phoneBrowser: false });
  t.equal(detectDevice(UA.iphoneQQ).inApp, 'qq');
  t.equal(detectDevice(UA.samsungWechat).inApp, 'wechat');
  t.equal(detectDevice(UA.desktop).phoneBrowser, false);
});

t.test(
  'store links by vendor, naming the configured package and App Store id; the apk from the gateway for other Android phones',
  async (t) => {
    const links = storeLinks(APP, 'https://dl.example.com/app.apk');
    t.same(
      links.map((l) => l.vendor),
      ['ios', 'huawei', 'xiaomi', 'oppo', 'vivo', 'android'],
    );
    const storeOf = (ua: string, apk: string | null = null) => storeLinkFor(detectDevice(ua), APP, apk)?.href;
    t.equal(storeOf(UA.iphone), 'https://apps.apple.com/cn/app/id987654321');
    t.equal(storeOf(UA.huawei), 'appmarket://details?id=com.demo.house');
    t.equal(storeOf(UA.xiaomi), 'mimarket://details?id=com.demo.house');
    t.equal(storeOf(UA.oppo), 'oppomarket://details?packagename=com.demo.house');
    t.equal(storeOf(UA.vivo), 'vivomarket://details?id=com.demo.house');
    t.equal(storeOf(UA.pixel, 'https://dl.example.com/app.apk'), 'https://dl.example.com/app.apk');
    t.equal(storeOf(UA.pixel), 'market://details?id=com.demo.house', 'no apk: the generic market link');
    t.equal(storeLinkFor(detectDevice(UA.desktop), APP, null), null);
  },
);

t.test('opening the app: 1.5 s and 2 s checks (2.2 s on the download page); iOS outside a phone browser gets the alert', async (t) => {
  t.same(APP_OPEN_CHECKS_MS, [1500, 2000]);
  t.equal(APP_OPEN_LATE_CHECK_MS, 2200);
  const plan = planOpenApp(detectDevice(UA.pixel), APP, '/ershoufang/1.html');
  t.same(plan, { kind: 'try', href: 'demoapp://open?path=%2Fershoufang%2F1.html', checksMs: [1500, 2000] }, 'the configured scheme');
  t.same(planOpenApp(detectDevice(UA.iphoneWechat), APP, '/'), { kind: 'alert', message: IOS_IN_APP_ALERT });
  t.equal(IOS_IN_APP_ALERT, '请在手机浏览器中打开此页面下载应用！');
  t.equal(planOpenApp(detectDevice(UA.iphone), APP, '/').kind, 'try', 'Safari tries the app');
  t.equal(planOpenApp(detectDevice(UA.samsungWechat), APP, '/').kind, 'try', 'the alert is for iOS only');
});
