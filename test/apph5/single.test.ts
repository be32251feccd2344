import path from 'node:path';
import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import {
  assertDataRedirect,
  assertNotFoundScreens,
  assertRedirects,
  backendRows,
  canonical,
  ORIGIN,
  portalOverBackend,
  title,
} from '../listings/helpers.ts';
import { jsonLd } from '../xiaoqu/helpers.ts';
import { hasSiteHeader, one, robots, text } from './helpers.ts';

/** Issue 19, single pages: /aboutUs, the generic listing links, /fangyuanheyan, /huxingdetail and the ops page /test. */
const { backend, get } = await portalOverBackend(t);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const HUAWEI =
  'Mozilla/5.0 (Linux; Android 12; NOH-AN00 Build/HUAWEINOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36';
const WECHAT_IPHONE = `${IPHONE} MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN`;

t.test('/aboutUs: the company, its stores with addresses and phones, its commitments, contacts, Organization JSON-LD', async (t) => {
  const r = await get('/aboutUs');
  t.equal(r.statusCode, 200);
  const html = text(r.body);
  const stores = backendRows(backend, 'SELECT name, address, phone FROM store WHERE city_id = 1 ORDER BY id') as Array<
    Record<string, string>
  >;
  t.ok(stores.length > 0);
  for (const s of stores) {
    t.match(html, s.name, s.name);
    t.match(html, s.address);
    t.match(html, `href="tel:${s.phone}"`);
  }
  const commitments = backendRows(backend, 'SELECT title FROM commitment ORDER BY sort') as Array<{ title: string }>;
  for (const c of commitments) t.match(html, `<b>${c.title}</b>`);
  t.match(html, `长沙门店（${stores.length}家）`);
  t.match(html, 'href="tel:400-888-0731"', 'the city service phone');
  t.equal(canonical(r.body), `${ORIGIN}/aboutUs`);
  t.match(title(r.body), /^长沙关于我们_湘房网公司简介_门店地址与联系方式$/);
  const org = jsonLd(r.body).find((l) => l['@type'] === 'Organization') as {
    name: string;
    telephone: string;
    department: Array<{ name: string; telephone: string }>;
  };
  t.equal(org?.name, '湘房网');
  t.equal(org?.telephone, '400-888-0731');
  t.same(
    org?.department.map((d) => d.telephone),
    stores.map((s) => s.phone),
  );
  t.ok(hasSiteHeader(r.body), 'a site page: header and footer');
  t.equal((await get('/aboutUs')).headers['x-cache'], 'HIT');
  const wh = await get('/aboutUs', { host: 'wh.localhost' });
  const whStore = one<string>(backend, 'SELECT name FROM store WHERE city_id = 2 ORDER BY id LIMIT 1');
  t.match(text(wh.body), whStore, "another city's stores on its host");
  t.notMatch(text(wh.body), stores[0]?.name ?? '?');
});

t.test("/house/{id}, /house?id= and /xiangqing/{id}: 301 to the listing's own page by its house type", async (t) => {
  const paths: Record<number, string> = {
    11: 'ershoufang',
    12: 'zufang',
    13: 'shangpucs',
    14: 'shangpucz',
    15: 'xieziloucs',
    16: 'xieziloucz',
  };
  const cases: Array<[string, string]> = [];
  for (const [type, section] of Object.entries(paths)) {
    const id = one<number>(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = ? ORDER BY id LIMIT 1', Number(type));
    cases.push(
      [`/house/${id}`, `/${section}/${id}.html`],
      [`/house?id=${id}`, `/${section}/${id}.html`],
      [`/xiangqing/${id}`, `/${section}/${id}.html`],
    );
  }
  const estate = one<number>(backend, 'SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1');
  cases.push([`/house/${estate}?houseType=1`, `/xinfang/${estate}.html`], [`/xiangqing/${estate}?houseType=1`, `/xinfang/${estate}.html`]);
  const rental = one<number>(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 ORDER BY id LIMIT 1');
  cases.push([`/house/${rental}?houseType=12`, `/zufang/${rental}.html`]);
  await assertRedirects(t, get, cases);
  await assertDataRedirect(t, get, `/house/${rental}`, `/zufang/${rental}.html`);
  // An estate id that is no listing of its city: the estate, without a house type.
  const lone = backendRows(
    backend,
    'SELECT l.id, c.domain FROM loupan l JOIN city c ON c.id = l.city_id WHERE NOT EXISTS (SELECT 1 FROM listing x WHERE x.id = l.id AND x.city_id = l.city_id) ORDER BY l.id LIMIT 1',
  )[0] as { id: number; domain: string };
  const estateOnly = await get(`/house/${lone.id}`, { host: `${lone.domain}.localhost` });
  t.equal(estateOnly.statusCode, 301);
  t.equal(estateOnly.headers.location, `/xinfang/${lone.id}.html`, 'an estate id that is no listing of the city');
  const wh = one<number>(backend, 'SELECT id FROM listing WHERE city_id = 2 AND house_type = 11 ORDER BY id LIMIT 1');
  const r = await get(`/house/${wh}`, { host: 'wh.localhost' });
  t.equal(r.statusCode, 301);
  t.equal(r.headers.location, `/ershoufang/${wh}.html`, 'on its own city host');
});

t.test('generic listing links that are missing, malformed or unknown are the 404 screen', async (t) => {
  const rental = one<number>(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 ORDER BY id LIMIT 1');
  const otherCity = one<number>(
    backend,
    'SELECT id FROM listing l WHERE city_id = 2 AND NOT EXISTS (SELECT 1 FROM listing x WHERE x.id = l.id AND x.city_id = 1) AND NOT EXISTS (SELECT 1 FROM loupan p WHERE p.id = l.id AND p.city_id = 1) ORDER BY id LIMIT 1',
  );
  await assertNotFoundScreens(t, get, [
    '/house',
    '/house?id=',
    '/house?id=abc',
    '/house?id=0',
    '/house/abc',
    '/house/99999',
    '/house?id=99999',
    `/house/${rental}?houseType=11`,
    `/house/${rental}?houseType=99`,
    `/house/${rental}?houseType=x`,
    `/house/${otherCity}`,
    '/xiangqing',
    '/xiangqing/abc',
    '/xiangqing/99999',
    '/house/99999?houseType=1',
  ]);
});

t.test('/fangyuanheyan/{id}: the verification code and status as the housing authority issued them', async (t) => {
  const v = backendRows(
    backend,
    "SELECT v.*, l.house_number, l.title FROM listing_verify v JOIN listing l ON l.id = v.listing_id WHERE l.city_id = 1 AND l.house_type = 11 AND l.status = 1 AND v.status = '已核验' ORDER BY l.id LIMIT 1",
  )[0] as Record<string, string | number>;
  const r = await get(`/fangyuanheyan/${v.listing_id}`);
  t.equal(r.statusCode, 200);
  const html = text(r.body);
  t.match(html, `房源核验码 <b>${v.code}</b>`);
  t.match(html, '<p class="sg-verify__status is-ok">已核验</p>');
  for (const x of [v.authority, v.issued_at, v.expires_at, v.house_number]) t.match(html, `<b>${x}</b>`, String(x));
  t.match(html, `href="/ershoufang/${v.listing_id}.html"`, 'the verified listing');
  t.match(html, '如何核验房源');
  t.equal(canonical(r.body), `${ORIGIN}/fangyuanheyan/${v.listing_id}`);
  t.match(title(r.body), `房源核验码${v.code}_`);
  t.equal((await get(`/fangyuanheyan/${v.listing_id}`)).headers['x-cache'], 'HIT');

  const byCode = await get(`/fangyuanheyan?code=${v.code}`);
  t.equal(byCode.statusCode, 200);
  t.match(text(byCode.body), `房源核验码 <b>${v.code}</b>`, 'a lookup by code finds it');
  t.match(byCode.body, 'data-testid="verify-form"', 'with the form to look up another');
  t.equal(robots(byCode.body), 'noindex, follow');
  const byNumber = await get(`/fangyuanheyan?houseNumber=${String(v.house_number).toLowerCase()}`);
  t.match(text(byNumber.body), `房源核验码 <b>${v.code}</b>`, 'and by house number');

  // The listing is taken off the market: its code no longer holds.
  const withdrawn = one<number>(
    backend,
    'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND id <> ? ORDER BY id LIMIT 1',
    v.listing_id,
  );
  const db = new Database(path.join(backend.dataDir, 'portal.db'));
  db.prepare('UPDATE listing SET status = 0 WHERE id = ?').run(withdrawn);
  db.close();
  t.match(text((await get(`/fangyuanheyan/${withdrawn}`)).body), 'is-off">已失效<', 'a withdrawn listing reads 已失效');

  const other = one<number>(
    backend,
    'SELECT listing_id FROM listing_verify v JOIN listing l ON l.id = v.listing_id WHERE l.city_id = 2 LIMIT 1',
  );
  await assertNotFoundScreens(t, get, ['/fangyuanheyan/abc', '/fangyuanheyan/0', '/fangyuanheyan/99999', `/fangyuanheyan/${other}`]);
});

t.test('/fangyuanheyan: the lookup form; a code it does not know says so', async (t) => {
  const r = await get('/fangyuanheyan');
  t.equal(r.statusCode, 200);
  t.match(r.body, /<form class="fm sg-form" data-testid="verify-form" action="\/fangyuanheyan" method="get">/);
  t.match(r.body, 'name="code"');
  t.match(r.body, 'name="houseNumber"');
  t.notMatch(r.body, 'data-testid="verification"');
  t.equal(robots(r.body), null, 'the form is a page for search engines');
  for (const q of ['code=000000000000', 'code=%3Cscript%3E', 'houseNumber=XX1']) {
    const miss = await get(`/fangyuanheyan?${q}`);
    t.equal(miss.statusCode, 200, q);
    t.match(text(miss.body), '未查到该房源的核验信息', q);
  }
});

t.test('/huxingdetail?id= or ?hxId=&lpId=: the floor plan page, canonical to /huxing/{id}.html', async (t) => {
  const p = backendRows(
    backend,
    'SELECT h.id, h.name, h.loupan_id, l.name AS estate FROM huxing h JOIN loupan l ON l.id = h.loupan_id WHERE l.city_id = 1 ORDER BY h.id LIMIT 1',
  )[0] as {
    id: number;
    name: string;
    loupan_id: number;
    estate: string;
  };
  for (const url of [`/huxingdetail?id=${p.id}`, `/huxingdetail?hxId=${p.id}&lpId=${p.loupan_id}`, `/huxingdetail?hxId=${p.id}`]) {
    const r = await get(url);
    t.equal(r.statusCode, 200, url);
    t.match(text(r.body), `${p.estate} ${p.name}`, url);
    t.equal(canonical(r.body), `${ORIGIN}/huxing/${p.id}.html`);
  }
  const other = one<number>(backend, 'SELECT h.id FROM huxing h JOIN loupan l ON l.id = h.loupan_id WHERE l.city_id = 2 LIMIT 1');
  await assertNotFoundScreens(t, get, [
    '/huxingdetail',
    '/huxingdetail?id=abc',
    '/huxingdetail?hxId=1&lpId=x',
    '/huxingdetail?id=99999',
    `/huxingdetail?id=${other}`,
  ]);
});

t.test('/test: noindex, never cached; versions, city, and device and vendor as SPEC 2.8 reads the user agent', async (t) => {
  const r = await get('/test', { 'user-agent': HUAWEI });
  t.equal(r.statusCode, 200);
  t.equal(r.headers['cache-control'], 'private, no-store');
  t.equal(robots(r.body), 'noindex, nofollow');
  const html = text(r.body);
  t.match(html, '<span>构建版本</span><b>0.1.0</b>');
  t.match(html, /<span>路由表版本<\/span><b>[A-Za-z0-9_-]{10,}（\d+个页面）<\/b>/);
  t.match(html, '<span>当前城市</span><b>长沙（ID 1，cs）</b>');
  t.match(html, '<span>设备系统</span><b>Android</b>');
  t.match(html, '<span>设备厂商</span><b>华为/荣耀</b>');
  t.match(html, '<span>下载渠道</span><b>华为应用市场</b>');
  t.match(html, /<a href="\/downloadapp\/" class="btn btn--primary btn--block" data-open-app="">尝试打开APP<\/a>/);
  const again = await get('/test', { 'user-agent': IPHONE });
  t.not(again.headers['x-cache'], 'HIT', 'never served from the page cache');
  t.match(text(again.body), '<span>设备厂商</span><b>苹果</b>', 'each request reads its own user agent');
  t.match(text(again.body), '<span>下载渠道</span><b>App Store</b>');
  const wechat = text((await get('/test', { 'user-agent': WECHAT_IPHONE })).body);
  t.match(wechat, '<span>应用内浏览器</span><b>微信</b>');
  t.match(wechat, '<span>手机浏览器</span><b>否</b>');
  const wh = text((await get('/test', { host: 'wh.localhost' })).body);
  t.match(wh, '<span>当前城市</span><b>武汉（ID 2，wh）</b>');
});
