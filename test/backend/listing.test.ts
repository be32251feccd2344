import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import type { ListingFilter } from '../../src/contracts/gateway/index.ts';
import { seededDataDir } from '../helpers/backend.ts';

/** The list query behind the second-hand, rental and commercial list pages: every SPEC 9 filter restricts what it says. */
const app = await buildBackend({ dataDir: await seededDataDir(), logger: false });
t.teardown(() => app.close());

// biome-ignore lint/suspicious/noExplicitAny: loose view of JSON rows for the assertions.
type Item = Record<string, any>;
async function list(
  f: Partial<ListingFilter>,
): Promise<{ content: Item[]; totalElements: number; totalPages: number; number: number; size: number }> {
  const res = await app.inject({ method: 'POST', url: '/api/house/search/findByCondition', payload: { cityId: 1, size: 100, ...f } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().obj;
}

const CASES: Array<[string, Partial<ListingFilter>, (i: Item) => boolean]> = [
  ['price band 50-80万', { priceMin: 50, priceMax: 80 }, (i) => i.price >= 50 && i.price < 80],
  ['price 300万+', { priceMin: 300 }, (i) => i.price >= 300],
  ['rooms 1 and 2', { rooms: [1, 2] }, (i) => i.rooms === 1 || i.rooms === 2],
  ['rooms 5 or more', { rooms: [5] }, (i) => i.rooms >= 5],
  ['area 90-110㎡', { areaMin: 90, areaMax: 110 }, (i) => i.area >= 90 && i.area < 110],
  ['building age within 10 years', { buildAge: 10 }, (i) => i.buildYear >= 2016],
  ['floor under 6', { floor: 'low' }, (i) => i.floor < 6],
  ['floor 6-12', { floor: 'mid' }, (i) => i.floor >= 6 && i.floor <= 12],
  ['floor over 12', { floor: 'high' }, (i) => i.floor > 12],
  ['orientation 南北', { orientation: '南北' }, (i) => i.orientation === '南北'],
  ['decoration 精装', { decoration: '精装' }, (i) => i.decoration === '精装'],
  ['with elevator', { elevator: true }, (i) => i.elevator === true],
  ['use 别墅', { useType: '别墅' }, (i) => i.useType === '别墅'],
  ['tag 满五唯一', { tags: ['满五唯一'] }, (i) => i.tags.includes('满五唯一')],
  ['feature 近地铁', { feature: '近地铁' }, (i) => i.features.includes('近地铁')],
  ['price changed', { priceChange: true }, (i) => i.priceChange !== 0 && i.originalPrice !== null],
  ['rental whole', { houseType: 12, rentType: '整租' }, (i) => i.rentType === '整租' && i.houseType === 12],
  ['rental shared under 1000元', { houseType: 12, rentType: '合租', priceMax: 1000 }, (i) => i.rentType === '合租' && i.price < 1000],
  ['short-term rental', { houseType: 12, shortTerm: true }, (i) => i.shortTerm === true],
  ['shops for sale', { houseType: 13 }, (i) => i.houseType === 13 && i.businessFormat !== null],
  ['offices for rent', { houseType: 16 }, (i) => i.houseType === 16 && i.priceUnit === '元/月'],
];

for (const [name, f, ok] of CASES) {
  t.test(`filter: ${name}`, async (t) => {
    const page = await list(f);
    t.ok(page.content.length > 0, 'has hits');
    t.ok(page.content.every(ok), 'every hit matches');
  });
}

t.test('region, shop area, metro line and community filters', async (t) => {
  const all = await list({ size: 50 });
  const x = all.content.find((i) => i.stationId) as Item;
  t.ok((await list({ regionId: x.regionId })).content.every((i) => i.regionId === x.regionId));
  t.ok((await list({ shopMapId: x.shopMapId })).content.every((i) => i.shopMapId === x.shopMapId));
  t.ok((await list({ stressId: x.stressId })).content.every((i) => i.stressId === x.stressId));
  t.ok((await list({ stationId: x.stationId })).content.every((i) => i.stationId === x.stationId));
  const metros = (await app.inject('/api/house/findMetros/1')).json().obj as Array<{
    metroId: number;
    stations: Array<{ stationId: number }>;
  }>;
  const line = metros.find((m) => m.stations.some((s) => s.stationId === x.stationId)) as (typeof metros)[number];
  const onLine = await list({ metroId: line.metroId });
  t.ok(onLine.content.length > 0);
  t.ok(onLine.content.every((i) => line.stations.some((s) => s.stationId === i.stationId)));
});

t.test('sorts: price, unit price, area, newest', async (t) => {
  const sorted = (a: Item[], k: string, dir: 1 | -1) => a.every((v, i) => i === 0 || (a[i - 1][k] - v[k]) * dir <= 0);
  t.ok(sorted((await list({ sort: 'priceAsc' })).content, 'price', 1));
  t.ok(sorted((await list({ sort: 'priceDesc' })).content, 'price', -1));
  t.ok(sorted((await list({ sort: 'unitPriceAsc' })).content, 'unitPrice', 1));
  t.ok(sorted((await list({ sort: 'areaDesc' })).content, 'area', -1));
  const newest = (await list({ sort: 'newest' })).content.map((i) => i.createdAt);
  t.same(newest, [...newest].sort().reverse());
});

t.test('three filters and a sort together (the benchmark query)', async (t) => {
  const page = await list({ regionId: 2, priceMin: 50, priceMax: 200, rooms: [2, 3], sort: 'priceAsc', size: 20 });
  t.ok(page.content.every((i) => i.regionId === 2 && i.price >= 50 && i.price < 200 && [2, 3].includes(i.rooms)));
});

t.test('paging: pages are disjoint, totals agree, past the end is empty', async (t) => {
  const p1 = await list({ size: 7, page: 1, sort: 'priceAsc' });
  const p2 = await list({ size: 7, page: 2, sort: 'priceAsc' });
  t.equal(p1.number, 1);
  t.equal(p2.number, 2);
  t.equal(p1.totalElements, p2.totalElements);
  t.equal(p1.totalPages, Math.ceil(p1.totalElements / 7));
  t.same(
    p1.content.map((i) => i.houseId).filter((id) => p2.content.some((j) => j.houseId === id)),
    [],
  );
  const past = await list({ size: 7, page: p1.totalPages + 1 });
  t.same(past.content, []);
  t.equal(past.totalElements, p1.totalElements);
  t.equal((await list({ page: 0, size: 5 })).number, 1, 'page 0 is read as page 1');
});

t.test('the list only shows the requested city', async (t) => {
  const wh = (await app.inject({ method: 'POST', url: '/api/house/search/findByCondition', payload: { cityId: 2, size: 50 } })).json().obj;
  t.ok(wh.content.every((i: Item) => i.cityId === 2));
  const none = (await app.inject({ method: 'POST', url: '/api/house/search/findByCondition', payload: { cityId: 99 } })).json().obj;
  t.equal(none.totalElements, 0);
});

t.test('new-home list: sale status, type code, unit price band', async (t) => {
  for (const saleStatus of ['待售', '期房', '现房', '尾房', '售完']) {
    const r = (await app.inject({ method: 'POST', url: '/api/house/findListByWap', payload: { cityId: 1, saleStatus, size: 100 } })).json()
      .obj;
    t.ok(r.content.length > 0 && r.content.every((l: Item) => l.saleStatus === saleStatus), `has ${saleStatus}`);
  }
  for (const typeCode of [1, 2, 3, 4, 5, 6, 8]) {
    const r = (await app.inject({ method: 'POST', url: '/api/house/findListByWap', payload: { cityId: 1, typeCode, size: 100 } })).json()
      .obj;
    t.ok(r.content.length > 0 && r.content.every((l: Item) => l.typeCodes.includes(typeCode)), `has type ${typeCode}`);
  }
  const sold = (await app.inject({ method: 'POST', url: '/api/house/findListByWap', payload: { cityId: 1, saleStatus: '售完' } })).json()
    .obj.content[0];
  t.match(sold, { saleStatusShow: 'sellout', saleStatusLabel: '售罄' });
});
