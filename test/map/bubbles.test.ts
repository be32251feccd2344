import t from 'tap';
import { districtsOf } from '../../src/backend/seed/geo.ts';
import type { MapBubbles, NearbyMap } from '../../src/contracts/gateway/index.ts';
import { inPolygons, type LngLat } from '../../src/lib/geo.ts';
import { buildAppOverBackend } from '../helpers/build.ts';
import { backendObj, backendRows } from '../listings/helpers.ts';

/** Issue 14 part D: the map's bubbles (SPEC 7.3 getHousebyLocation) by level, bounding box and the list pages' filters. */
const portal = await buildAppOverBackend(t);
const backend = portal.backend;
const bubbles = (level: string, query: Record<string, string | number>) =>
  backendObj<MapBubbles>(
    backend,
    `/api/house/getHousebyLocation/${level}?${new URLSearchParams({ cityId: '1', ...query } as Record<string, string>)}`,
  );
const listTotal = async (filter: Record<string, unknown>) =>
  (await backendObj<{ totalElements: number }>(backend, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, ...filter }))
    .totalElements;

t.test('district bubbles: one per district of the city, their counts add up to the list count', async (t) => {
  const b = await bubbles('region', { kind: 'ershoufang' });
  t.equal(b.level, 'region');
  t.equal(b.items.length, 8, 'the 8 districts of 长沙');
  t.ok(b.items.find((i) => i.name === '岳麓区'));
  t.equal(b.total, await listTotal({}));
  for (const i of b.items) t.equal(i.count, await listTotal({ regionId: i.id }), `${i.name} count is its list's count`);
  t.ok(
    b.items.every((i) => i.count === 0 || (i.avgPrice ?? 0) > 1000),
    'an average price per ㎡ where there are listings',
  );
});

t.test('filters: price band and rooms give the list pages counts for the same filter', async (t) => {
  const filter = { priceMin: 80, priceMax: 100, rooms: [2, 3] };
  const b = await bubbles('region', { kind: 'ershoufang', priceMin: 80, priceMax: 100, rooms: '2,3' });
  t.ok(b.total > 0);
  t.equal(b.total, await listTotal(filter));
  const first = b.items.find((i) => i.count > 0)!;
  t.equal(first.count, await listTotal({ ...filter, regionId: first.id }));
  const rent = await bubbles('shopMap', { kind: 'zufang', priceMin: 1000, priceMax: 2000 });
  t.equal(rent.total, await listTotal({ houseType: 12, priceMin: 1000, priceMax: 2000 }));
});

t.test('shop areas and communities within a bounding box', async (t) => {
  const all = await bubbles('xiaoqu', { kind: 'ershoufang' });
  t.equal(
    all.total,
    (await listTotal({})) -
      Number(
        backendRows(
          backend,
          'SELECT COUNT(*) AS n FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 AND xiaoqu_id IS NULL',
        )[0]?.n,
      ),
  );
  const yuelu = districtsOf('cs').get('岳麓区')!;
  const bbox = [yuelu.cp[0] - 0.05, yuelu.cp[1] - 0.05, yuelu.cp[0] + 0.05, yuelu.cp[1] + 0.05];
  const inside = await bubbles('xiaoqu', { kind: 'ershoufang', bbox: bbox.join(',') });
  t.ok(inside.items.length > 0 && inside.items.length < all.items.length, 'fewer communities in the box than in the city');
  t.ok(
    inside.items.every((i) => i.lng >= bbox[0] && i.lng <= bbox[2] && i.lat >= bbox[1] && i.lat <= bbox[3]),
    'all inside the box',
  );
  const shops = await bubbles('shopMap', { kind: 'ershoufang', bbox: bbox.join(',') });
  t.ok(shops.items.length > 0, 'shop areas in the box');
  const estates = await bubbles('region', { kind: 'xinfang' });
  t.equal(estates.total, Number(backendRows(backend, 'SELECT COUNT(*) AS n FROM loupan WHERE city_id = 1')[0]?.n));
});

t.test('the seed places communities inside their district outline', async (t) => {
  const rows = backendRows(backend, 'SELECT x.lng, x.lat, r.name FROM xiaoqu x JOIN region r ON r.id = x.region_id WHERE x.city_id = 1');
  const districts = districtsOf('cs');
  const outside = rows.filter((r) => !inPolygons([r.lng, r.lat] as LngLat, districts.get(r.name as string)!.polygons));
  t.equal(outside.length, 0, 'no community outside its district');
});

t.test('a malformed bbox or filter is a 400 with a message', async (t) => {
  for (const [level, q, re] of [
    ['region', 'kind=ershoufang&bbox=1,2,3', /bbox/],
    ['region', 'kind=ershoufang&bbox=113,28,112,29', /bbox 格式错误/],
    ['region', 'kind=ershoufang&rooms=2;3', /rooms/],
    ['region', 'kind=ershoufang&priceMin=100&priceMax=80', /价格区间错误/],
    ['region', 'kind=villa', /kind/],
    ['street', 'kind=ershoufang', /must match/],
  ] as const) {
    const r = await fetch(`${backend.url}/api/house/getHousebyLocation/${level}?cityId=1&${q}`);
    t.equal(r.status, 400, `${level}?${q}`);
    t.match(((await r.json()) as { message: string }).message, re);
  }
});

t.test('nearby: the district outline, schools and stations around a point', async (t) => {
  const x = backendRows(backend, 'SELECT lng, lat, region_id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1')[0]!;
  const n = await backendObj<NearbyMap>(backend, `/api/map/nearby?cityId=1&lng=${x.lng}&lat=${x.lat}&regionId=${x.region_id}&radius=10000`);
  t.ok(n.district?.polygons.length);
  t.ok(n.schools.length > 0 || n.stations.length > 0);
  t.ok([...n.schools, ...n.stations].every((p) => p.distance <= 10000));
});
