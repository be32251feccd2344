import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { createPageStore } from '../../src/page-cache.ts';
import type { Registry } from '../../src/registry/load.ts';
import { buildAppOverBackend, buildTestApp } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';

/** Issue 11 points 4 and 5: the page cache can be neither bypassed nor flushed, and 304s never leak or swallow. */

t.test('query noise is answered from the cached page and adds no entry', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  t.equal((await app.inject('/aboutUs')).headers['x-cache'], 'MISS');
  const size = app.pageCache.size;
  for (let i = 0; i < 200; i++) {
    const res = await app.inject(`/aboutUs?x=${i}&utm_source=s${i}`);
    if (res.headers['x-cache'] !== 'HIT') t.fail(`?x=${i}: ${res.headers['x-cache']}`);
  }
  t.equal(app.pageCache.size, size, '200 noisy URLs: no new entry, nothing evicted');
});

t.test("a page's own query keys split the cache, in any order; noise beside them does not", async (t) => {
  const { app, close } = await buildAppOverBackend(t);
  t.teardown(close);
  t.equal((await app.inject('/xinfang/salesRanking?page=2')).headers['x-cache'], 'MISS');
  t.equal((await app.inject('/xinfang/salesRanking?page=2&from=home')).headers['x-cache'], 'HIT');
  t.equal((await app.inject('/xinfang/salesRanking?from=home&page=2')).headers['x-cache'], 'HIT');
  const page1 = await app.inject('/xinfang/salesRanking?page=1');
  t.equal(page1.headers['x-cache'], 'MISS', 'another page number is another page');
  t.equal((await app.inject('/xinfang/salesRanking?page=1')).headers['x-cache'], 'HIT');
});

t.test('a filter given as a query is still redirected while the bare list is cached', async (t) => {
  const { app } = await buildAppOverBackend(t);
  await app.inject('/ershoufang/');
  t.equal((await app.inject('/ershoufang/')).headers['x-cache'], 'HIT');
  const res = await app.inject('/ershoufang/?rooms=2');
  t.equal(res.statusCode, 301, 'listing-query reads rooms: not noise');
});

t.test('only a cookie whose signature verifies skips the cache', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  await app.inject('/aboutUs');
  for (const cookie of ['userInfo=x', 'userInfo=%7B%22uid%22%3A%22u1%22%7D', `userInfo=${encodeURIComponent('{"uid":"u1"}.forged')}`]) {
    const res = await app.inject({ url: '/aboutUs', headers: { cookie } });
    t.equal(res.headers['x-cache'], 'HIT', `${cookie}: a forged cookie is a visitor`);
  }
  const member = await app.inject({ url: '/aboutUs', headers: { cookie: memberCookie() } });
  t.equal(member.headers['x-cache'], 'MISS', 'a real member');
});

t.test('a hit sends the stored brotli or gzip body, which unpacks to the page; the plain page is not kept twice', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const rendered = await app.inject('/aboutUs');
  const plain = await app.inject('/aboutUs');
  t.equal(plain.headers['x-cache'], 'HIT');
  t.equal(plain.headers['content-encoding'], undefined);
  t.equal(plain.body, rendered.body, 'a client that accepts no encoding gets the page as rendered (unzipped from the kept gzip form)');
  t.match(plain.body, /<\/html>$/);
  const br = await app.inject({ url: '/aboutUs', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  t.equal(br.headers['content-encoding'], 'br');
  t.equal(br.headers.vary, 'Accept-Encoding, Cookie');
  t.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
  const gz = await app.inject({ url: '/aboutUs', headers: { 'accept-encoding': 'gzip' } });
  t.equal(gz.headers['content-encoding'], 'gzip');
  t.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
  t.equal(br.headers.etag, plain.headers.etag, 'one validator for every encoding');
});

t.test('a kept body holds memory of its own size, so the byte bound is what the process keeps (issue 35 part 3)', async (t) => {
  const store = createPageStore({ maxBytes: 1024 * 1024 });
  const registry = {} as Registry;
  const body = Buffer.from(`<!doctype html><html><body>${'<p>二手房 3室2厅</p>'.repeat(200)}</body></html>`);
  const page = store.fill('a', { body, etag: '"1"', contentType: 'text/html', registry }, 60_000);
  for (const form of ['br', 'gzip'] as const) {
    const kept = page.bodies[form];
    t.ok(kept.length < 16 * 1024, `${form}: ${kept.length} bytes, under zlib's 16 KB output chunk`);
    t.equal(kept.buffer.byteLength, kept.length, `${form}: not a slice of that chunk`);
  }
  t.equal(store.bytes, page.bodies.br.length + page.bodies.gzip.length + 512 + 1, 'counted: both forms, the key and 512');
  // A page from Redis: both forms are slices of one record.
  const record = Buffer.concat([Buffer.alloc(100), page.bodies.br, page.bodies.gzip]);
  const br = record.subarray(100, 100 + page.bodies.br.length);
  const gzip = record.subarray(100 + page.bodies.br.length);
  store.put('b', { ...page, bodies: { br, gzip } }, 60_000);
  const kept = store.get('b', registry);
  t.ok(kept && kept.bodies.br.buffer !== record.buffer && kept.bodies.br.buffer.byteLength === br.length, 'br copied out of the record');
  t.ok(kept && kept.bodies.gzip.buffer.byteLength === gzip.length && kept.bodies.gzip.equals(gzip), 'gzip copied out of the record');
});

t.test('If-None-Match: 304 for a visitor whose copy is current, on a hit and on a render', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const first = await app.inject('/aboutUs');
  const etag = String(first.headers.etag);
  t.match(etag, /^W\/"/);
  t.equal((await app.inject({ url: '/aboutUs', headers: { 'if-none-match': etag } })).statusCode, 304, 'from the cache');
  t.equal((await app.inject({ url: '/aboutUs', headers: { 'if-none-match': 'W/"other"' } })).statusCode, 200);
  const downloadapp = await app.inject('/downloadapp');
  const again = await app.inject({ url: '/downloadapp', headers: { 'if-none-match': String(downloadapp.headers.etag) } });
  t.equal(again.statusCode, 304);
});

t.test('a member revalidating with the visitor copy gets the member page, never a 304', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const visitor = await app.inject('/aboutUs');
  const res = await app.inject({
    url: '/aboutUs',
    headers: { cookie: memberCookie({ nickName: '复验会员' }), 'if-none-match': String(visitor.headers.etag) },
  });
  t.equal(res.statusCode, 200);
  t.match(res.body, '复验会员');
  t.equal(res.headers.etag, undefined, "a member's page has no validator");
  t.equal(res.headers['cache-control'], 'private, no-store');
});

t.test('member-only pages, unknown paths and /-/data never answer 304', async (t) => {
  const { app, close, memberCookie } = await buildTestApp();
  t.teardown(close);
  const visitor = await app.inject('/aboutUs');
  const etag = String(visitor.headers.etag);
  for (const url of ['/personalcenter', '/no/such/page', '/-/data/aboutUs', '/-/data/']) {
    const res = await app.inject({ url, headers: { 'if-none-match': etag } });
    t.not(res.statusCode, 304, `${url}: ${res.statusCode}`);
  }
  const member = await app.inject({ url: '/personalcenter', headers: { cookie: memberCookie(), 'if-none-match': '*' } });
  t.equal(member.statusCode, 200);
});

t.test('a favourite posted with If-None-Match is saved, not answered 304', async (t) => {
  const portal = await buildAppOverBackend(t);
  const visitor = await portal.app.inject('/aboutUs');
  const m = await registerMember(portal.backend, '13912340001', '收藏会员');
  const cookie = portal.memberCookie({ uid: m.uid, userId: m.userId, phone: m.phone, nickName: m.nickName, token: m.token ?? '' });
  const list = await fetch(`${portal.backend.url}/api/house/search/findByCondition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cityId: 1, houseType: 11, size: 1 }),
  });
  const [house] = ((await list.json()) as { obj: { content: Array<{ houseId: number }> } }).obj.content;
  const res = await portal.app.inject({
    method: 'POST',
    url: '/-/action/favourite',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie, 'if-none-match': String(visitor.headers.etag) },
    payload: { houseId: house.houseId, kind: 'ershoufang' },
  });
  t.equal(res.statusCode, 200);
  const rows = backendRows(portal.backend, 'SELECT house_id FROM collect WHERE member_id = ?', m.uid);
  t.same(
    rows.map((r) => r.house_id),
    [house.houseId],
    'saved',
  );
});
