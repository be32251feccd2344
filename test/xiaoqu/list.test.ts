import t from 'tap';
import { XIAOQU_PRICE_BANDS } from '../../src/lib/xiaoqu-filters.ts';
import {
  assertDataRedirect,
  assertNotFoundScreens,
  assertRedirects,
  canonical,
  portalOverBackend,
  relLink,
  sorted,
  title,
  total,
} from '../listings/helpers.ts';
import { backendObj, backendXiaoquList, jsonLd, xqCards } from './helpers.ts';

/** Issue 14 part A: the community list /xiaoqu/* with path-code filters, sorts and pages (SPEC 2.4, 3, 7.5). */
const { backend, get } = await portalOverBackend(t);
const regions = await backendObj<Array<{ regionId: number; regionName: string }>>(backend, '/api/region/findByCityId/1');
const yuelu = regions.find((r) => r.regionName === '岳麓区');
const shops = await backendObj<Array<{ shopMapId: number; shopMapName: string; regionId: number }>>(backend, '/api/shopMap/find', {
  cityId: 1,
});

t.test('the list shows the city’s communities: count, cards with average price, change and counts, head', async (t) => {
  const r = await get('/xiaoqu/');
  t.equal(r.statusCode, 200);
  const cards = xqCards(r.body);
  const api = await backendXiaoquList(backend, { size: 20 });
  t.equal(cards.length, 20, 'page size 20');
  t.equal(total(r.body), api.totalElements, 'the count is the gateway’s');
  t.match(r.body, '<h1 class="lst__h1">长沙小区</h1>');
  const first = api.content[0];
  const card = cards[0];
  t.ok(first && card);
  if (!first || !card) return;
  t.equal(card.id, first.stressId);
  t.equal(card.name, first.sname, 'the short name is shown as the name (SPEC 7.1)');
  t.equal(card.avgPrice, first.avgPrice, 'average price');
  t.match(card.ratio, new RegExp(`^环比上月 (持平|[↑↓]${Math.abs(first.ratio).toFixed(2)}%)$`), 'month-on-month change');
  t.equal(card.ershoucount, first.ershoucount, 'on-sale count (ershoucount)');
  t.equal(card.zufangcount, first.zufangcount, 'for-rent count (zufangcount)');
  t.match(title(r.body), /^长沙小区_长沙小区房价_湘房网$/);
  t.equal(canonical(r.body), 'http://localhost:3000/xiaoqu/');
  t.equal(relLink(r.body, 'next'), 'http://localhost:3000/xiaoqu/pg2/');
  const ld = jsonLd(r.body);
  const list = ld.find((x) => x['@type'] === 'ItemList') as { itemListElement: Array<{ url: string }> } | undefined;
  t.equal(list?.itemListElement.length, 20);
  t.equal(list?.itemListElement[0]?.url, `http://localhost:3000/xiaoqu/${first.stressId}.html`);
  t.ok(ld.some((x) => x['@type'] === 'BreadcrumbList'));
});

t.test('a region and a shop area filter the list', async (t) => {
  t.ok(yuelu, 'the city has 岳麓区');
  if (!yuelu) return;
  const r = await get('/xiaoqu/yuelu/');
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), (await backendXiaoquList(backend, { regionId: yuelu.regionId })).totalElements);
  const cards = xqCards(r.body);
  t.ok(cards.length > 0);
  t.ok(
    cards.every((c) => c.facts.startsWith('岳麓区 ')),
    'every card is in 岳麓区',
  );
  t.match(title(r.body), /^长沙岳麓区小区_/);
  const shop = shops.find((s) => s.regionId === yuelu.regionId) as { shopMapId: number; shopMapName: string };
  const s = await get(`/xiaoqu/sq${shop.shopMapId}/`);
  t.equal(s.statusCode, 200);
  t.ok(
    xqCards(s.body).every((c) => c.facts.startsWith(`岳麓区 ${shop.shopMapName} `)),
    'every card is in the shop area',
  );
  t.equal(total(s.body), (await backendXiaoquList(backend, { shopMapId: shop.shopMapId })).totalElements);
  t.match(s.body, `<h1 class="lst__h1">长沙${shop.shopMapName}小区</h1>`);
});

t.test('average-price bands, building age and property type filter the list', async (t) => {
  const band = XIAOQU_PRICE_BANDS[2] as { label: string; min: number; max: number };
  const p = await get('/xiaoqu/p3/');
  t.equal(p.statusCode, 200);
  const pc = xqCards(p.body);
  t.ok(pc.length > 0, 'communities in the band');
  t.ok(
    pc.every((c) => c.avgPrice >= band.min && c.avgPrice < band.max),
    `every average price is in ${band.label}`,
  );
  t.match(p.body, `<span class="lst__chip">${band.label}</span>`);
  const y = await get('/xiaoqu/y2/');
  t.equal(y.statusCode, 200);
  const years = xqCards(y.body).map((c) => Number(/(\d{4})年建成/.exec(c.facts)?.[1]));
  t.ok(years.length > 0 && years.every((n) => n >= 2016), 'built within 10 years');
  const u = await get('/xiaoqu/u3/');
  t.equal(u.statusCode, 200);
  const villas = xqCards(u.body);
  t.ok(villas.length > 0 && villas.every((c) => c.facts.endsWith('| 别墅')), 'only villas');
  t.equal(total(u.body), (await backendXiaoquList(backend, { propertyType: '别墅' })).totalElements);
});

t.test('the sorts order the cards by average price, on-sale count and newest', async (t) => {
  const prices = (html: string) => xqCards(html).map((c) => c.avgPrice);
  t.ok(sorted(prices((await get('/xiaoqu/co1/')).body), 1), 'average price ascending');
  t.ok(sorted(prices((await get('/xiaoqu/co2/')).body), -1), 'average price descending');
  const counts = xqCards((await get('/xiaoqu/co3/')).body).map((c) => c.ershoucount);
  t.ok(sorted(counts, -1) && counts.length === 20, 'most on sale first');
  const years = xqCards((await get('/xiaoqu/co4/')).body).map((c) => Number(/(\d{4})年建成/.exec(c.facts)?.[1]));
  t.ok(sorted(years, -1), 'newest first');
  const combined = await get('/xiaoqu/yuelu/co1p3/');
  t.equal(combined.statusCode, 200);
  t.ok(sorted(prices(combined.body), 1));
  t.equal(canonical(combined.body), 'http://localhost:3000/xiaoqu/yuelu/co1p3/');
});

t.test('filter-order, case and query-form variants redirect (301) to the canonical path', async (t) => {
  t.ok(yuelu);
  if (!yuelu) return;
  await assertRedirects(t, get, [
    ['/xiaoqu/p3co1/', '/xiaoqu/co1p3/'],
    ['/xiaoqu/YUELU/U1Y2/', '/xiaoqu/yuelu/y2u1/'],
    [`/xiaoqu/qy${yuelu.regionId}/`, '/xiaoqu/yuelu/'],
    ['/xiaoqu/pg1/', '/xiaoqu/'],
    ['/xiaoqu/co1p3', '/xiaoqu/co1p3/'],
    [`/xiaoqu/?regionId=${yuelu.regionId}&price=2&sort=priceDesc`, '/xiaoqu/yuelu/co2p2/'],
    ['/xiaoqu/co1/?type=别墅', '/xiaoqu/co1u3/'],
  ]);
  await assertDataRedirect(t, get, '/xiaoqu/p3co1/', '/xiaoqu/co1p3/');
});

t.test('an unknown or malformed tail is the 404 screen', async (t) => {
  await assertNotFoundScreens(t, get, [
    '/xiaoqu/nowhere/',
    '/xiaoqu/p9/',
    '/xiaoqu/co1/p2/',
    '/xiaoqu/sq999999/',
    '/xiaoqu/p1p2/',
    '/xiaoqu/pg9999/',
  ]);
});

t.test('pages are links with prev/next, and page 2 shows the next communities', async (t) => {
  const one = xqCards((await get('/xiaoqu/')).body).map((c) => c.id);
  const r = await get('/xiaoqu/pg2/');
  t.equal(r.statusCode, 200);
  const two = xqCards(r.body).map((c) => c.id);
  const api = await backendXiaoquList(backend, { page: 2, size: 20 });
  t.same(
    two,
    api.content.map((x) => x.stressId),
  );
  t.notOk(
    two.some((id) => one.includes(id)),
    'no community of page 1',
  );
  t.equal(canonical(r.body), 'http://localhost:3000/xiaoqu/pg2/');
  t.equal(relLink(r.body, 'prev'), 'http://localhost:3000/xiaoqu/');
  t.match(title(r.body), /_第2页_/);
  const last = Math.ceil(api.totalElements / 20);
  const end = await get(`/xiaoqu/pg${last}/`);
  t.equal(end.statusCode, 200);
  t.equal(relLink(end.body, 'next'), null, 'the last page has no next');
  t.match(end.body, 'aria-current="page">');
});

t.test('the list is page-cached: the second request is a HIT', async (t) => {
  const first = await get('/xiaoqu/co4/');
  t.equal(first.statusCode, 200);
  const second = await get('/xiaoqu/co4/');
  t.equal(second.headers['x-cache'], 'HIT');
  t.equal(second.body, first.body);
});
