import { useEffect, useState } from 'react';
import type { DownloadAppData } from '../src/contracts/page-data/downloadapp.ts';
import { APP_OPEN_LATE_CHECK_MS, appName, type Device, detectDevice, type StoreLink } from '../src/lib/device.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { useAppState, usePageStore } from '../src/stores/context.tsx';
import { definePageStore } from '../src/stores/page-store.ts';
import { BrandMark, ChatIcon, CommunityIcon, Icon, NewHomeIcon, PriceIcon } from '../src/ui/icons.tsx';
import { openApp } from '../src/ui/open-app.ts';

type Platform = 'ios' | 'android';

/** The tab the visitor picked (kept across a reload through sessionStorage: SPEC 4); '' = follow the device. */
export const downloadStore = definePageStore('downloadapp', () => ({ platform: '' as Platform | '' }));

const FEATURES = [
  { Icon: NewHomeIcon, title: '真实房源', text: '新房、二手房、租房实地核验' },
  { Icon: PriceIcon, title: '房价行情', text: '小区成交价、挂牌价每日更新' },
  { Icon: ChatIcon, title: '在线咨询', text: '专业经纪人一对一解答' },
  { Icon: CommunityIcon, title: '预约看房', text: '线上预约，到点带看不跑空' },
] as const;

const TABS: Array<{ key: Platform; label: string }> = [
  { key: 'ios', label: 'iPhone' },
  { key: 'android', label: '安卓手机' },
];

/**
 * /downloadapp (SPEC 2.8): the app's store links for every device, the Android apk, the one recommended for this
 * phone (picked in the browser: the page is cached for all visitors) and 打开APP, which tries the app and, when it
 * does not open within 2.2 s, goes to this phone's store.
 */
export default function DownloadAppPage({ data }: PageProps<DownloadAppData | null>) {
  const links = data?.links ?? [];
  const [device, setDevice] = useState<Device | null>(null);
  const [pick, store] = usePageStore(downloadStore);
  const { brand, app } = useAppState().site;
  useEffect(() => setDevice(detectDevice(navigator.userAgent)), []);

  const devicePlatform: Platform = device?.os === 'ios' ? 'ios' : 'android';
  const platform: Platform = pick.platform || devicePlatform;
  const shown = links.filter((l) => (platform === 'ios' ? l.vendor === 'ios' : l.vendor !== 'ios'));
  const mine: StoreLink | undefined = device ? links.find((l) => l.vendor === device.vendor) : undefined;
  const primary = mine ?? links.find((l) => l.vendor === (platform === 'ios' ? 'ios' : 'android'));

  const onOpen = (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    openApp({
      app,
      path: '/',
      checksMs: [APP_OPEN_LATE_CHECK_MS],
      onNotInstalled: () => {
        if (primary) window.location.href = primary.href;
      },
    });
  };

  return (
    <div className="dl">
      <style>{CSS}</style>
      <section className="dl__hero">
        <span className="dl__icon" aria-hidden="true">
          <BrandMark size={56} />
        </span>
        <h1 className="dl__title">{appName(brand)}</h1>
        <p className="dl__lead">真房源 · 好经纪人 · 随时随地找好房</p>
        <div className="dl__cta">
          <a href="/downloadapp/" className="btn dl__open" onClick={onOpen} data-open-app="">
            打开APP
          </a>
          <a href={primary?.href ?? '#dl-stores'} className="btn dl__get" rel="nofollow">
            立即下载
          </a>
        </div>
        {device?.inApp ? (
          <p className="dl__inapp" role="note">
            当前在应用内浏览，可能无法直接下载：请点击右上角「···」，选择「在浏览器打开」。
          </p>
        ) : null}
      </section>

      <ul className="dl__features">
        {FEATURES.map(({ Icon: FIcon, title, text }) => (
          <li key={title} className="dl__feature">
            <FIcon size={26} className="dl__feature-icon" />
            <span className="dl__feature-title">{title}</span>
            <span className="dl__feature-text">{text}</span>
          </li>
        ))}
      </ul>

      <section className="card dl__stores" id="dl-stores" aria-label="下载渠道">
        <div className="dl__tabs" role="tablist" aria-label="选择手机系统">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`dl-tab-${t.key}`}
              aria-selected={platform === t.key}
              aria-controls="dl-panel"
              className={`dl__tab${platform === t.key ? ' is-active' : ''}`}
              onClick={() => {
                store.platform = t.key;
              }}
            >
              {t.label}
            </button>
          ))}
        </div>
        <ul className="dl__links" id="dl-panel" role="tabpanel" aria-labelledby={`dl-tab-${platform}`}>
          {shown.map((l) => (
            <li key={l.vendor}>
              <a className="dl__link" href={l.href} rel="nofollow">
                <Icon name={l.vendor === 'android' ? 'share' : 'store'} size={22} className="dl__link-icon" />
                <span className="dl__link-label">{l.label}</span>
                {mine?.vendor === l.vendor ? <span className="tag tag--hl">推荐</span> : null}
                <span className="dl__link-go">{l.vendor === 'android' && data?.apkUrl ? '下载' : '前往'}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="dl__note">
          {platform === 'ios'
            ? '需 iOS 13 及以上版本，在 App Store 搜索「湘房网」也可下载。'
            : '推荐从手机自带的应用商店下载；其他安卓手机可直接下载安装包。'}
        </p>
      </section>
    </div>
  );
}

const CSS = `
.dl{padding-bottom:24px}
.dl__hero{display:flex;flex-direction:column;align-items:center;padding:28px 24px 32px;text-align:center;color:#fff;
background:radial-gradient(100% 80% at 0% 0%,rgba(255,255,255,.16),transparent 60%),linear-gradient(160deg,#17c27a 0%,var(--c-brand) 60%,#009457 100%)}
.dl__icon{display:flex;align-items:center;justify-content:center;width:84px;height:84px;border-radius:22px;background:#fff;color:var(--c-brand);box-shadow:0 8px 24px rgba(0,0,0,.15)}
.dl__title{margin:16px 0 6px;font-size:24px;font-weight:700}
.dl__lead{margin:0;font-size:14px;opacity:.92}
.dl__cta{display:flex;gap:12px;margin-top:22px;width:100%;max-width:320px}
.dl__cta .btn{flex:1}
.dl__open{color:var(--c-brand-dark);background:#fff}
.dl__get{color:#fff;background:rgba(255,255,255,.18);border:1px solid rgba(255,255,255,.7)}
.dl__inapp{margin:16px 0 0;padding:10px 12px;border-radius:8px;background:rgba(0,0,0,.18);font-size:13px;line-height:1.5}
.dl__features{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin:12px 12px 0;padding:0;list-style:none}
.dl__feature{display:flex;flex-direction:column;gap:4px;padding:14px;border-radius:var(--radius);background:var(--c-card)}
.dl__feature-icon{color:var(--c-brand)}
.dl__feature-title{font-size:15px;font-weight:600;color:var(--c-text)}
.dl__feature-text{font-size:12px;line-height:1.5;color:var(--c-text-3)}
.dl__stores{padding:4px 16px 14px}
.dl__tabs{display:flex;border-bottom:1px solid var(--c-line)}
.dl__tab{flex:1;min-height:var(--tap);border:0;background:none;font:inherit;font-size:15px;color:var(--c-text-2);border-bottom:2px solid transparent}
.dl__tab.is-active{color:var(--c-brand-dark);font-weight:600;border-bottom-color:var(--c-brand)}
.dl__links{margin:0;padding:0;list-style:none}
.dl__link{display:flex;align-items:center;gap:10px;min-height:52px;border-bottom:1px solid var(--c-line);color:var(--c-text)}
.dl__link-icon{color:var(--c-brand)}
.dl__link-label{flex:1;font-size:15px}
.dl__link-go{font-size:13px;color:var(--c-brand-dark)}
.dl__note{margin:12px 0 0;font-size:12px;line-height:1.6;color:var(--c-text-3)}
`;
