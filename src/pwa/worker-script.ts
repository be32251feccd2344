/**
 * Issue 37 part 5: the service worker, served at /sw.js by plugins/pwa.ts with its settings in front (the build id,
 * the build's shell files, the registry's `site.offline`). Hand-written rather than generated (STACK-NOTES allows
 * vite-plugin-pwa, which is not installed): its rules are shorter than the plugin's configuration would be.
 *
 * The rules (docs/offline.md says the same for people):
 * 1. Only GET requests of this origin are touched. POSTs (every action), other methods and other hosts go to the
 *    network as if there were no worker.
 * 2. A path under `neverCache` (the `/-/` data and action endpoints, the personal centre, chat, favourites, login…) is
 *    never read from nor written to a cache. Its navigations go to the network; offline they get the offline page.
 * 3. Hashed build files (`/assets/…`, named by their content), the versioned icon sprite and the app icons: cache
 *    first. A name never changes content, so a kept copy is always right. The entry and its static imports are kept
 *    at install, so a kept page hydrates offline.
 * 4. Navigations (the documents of pages): network first. An answer is kept only when it is a 200 HTML document whose
 *    Cache-Control says `public` (and not `private`/`no-store`): the portal gives every member's answer, every
 *    personal page and every answer that sets a cookie `private, no-store` (src/http-cache.ts,
 *    plugins/http-caching.ts; a worker cannot see Set-Cookie itself), so no member page or personal data is ever
 *    kept. The kept pages are the last `keepPages` opened: keeping one again moves it to the end, and the oldest go
 *    when there are more (trimmed at each put).
 * 5. No answer within `navigationTimeoutMs`, or no network at all: the kept copy of that URL, with a 离线 banner
 *    written into its HTML before the app's root (outside what React hydrates), at the top of the page above the
 *    sticky header; without a kept copy, the offline page
 *    (/offline.html, kept at install) listing the pages kept for offline reading.
 * 6. A screen shown by a client navigation (its data came from `/-/data`, rule 2) is kept too: the page tells the
 *    worker (src/client/offline.ts), which asks for the document itself under the same rule 4, marked
 *    `x-portal-keep` so that the gateway does not count the view twice (src/pipeline/record-view.ts).
 * 7. Updates: the script carries the build id, and every cache is named by it. A new build is a new script, which
 *    installs, takes over at once (skipWaiting, clients.claim) and deletes every cache of another build on activate:
 *    no old shell survives a deploy, and pages kept under the old build go with their old assets.
 */

export interface WorkerConfig {
  buildId: string;
  /** The entry and its static imports (URLs), kept at install. */
  shellFiles: string[];
  keepPages: number;
  navigationTimeoutMs: number;
  neverCache: string[];
  offlineUrl: string;
}

/** The request header of rule 6. */
export const KEEP_HEADER = 'x-portal-keep';
/** The response header a kept copy carries when the worker serves it: `offline` or `slow`. */
export const KEPT_COPY_HEADER = 'x-offline-copy';
/** Where the offline page lists the kept pages. */
export const KEPT_PAGES_MARK = '<!--kept-pages-->';

export function serviceWorkerScript(config: WorkerConfig): string {
  return `'use strict';\nconst CONFIG = ${JSON.stringify(config)};\nconst KEEP_HEADER = ${JSON.stringify(KEEP_HEADER)};\nconst KEPT_COPY_HEADER = ${JSON.stringify(KEPT_COPY_HEADER)};\nconst KEPT_PAGES_MARK = ${JSON.stringify(KEPT_PAGES_MARK)};\n${WORKER_BODY}`;
}

// Plain ES2020 for the browser; rules above. No template literals inside, so the source stays one literal here.
const WORKER_BODY = String.raw`
/** The worker's global scope, typed (test/platform/sw-check.test.ts checks this script against TypeScript's lib.webworker). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = 'portal-';
const SHELL = PREFIX + 'shell-' + CONFIG.buildId;
const ASSETS = PREFIX + 'assets-' + CONFIG.buildId;
const PAGES = PREFIX + 'pages-' + CONFIG.buildId;
const OWN = [SHELL, ASSETS, PAGES];
const TIMEOUT = {};
/** Headers not carried over to a kept copy: the body is stored decoded, and validators belong to the network's copy. */
const DROPPED = ['content-encoding', 'content-length', 'etag', 'last-modified', 'age', 'x-cache'];

function neverCached(pathname) {
  const path = pathname.toLowerCase();
  return CONFIG.neverCache.some(function (prefix) {
    const p = prefix.toLowerCase();
    return path === p || path === p.replace(/\/$/, '') || path.startsWith(p.endsWith('/') ? p : p + '/');
  });
}

function isHashedAsset(url) {
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/pwa/') || url.pathname === '/icons.svg';
}

/** A page is kept under its path and query, without the fragment. */
function pageKey(href) {
  const url = new URL(href);
  return url.origin + url.pathname + url.search;
}

sw.addEventListener('install', function (event) {
  event.waitUntil(
    (async function () {
      const shell = await caches.open(SHELL);
      await shell.add(new Request(CONFIG.offlineUrl, { cache: 'reload' }));
      const assets = await caches.open(ASSETS);
      // A missing chunk must not keep the worker from installing: it is fetched (and kept) when a page asks for it.
      await assets.addAll(CONFIG.shellFiles).catch(function () {});
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', function (event) {
  event.waitUntil(
    (async function () {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter(function (name) {
            return name.startsWith(PREFIX) && OWN.indexOf(name) === -1;
          })
          .map(function (name) {
            return caches.delete(name);
          }),
      );
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', function (event) {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (neverCached(url.pathname)) {
    if (request.mode === 'navigate') event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (isHashedAsset(url)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(networkFirst(event));
});

sw.addEventListener('message', function (event) {
  const data = event.data;
  if (!data || data.type !== 'keep' || typeof data.url !== 'string') return;
  let url;
  try {
    url = new URL(data.url, sw.location.origin);
  } catch {
    return;
  }
  if (url.origin !== sw.location.origin || neverCached(url.pathname)) return;
  event.waitUntil(
    fetch(url.href, { credentials: 'same-origin', headers: { accept: 'text/html', [KEEP_HEADER]: '1' } })
      .then(function (response) {
        return keep(url.href, response);
      })
      .catch(function () {}),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.status === 200 && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  const network = fetch(request).then(function (response) {
    event.waitUntil(keep(request.url, response.clone()).catch(function () {}));
    return response;
  });
  // Answered from the kept copy, the network's late failure is nobody's error.
  network.catch(function () {});
  const timeout = new Promise(function (resolve) {
    setTimeout(resolve, CONFIG.navigationTimeoutMs, TIMEOUT);
  });
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== TIMEOUT) return first;
    return (await keptCopy(request.url, 'slow')) || (await network);
  } catch {
    return (await keptCopy(request.url, 'offline')) || offlinePage();
  }
}

/** Rule 4: keeps a public 200 HTML answer as the newest of the kept pages, and drops the oldest past keepPages. */
async function keep(href, response) {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return;
  const cacheControl = (response.headers.get('cache-control') || '').toLowerCase();
  if (!/(^|[\s,])public([\s,]|$)/.test(cacheControl) || /private|no-store/.test(cacheControl)) return;
  if (!/^text\/html/i.test(response.headers.get('content-type') || '')) return;
  const headers = new Headers(response.headers);
  for (const name of DROPPED) headers.delete(name);
  headers.set('x-offline-saved-at', String(Date.now()));
  const copy = new Response(await response.blob(), { status: 200, statusText: 'OK', headers: headers });
  const key = pageKey(href);
  const cache = await caches.open(PAGES);
  await cache.delete(key, { ignoreVary: true });
  await cache.put(key, copy);
  const keys = await cache.keys();
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - CONFIG.keepPages)).map(function (request) {
      return cache.delete(request, { ignoreVary: true });
    }),
  );
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, function (c) {
    return '&#' + c.charCodeAt(0) + ';';
  });
}

function savedAt(response) {
  const at = Number(response.headers.get('x-offline-saved-at'));
  if (!at) return '';
  try {
    return new Intl.DateTimeFormat('zh-CN', {
      timeZone: 'Asia/Shanghai',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(new Date(at));
  } catch {
    return '';
  }
}

function banner(why, when) {
  const saved = when ? '您 ' + escapeHtml(when) + ' 保存的页面' : '您之前保存的页面';
  const text = why === 'offline' ? '网络不可用，这是' + saved : '网络较慢，先显示' + saved;
  return (
    // No scroll anchoring on a kept copy: Chromium restores a reloaded page's scroll by its anchor element, which the
    // banner pushes down, and would scroll the banner out of view.
    '<style>html,body{overflow-anchor:none}</style>' +
    '<div class="offline-banner" role="status" data-offline-banner="' + why + '" style="position:relative;z-index:60;display:flex;gap:8px;align-items:center;padding:8px 12px;background:#2f3a45;color:#fff;font-size:13px;line-height:18px">' +
    '<b style="flex:none;padding:1px 6px;border-radius:3px;background:#ffd15c;color:#2f3a45;font-size:12px">离线</b>' +
    '<span>' + text + '</span></div>'
  );
}

/** Rule 5: the kept copy of this URL, its HTML with the 离线 banner right after <body>; null when none is kept. */
async function keptCopy(href, why) {
  const cache = await caches.open(PAGES);
  const hit = await cache.match(pageKey(href), { ignoreVary: true });
  if (!hit) return null;
  const html = await hit.text();
  const marked = html.replace(/<body([^>]*)>/i, function (tag) {
    return tag + banner(why, savedAt(hit));
  });
  const headers = new Headers(hit.headers);
  headers.set(KEPT_COPY_HEADER, why);
  return new Response(marked, { status: 200, statusText: 'OK', headers: headers });
}

/** The offline page kept at install, with links to the pages kept for offline reading, newest first. */
async function offlinePage() {
  const shell = await caches.open(SHELL);
  const page = await shell.match(CONFIG.offlineUrl);
  if (!page) return Response.error();
  const cache = await caches.open(PAGES);
  const keys = (await cache.keys()).slice().reverse();
  const items = [];
  for (const request of keys) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (!kept) continue;
    const title = /<title>([^<]*)<\/title>/i.exec(await kept.text());
    const url = new URL(request.url);
    items.push('<li><a href="' + escapeHtml(url.pathname + url.search) + '">' + (title ? title[1] : escapeHtml(url.pathname)) + '</a></li>');
  }
  const list = items.length
    ? '<section class="kept"><h2>可离线阅读的页面</h2><ul>' + items.join('') + '</ul></section>'
    : '';
  const html = (await page.text()).replace(KEPT_PAGES_MARK, list);
  const headers = new Headers(page.headers);
  for (const name of DROPPED) headers.delete(name);
  headers.set(KEPT_COPY_HEADER, 'offline-page');
  return new Response(html, { status: 503, statusText: 'Service Unavailable', headers: headers });
}
`;
