import escapeHtml from 'escape-html';
import { BRAND_COLOR, MANIFEST_PATH } from './manifest.ts';
import { KEPT_PAGES_MARK } from './worker-script.ts';

/**
 * Issue 37 part 5: the page the service worker shows for a navigation it cannot answer (offline, and no kept copy
 * of that URL, or a page it never keeps, such as a member's). The worker keeps it at install and writes the list of
 * pages kept for offline reading where KEPT_PAGES_MARK is. One self-contained document: no script (the CSP allows
 * none inline), inline styles, the brand's icon from the worker's cache.
 */
export function offlinePageHtml(brand: string): string {
  const name = escapeHtml(brand);
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,minimum-scale=1,user-scalable=no,viewport-fit=cover"><meta name="theme-color" content="${BRAND_COLOR}"><meta name="robots" content="noindex"><link rel="manifest" href="${MANIFEST_PATH}"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>网络不可用_${name}</title><style>
body{margin:0;font:15px/1.6 -apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#222;background:#f5f6f7}
main{max-width:480px;margin:0 auto;padding:56px 20px 32px;text-align:center}
.logo{width:72px;height:72px;border-radius:16px}
h1{margin:20px 0 8px;font-size:20px}
p{margin:0 0 24px;color:#666}
.retry{display:inline-block;min-width:160px;padding:10px 24px;border-radius:22px;background:${BRAND_COLOR};color:#fff;text-decoration:none;font-size:16px}
.home{display:block;margin-top:16px;color:${BRAND_COLOR}}
.kept{margin-top:36px;text-align:left;background:#fff;border-radius:8px;padding:4px 16px}
.kept h2{font-size:15px;margin:12px 0 4px;color:#444}
.kept ul{list-style:none;margin:0;padding:0}
.kept li{border-top:1px solid #eee}
.kept li:first-child{border-top:0}
.kept a{display:block;padding:12px 0;color:#222;text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
</style></head><body><main data-offline-page><img class="logo" src="/pwa/icon-192.png" alt="${name}" width="72" height="72"><h1>网络不可用</h1><p>请检查手机的网络连接，恢复后点“重试”即可继续浏览。</p><a class="retry" href="">重试</a><a class="home" href="/">返回首页</a>${KEPT_PAGES_MARK}</main></body></html>`;
}
