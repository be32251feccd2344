import { readFileSync, writeFileSync } from 'node:fs';
import t from 'tap';
import type { RegistryFile } from '../../src/registry/types.ts';
import { buildTestApp } from '../helpers/build.ts';
import { stateOf } from '../helpers/state.ts';

t.test('an unknown middleware name gives 500 Unknown middleware foo', async (t) => {
  const { app, close } = await buildTestApp({
    editRegistry: (r) => {
      const about = r.pages.find((p) => p.name === 'aboutUs');
      if (about) about.middleware = ['authenticated', 'foo'];
    },
  });
  t.teardown(close);
  const res = await app.inject('/aboutUs');
  t.equal(res.statusCode, 500);
  t.match(res.body, 'Unknown middleware foo');
  t.equal((await app.inject('/')).statusCode, 200, 'other pages keep working');
});

t.test('a member cookie restores the login state; visitors are not blocked', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const member = await app.inject({ url: '/aboutUs', headers: { cookie: memberCookie({ nickName: '王小明' }) } });
  t.equal(member.statusCode, 200);
  // The menu is rendered in the browser from the state's user (issue 20): the login state is what the state carries.
  t.match(stateOf(member.body).user, { nickName: '王小明', userId: /^\d+$/ }, 'the member, for the menu');
  const visitor = await app.inject('/aboutUs');
  t.equal(visitor.statusCode, 200);
  t.notMatch(visitor.body, '王小明');
  t.equal(stateOf(visitor.body).user.uid, '', 'a visitor: the menu offers login');
});

t.test('a forged or tampered cookie counts as no login', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const forged = `userInfo=${encodeURIComponent(JSON.stringify({ uid: 'u1', nickName: '冒充者' }))}`;
  const res = await app.inject({ url: '/aboutUs', headers: { cookie: forged } });
  t.notMatch(res.body, '冒充者');
  const good = decodeURIComponent(memberCookie({ nickName: '真会员' }).slice('userInfo='.length));
  // The cookie names the member by id (issue 13): tampering it into another member's ids breaks the signature.
  memberCookie({ uid: 'u1002', userId: '1002', nickName: '假会员' });
  const tampered = `userInfo=${encodeURIComponent(good.replace('"uid":"u1001","userId":"1001"', '"uid":"u1002","userId":"1002"'))}`;
  t.not(tampered, `userInfo=${encodeURIComponent(good)}`, 'the cookie was changed');
  const res2 = await app.inject({ url: '/aboutUs', headers: { cookie: tampered } });
  t.notMatch(res2.body, '假会员');
  t.notMatch(res2.body, '真会员');
});

t.test('the cookie value noInfo clears all login data and the cookie', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({ url: '/aboutUs', headers: { cookie: 'userInfo=noInfo' } });
  t.equal(res.statusCode, 200);
  const setCookie = String(res.headers['set-cookie']);
  t.match(setCookie, /userInfo=;/, 'the cookie is cleared');
  t.match(setCookie, /Expires=Thu, 01 Jan 1970/);
  t.equal(stateOf(res.body).user.uid, '', 'shown as a visitor');
});

t.test('member-only pages send visitors to /login with a same-site bUrl', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject('/personalcenter');
  t.equal(res.statusCode, 302);
  t.equal(res.headers.location, '/login?bUrl=%2Fpersonalcenter');
  const withQuery = await app.inject('/myshoucang?tab=2');
  t.equal(withQuery.headers.location, '/login?bUrl=%2Fmyshoucang%3Ftab%3D2');
  const member = await app.inject({ url: '/personalcenter', headers: { cookie: memberCookie() } });
  t.equal(member.statusCode, 200);
});

t.test('page-cache: MISS then HIT for visitors; always MISS with a member cookie; never for no-cache pages', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const first = await app.inject('/aboutUs');
  t.equal(first.headers['x-cache'], 'MISS');
  const second = await app.inject('/aboutUs');
  t.equal(second.headers['x-cache'], 'HIT');
  t.equal(second.body, first.body, 'the cached page is the rendered page');
  const other = await app.inject('/aboutUs?from=menu');
  t.equal(other.headers['x-cache'], 'HIT', 'a query key the page does not read is not part of the key (issue 11 point 4)');
  const m1 = await app.inject({ url: '/aboutUs', headers: { cookie: memberCookie({ nickName: '缓存会员' }) } });
  t.equal(m1.headers['x-cache'], 'MISS', 'a member never reads the cache');
  t.match(m1.body, '缓存会员');
  const after = await app.inject('/aboutUs');
  t.notMatch(after.body, '缓存会员', 'a member page never fills the cache');
  const wh1 = await app.inject({ url: '/aboutUs', headers: { host: 'wh.localhost' } });
  t.equal(wh1.headers['x-cache'], 'MISS', 'the city is part of the key');
  t.match(wh1.body, '武汉');
});

t.test('a registry reload retires the pages cached under the previous registry', async (t) => {
  const { app, close, registryPath } = await buildTestApp();
  t.teardown(close);
  t.equal((await app.inject('/aboutUs')).headers['x-cache'], 'MISS');
  const hit = await app.inject('/aboutUs');
  t.equal(hit.headers['x-cache'], 'HIT');
  t.equal(hit.headers['content-type'], 'text/html; charset=utf-8');
  t.match(hit.headers.etag, /^W\/"/, 'the hit carries the ETag of the page');

  const reg = JSON.parse(readFileSync(registryPath, 'utf8')) as RegistryFile;
  const about = reg.pages.find((p) => p.name === 'aboutUs');
  if (!about) throw new Error('no aboutUs page');
  about.cache = 'no-cache';
  writeFileSync(registryPath, JSON.stringify(reg));
  t.ok(app.registry.reload());
  const after = await app.inject('/aboutUs');
  t.equal(after.statusCode, 200);
  t.equal(after.headers['x-cache'], 'MISS', 'the page cached under the previous registry is not served');
  t.equal(after.headers['cache-control'], 'private, no-store', 'the new policy applies at once');
});

t.test('404 and error responses are never cached', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  await app.inject('/ershoufang/details?id=abc');
  const res = await app.inject('/ershoufang/details?id=abc');
  t.equal(res.statusCode, 404);
  t.not(res.headers['x-cache'], 'HIT');
});
