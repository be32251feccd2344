import path from 'node:path';
import t from 'tap';
import { DB_FILE } from '../../src/backend/db.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { startBackend } from '../../src/backend/start.ts';
import { seededDataDir } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import {
  all,
  assertDataRedirect,
  assertLastPage,
  assertNotFoundScreens,
  assertRedirects,
  assertSecondPage,
  backendObj,
  CARD_SORTS,
  canonical,
  cards,
  description,
  ORIGIN,
  pageGetter,
  relLink,
  sorted,
  title,
  total,
} from './helpers.ts';

/**
 * Commercial property (issue 5 point 4): shop and office lists and details for sale and for rent, 找铺 with its
 * search, and the 商业地产 landing, on the embedded backend. The test data set holds 4 listings of each commercial
 * kind per city; a list needs more than a page, so each of city 1's is cloned 10 times with other prices, areas
 * and dates (and indexed for keyword search).
 */
const CLONES = 10;
const dataDir = await seededDataDir();
{
  const db = new Database(path.join(dataDir, DB_FILE));
  const rows = db.prepare('SELECT * FROM listing WHERE city_id = 1 AND house_type BETWEEN 13 AND 16 ORDER BY id').all() as Array<
    Record<string, unknown>
  >;
  let nextId = (db.prepare('SELECT MAX(id) FROM listing').pluck().get() as number) + 1;
  const cols = Object.keys(rows[0] as object);
  const insert = db.prepare(`INSERT INTO listing (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`);
  const fts = db.prepare(
    'INSERT INTO search_fts (body, kind, ref_id, city_id) SELECT body, kind, ?, city_id FROM search_fts WHERE ref_id = ?',
  );
  const log = db.prepare("INSERT INTO operate_log (listing_id, kind, old_price, new_price, created_at) VALUES (?, '上架', NULL, ?, ?)");
  db.transaction(() => {
    for (const r of rows) {
      for (let k = 1; k <= CLONES; k++) {
        const factor = 0.35 + k * 0.22;
        const area = Math.round((r.area as number) * (0.5 + k * 0.13) * 10) / 10;
        const rent = r.house_type === 14 || r.house_type === 16;
        const price = rent ? Math.round(((r.price as number) * factor) / 10) * 10 : Math.round((r.price as number) * factor * 10) / 10;
        const created = new Date(Date.parse(`${(r.created_at as string).replace(' ', 'T')}+08:00`) - k * 86_400_000 * 3);
        const when = new Date(created.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
        const id = nextId++;
        insert.run(
          ...cols.map((c) => {
            switch (c) {
              case 'id':
                return id;
              case 'house_number':
                return `${r.house_number}C${k}`;
              case 'title':
                return (r.title as string).replace(/\d+㎡/, `${Math.round(area)}㎡`);
              case 'price':
                return price;
              case 'area':
                return area;
              case 'unit_price':
                return rent ? Math.round(price / area) : Math.round((price * 10000) / area);
              case 'created_at':
              case 'updated_at':
                return when;
              case 'view_num':
                return ((r.view_num as number) * (k + 3)) % 4999;
              default:
                return r[c];
            }
          }),
        );
        fts.run(id, r.id);
        log.run(id, price, when);
      }
    }
  })();
  db.close();
}
const backend = await startBackend({ dataDir, logger: false });
const portal = await buildTestApp({ gatewayUrl: backend.url });
t.teardown(async () => {
  await portal.close();
  await backend.close();
});

const get = pageGetter(portal);

interface ApiItem {
  houseId: number;
  houseType: number;
  title: string;
  price: number;
  unitPrice: number;
  area: number;
  regionId: number;
  regionName: string;
  shopMapId: number;
  shopMapName: string;
  businessFormat: string | null;
  tags: string[];
  decoration: string;
}
const apiSearch = (filter: Record<string, unknown>) =>
  backendObj<{ totalElements: number; content: ApiItem[] }>(backend, '/api/house/search/findByCondition', {
    cityId: 1,
    size: 20,
    ...filter,
  });
const apiDetail = (id: number) =>
  backendObj<ApiItem & { agentInfo: { name: string }; houseNumber: string; photos: string[] }>(backend, `/api/house/search/detail/${id}`);

const SALE_BANDS: Array<[number, number]> = [
  [0, 100],
  [100, 200],
  [200, 300],
  [300, 500],
  [500, 800],
  [800, 1200],
  [1200, Number.POSITIVE_INFINITY],
];
const RENT_BANDS: Array<[number, number]> = [
  [0, 5000],
  [5000, 10000],
  [10000, 20000],
  [20000, 30000],
  [30000, 50000],
  [50000, Number.POSITIVE_INFINITY],
];

const KINDS = [
  { kind: 'shangpucs', houseType: 13, noun: '商铺出售', rent: false },
  { kind: 'shangpucz', houseType: 14, noun: '商铺出租', rent: true },
  { kind: 'xieziloucs', houseType: 15, noun: '写字楼出售', rent: false },
  { kind: 'xieziloucz', houseType: 16, noun: '写字楼出租', rent: true },
] as const;

t.test('each shop and office list shows the listings of the city with its title, canonical and next page', async (t) => {
  for (const { kind, houseType, noun, rent } of KINDS) {
    const r = await get(`/${kind}/`);
    t.equal(r.statusCode, 200, kind);
    const api = await apiSearch({ houseType });
    t.ok(api.totalElements > 20, `${kind}: more than a page of data`);
    t.equal(total(r.body), api.totalElements, `${kind}: the count`);
    const shown = cards(r.body);
    t.same(
      shown.map((c) => c.title),
      api.content.map((l) => l.title),
      `${kind}: the titles of the first page`,
    );
    t.same(
      shown.map((c) => c.price),
      api.content.map((l) => l.price),
      `${kind}: their prices`,
    );
    t.ok(
      shown.every((c) => c.unit === (rent ? '元/月' : '万')),
      `${kind}: priced in ${rent ? '元/月' : '万'}`,
    );
    t.ok(
      shown.every((c) => new RegExp(`^/${kind}/\\d+\\.html$`).test(c.href)),
      `${kind}: cards link to the .html details`,
    );
    t.equal(title(r.body), `长沙${noun}_长沙${noun}信息_湘房网`, `${kind}: title`);
    t.match(description(r.body), new RegExp(`共${api.totalElements}套${noun}房源，价格[\\d.]+-[\\d.]+${rent ? '元/月' : '万'}`));
    t.equal(canonical(r.body), `${ORIGIN}/${kind}/`);
    t.equal(relLink(r.body, 'next'), `${ORIGIN}/${kind}/pg2/`);
    t.equal(relLink(r.body, 'prev'), null);
    t.match(r.body, /"@type":"ItemList"/);
    t.match(r.body, `<h1 class="lst__h1">长沙${noun}</h1>`);
    t.match(r.body, `href="/${kind}/" class="is-on"`, `${kind}: its tab is on`);
  }
  const bare = await get('/shangpucs');
  t.equal(bare.statusCode, 301);
  t.equal(bare.headers.location, '/shangpucs/');
});

t.test('price, area, region, format, tag and decoration filters narrow the list', async (t) => {
  const bandSets: Array<[string, number, string, Array<[number, number]>]> = [
    ['shangpucs', 13, 'p', SALE_BANDS],
    ['xieziloucs', 15, 'p', SALE_BANDS],
    ['shangpucz', 14, 'rp', RENT_BANDS],
    ['xieziloucz', 16, 'rp', RENT_BANDS],
  ];
  for (const [kind, houseType, code, bands] of bandSets) {
    const all = (await apiSearch({ houseType })).totalElements;
    let narrowed = 0;
    for (const [i, [min, max]] of bands.entries()) {
      const expected = await apiSearch({ houseType, priceMin: min, ...(Number.isFinite(max) ? { priceMax: max } : {}) });
      const r = await get(`/${kind}/${code}${i + 1}/`);
      t.equal(r.statusCode, 200, `${kind}/${code}${i + 1}`);
      t.equal(total(r.body), expected.totalElements, `${kind}/${code}${i + 1}: the gateway's count`);
      const shown = cards(r.body);
      t.ok(
        shown.every((c) => c.price >= min && c.price < max),
        `${kind}/${code}${i + 1}: every price in [${min}, ${max})`,
      );
      if (shown.length && expected.totalElements < all) narrowed++;
    }
    t.ok(narrowed >= 2, `${kind}: at least two price bands narrow the list (${narrowed})`);
  }
  const a3 = cards((await get('/shangpucs/a3/')).body);
  t.ok(a3.length > 0 && a3.every((c) => c.area >= 100 && c.area < 200), 'a3 = 100-200㎡');
  const a6 = cards((await get('/xieziloucz/a6/')).body);
  t.ok(a6.length > 0 && a6.every((c) => c.area >= 500 && c.area < 1000), 'a6 = 500-1000㎡');
  const t6 = await get('/shangpucs/a3/p2/');
  t.equal(t6.statusCode, 404, 'two codes segments are not a tail');
  const combo = cards((await get('/shangpucs/p3a3/')).body);
  t.ok(
    combo.every((c) => c.price >= 200 && c.price < 300 && c.area >= 100 && c.area < 200),
    'price and area together',
  );

  const first = (await apiSearch({ houseType: 14, size: 1 })).content[0] as ApiItem;
  const region = await get(`/shangpucz/qy${first.regionId}/`);
  t.ok([200, 301].includes(region.statusCode), 'a region by id answers (or redirects to its slug)');
  const regionList = region.statusCode === 301 ? await get(region.headers.location as string) : region;
  t.equal(total(regionList.body), (await apiSearch({ houseType: 14, regionId: first.regionId })).totalElements, 'region');
  t.match(title(regionList.body), `长沙${first.regionName}商铺出租`);
  const shop = await get(`/shangpucz/sq${first.shopMapId}/`);
  t.ok(
    cards(shop.body).every((c) => c.facts.includes(first.shopMapName)),
    'shop area: every card is in it',
  );

  const format = first.businessFormat as string;
  const formats = ['餐饮', '零售', '服装', '美容美发', '教育培训', '便利店', '药店', '休闲娱乐', '生鲜超市', '其他'];
  const yt = await get(`/shangpucz/yt${formats.indexOf(format) + 1}/`);
  t.ok(cards(yt.body).length > 0 && cards(yt.body).every((c) => c.facts.includes(`适合${format}`)), `yt = 适合${format}`);
  t.equal(total(yt.body), (await apiSearch({ houseType: 14, businessFormat: format })).totalElements);
  const tag = await get('/xieziloucs/t1/');
  t.equal(total(tag.body), (await apiSearch({ houseType: 15, tags: ['甲级写字楼'] })).totalElements, 't1 = 甲级写字楼');
  const de = await get('/shangpucs/de1/');
  t.equal(total(de.body), (await apiSearch({ houseType: 13, decoration: '精装' })).totalElements, 'de1 = 精装');
  t.match(title(de.body), '_精装_');
});

t.test('sorts: newest, total price, unit price and area, both ways', async (t) => {
  for (const { kind, houseType } of KINDS) {
    const list = async (code: string) => cards((await get(`/${kind}/${code}/`)).body);
    for (const { code, name, figure, dir } of CARD_SORTS) t.ok(sorted((await list(code)).map(figure), dir), `${kind} ${name}`);
    const newest = (await apiSearch({ houseType, sort: 'newest' })).content.map((l) => `/${kind}/${l.houseId}.html`);
    t.same(
      (await list('co1')).map((c) => c.href),
      newest,
      `${kind} newest first`,
    );
  }
  const rentSort = await get('/shangpucz/');
  t.match(rentSort.body, '租金从低到高', 'rent lists say 租金');
});

t.test('pagination: page 2 has other listings, its own title and prev/next; past the end is 404', async (t) => {
  const page2 = await assertSecondPage(t, get, '/xieziloucz/');
  const last = Math.ceil((await apiSearch({ houseType: 16 })).totalElements / 20);
  t.equal(relLink(page2, 'next'), last > 2 ? `${ORIGIN}/xieziloucz/pg3/` : null);
  t.match(page2, 'rel="prev"', 'the pager links back');
  await assertLastPage(t, get, '/xieziloucz/', last);
});

t.test('filters given as query parameters redirect 301 to the canonical path', async (t) => {
  const cases: Array<[string, string]> = [
    ['/shangpucs/?price=2&regionId=1', '/shangpucs/yuelu/p2/'],
    ['/shangpucz/?price=3&sort=priceDesc', '/shangpucz/co3rp3/'],
    ['/xieziloucs/?area=4&page=2', '/xieziloucs/a4pg2/'],
    ['/xieziloucz/?keyword=科技园', `/xieziloucz/rs${encodeURIComponent('科技园')}/`],
    ['/shangpucz/?format=餐饮&tag=1', '/shangpucz/t1yt1/'],
    ['/zhaopu/?deal=出售&price=2', '/zhaopu/ty2p2/'],
    ['/zhaopu/?deal=1&price=2', '/zhaopu/ty1rp2/'],
    ['/zhaopu/?sort=priceAsc', '/zhaopu/'],
    ['/shangpucs/a3p2/', '/shangpucs/p2a3/'],
    ['/zhaopu/rp2ty1/', '/zhaopu/ty1rp2/'],
    ['/xieziloucs/pg1/', '/xieziloucs/'],
  ];
  await assertRedirects(t, get, cases);
  await assertDataRedirect(t, get, '/shangpucs/?price=2', '/shangpucs/p2/');
});

t.test('unknown tails, malformed and foreign ids give the 404 screen, never 500', async (t) => {
  await assertNotFoundScreens(t, get, [
    '/shangpucs/rp1/',
    '/shangpucz/p1/',
    '/shangpucs/p8/',
    '/shangpucs/l2/',
    '/xieziloucs/yt1/',
    '/zhaopu/p1/',
    '/zhaopu/co2/',
    '/zhaopu/ty3/',
    '/shangpucs/beijing/',
    '/shangpucs/pg999/',
    '/shangpucs/99999999.html',
    '/shangpucs/0.html',
    '/shangpucs/abc.html',
    '/shangpucs/details?id=abc',
    '/shangpucs/details',
    '/shangpucz/details?id=99999999999999999999',
    '/xieziloucs/99999999.html',
    '/xieziloucz/details?id=-1',
    '/zhaopucs/99999999.html',
    '/zhaopucz/abc.html',
    '/zhaopu/detailscs?id=x',
    '/zhaopu/detailscz',
    '/zhaopu/searchList?keyword=商铺&page=abc',
    '/zhaopu/searchList?keyword=商铺&page=999',
  ]);
  const shopForRent = (await apiSearch({ houseType: 14, size: 1 })).content[0] as ApiItem;
  const office = (await apiSearch({ houseType: 15, size: 1 })).content[0] as ApiItem;
  const second = (await apiSearch({ houseType: 11, size: 1 })).content[0] as ApiItem;
  const other = (await apiSearch({ cityId: 2, houseType: 13, size: 1 })).content[0] as ApiItem;
  for (const url of [
    `/shangpucs/${shopForRent.houseId}.html`,
    `/zhaopucs/${shopForRent.houseId}.html`,
    `/zhaopucz/${office.houseId}.html`,
    `/xieziloucz/${office.houseId}.html`,
    `/shangpucs/${second.houseId}.html`,
    `/ershoufang/${office.houseId}.html`,
    `/shangpucs/${other.houseId}.html`,
  ]) {
    t.equal((await get(url)).statusCode, 404, `${url} is not that kind's listing of this city`);
  }
  t.equal((await get(`/shangpucs/${other.houseId}.html`, { host: 'wh.localhost' })).statusCode, 200, 'found on its own city');
});

t.test('details of each kind: data, SEO title and description, canonical .html, JSON-LD, agent, similar', async (t) => {
  for (const { kind, houseType, noun, rent } of KINDS) {
    const item = (await apiSearch({ houseType, sort: 'hot', size: 1 })).content[0] as ApiItem;
    const d = await apiDetail(item.houseId);
    const r = await get(`/${kind}/${d.houseId}.html`);
    t.equal(r.statusCode, 200, kind);
    const priceText = rent ? `${d.price}元/月` : `${Math.round(d.price * 100) / 100}万`;
    t.equal(
      title(r.body),
      `${d.title}_${d.regionName}${d.shopMapName}${noun}${rent ? '租金' : '总价'}${priceText}_长沙${d.regionName}${noun}_湘房网`,
      `${kind}: title from the listing`,
    );
    t.match(description(r.body), `长沙${d.regionName}${d.shopMapName}${noun}：面积`);
    t.match(description(r.body), rent ? `租金${d.price}元/月（${d.unitPrice}元/㎡·月）` : `单价${d.unitPrice}元/㎡`);
    t.match(description(r.body), `房源编号${d.houseNumber}`);
    t.equal(canonical(r.body), `${ORIGIN}/${kind}/${d.houseId}.html`);
    t.match(r.body, `<h1 class="dt-head__title">${d.title}</h1>`);
    t.match(r.body, /"@type":"Product"/);
    t.match(r.body, `"category":"${noun}"`);
    t.match(r.body, `"price":${rent ? d.price : Math.round(d.price * 10000)}`);
    if (rent) t.match(r.body, /"unitText":"MON"/, `${kind}: a monthly rent`);
    t.match(r.body, /"@type":"BreadcrumbList"/);
    t.match(r.body, d.agentInfo.name, `${kind}: the agent`);
    t.match(r.body, `${rent ? '租金' : '总价'}</span>`);
    t.match(r.body, `href="/photo?id=${d.houseId}&amp;type=${kind}&amp;active=0"`);
    t.match(r.body, `href="/jubao?houseId=${d.houseId}"`);
    const similar = cards(r.body);
    t.ok(similar.length >= 3, `${kind}: similar listings`);
    t.ok(
      similar.every((c) => c.href.startsWith(`/${kind}/`) && !c.href.includes(`/${d.houseId}.html`)),
      `${kind}: similar of the same kind, not itself`,
    );
    const photos = await get(`/photo?id=${d.houseId}&type=${kind}`);
    t.equal(photos.statusCode, 200, `${kind}: its photo page`);
    t.match(photos.body, `href="/${kind}/${d.houseId}.html"`, `${kind}: the photo page leads back to the listing`);
    const alias = await get(`/${kind}/details?id=${d.houseId}`);
    t.equal(alias.statusCode, 200, `${kind}/details?id=`);
    t.equal(canonical(alias.body), `${ORIGIN}/${kind}/${d.houseId}.html`, `${kind}: the .html alias is canonical`);
  }
});

t.test('找铺: shops for rent and for sale, the deal switch, its bands and its details', async (t) => {
  const both = await apiSearch({ houseTypes: [14, 13] });
  const r = await get('/zhaopu/');
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), both.totalElements, 'shops for rent and for sale');
  t.equal(total(r.body), (await apiSearch({ houseType: 13 })).totalElements + (await apiSearch({ houseType: 14 })).totalElements);
  const shown = cards(r.body);
  t.same(
    shown.map((c) => c.title),
    both.content.map((l) => l.title),
  );
  t.ok(
    shown.every((c) => /^\/zhaopuc[sz]\/\d+\.html$/.test(c.href)),
    'cards link to the channel details',
  );
  t.ok(
    shown.every((c) =>
      c.href.startsWith('/zhaopucz/') ? c.badge === '出租' && c.unit === '元/月' : c.badge === '出售' && c.unit === '万',
    ),
    'each card says 出租 or 出售 and its price unit',
  );
  t.equal(title(r.body), '长沙商铺_长沙商铺选址_湘房网');
  t.equal(canonical(r.body), `${ORIGIN}/zhaopu/`);
  t.notMatch(r.body, '总价从低到高', 'no price sort over mixed prices');
  t.match(r.body, 'href="/zhaopu/ty1/"');

  const rentList = await get('/zhaopu/ty1/');
  t.equal(total(rentList.body), (await apiSearch({ houseType: 14 })).totalElements);
  t.ok(
    cards(rentList.body).every((c) => c.href.startsWith('/zhaopucz/')),
    'ty1: shops for rent only',
  );
  t.match(title(rentList.body), /^长沙商铺出租_/);
  const band = cards((await get('/zhaopu/ty2p4/')).body);
  t.ok(
    band.length > 0 && band.every((c) => c.href.startsWith('/zhaopucs/') && c.price >= 300 && c.price < 500),
    'ty2p4 = for sale, 300-500万',
  );
  const cheap = cards((await get('/zhaopu/ty1co2/')).body).map((c) => c.price);
  t.ok(sorted(cheap, 1), 'a chosen deal sorts by price');

  const rented = (await apiSearch({ houseType: 14, size: 1 })).content[0] as ApiItem;
  const sold = (await apiSearch({ houseType: 13, size: 1 })).content[0] as ApiItem;
  for (const [url, canon, id] of [
    [`/zhaopucz/${rented.houseId}.html`, `/shangpucz/${rented.houseId}.html`, rented],
    [`/zhaopu/detailscz?id=${rented.houseId}`, `/shangpucz/${rented.houseId}.html`, rented],
    [`/zhaopucs/${sold.houseId}.html`, `/shangpucs/${sold.houseId}.html`, sold],
    [`/zhaopu/detailscs?id=${sold.houseId}`, `/shangpucs/${sold.houseId}.html`, sold],
  ] as const) {
    const d = await get(url);
    t.equal(d.statusCode, 200, url);
    t.equal(canonical(d.body), ORIGIN + canon, `${url}: canonical is the shop's own .html (no duplicate)`);
    t.match(d.body, `<h1 class="dt-head__title">${id.title}</h1>`);
    t.match(d.body, '找铺 · ');
    t.ok(
      cards(d.body).every((c) => /^\/zhaopuc[sz]\//.test(c.href)),
      `${url}: similar shops stay in the channel`,
    );
  }
});

t.test('找铺 search: a keyword form with hot words leading to the results', async (t) => {
  const r = await get('/zhaopu/search');
  t.equal(r.statusCode, 200);
  t.match(r.body, /<form class="lst__search"[^>]* action="\/zhaopu\/searchList" method="get"/);
  t.match(r.body, 'name="keyword"');
  const hot = all(/href="\/zhaopu\/searchList\?keyword=([^"&]+)"/g, r.body).map(decodeURIComponent);
  t.ok(hot.length >= 5, 'hot words');
  t.ok(hot.includes('餐饮'), 'business formats are hot words');
  t.match(r.body, 'href="/zhaopu/yuelu/"', 'regions link to the channel list');
  t.equal(canonical(r.body), `${ORIGIN}/zhaopu/search`);
  t.match(title(r.body), /^搜索商铺_长沙找铺_/);

  const word = hot[0] as string;
  const res = await get(`/zhaopu/searchList?keyword=${encodeURIComponent(word)}`);
  t.equal(res.statusCode, 200, 'a hot word gives results');
});

t.test('找铺 results: shops matching the keyword, counts of every kind, pages', async (t) => {
  const shop = (await apiSearch({ houseType: 14, size: 1 })).content[0] as ApiItem;
  const kw = shop.shopMapName;
  const counts = await backendObj<Record<string, number>>(backend, `/api/house/search/countBusiness/1/${encodeURIComponent(kw)}`);
  const r = await get(`/zhaopu/searchList?keyword=${encodeURIComponent(kw)}`);
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), (counts.shangpucs as number) + (counts.shangpucz as number), 'shops for sale and for rent');
  const shown = cards(r.body);
  t.ok(shown.length > 0, 'results');
  t.ok(
    shown.every((c) => c.title.includes(kw) && /^\/zhaopuc[sz]\/\d+\.html$/.test(c.href)),
    'every result is in that area and links to the channel detail',
  );
  t.match(r.body, `“${kw}”相关商铺`);
  t.match(r.body, `value="${kw}"`, 'the keyword stays in the box');
  for (const [kind, noun] of [
    ['shangpucs', '商铺出售'],
    ['xieziloucz', '写字楼出租'],
  ] as const) {
    t.match(r.body, `href="/${kind}/rs${encodeURIComponent(kw)}/">${noun} ${counts[kind]}</a>`, `${noun} count links to its list`);
  }
  t.match(title(r.body), `“${kw}”相关商铺_长沙找铺_湘房网`);
  t.equal(canonical(r.body), `${ORIGIN}/zhaopu/searchList?keyword=${encodeURIComponent(kw)}`);
  t.match(r.body, '<meta name="robots" content="noindex, follow"');

  const many = await get(`/zhaopu/searchList?keyword=${encodeURIComponent('商铺')}`);
  const manyTotal = total(many.body);
  if (manyTotal > 20) {
    t.equal(relLink(many.body, 'next'), `${ORIGIN}/zhaopu/searchList?keyword=${encodeURIComponent('商铺')}&page=2`);
    const p2 = await get(`/zhaopu/searchList?keyword=${encodeURIComponent('商铺')}&page=2`);
    t.equal(p2.statusCode, 200);
    t.match(title(p2.body), '_第2页_');
  }
  const none = await get(`/zhaopu/searchList?keyword=${encodeURIComponent('不存在的关键词乙丙')}`);
  t.equal(none.statusCode, 200);
  t.match(none.body, '没有找到与“不存在的关键词乙丙”相关的商铺');
  t.match(none.body, 'data-testid="hot-words"', 'hot words instead');
  const empty = await get('/zhaopu/searchList');
  t.equal(empty.statusCode, 200);
  t.match(empty.body, '输入商圈、街道或业态开始找铺');
});

t.test('商业地产 landing: the four kinds with their counts and recommended listings', async (t) => {
  const r = await get('/sydc');
  t.equal(r.statusCode, 200);
  let sum = 0;
  for (const { kind, houseType, noun } of KINDS) {
    const api = await apiSearch({ houseType, sort: 'hot', size: 3 });
    sum += api.totalElements;
    t.match(
      r.body,
      new RegExp(`href="/${kind}/" class="sydc__entry"[^>]*>.*?${noun}</span><span class="sydc__count">${api.totalElements}套`),
      `${noun}: entry with its count`,
    );
    for (const l of api.content) t.match(r.body, `href="/${kind}/${l.houseId}.html"`, `${noun}: recommended ${l.title}`);
  }
  t.equal(total(r.body), sum, 'the total');
  t.equal(title(r.body), '长沙商业地产_商铺出售出租_写字楼出售出租_湘房网');
  t.match(description(r.body), `在售在租商业房源${sum}套`);
  t.equal(canonical(r.body), `${ORIGIN}/sydc`);
  t.match(r.body, 'href="/zhaopu/"');
  t.match(r.body, /"@type":"ItemList"/);
});

t.test('the sitemap lists shop and office details', async (t) => {
  const r = await get('/sitemap.xml');
  t.equal(r.statusCode, 200);
  for (const { kind, houseType } of KINDS) {
    const item = (await apiSearch({ houseType, size: 1 })).content[0] as ApiItem;
    t.match(r.body, `<loc>${ORIGIN}/${kind}/${item.houseId}.html</loc>`, kind);
  }
  t.match(r.body, `<loc>${ORIGIN}/sydc</loc>`);
});
