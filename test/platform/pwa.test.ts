import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import t from 'tap';
import { loadClientAssets } from '../../src/render/assets.ts';
import { buildAppOverBackend, buildTestApp, ROOT } from '../helpers/build.ts';
import { backendRows } from '../listings/helpers.ts';

/**
 * Issue 37 part 5: the web app manifest of each city host, the service worker's script and headers, the offline page,
 * and the links every page's head carries. The worker's behaviour in a browser: test/e2e/offline.test.ts.
 */

/** A client build of its own: a Vite manifest with an entry importing one chunk (`stamp` makes another build). */
function clientBuild(stamp: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pwa-client-'));
  mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'src/client/entry.tsx': { file: `assets/entry-${stamp}.js`, isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: `assets/vendor-${stamp}.js` },
  };
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

t.test('each city host has its own manifest: name with the city, start_url, scope and id at its root', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const cs = await app.inject({ url: '/manifest.webmanifest', headers: { host: 'localhost:3000' } });
  t.equal(cs.statusCode, 200);
  t.match(cs.headers['content-type'], /^application\/manifest\+json/);
  const m = cs.json();
  t.equal(m.name, '湘房网·长沙');
  t.equal(m.short_name, '湘房网长沙');
  // Relative: the browser resolves them against the manifest's own URL, the city's host.
  t.equal(m.start_url, '/');
  t.equal(m.scope, '/');
  t.equal(m.id, '/');
  t.equal(m.display, 'standalone');
  t.equal(m.theme_color, '#00a862');
  t.equal(m.background_color, '#ffffff');
  t.equal(m.lang, 'zh-CN');

  const wh = (await app.inject({ url: '/manifest.webmanifest', headers: { host: 'wh.localhost:3000' } })).json();
  t.equal(wh.name, '湘房网·武汉');
  t.equal(wh.short_name, '湘房网武汉');
  t.equal(new URL(wh.start_url, 'http://wh.localhost:3000/manifest.webmanifest').href, 'http://wh.localhost:3000/', 'on the city’s host');
  t.equal(new URL(wh.scope, 'http://wh.localhost:3000/manifest.webmanifest').href, 'http://wh.localhost:3000/');
});

t.test('the manifest icons are PNGs of 192 and 512 pixels, one of them maskable, served from public/pwa', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const { icons } = (await app.inject('/manifest.webmanifest')).json() as { icons: Array<Record<string, string>> };
  t.same(
    icons.map((i) => `${i.sizes} ${i.purpose}`),
    ['192x192 any', '512x512 any', '512x512 maskable'],
  );
  for (const icon of icons) {
    const res = await app.inject(icon.src);
    t.equal(res.statusCode, 200, icon.src);
    t.equal(res.headers['content-type'], 'image/png');
    t.same(pngSize(res.rawPayload), icon.sizes.split('x').map(Number), `${icon.src} is ${icon.sizes}`);
  }
});

t.test('every page links the manifest and the theme colour in its head', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  for (const url of ['/', '/aboutUs', '/no-such-page']) {
    const res = await app.inject(url);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    t.match(head, '<link rel="manifest" href="/manifest.webmanifest">', url);
    t.match(head, '<meta name="theme-color" content="#00a862">', url);
  }
});

t.test('/sw.js: no-cache, allowed at the root, carries the build id, shell files and the registry settings', async (t) => {
  const dir = clientBuild('aaaa1111');
  const assets = loadClientAssets(dir);
  const { app, close } = await buildTestApp({
    assets,
    clientDir: dir,
    editRegistry: (r) => {
      r.site.offline = { keepPages: 12, navigationTimeoutMs: 2500, neverCache: ['/-/', '/personalcenter'] };
    },
  });
  t.teardown(close);
  const res = await app.inject('/sw.js');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/javascript/);
  t.equal(res.headers['cache-control'], 'no-cache', 'browsers check it again at every update');
  t.equal(res.headers['service-worker-allowed'], '/');
  t.doesNotThrow(() => new Script(res.body), 'the script parses');
  const config = JSON.parse(/const CONFIG = (.*);\n/.exec(res.body)?.[1] ?? 'null');
  t.match(config.buildId, /^[0-9a-f]{16}$/);
  t.equal(config.buildId, assets.buildId);
  t.same(config.shellFiles, ['/assets/entry-aaaa1111.js', '/assets/vendor-aaaa1111.js', '/pwa/icon-192.png']);
  t.equal(config.keepPages, 12);
  t.equal(config.navigationTimeoutMs, 2500);
  t.same(config.neverCache, ['/-/', '/personalcenter']);
  t.equal(config.offlineUrl, '/offline.html');
  t.match(res.body, "const PAGES = PREFIX + 'pages-' + CONFIG.buildId", 'the caches are named by the build');
  // The CSP lets the page register it: no worker-src, so script-src 'self' applies.
  const csp = String((await app.inject('/')).headers['content-security-policy']);
  t.notMatch(csp, 'worker-src');
  t.match(csp, /script-src 'self'/);
});

t.test('another build is another worker: its id and shell files change', async (t) => {
  const first = loadClientAssets(clientBuild('aaaa1111'));
  const second = loadClientAssets(clientBuild('bbbb2222'));
  t.not(first.buildId, second.buildId);
  const { app, close } = await buildTestApp({ assets: second });
  t.teardown(close);
  const body = (await app.inject('/sw.js')).body;
  t.match(body, `"buildId":"${second.buildId}"`);
  t.match(body, '/assets/entry-bbbb2222.js');
  t.notMatch(body, 'aaaa1111');
});

t.test('the registry defaults keep 30 pages and never member pages, chat, favourites or the /-/ endpoints', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const config = JSON.parse(/const CONFIG = (.*);\n/.exec((await app.inject('/sw.js')).body)?.[1] ?? 'null');
  t.equal(config.keepPages, 30);
  for (const p of ['/-/', '/personalcenter', '/im', '/myshoucang']) t.ok(config.neverCache.includes(p), p);
  t.equal(config.buildId, 'dev', 'without a client build');
});

t.test('/offline.html says 网络不可用, runs no script and has room for the kept pages', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject('/offline.html');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/html/);
  t.equal(res.headers['cache-control'], 'no-cache');
  t.match(res.body, '<h1>网络不可用</h1>');
  t.match(res.body, '<a class="retry" href="">重试</a>');
  t.match(res.body, '<!--kept-pages-->');
  t.notMatch(res.body, '<script');
  t.notMatch(res.body, /undefined|null|NaN/);
});

t.test('the worker keeping a page does not count a second view of it', async (t) => {
  const portal = await buildAppOverBackend(t);
  // Two listings, each asked once: the first answer of each is a page-cache miss, which runs the loader.
  const [kept, visited] = backendRows(
    portal.backend,
    'SELECT id, view_num AS v FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 2',
  ) as Array<{ id: number; v: number }>;
  const views = (id: number) => (backendRows(portal.backend, 'SELECT view_num AS v FROM listing WHERE id = ?', id)[0] as { v: number }).v;
  const res = await portal.app.inject({ url: `/ershoufang/${kept.id}.html`, headers: { 'x-portal-keep': '1' } });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['x-cache'], 'MISS');
  t.match(res.headers['cache-control'], /^public/, 'a visitor’s detail is public: the worker may keep it');
  await portal.app.inject(`/ershoufang/${visited.id}.html`);
  await portal.app.api.batches.flushBackground();
  t.equal(views(kept.id), kept.v, 'no view counted for the worker');
  t.equal(views(visited.id), visited.v + 1, 'a person’s visit still counts');
});

t.test('the icons are drawn from the brand logo by scripts/pwa-icons.ts', async (t) => {
  const script = readFileSync(path.join(ROOT, 'scripts/pwa-icons.ts'), 'utf8');
  t.match(script, 'public/favicon.svg');
});
