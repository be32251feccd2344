import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { emptyAssets } from '../../src/render/assets.ts';
import { buildAppOverBackend, buildTestApp } from '../helpers/build.ts';
import { stateOf } from '../helpers/state.ts';

t.test('head: lang, fixed viewport, title, description, canonical; alias and plain twin share one canonical', async (t) => {
  const { app } = await buildAppOverBackend(t);
  const id = (await app.inject('/ershoufang/')).body.match(/\/ershoufang\/(\d+)\.html/)?.[1];
  const alias = await app.inject(`/ershoufang/${id}.html`);
  const twin = await app.inject(`/ershoufang/details?id=${id}`);
  t.equal(alias.statusCode, 200);
  t.match(alias.body, '<html lang="zh-CN">');
  t.match(alias.body, 'user-scalable=no');
  t.match(alias.body, /<meta name="description" content="[^"]+">/);
  const canon = (b: string) => b.match(/<link rel="canonical" href="([^"]+)">/)?.[1];
  t.equal(canon(alias.body), `http://localhost:3000/ershoufang/${id}.html`);
  t.equal(canon(twin.body), canon(alias.body));
});

t.test('state is serialized safely: a hostile city name cannot close the script', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({ url: '/aboutUs', headers: { host: 'xss.localhost' } });
  t.equal(res.statusCode, 200);
  t.notMatch(res.body, '<script>alert(1)', 'never raw in the document');
  t.match(res.body, '&lt;/script&gt;&lt;script&gt;alert(1)', 'escaped in the title');
  const state = stateOf(res.body);
  t.equal(state.city.selectCityName, '</script><script>alert(1)</script>', 'and intact after parsing');
});

t.test('the serialized state carries the route, the city and the user, nothing from the server', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({ url: '/aboutUs', headers: { host: 'wh.localhost', cookie: memberCookie({ nickName: '小李' }) } });
  const state = stateOf(res.body);
  t.equal(state.route.page, 'aboutUs');
  t.equal(state.city.selectCityId, 2);
  t.equal(state.user.nickName, '小李');
  t.equal(state.user.userSig, '', 'no chat signature in the page');
  t.same(Object.keys(state).sort(), ['city', 'route', 'site', 'user']);
});

t.test('the server marks detail screens untracked in the state: the brand-apartment (zuyj) detail too, not its list', async (t) => {
  const { app } = await buildAppOverBackend(t);
  const list = await app.inject('/zufang/zuyj');
  t.equal(list.statusCode, 200);
  t.equal(stateOf(list.body).route.noTrack, false, 'the list is tracked');
  const detailPath = list.body.match(/href="(\/zufang\/zuyj\/\d+\.html)"/)?.[1] as string;
  const detail = await app.inject(detailPath);
  t.equal(detail.statusCode, 200);
  t.equal(stateOf(detail.body).route.page, 'zufang.zuyj.detail');
  t.equal(stateOf(detail.body).route.noTrack, true, `${detailPath} is not tracked`);
  const rental = await app.inject(detailPath.replace('/zuyj', ''));
  t.equal(stateOf(rental.body).route.noTrack, true, 'nor is the plain rental detail');
});

t.test('crawlers get the whole document with a content-length', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({
    url: '/zixun/',
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)' },
  });
  t.equal(res.statusCode, 200);
  t.ok(Number(res.headers['content-length']) > 1000);
  t.ok(res.body.endsWith('</html>'));
});

t.test('the data endpoint runs the same pipeline and answers JSON', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject('/-/data/aboutUs');
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.equal(body.status, 200);
  t.equal(body.route.page, 'aboutUs');
  t.match(body.route.head.title, /^长沙/);
  const missing = await app.inject('/-/data/no/such/page');
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().message, 'This page could not be found');
  const member = await app.inject('/-/data/personalcenter');
  t.same(member.json(), { status: 302, redirect: '/login?bUrl=%2Fpersonalcenter' }, 'a redirect is described for the browser');
});

t.test('built assets with hashed names are immutable for a year; a public page is kept for its TTL and revalidates by ETag', async (t) => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'entry-AbC123.js'), 'export {}');
  const { app, close } = await buildTestApp({ clientDir });
  t.teardown(close);
  const asset = await app.inject('/assets/entry-AbC123.js');
  t.equal(asset.statusCode, 200);
  t.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  const page = await app.inject('/aboutUs');
  t.equal(
    page.headers['cache-control'],
    'public, max-age=30, s-maxage=120, stale-while-revalidate=60',
    'registry TTL 120 s, site.httpCache',
  );
  t.ok(page.headers.etag, 'pages carry an ETag');
  const again = await app.inject({ url: '/aboutUs', headers: { 'if-none-match': String(page.headers.etag) } });
  t.equal(again.statusCode, 304, 'an unchanged page revalidates to 304');
});

t.test('public files are served as they are', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject('/robots.txt');
  t.equal(res.statusCode, 200);
  t.match(res.body, 'User-agent');
});

t.test('when the error page itself fails, a plain fallback with a link home is sent', async (t) => {
  const broken = {
    ...emptyAssets(),
    pageCss: () => {
      throw new Error('manifest corrupt');
    },
  };
  const { app, close } = await buildTestApp({ assets: broken });
  t.teardown(close);
  const res = await app.inject('/aboutUs');
  t.equal(res.statusCode, 500);
  t.match(res.body, '<a href="/">返回首页</a>');
  const missing = await app.inject('/no/such/page');
  t.equal(missing.statusCode, 404, 'the fallback keeps the status');
});
