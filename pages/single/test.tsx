import type { TestPageData } from '../../src/contracts/page-data/apph5.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { OpenAppButton } from '../../src/ui/OpenApp.tsx';

const VENDOR_NAMES: Record<string, string> = {
  ios: '苹果',
  huawei: '华为/荣耀',
  xiaomi: '小米/红米',
  oppo: 'OPPO/一加/realme',
  vivo: 'vivo/iQOO',
  android: '其他安卓',
  other: '非手机',
};
const IN_APP_NAMES: Record<string, string> = {
  wechat: '微信',
  qq: 'QQ',
  weibo: '微博',
  dingtalk: '钉钉',
  alipay: '支付宝',
  douyin: '抖音/头条',
};

/** /test: the ops diagnostic page (noindex, never cached): versions, city, and SPEC 2.8's view of this browser. */
export default function TestPage({ data: d }: PageProps<TestPageData>) {
  const rows: Array<[string, string]> = [
    ['构建版本', d.buildVersion],
    ['前端入口', d.clientEntry ?? '未构建（无客户端脚本）'],
    ['路由表版本', `${d.registryVersion}（${d.registryPages}个页面）`],
    ['当前城市', `${d.city.name}（ID ${d.city.cityId}${d.city.domain ? `，${d.city.domain}` : ''}）`],
    ['站点', d.siteKind === 'pc' ? '电脑站' : '手机站'],
    ['设备系统', d.device.os === 'ios' ? 'iOS' : d.device.os === 'android' ? 'Android' : '其他'],
    ['设备厂商', VENDOR_NAMES[d.device.vendor] ?? d.device.vendor],
    ['应用内浏览器', d.device.inApp ? (IN_APP_NAMES[d.device.inApp] ?? d.device.inApp) : '否'],
    ['手机浏览器', d.device.phoneBrowser ? '是' : '否'],
    ['下载渠道', d.storeLabel ? `${d.storeLabel}` : '下载页 /downloadapp/'],
    ['渲染时间', d.renderedAt],
  ];
  return (
    <div className="sg-page">
      <h1 className="sg-title">测试页</h1>
      <section className="card sg-sec">
        <ul className="sg-kv" data-testid="diagnostics">
          {rows.map(([k, v]) => (
            <li key={k}>
              <span>{k}</span>
              <b>{v}</b>
            </li>
          ))}
        </ul>
      </section>
      <section className="card sg-sec">
        <h2 className="sg-sec__title">User-Agent</h2>
        <p className="sg-ua">{d.userAgent || '（空）'}</p>
      </section>
      <section className="card sg-sec">
        <h2 className="sg-sec__title">唤起APP</h2>
        <p className="sg-note">点击后尝试打开APP；若页面仍可见，将按厂商前往下载页。</p>
        <OpenAppButton className="btn btn--primary btn--block" path="/">
          尝试打开APP
        </OpenAppButton>
      </section>
    </div>
  );
}
