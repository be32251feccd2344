import t from 'tap';
import { stateOf } from '../helpers/state.ts';
import {
  all,
  assertDataRedirect,
  assertLastPage,
  assertRedirects,
  assertSecondPage,
  backendObj,
  CARD_SORTS,
  canonical,
  cards,
  portalOverBackend,
  relLink,
  sorted,
  title,
  total,
} from './helpers.ts';

const { backend, get } = await portalOverBackend(t);

const apiSearch = (filter: Record<string, unknown>) =>
  backendObj<{ totalElements: number; content: Array<Record<string, unknown>> }>(backend, '/api/house/search/findByCondition', {
    cityId: 1,
    houseType: 11,
    ...filter,
  });

t.test('the second-hand list renders listings of the city with count, title and canonical', async (t) => {
  const r = await get('/ershoufang/');
  t.equal(r.statusCode, 200);
  const list = cards(r.body);
  t.equal(list.length, 20, 'page size 20');
  t.equal(total(r.body), (await apiSearch({})).totalElements);
  t.match(title(r.body), /^长沙二手房_长沙二手房出售_湘房网$/);
  t.equal(canonical(r.body), 'http://localhost:3000/ershoufang/');
  t.equal(relLink(r.body, 'next'), 'http://localhost:3000/ershoufang/pg2/');
  t.equal(relLink(r.body, 'prev'), null);
  t.match(r.body, /"@type":"BreadcrumbList"/);
  t.match(r.body, /"@type":"ItemList"/);
  t.ok(list.every((c) => /^\/ershoufang\/\d+\.html$/.test(c.href)));
});

t.test('the state handed to the browser is lean: card fields only, JSON-LD only in the head', async (t) => {
  const r = await get('/ershoufang/');
  const state = stateOf(r.body);
  const items = (state.route.data as { items: Array<Record<string, unknown>> }).items;
  t.ok(items.length > 0);
  t.same(
    [...new Set(items.flatMap((i) => Object.keys(i)))].filter((k) => ['lat', 'lng', 'updatedAt', 'belongerId'].includes(k)),
    [],
    'no coordinates, dates or ids the card does not show (it shows createdAt as 今天上架 …)',
  );
  t.ok(
    items.every((i) => typeof i.title === 'string' && typeof i.price === 'number'),
    'what the card shows is there',
  );
  t.equal(state.route.head.jsonLd, undefined, 'the JSON-LD is not repeated in the state');
  t.match(r.body, /<head>.*"@type":"ItemList".*<\/head>/s, 'the JSON-LD is in the head');
});

t.test(
  'the state carries only the places the filter bar shows: shop areas of the chosen region, stations of the chosen line',
  async (t) => {
    type Dict = {
      regions: Array<{ regionId: number }>;
      shopMaps: Array<{ regionId: number }>;
      metros: Array<{ metroId: number; stations: unknown[] }>;
    };
    const dictOf = async (path: string) => (stateOf((await get(path)).body).route.data as { dict: Dict }).dict;
    const plain = await dictOf('/ershoufang/');
    t.ok(plain.regions.length >= 8, 'every region');
    t.ok(plain.metros.length >= 6, 'every metro line');
    t.same(plain.shopMaps, [], 'no shop areas while no region is chosen');
    t.ok(
      plain.metros.every((m) => m.stations.length === 0),
      'no stations while no line is chosen',
    );

    const yuelu = await dictOf('/ershoufang/yuelu/');
    t.ok(yuelu.shopMaps.length > 0, 'the shop areas of 岳麓区');
    t.ok(
      yuelu.shopMaps.every((s) => s.regionId === 1),
      'and no others',
    );

    const line2 = await dictOf('/ershoufang/li2/');
    t.same(
      line2.metros.filter((m) => m.stations.length > 0).map((m) => m.metroId),
      [2],
      'the stations of line 2 only',
    );

    const station = await get('/ershoufang/li2s25/');
    t.match(station.body, /<summary class="fbar__tab is-on">望城坡<\/summary>/, 'the chosen station names the 区域 tab');
  },
);
t.test('each filter narrows the list as the URL says', async (t) => {
  const p3 = cards((await get('/ershoufang/p3/')).body);
  t.ok(p3.length > 0);
  t.ok(
    p3.every((c) => c.price >= 80 && c.price < 100),
    'p3 = 80-100万',
  );
  const p8 = cards((await get('/ershoufang/p8/')).body);
  t.ok(
    p8.every((c) => c.price >= 300),
    'p8 = 300万以上',
  );
  const p1 = await get('/ershoufang/p1/');
  t.ok(
    cards(p1.body).every((c) => c.price < 50),
    'p1 = 50万以下',
  );
  const a3 = cards((await get('/ershoufang/a3/')).body);
  t.ok(a3.length > 0 && a3.every((c) => c.area >= 70 && c.area < 90), 'a3 = 70-90㎡');
  const a1 = cards((await get('/ershoufang/a1/')).body);
  t.ok(
    a1.every((c) => c.area < 50),
    'a1 = under 50㎡',
  );
  const l2 = cards((await get('/ershoufang/l2/')).body);
  t.ok(l2.length > 0 && l2.every((c) => c.facts.startsWith('2室')), 'l2 = two rooms');
  const l2l3 = cards((await get('/ershoufang/l2l3/')).body);
  t.ok(
    l2l3.every((c) => /^[23]室/.test(c.facts)),
    'l2l3 = two or three rooms',
  );
  const f1 = cards((await get('/ershoufang/f1/')).body);
  t.ok(f1.length > 0 && f1.every((c) => c.facts.includes('| 南北 |')), 'f1 = 南北');
  const de3 = cards((await get('/ershoufang/de3/')).body);
  t.ok(de3.length > 0 && de3.every((c) => c.title.includes('毛坯')), 'de3 = 毛坯');
  const combo = await get('/ershoufang/yuelu/p3l2/');
  t.equal(combo.statusCode, 200);
  t.ok(cards(combo.body).every((c) => c.price >= 80 && c.price < 100 && c.facts.startsWith('2室')));
  t.equal(total(combo.body), (await apiSearch({ regionId: 1, priceMin: 80, priceMax: 100, rooms: [2] })).totalElements);

  // Filters the card does not show: the count is the gateway's count for the same filter.
  const cases: Array<[string, Record<string, unknown>]> = [
    ['yuelu/', { regionId: 1 }],
    ['y1/', { buildAge: 5 }],
    ['lc1/', { floor: 'low' }],
    ['lc3/', { floor: 'high' }],
    ['ie1/', { elevator: true }],
    ['ie2/', { elevator: false }],
    ['u2/', { useType: '公寓' }],
    ['t4/', { tags: ['学区房'] }],
    ['te2/', { feature: '近地铁' }],
    ['pc1/', { priceChange: true }],
  ];
  for (const [tail, filter] of cases) {
    const r = await get(`/ershoufang/${tail}`);
    const expected = (await apiSearch(filter)).totalElements;
    t.equal(total(r.body), expected, `${tail} shows the ${expected} listings of ${JSON.stringify(filter)}`);
    t.ok(expected < (await apiSearch({})).totalElements, `${tail} narrows`);
  }
  const shops = await backendObj<Array<{ shopMapId: number; shopMapName: string }>>(backend, '/api/shopMap/find', { cityId: 1 });
  const shop = shops[0] as { shopMapId: number; shopMapName: string };
  const sq = await get(`/ershoufang/sq${shop.shopMapId}/`);
  t.equal(total(sq.body), (await apiSearch({ shopMapId: shop.shopMapId })).totalElements, 'shop area');
  t.match(title(sq.body), new RegExp(`^长沙${shop.shopMapName}二手房`));
  const metros = await backendObj<Array<{ metroId: number; name: string; stations: Array<{ stationId: number; name: string }> }>>(
    backend,
    '/api/house/findMetros/1',
  );
  const line = metros[0] as { metroId: number; name: string; stations: Array<{ stationId: number; name: string }> };
  const li = await get(`/ershoufang/li${line.metroId}/`);
  t.equal(li.statusCode, 200);
  t.equal(total(li.body), (await apiSearch({ metroId: line.metroId })).totalElements, 'metro line');
  const st = line.stations[0] as { stationId: number; name: string };
  const ls = await get(`/ershoufang/li${line.metroId}s${st.stationId}/`);
  t.equal(total(ls.body), (await apiSearch({ stationId: st.stationId })).totalElements, 'metro station');
  t.match(title(ls.body), `${st.name}地铁站二手房`);
});

t.test('keyword search narrows the list and a search form post lands on the canonical path', async (t) => {
  const first = (await apiSearch({ size: 1 })).content[0] as { xiaoquName: string };
  const r = await get(`/ershoufang/?keyword=${encodeURIComponent(first.xiaoquName)}`);
  t.equal(r.statusCode, 301);
  t.equal(r.headers.location, `/ershoufang/rs${encodeURIComponent(first.xiaoquName)}/`);
  const list = await get(r.headers.location as string);
  t.equal(list.statusCode, 200);
  const shown = cards(list.body);
  t.ok(shown.length > 0 && shown.every((c) => c.title.includes(first.xiaoquName)), 'every hit is in that community');
  t.match(list.body, `“${first.xiaoquName}”`);
});

t.test('sort orders: newest, total price, unit price, area, both directions', async (t) => {
  for (const { code, name, figure, dir } of CARD_SORTS) {
    t.ok(sorted(cards((await get(`/ershoufang/${code}/`)).body).map(figure), dir), name);
  }
  const newest = (await apiSearch({ sort: 'newest', size: 5 })).content.map((l) => `/ershoufang/${l.houseId}.html`);
  t.same(
    cards((await get('/ershoufang/co1/')).body)
      .slice(0, 5)
      .map((c) => c.href),
    newest,
    'newest first',
  );
  const both = cards((await get('/ershoufang/co2p3/')).body).map((c) => c.price);
  t.ok(both.every((p) => p >= 80 && p < 100) && sorted(both, 1), 'sort combines with a filter');
});

t.test('pagination: page 2 is a URL with its own items, prev/next links and title; past the end is 404', async (t) => {
  const page2 = await assertSecondPage(t, get, '/ershoufang/');
  t.equal(relLink(page2, 'next'), 'http://localhost:3000/ershoufang/pg3/');
  t.match(page2, /href="\/ershoufang\/pg3\/"[^>]*rel="next"|rel="next"[^>]*href="\/ershoufang\/pg3\/"/);
  const last = Math.ceil((await apiSearch({})).totalElements / 20);
  await assertLastPage(t, get, '/ershoufang/', last);
  t.equal((await get('/ershoufang/p3pg2/')).statusCode, 200);
});

t.test('query filters and non-canonical tails redirect 301 to the canonical path', async (t) => {
  const cases: Array<[string, string]> = [
    ['/ershoufang/?price=3&regionId=1', '/ershoufang/yuelu/p3/'],
    ['/ershoufang/?rooms=3,2&sort=priceAsc', '/ershoufang/co2l2l3/'],
    ['/ershoufang/yuelu/?page=2', '/ershoufang/yuelu/pg2/'],
    ['/ershoufang/l3p2/', '/ershoufang/p2l3/'],
    ['/ershoufang/qy1/', '/ershoufang/yuelu/'],
    ['/ershoufang/YUELU/', '/ershoufang/yuelu/'],
    ['/ershoufang/pg1/', '/ershoufang/'],
    ['/zufang/?price=2&rentType=整租', '/zufang/rp2rt1/'],
    ['/duanzu/?price=1', '/duanzu/rp1/'],
  ];
  await assertRedirects(t, get, cases);
  await assertDataRedirect(t, get, '/ershoufang/?price=3', '/ershoufang/p3/');
  t.equal((await get('/ershoufang/yuelu')).statusCode, 301, 'missing trailing slash');
});

t.test('unknown or malformed tails and ids give the 404 screen, never 500', async (t) => {
  for (const url of [
    '/ershoufang/beijing/',
    '/ershoufang/p99/',
    '/ershoufang/rp1/',
    '/ershoufang/yuelu/p3/x/',
    '/zufang/p3/',
    '/ershoufang/99999999.html',
    '/ershoufang/0.html',
    '/ershoufang/abc.html',
    '/ershoufang/details?id=abc',
    '/ershoufang/details',
    '/ershoufang/details?id=99999999999999999999',
    '/ershoufang/dy/99999999.html',
    '/ad/ershoufang/99999999.html',
    '/zufang/99999999.html',
    '/zufang/zuyj/99999999.html',
    '/ershoufang/daikan?id=99999999',
    '/ershoufang/daikan',
    '/ershoufang/zhou?id=x',
    '/ershoufang/dongtai?id=99999999',
    '/referrer/11/NOPE0000',
    '/referrer/99/1',
    '/photo?id=99999999',
    '/photo',
  ]) {
    const r = await get(url);
    t.equal(r.statusCode, 404, url);
  }
  const rental = (await apiSearch({ houseType: 12, size: 1 })).content[0] as { houseId: number };
  t.equal((await get(`/ershoufang/${rental.houseId}.html`)).statusCode, 404, 'a rental is not a second-hand listing');
  const other = (await apiSearch({ cityId: 2, size: 1 })).content[0] as { houseId: number };
  t.equal((await get(`/ershoufang/${other.houseId}.html`)).statusCode, 404, 'a listing of another city');
  t.equal((await get(`/ershoufang/${other.houseId}.html`, { host: 'wh.localhost' })).statusCode, 200, 'is found on its own city');
});

t.test('second-hand detail: data, agent, community, gallery, SEO, its aliases', async (t) => {
  const item = (await apiSearch({ size: 1, sort: 'hot' })).content[0] as { houseId: number };
  const detail = await backendObj<{
    houseId: number;
    title: string;
    price: number;
    xiaoquName: string;
    stressId: number;
    photos: string[];
    agentInfo: { name: string; belongerId: number };
    regionName: string;
  }>(backend, `/api/house/search/detail/${item.houseId}`);
  const r = await get(`/ershoufang/${detail.houseId}.html`);
  t.equal(r.statusCode, 200);
  t.match(title(r.body), `${detail.title}_${detail.xiaoquName}`);
  t.match(title(r.body), `${detail.price}万_长沙${detail.regionName}二手房_湘房网`);
  t.match(r.body, /<meta name="description" content="长沙[^"]*二手房出售：[^"]*总价/);
  t.equal(canonical(r.body), `http://localhost:3000/ershoufang/${detail.houseId}.html`);
  t.match(r.body, /"@type":"Product"/);
  t.match(r.body, /"@type":"Offer"/);
  t.match(r.body, `"price":${Math.round(detail.price * 10000)}`);
  t.match(r.body, `<h1 class="dt-head__title">${detail.title}</h1>`);
  t.match(r.body, `href="/xiaoqu/${detail.stressId}.html"`, 'community card links to the community');
  t.match(r.body, detail.agentInfo.name);
  t.match(r.body, /href="tel:400[\d]+,\d+"/, 'phone via api/zhcall');
  t.match(
    r.body,
    new RegExp(`href="/login\\?bUrl=${encodeURIComponent('/im/session?belongerId=').replaceAll('?', '\\?')}${detail.agentInfo.belongerId}`),
    'visitor chat goes to login with the session path',
  );
  t.match(r.body, `1/${detail.photos.length}`, 'gallery counter');
  t.equal(all(/class="gal__img"/g, r.body).length, detail.photos.length);
  t.match(r.body, `href="/photo?id=${detail.houseId}&amp;type=ershoufang&amp;active=0"`);
  t.match(r.body, 'action="/-/action/favourite"');
  t.match(
    r.body,
    `href="/login?bUrl=${encodeURIComponent(`/yuyuekanfang?houseId=${detail.houseId}`)}"`,
    'booking asks a visitor to log in',
  );
  t.match(r.body, `href="/jubao?houseId=${detail.houseId}"`);
  t.ok(cards(r.body).length >= 3, 'similar listings');
  t.notOk(
    cards(r.body).some((c) => c.href.includes(`/${detail.houseId}.html`)),
    'not itself',
  );

  for (const alias of [
    `/ershoufang/details?id=${detail.houseId}`,
    `/ershoufang/dy/${detail.houseId}.html`,
    `/ad/ershoufang/${detail.houseId}.html`,
  ]) {
    const a = await get(alias);
    t.equal(a.statusCode, 200, alias);
    t.equal(canonical(a.body), `http://localhost:3000/ershoufang/${detail.houseId}.html`, `${alias}: the .html alias is canonical`);
  }
  t.match((await get(`/ad/ershoufang/${detail.houseId}.html`)).body, '<meta name="robots" content="noindex"');
});

t.test('second-hand sub-pages: daikan, dongtai, zhou, referrer', async (t) => {
  const item = (await apiSearch({ size: 1, priceChange: true })).content[0] as { houseId: number; houseNumber: string; title: string };
  const daikan = await get(`/ershoufang/daikan?id=${item.houseId}`);
  t.equal(daikan.statusCode, 200);
  t.match(daikan.body, /带看记录（\d+次）/);
  const dongtai = await get(`/ershoufang/dongtai?id=${item.houseId}`);
  t.equal(dongtai.statusCode, 200);
  t.match(dongtai.body, /调价 [\d.]+万 → [\d.]+万/);
  t.match(dongtai.body, /调价1次|调价\d+次/);
  const city = await get('/ershoufang/dongtai');
  t.equal(city.statusCode, 200);
  t.match(city.body, '最新上架');
  t.match(city.body, '降价房源');
  t.ok(cards(city.body).length >= 10);
  const zhou = await get(`/ershoufang/zhou?id=${item.houseId}`);
  t.equal(zhou.statusCode, 200);
  t.match(zhou.body, '周边学校');
  t.match(zhou.body, '同商圈在售');
  for (const url of [`/referrer/11/${item.houseNumber}`, `/ershoufang/referrer?houseType=11&hsmid=${item.houseId}`]) {
    const ref = await get(url);
    t.equal(ref.statusCode, 200, url);
    t.match(title(ref.body), /为您推荐：/);
    t.match(ref.body, item.title);
    t.equal(canonical(ref.body), `http://localhost:3000/ershoufang/${item.houseId}.html`);
  }
});

t.test('rentals: list, price bands, whole/shared, short-term, details with 10 recommendations', async (t) => {
  const rent = (f: Record<string, unknown>) => apiSearch({ houseType: 12, ...f });
  const r = await get('/zufang/');
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), (await rent({})).totalElements);
  t.match(title(r.body), /^长沙租房_/);
  const rp3 = cards((await get('/zufang/rp3/')).body);
  t.ok(rp3.length > 0 && rp3.every((c) => c.price >= 1000 && c.price < 2000), 'rp3 = 1000-2000元');
  const rp1 = cards((await get('/zufang/rp1/')).body);
  t.ok(
    rp1.every((c) => c.price < 500),
    'rp1 = under 500元',
  );
  const whole = cards((await get('/zufang/rt1/')).body);
  t.ok(whole.length > 0 && whole.every((c) => c.badge === '整租'), 'rt1 = 整租');
  const shared = cards((await get('/zufang/rt2/')).body);
  t.ok(shared.length > 0 && shared.every((c) => c.badge === '合租'), 'rt2 = 合租');
  t.ok(
    sorted(
      cards((await get('/zufang/co2/')).body).map((c) => c.price),
      1,
    ),
    'rent ascending',
  );
  for (const url of ['/duanzu/', '/zufang/duanzu', '/duanzu']) {
    const d = await get(url);
    t.equal(d.statusCode, url === '/duanzu' ? 301 : 200, url);
    if (d.statusCode === 200) {
      t.equal(total(d.body), (await rent({ shortTerm: true })).totalElements, `${url} lists short-term rentals`);
      t.equal(canonical(d.body), 'http://localhost:3000/duanzu/');
      t.match(title(d.body), /短租房/);
    }
  }
  const item = (await rent({ size: 1 })).content[0] as { houseId: number; title: string; price: number };
  const dt = await get(`/zufang/${item.houseId}.html`);
  t.equal(dt.statusCode, 200);
  t.match(title(dt.body), `租金${item.price}元/月`);
  t.equal(canonical(dt.body), `http://localhost:3000/zufang/${item.houseId}.html`);
  t.match(dt.body, '"unitText":"MON"');
  const similar = cards(dt.body);
  t.ok(similar.length > 0 && similar.length <= 10, 'up to 10 rental recommendations');
  const zuyj = await get(`/zufang/zuyj/${item.houseId}.html`);
  t.equal(zuyj.statusCode, 200);
  t.equal(canonical(zuyj.body), `http://localhost:3000/zufang/zuyj/${item.houseId}.html`);
  t.equal((await get(`/zufang/details?id=${item.houseId}`)).statusCode, 200);
  t.equal((await get(`/ad/zufang/${item.houseId}.html`)).statusCode, 200);
});

t.test('/zufang/zuyj lists fitted whole-flat rentals linking to their brand-apartment details, paged by ?page', async (t) => {
  const r = await get('/zufang/zuyj');
  t.equal(r.statusCode, 200);
  const expected = await apiSearch({ houseType: 12, rentType: '整租', decoration: '精装' });
  t.equal(total(r.body), expected.totalElements);
  const list = cards(r.body);
  t.ok(list.length > 0 && list.every((c) => /^\/zufang\/zuyj\/\d+\.html$/.test(c.href) && c.badge === '整租'));
  t.match(title(r.body), /^长沙品牌公寓_/);
  if (expected.totalElements > 20) t.equal(relLink(r.body, 'next'), 'http://localhost:3000/zufang/zuyj?page=2');
  t.equal((await get('/zufang/zuyj?page=abc')).statusCode, 404);
  t.equal((await get('/zufang/zuyj?page=999')).statusCode, 404);
});

t.test('the /photo page holds the gallery state of a listing', async (t) => {
  const item = (await apiSearch({ size: 1 })).content[0] as { houseId: number; title: string };
  const r = await get(`/photo?id=${item.houseId}&active=2`);
  t.equal(r.statusCode, 200);
  t.match(r.body, 'gal--stage');
  t.match(r.body, '>3/');
  t.match(r.body, /activeItem\\?":2/);
  t.match(r.body, /photoList\\?":\[\\?"\/img\/house\//);
  t.match(r.body, `href="/ershoufang/${item.houseId}.html"`);
});

t.test('the filter bar: every option is a link to its canonical URL; panels are <details>', async (t) => {
  const r = await get('/ershoufang/yuelu/p3/');
  t.match(r.body, '<details class="fbar__item"');
  t.match(r.body, 'href="/ershoufang/yuelu/"', '价格 不限 keeps the region');
  t.match(r.body, 'href="/ershoufang/p3/"', '区域 不限 keeps the price');
  t.match(r.body, 'href="/ershoufang/yuelu/p3l2/"', 'a rooms option adds to the filters');
  t.match(r.body, 'href="/ershoufang/yuelu/co2p3/"', 'a sort option');
  t.match(r.body, /href="\/ershoufang\/sq\d+\/p3\/"/, 'the shop areas of the region');
  t.match(r.body, /<a aria-current="true" href="\/ershoufang\/yuelu\/p3\/" class="fbar__opt is-on">80-100万<\/a>/);
});
