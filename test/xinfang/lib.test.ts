import t from 'tap';
import { isLoupanTypeCode, LOUPAN_TYPES, loupanType, loupanTypeName, loupanTypeNames } from '../../src/lib/loupan-types.ts';
import { SALE_STATUSES, saleStatusLabel, saleStatusView } from '../../src/lib/sale-status.ts';
import {
  filterFromQuery,
  filterWords,
  parseXinfangPath,
  slugsOf,
  toggleRoom,
  toLoupanFilter,
  withFilter,
  xinfangPath,
} from '../../src/lib/xinfang-filters.ts';

t.test('SPEC 4 sale status display: 待售 → wait, 期房/现房/尾房 → exist, 售完 → sellout shown 售罄', async (t) => {
  t.same(saleStatusView('待售'), { show: 'wait', label: '待售' });
  t.same(saleStatusView('期房'), { show: 'exist', label: '期房' });
  t.same(saleStatusView('现房'), { show: 'exist', label: '现房' });
  t.same(saleStatusView('尾房'), { show: 'exist', label: '尾房' });
  t.same(saleStatusView('售完'), { show: 'sellout', label: '售罄' });
  t.equal(saleStatusLabel('售完'), '售罄');
  t.same(SALE_STATUSES, ['待售', '期房', '现房', '尾房', '售完']);
});

t.test('a sale status outside the table is shown on sale with its own text; the label 售罄 reads as 售完', async (t) => {
  t.same(saleStatusView('售罄'), { show: 'sellout', label: '售罄' });
  t.same(saleStatusView(' 期房 '), { show: 'exist', label: '期房' });
  t.same(saleStatusView('在售'), { show: 'exist', label: '在售' });
  t.same(saleStatusView(''), { show: 'exist', label: '在售' });
  t.same(saleStatusView(null), { show: 'exist', label: '在售' });
  t.same(saleStatusView('toString'), { show: 'exist', label: 'toString' }, 'no prototype keys');
});

t.test('SPEC 9 new-home type codes: 1 住宅 2 联排 3 别墅 4 公寓 5 写字楼 6 商铺 8 其他', async (t) => {
  t.same(
    LOUPAN_TYPES.map((x) => [x.code, x.name, x.en]),
    [
      [1, '住宅', 'residence'],
      [2, '联排', 'townhouse'],
      [3, '别墅', 'villa'],
      [4, '公寓', 'apartment'],
      [5, '写字楼', 'office'],
      [6, '商铺', 'shop'],
      [8, '其他', 'other'],
    ],
  );
  t.equal(loupanTypeName(3), '别墅');
  t.equal(loupanTypeName('6'), '商铺');
  t.equal(loupanTypeName(7), '', 'code 7 is not a type');
  t.equal(loupanType(null), undefined);
  t.ok(isLoupanTypeCode(8));
  t.notOk(isLoupanTypeCode(7));
  t.same(loupanTypeNames([6, 1, 9, 1, '4']), ['住宅', '公寓', '商铺'], 'SPEC order, unknown dropped, once each');
});

const REGIONS = [
  { regionId: 1, regionName: '岳麓区' },
  { regionId: 2, regionName: '芙蓉区' },
  { regionId: 9, regionName: '某某新区' },
];
const slugs = slugsOf(REGIONS);

t.test('the list path carries region and filters in Beike style, one canonical spelling', async (t) => {
  t.equal(slugs[1], 'yuelu');
  t.same(parseXinfangPath('', slugs), {});
  t.same(parseXinfangPath('yuelu', slugs), { regionId: 1 });
  const f = parseXinfangPath('yuelu/t1s2p4l3l2o1pg2/', slugs);
  t.same(f, { regionId: 1, typeCode: 1, saleStatus: '期房', price: 4, rooms: [2, 3], sort: 1, page: 2 });
  t.equal(xinfangPath(f!, slugs), '/xinfang/yuelu/t1s2p4l2l3o1pg2/', 'rooms ascending, fixed token order');
  t.equal(xinfangPath({ page: 1 }, slugs), '/xinfang/', 'page 1 is not written');
  t.equal(xinfangPath({ page: 3 }, slugs), '/xinfang/pg3/');
  t.equal(xinfangPath({ typeCode: 3, total: 2 }, slugs), '/xinfang/t3z2/');
  t.same(parseXinfangPath('PG2', slugs), { page: 2 }, 'case-insensitive');
  for (const f2 of [
    { regionId: 2, saleStatus: '售完' as const },
    { typeCode: 8 as const, rooms: [1, 5] },
    { regionId: 1, page: 7 },
  ]) {
    t.same(parseXinfangPath(xinfangPath(f2, slugs).slice('/xinfang/'.length), slugs), f2, `round trip ${JSON.stringify(f2)}`);
  }
});

t.test('an unknown region, token or out-of-range value is not a list (→ 404)', async (t) => {
  for (const tail of [
    'beijing',
    't7',
    't1x',
    's6',
    'p8',
    'z7',
    'l6',
    'o9',
    'pg0',
    'abc.html',
    'yuelu/yuelu',
    'yuelu/t1/pg2',
    't1/yuelu',
    'q3',
  ]) {
    t.equal(parseXinfangPath(tail, slugs), null, tail);
  }
});

t.test('query-form filters are understood for the 301 to the path form; junk is dropped', async (t) => {
  t.equal(filterFromQuery({ keyword: '湖' }), null, 'a keyword alone is not a filter');
  t.same(filterFromQuery({ regionId: '2', typeCode: '4', saleStatus: '售罄', rooms: '3,2,x', sort: 'priceDesc', page: '2' }), {
    regionId: 2,
    typeCode: 4,
    saleStatus: '售完',
    rooms: [2, 3],
    sort: 2,
    page: 2,
  });
  t.same(filterFromQuery({ status: '2', price: '3', total: '9' }, { regionId: 1 }), { regionId: 1, saleStatus: '期房', price: 3 });
  t.same(filterFromQuery({ type: '7', page: '-1' }), {});
});

t.test('changing a filter goes back to page 1; rooms toggle', async (t) => {
  const f = { regionId: 1, rooms: [2], page: 3 };
  t.same(withFilter(f, { typeCode: 1 }), { regionId: 1, rooms: [2], typeCode: 1 });
  t.same(withFilter(f, { regionId: undefined }), { rooms: [2] });
  t.same(toggleRoom(f, 3), { regionId: 1, rooms: [2, 3] });
  t.same(toggleRoom(f, 2), { regionId: 1 });
});

t.test('the gateway filter of a state: bands to bounds, 5 rooms means 5 or more', async (t) => {
  t.same(toLoupanFilter({ regionId: 2, typeCode: 1, saleStatus: '现房', price: 4, total: 6, rooms: [1, 5], sort: 3, page: 2 }, 1, ' 湖 '), {
    cityId: 1,
    page: 2,
    size: 10,
    regionId: 2,
    typeCode: 1,
    saleStatus: '现房',
    priceMin: 10000,
    priceMax: 15000,
    totalMin: 500,
    rooms: [1, 5, 6, 7, 8, 9],
    sort: 'newest',
    keyword: '湖',
  });
  t.same(filterWords({ typeCode: 2, saleStatus: '售完', price: 1, rooms: [2, 3] }), ['联排', '售罄', '均价6000以下', '二室/三室']);
});
