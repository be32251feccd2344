import t from 'tap';
import {
  emptyQuery,
  filterLabels,
  fromQueryParams,
  hasFilterQuery,
  type LocationDict,
  parseTail,
  regionSlugs,
  toApiFilter,
  toggled,
  toTail,
  withFilter,
} from '../../src/lib/listing-filters.ts';

const dict: LocationDict = {
  regions: [
    { regionId: 1, regionName: '岳麓区' },
    { regionId: 2, regionName: '芙蓉区' },
    { regionId: 3, regionName: '長沙X区' },
    { regionId: 4, regionName: '长沙县' },
  ],
  shopMaps: [
    { shopMapId: 10, shopMapName: '梅溪湖', regionId: 1 },
    { shopMapId: 11, shopMapName: '五一广场', regionId: 2 },
  ],
  metros: [{ metroId: 5, name: '2号线', stations: [{ stationId: 50, name: '梅溪湖东' }] }],
};

t.test('region slugs are pinyin without 区, qy{id} for unknown characters', async (t) => {
  const slugs = regionSlugs(dict.regions);
  t.equal(slugs.get(1), 'yuelu');
  t.equal(slugs.get(2), 'furong');
  t.equal(slugs.get(3), 'qy3');
  t.equal(slugs.get(4), 'changshaxian');
  t.same(
    [
      ...regionSlugs([
        { regionId: 7, regionName: '东湖区' },
        { regionId: 8, regionName: '东湖区' },
      ]).values(),
    ],
    ['donghu', 'qy8'],
  );
});

t.test('the Beike example: /ershoufang/yuelu/p3l2/', async (t) => {
  const q = parseTail('yuelu/p3l2/', 'ershoufang', dict);
  t.match(q, { regionId: 1, price: 3, rooms: [2] });
  t.same(toApiFilter(q ?? emptyQuery(), 'ershoufang'), { regionId: 1, priceMin: 80, priceMax: 100, rooms: [2], page: 1 });
  t.equal(toTail(q ?? emptyQuery(), 'ershoufang', dict), 'yuelu/p3l2/');
});

t.test('every second-hand code round-trips in canonical order', async (t) => {
  const tail = 'co3p8l1l5a8y4lc3f2de1ie2u3t1t11te7pc1pg12rs%E6%A2%85%E6%BA%AA%E6%B9%96/';
  const q = parseTail(decodeURIComponent(tail), 'ershoufang', dict);
  t.ok(q);
  t.match(q, {
    sort: 3,
    price: 8,
    rooms: [1, 5],
    area: 8,
    age: 4,
    floor: 3,
    orientation: 2,
    decoration: 1,
    elevator: 2,
    use: 3,
    tags: [1, 11],
    feature: 7,
    priceChange: true,
    page: 12,
    keyword: '梅溪湖',
  });
  t.equal(toTail(q ?? emptyQuery(), 'ershoufang', dict), tail);
  t.same(toApiFilter(q ?? emptyQuery(), 'ershoufang'), {
    priceMin: 300,
    areaMin: 300,
    rooms: [1, 5],
    buildAge: 20,
    floor: 'high',
    orientation: '南',
    decoration: '精装',
    elevator: false,
    useType: '别墅',
    tags: ['满五唯一', '次新房'],
    feature: '降价',
    priceChange: true,
    keyword: '梅溪湖',
    sort: 'priceDesc',
    page: 12,
  });
});

t.test('a non-canonical order parses to the same state and prints canonically', async (t) => {
  const q = parseTail('l3p2co1/', 'ershoufang', dict);
  t.equal(toTail(q ?? emptyQuery(), 'ershoufang', dict), 'co1p2l3/');
  t.equal(toTail(parseTail('l3l2l3', 'ershoufang', dict) ?? emptyQuery(), 'ershoufang', dict), 'l2l3/');
});

t.test('rentals: own price bands and whole/shared type; sale-only codes are refused', async (t) => {
  const q = parseTail('furong/rp3rt2/', 'zufang', dict);
  t.match(q, { regionId: 2, price: 3, rentType: 2 });
  t.match(toApiFilter(q ?? emptyQuery(), 'zufang'), { priceMin: 1000, priceMax: 2000, rentType: '合租', regionId: 2 });
  t.equal(parseTail('p3/', 'zufang', dict), null, 'sale price code on a rental list');
  t.equal(parseTail('rp1/', 'ershoufang', dict), null, 'rental price code on a sale list');
  t.equal(parseTail('rp6/', 'zufang', dict), null, 'only five rental bands');
  t.equal(parseTail('y1/', 'zufang', dict), null);
  t.same(toApiFilter(parseTail('rp1/', 'zufang', dict) ?? emptyQuery(), 'zufang'), { priceMax: 500, page: 1 });
});

t.test('locations: shop area, metro line, station', async (t) => {
  t.match(parseTail('sq10/', 'ershoufang', dict), { shopMapId: 10, regionId: 1 });
  t.match(toApiFilter(parseTail('sq10/', 'ershoufang', dict) ?? emptyQuery(), 'ershoufang'), { shopMapId: 10 });
  t.notOk('regionId' in toApiFilter(parseTail('sq10/', 'ershoufang', dict) ?? emptyQuery(), 'ershoufang'));
  t.match(parseTail('li5/', 'ershoufang', dict), { metroId: 5 });
  t.match(parseTail('li5s50/pg2/', 'ershoufang', dict), { metroId: 5, stationId: 50, page: 2 });
  t.equal(toTail(parseTail('LI5S50', 'ershoufang', dict) ?? emptyQuery(), 'ershoufang', dict), 'li5s50/');
  t.match(toApiFilter(parseTail('li5s50/', 'ershoufang', dict) ?? emptyQuery(), 'ershoufang'), { stationId: 50 });
  t.match(parseTail('qy1/', 'ershoufang', dict), { regionId: 1 }, 'the id form is read too');
  t.equal(toTail(parseTail('qy1/', 'ershoufang', dict) ?? emptyQuery(), 'ershoufang', dict), 'yuelu/');
  t.equal(toTail(parseTail('qy3/', 'ershoufang', dict) ?? emptyQuery(), 'ershoufang', dict), 'qy3/');
});

t.test('malformed or unknown tails are null (404)', async (t) => {
  for (const bad of [
    'beijing/',
    'sq99/',
    'li9/',
    'li5s99/',
    'p9/',
    'p0/',
    'l6/',
    'pg0/',
    'p3x/',
    'yuelu/p3/extra/',
    'p3/yuelu/',
    'yuelu/furong/',
    'rs/',
    'a9/',
    't12/',
    'co8/',
    '..',
    '<script>',
  ]) {
    t.equal(parseTail(bad, 'ershoufang', dict), null, bad);
  }
  t.same(parseTail('', 'ershoufang', dict), emptyQuery());
  t.same(parseTail('pg1/', 'ershoufang', dict), emptyQuery(), 'page 1 is the root');
  t.equal(toTail(emptyQuery(), 'ershoufang', dict), '');
});

t.test('query parameters map to the same state', async (t) => {
  t.ok(hasFilterQuery({ price: '3' }));
  t.notOk(hasFilterQuery({ utm: 'x' }));
  const q = fromQueryParams(
    { regionId: '1', price: '3', rooms: '2,3,9', sort: 'priceAsc', page: '2', orientation: '南北', elevator: 'true', kw: ' 梅溪湖 ' },
    'ershoufang',
    dict,
  );
  t.equal(toTail(q, 'ershoufang', dict), `yuelu/co2p3l2l3f1ie1pg2rs${encodeURIComponent('梅溪湖')}/`);
  t.equal(toTail(fromQueryParams({ shopMapId: '11' }, 'ershoufang', dict), 'ershoufang', dict), 'sq11/');
  t.equal(toTail(fromQueryParams({ keyword: 'a/b' }, 'ershoufang', dict), 'ershoufang', dict), 'rsa%20b/', 'no slash in a keyword');
  t.equal(toTail(fromQueryParams({ metroId: '5', stationId: '50' }, 'ershoufang', dict), 'ershoufang', dict), 'li5s50/');
  t.equal(toTail(fromQueryParams({ regionId: '999', price: '99' }, 'ershoufang', dict), 'ershoufang', dict), '', 'unknown values dropped');
  t.equal(toTail(fromQueryParams({ rentType: '整租', price: '2' }, 'zufang', dict), 'zufang', dict), 'rp2rt1/');
  const base = parseTail('yuelu/l2/', 'ershoufang', dict) ?? emptyQuery();
  t.equal(toTail(fromQueryParams({ price: '1' }, 'ershoufang', dict, base), 'ershoufang', dict), 'yuelu/p1l2/', 'merged over the path');
});

t.test('helpers: withFilter resets the page, toggled, labels', async (t) => {
  const q = { ...emptyQuery(), page: 3, price: 2 };
  t.equal(withFilter(q, { area: 1 }).page, undefined);
  t.same(toggled([1, 3], 3), [1]);
  t.same(toggled([3], 1), [1, 3]);
  t.same(filterLabels({ ...emptyQuery(), price: 2, rooms: [3], priceChange: true }, 'ershoufang'), ['50-80万', '三室', '降价房源']);
  t.same(filterLabels({ ...emptyQuery(), price: 1, rentType: 1 }, 'zufang'), ['500元以下', '整租']);
});
