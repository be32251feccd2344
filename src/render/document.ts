import escapeHtml from 'escape-html';
import htmlescape from 'htmlescape';
import type { PageHead } from '../contracts/head.ts';
import { BRAND_COLOR, MANIFEST_PATH } from '../pwa/manifest.ts';
import type { AppState } from '../stores/app-state.ts';
import type { ClientAssets, PageCss } from './assets.ts';
import { BOOT_SCRIPT } from './boot-script.ts';
import { APP_ROOT_ID, STATE_SCRIPT_ID } from './dom-ids.ts';
import { PAGE_CSS_ATTR } from './page-css-manifest.ts';

export { APP_ROOT_ID, STATE_SCRIPT_ID };

/** SPEC 2.8: fixed, non-scalable viewport. */
const VIEWPORT = 'width=device-width,initial-scale=1,maximum-scale=1,minimum-scale=1,user-scalable=no,viewport-fit=cover';

/**
 * Everything before the React markup: doctype, head (title, meta, canonical, the page's CSS, JSON-LD), body start, as
 * bytes. The inlined stylesheet is encoded once per file: joined to a title in Chinese it would be encoded again for
 * every request, through V8's slower two-byte path (issue 20).
 */
export function documentHead(head: PageHead, assets: ClientAssets, moduleKey: string): Buffer {
  const parts = [
    '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8">',
    `<meta name="viewport" content="${VIEWPORT}">`,
    '<meta name="format-detection" content="telephone=no">',
    `<meta name="theme-color" content="${BRAND_COLOR}">`,
    // Issue 37 part 5: the city host's web app manifest (plugins/pwa.ts) and the home-screen icon of iOS.
    `<link rel="manifest" href="${MANIFEST_PATH}">`,
    '<link rel="apple-touch-icon" href="/pwa/icon-192.png">',
    `<title>${escapeHtml(head.title)}</title>`,
  ];
  if (head.description) parts.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.keywords) parts.push(`<meta name="keywords" content="${escapeHtml(head.keywords)}">`);
  if (head.robots) parts.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.canonical) parts.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const l of head.links ?? []) parts.push(`<link rel="${escapeHtml(l.rel)}" href="${escapeHtml(l.href)}">`);
  parts.push('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  const after: string[] = [];
  for (const ld of head.jsonLd ?? []) after.push(`<script type="application/ld+json">${htmlescape(ld)}</script>`);
  after.push(`</head><body><div id="${APP_ROOT_ID}">`);
  return Buffer.concat([Buffer.from(parts.join('')), stylesFor(assets, moduleKey), Buffer.from(after.join(''))]);
}

/** The bytes of each page type's inlined stylesheet element, kept as long as the assets that hold its text. */
const styleBytes = new WeakMap<PageCss, Buffer>();

/**
 * The page type's own stylesheet inlined (issue 20: no render-blocking request before the first paint; a client
 * navigation links the next screen's file, src/client/page-css.ts), or without a per-page build the whole stylesheet.
 * A `</style` inside the CSS would end the element early: escaped (`\/` is `/` in CSS).
 */
function stylesFor(assets: ClientAssets, moduleKey: string): Buffer {
  const own = assets.pageCss(moduleKey);
  if (!own) return Buffer.from(assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join(''));
  let bytes = styleBytes.get(own);
  if (!bytes) {
    bytes = Buffer.from(`<style ${PAGE_CSS_ATTR}="${escapeHtml(moduleKey)}">${own.text.replace(/<\/style/gi, '<\\/style')}</style>`);
    styleBytes.set(own, bytes);
  }
  return bytes;
}

/**
 * Everything after the React markup: the state script (safe inside <script>) and the boot script. The first
 * screen's JSON-LD is left out of the state: it is already in the head, and the browser reads it back from there
 * (src/client/entry.tsx) rather than download it twice.
 */
export function documentTail(state: AppState, assets: ClientAssets): string {
  // The entry and the chunks the first screen hydrates with (fetched in parallel, not one import after the other),
  // started after the first paint by the boot script (issue 20).
  const script = assets.entry
    ? `<script data-entry="${escapeHtml(assets.entry)}" data-preload="${escapeHtml(assets.preloadsFor(state.route.module).join(' '))}">${BOOT_SCRIPT}</script>`
    : '';
  const { jsonLd: _inHead, ...head } = state.route.head;
  const serialized = htmlescape({ ...state, route: { ...state.route, head } });
  // The first screen's chunk: the browser imports it by this URL (src/client/pages.ts), not through the module map.
  const chunk = assets.entry ? assets.chunkOf(state.route.module) : null;
  const page = chunk ? ` data-page="${escapeHtml(chunk)}"` : '';
  return `</div><script id="${STATE_SCRIPT_ID}" type="application/json"${page}>${serialized}</script>${script}</body></html>`;
}

/** Last resort when the error page itself fails (SPEC 8): no React, no data, a link home. */
export function fallbackErrorDocument(status: number): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="${VIEWPORT}"><title>出错了 ${status}</title></head><body style="font-family:sans-serif;text-align:center;padding:48px 16px"><h1>${status}</h1><p>页面暂时无法显示，请稍后再试。</p><p><a href="/">返回首页</a></p></body></html>`;
}
