import t from 'tap';
import type { Page, Store, StoreNews, StoreXiaoqu } from '../../src/contracts/gateway/index.ts';
import {
  assertDataRedirect,
  assertNotFoundScreens,
  assertRedirects,
  backendObj,
  backendRows,
  canonical,
  ORIGIN,
  portalOverBackend,
  title,
  total,
} from '../listings/helpers.ts';
import { jsonLd } from '../xiaoqu/helpers.ts';

/** Issue 17 part B: the store pages /mendian/* (SPEC 1, 2.1-2.4, 7.6, 7.7) over the embedded gateway. */
const { backend, get } = await portalOverBackend(t);
const regions = await backendObj<Array<{ regionId: number; regionName: string }>>(backend, '/api/region/findByCityId/1');
const stores = await backendObj<Page<Store>>(backend, '/api/department/pageForWeb', { cityId: 1, size: 100, sort: 'listings' });
const store = stores.content[0] as Store;
const otherCity = backendRows(backend, 'SELECT id FROM store WHERE city_id <> 1 ORDER BY id LIMIT 1')[0]?.id as number;
const storeLinks = (html: string) => [...html.matchAll(/href="\/mendian\/(\d+)\.html" class="md-card__link"/g)].map((m) => Number(m[1]));

t.test('the list shows the city’s stores by listings, with count, head and JSON-LD', async (t) => {
  const r = await get('/mendian/');
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), stores.totalElements, 'the count is the gateway’s');
  t.same(
    storeLinks(r.body),
    stores.content.slice(0, 10).map((s) => s.storeId),
    'the stores with the most listings first',
  );
  t.match(r.body, store.name);
  t.equal(canonical(r.body), `${ORIGIN}/mendian/`);
  t.match(title(r.body), /^长沙门店_/);
  t.ok(jsonLd(r.body).some((x) => x['@type'] === 'BreadcrumbList'));
});

t.test('a district as a path code filters the list; its query and other forms redirect (301) to it', async (t) => {
  const region = regions.find((r) => r.regionId === store.regionId) as { regionId: number; regionName: string };
  const list = await get('/mendian/');
  const href = new RegExp(`href="(/mendian/[a-z]+/)"[^>]*>${region.regionName}<`).exec(list.body)?.[1];
  t.ok(href, 'the list links the district');
  if (!href) return;
  const r = await get(href);
  t.equal(r.statusCode, 200);
  const expected = stores.content.filter((s) => s.regionId === region.regionId);
  t.equal(total(r.body), expected.length, 'only the district’s stores');
  t.ok(storeLinks(r.body).includes(store.storeId));
  t.match(r.body, `<h1 class="lst__h1">长沙${region.regionName}门店</h1>`);
  t.equal(canonical(r.body), `${ORIGIN}${href}`);
  await assertRedirects(t, get, [
    [`/mendian/?regionId=${region.regionId}`, href],
    [`/mendian/qy${region.regionId}/`, href],
    [href.toUpperCase(), href],
    [`${href}pg1/`, href],
    ['/mendian/?page=1', '/mendian/'],
  ]);
  await assertDataRedirect(t, get, `/mendian/?regionId=${region.regionId}`, href);
});

t.test('pages past the end and unknown tails are the 404 screen', async (t) => {
  const pages = Math.max(1, Math.ceil(stores.totalElements / 10));
  await assertNotFoundScreens(t, get, [`/mendian/pg${pages + 1}/`, '/mendian/nowhere/', '/mendian/pgx/', '/mendian/a/b/c/']);
});

t.test('nearest first when the visitor gives a position', async (t) => {
  const far = stores.content[stores.content.length - 1] as Store;
  const r = await get(`/mendian/?lat=${(far.lat as number).toFixed(2)}&lng=${(far.lng as number).toFixed(2)}`);
  t.equal(r.statusCode, 200);
  t.equal(storeLinks(r.body)[0], far.storeId, 'the store at the visitor’s position first');
  t.match(r.body, '已按距离排序');
  t.match(r.body, /距您(<!-- -->)?\d+m/, 'the distance is shown');
  const exact = await get(`/mendian/?lat=28.23052&lng=112.94858`);
  t.equal(exact.statusCode, 301, 'a precise position redirects');
  t.equal(exact.headers.location, '/mendian/?lat=28.23&lng=112.95', 'to the position rounded to about 1 km');
});

t.test('the detail shows address, hours, phone, map, agents linking /broker/{id}, listings; canonical and JSON-LD', async (t) => {
  for (const url of [`/mendian/${store.storeId}.html`, `/mendian/detail?id=${store.storeId}`]) {
    const r = await get(url);
    t.equal(r.statusCode, 200, url);
    t.equal(canonical(r.body), `${ORIGIN}/mendian/${store.storeId}.html`, `${url}: one canonical`);
    t.match(r.body, store.address);
    t.match(r.body, store.phone);
    t.match(r.body, store.hours as string);
    t.match(r.body, 'data-testid="location-map"');
    const agents = backendRows(backend, 'SELECT id FROM belonger WHERE store_id = ?', store.storeId).map((a) => a.id as number);
    t.ok(agents.length > 0);
    for (const id of agents) t.match(r.body, `href="/broker/${id}"`, `agent ${id} linked`);
    t.match(r.body, /data-testid="store-houses"[\s\S]*?href="\/ershoufang\/\d+\.html"/, 'its listings');
    const ld = jsonLd(r.body);
    const agent = ld.find((x) => x['@type'] === 'RealEstateAgent') as Record<string, unknown> | undefined;
    t.match(agent, { name: store.name, telephone: store.phone, address: { streetAddress: store.address } });
    t.ok(ld.some((x) => x['@type'] === 'BreadcrumbList'));
  }
});

t.test('issue 34: 致电门店 is a green tel: button (btn btn--primary), not plain text', async (t) => {
  const r = await get(`/mendian/${store.storeId}.html`);
  t.equal(r.statusCode, 200);
  const call = r.body.match(/<a class="([^"]*)" href="(tel:[^"]*)" data-testid="store-call">致电门店<\/a>/);
  t.ok(call, '致电门店 is a link');
  t.same(call?.[1].split(' ').sort(), ['btn', 'btn--primary', 'md-head__call'], 'styled as the site’s primary (green) button');
  t.equal(call?.[2], `tel:${store.phone.replace(/[^\d+]/g, '')}`, 'it dials the store’s phone');
});

t.test('unknown, malformed and other cities’ store ids are the 404 screen on every page', async (t) => {
  const bad = ['999999', 'abc', `${otherCity}`];
  const urls = ['/mendian/999999.html', `/mendian/${otherCity}.html`];
  for (const p of ['detail', 'fangyuan', 'xiaoqu', 'dongtai', 'license']) for (const id of bad) urls.push(`/mendian/${p}?id=${id}`);
  urls.push('/mendian/fangyuan', `/mendian/fangyuan?id=${store.storeId}&page=9999`, `/mendian/fangyuan?id=${store.storeId}&kind=x`);
  await assertNotFoundScreens(t, get, urls);
});

t.test('fangyuan lists the store’s listings, paged', async (t) => {
  const count = backendRows(
    backend,
    `SELECT COUNT(*) AS n FROM listing l JOIN belonger b ON b.id = l.belonger_id WHERE b.store_id = ? AND l.status = 1 AND l.house_type = 11`,
    store.storeId,
  )[0]?.n as number;
  const r = await get(`/mendian/fangyuan?id=${store.storeId}`);
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), count);
  const first = [...r.body.matchAll(/href="\/ershoufang\/(\d+)\.html"/g)].map((m) => m[1]);
  t.ok(first.length > 0 && first.length <= 10);
  t.equal(canonical(r.body), `${ORIGIN}/mendian/fangyuan?id=${store.storeId}`);
  if (count > 10) {
    const p2 = await get(`/mendian/fangyuan?id=${store.storeId}&page=2`);
    t.equal(p2.statusCode, 200);
    const second = [...p2.body.matchAll(/href="\/ershoufang\/(\d+)\.html"/g)].map((m) => m[1]);
    t.notOk(
      second.some((id) => first.includes(id)),
      'page 2 shows other listings',
    );
    t.equal(canonical(p2.body).replaceAll('&amp;', '&'), `${ORIGIN}/mendian/fangyuan?id=${store.storeId}&page=2`);
  }
});

t.test('xiaoqu lists the communities the store serves, linking /xiaoqu/{id}.html', async (t) => {
  const served = await backendObj<Page<StoreXiaoqu>>(backend, `/api/department/xiaoqu/${store.storeId}`);
  t.ok(served.totalElements > 0);
  const r = await get(`/mendian/xiaoqu?id=${store.storeId}`);
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), served.totalElements);
  for (const x of served.content.slice(0, 10)) t.match(r.body, `href="/xiaoqu/${x.stressId}.html"`);
});

t.test('dongtai lists the store’s news and deals, newest first', async (t) => {
  const news = await backendObj<Page<StoreNews>>(backend, `/api/department/news/${store.storeId}`);
  t.ok(news.content.some((n) => n.kind === '成交') && news.content.some((n) => n.kind === '动态'), 'both news and deals');
  const r = await get(`/mendian/dongtai?id=${store.storeId}`);
  t.equal(r.statusCode, 200);
  const titles = [...r.body.matchAll(/class="md-news__title">(?:<a [^>]*>)?([^<]+)</g)].map((m) => m[1]);
  t.same(
    titles,
    news.content.slice(0, 10).map((n) => n.title),
  );
});

t.test('license shows the licence and filing as served images and as text', async (t) => {
  const r = await get(`/mendian/license?id=${store.storeId}`);
  t.equal(r.statusCode, 200);
  t.match(r.body, store.licenseNo);
  t.match(r.body, store.filingNo as string);
  t.match(r.body, store.company as string);
  const imgs = [...r.body.matchAll(/<img src="(\/img\/(?:license|filing)\/\d+\.svg)"/g)].map((m) => m[1] as string);
  t.equal(imgs.length, 2);
  for (const src of imgs) {
    const img = await get(src);
    t.equal(img.statusCode, 200, `${src} is served by the portal`);
    t.match(img.body, '<svg');
  }
});

t.test('search finds a store by name and by district', async (t) => {
  const byName = await get(`/mendian/search?keyword=${encodeURIComponent(store.name)}`);
  t.equal(byName.statusCode, 200);
  t.ok(storeLinks(byName.body).includes(store.storeId));
  const region = store.regionName as string;
  const byRegion = await get(`/mendian/search?keyword=${encodeURIComponent(region)}`);
  t.same(
    storeLinks(byRegion.body).sort(),
    stores.content
      .filter((s) => s.regionId === store.regionId)
      .map((s) => s.storeId)
      .sort(),
  );
  const none = await get(`/mendian/search?keyword=${encodeURIComponent('不存在的门店名')}`);
  t.equal(none.statusCode, 200);
  t.match(none.body, '没有找到相关门店');
});

t.test('the list, a detail and its sub-pages are page-cached (x-cache HIT on the second visit)', async (t) => {
  for (const url of [
    '/mendian/',
    `/mendian/${store.storeId}.html`,
    `/mendian/dongtai?id=${store.storeId}`,
    `/mendian/license?id=${store.storeId}`,
  ]) {
    await get(url);
    const r = await get(url);
    t.equal(r.headers['x-cache'], 'HIT', url);
  }
});
