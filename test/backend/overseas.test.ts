import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { seededDataDir } from '../helpers/backend.ts';

/** The overseas calls behind /haiwaihome, its list, details and floor plans (our paths; SPEC 9 overseas sorts). */
const app = await buildBackend({ dataDir: await seededDataDir(), logger: false });
t.teardown(() => app.close());

// biome-ignore lint/suspicious/noExplicitAny: loose view of JSON rows for the assertions.
type Item = Record<string, any>;
async function list(body: Record<string, unknown>): Promise<{ content: Item[]; totalElements: number; totalPages: number }> {
  const res = await app.inject({ method: 'POST', url: '/api/overseas/list', payload: { size: 100, ...body } });
  t.equal(res.statusCode, 200, res.body.slice(0, 200));
  return res.json().obj;
}
const get = async (url: string) => (await app.inject({ url })).json();
const ordered = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - (xs[i - 1] as number)) >= 0);

t.test('total price sorts both ways; the default is newest first', async (t) => {
  const asc = (await list({ sort: 'priceAsc' })).content.map((o) => o.price);
  const desc = (await list({ sort: 'priceDesc' })).content.map((o) => o.price);
  t.ok(asc.length > 10);
  t.ok(ordered(asc, 1), 'low to high');
  t.ok(ordered(desc, -1), 'high to low');
  t.same(desc, [...asc].reverse());
  const newest = (await list({})).content.map((o) => o.createdAt as string);
  t.same(newest, [...newest].sort().reverse(), 'newest first');
  const pageTwo = await list({ sort: 'priceDesc', size: 5, page: 2 });
  t.same(
    pageTwo.content.map((o) => o.price),
    desc.slice(5, 10),
    'pages continue the order',
  );
  const bad = await app.inject({ method: 'POST', url: '/api/overseas/list', payload: { sort: 'cheapest' } });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, /sort/);
});

t.test('country, total price band and rooms restrict the list', async (t) => {
  const countries = (await get('/api/overseas/countries')).obj as Array<{ country: string; count: number }>;
  const jp = countries.find((c) => c.country === '日本');
  const japan = await list({ country: '日本' });
  t.equal(japan.totalElements, jp?.count);
  t.ok(japan.content.every((o) => o.country === '日本'));
  const band = await list({ priceMin: 100, priceMax: 300 });
  t.ok(band.content.length > 0 && band.content.every((o) => o.price >= 100 && o.price < 300));
  const big = await list({ rooms: 4 });
  t.ok(big.content.every((o) => o.rooms >= 4));
});

t.test('a detail has its unit price, a gallery and a consultant of the asking city; unknown is null', async (t) => {
  const d = (await get('/api/overseas/1?cityId=1')).obj;
  t.match(d, { houseId: 1, photos: Array, agentInfo: { belongerId: Number, cityId: 1, title: '海外置业顾问' } });
  t.equal(d.unitPrice, Math.round((d.price * 10000) / d.area));
  t.equal(d.photos.length, 4);
  const other = (await get('/api/overseas/1?cityId=2')).obj;
  t.equal(other.agentInfo.cityId, 2, 'the consultant works in the visitor’s city');
  t.equal((await get('/api/overseas/99999999')).obj, null);
  t.equal((await app.inject({ url: '/api/overseas/abc' })).statusCode, 400);
});

t.test('floor plans of a project: its layouts by rooms with area and price ranges', async (t) => {
  const h = (await get('/api/overseas/huxing/1')).obj;
  const d = (await get('/api/overseas/1')).obj;
  t.match(h.project, { houseId: 1, projectName: `${d.country}${d.cityName}${d.propertyType}` });
  const mine = h.plans.find((p: Item) => p.rooms === d.rooms);
  t.ok(mine, 'the listing’s own layout is a plan');
  t.ok(mine.minArea <= d.area && d.area <= mine.maxArea);
  t.ok(mine.minPrice <= d.price && d.price <= mine.maxPrice);
  t.equal((await get('/api/overseas/huxing/99999999')).obj, null);
});

t.test('an overseas favourite is its own kind, listed with its item', async (t) => {
  t.equal((await get('/api/house/collect/addOverseas/2/m7001')).status, 200);
  t.equal((await get('/api/house/collect/addOverseas/99999999/m7001')).status, 404);
  t.equal((await get('/api/house/collect/isCollect/2/m7001?kind=overseas')).obj, true);
  t.equal((await get('/api/house/collect/isCollect/2/m7001?kind=ershoufang')).obj, false);
  const mine = (await get('/api/house/collect/list/m7001?kind=overseas')).obj;
  t.match(mine, [{ kind: 'overseas', item: { houseId: 2, country: String } }]);
});
