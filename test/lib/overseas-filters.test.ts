import t from 'tap';
import {
  overseasFromQuery,
  overseasLabels,
  parseOverseasTail,
  toOverseasApiFilter,
  toOverseasTail,
} from '../../src/lib/overseas-filters.ts';

const COUNTRIES = ['泰国', '日本', '美国', '格鲁吉亚'];

t.test('a tail parses to one filter state and prints back canonically', async (t) => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['thailand/', 'thailand/'],
    ['JAPAN', 'japan/'],
    ['us/co2p3l2pg4/', 'us/co2p3l2pg4/'],
    ['l2co1/', 'co1l2/'],
    ['pg1/', ''],
    ['格鲁吉亚/co1/', `${encodeURIComponent('格鲁吉亚')}/co1/`],
  ];
  for (const [tail, canonical] of cases) {
    const q = parseOverseasTail(tail, COUNTRIES);
    t.ok(q, tail);
    t.equal(toOverseasTail(q ?? {}), canonical, `${tail} → ${canonical}`);
  }
});

t.test('unknown countries, codes out of range, repeats and extra segments are null (the 404 screen)', async (t) => {
  for (const tail of ['canada/', 'mars/', 'co3/', 'p7/', 'l5/', 'p1p2/', 'co1x/', 'japan/co1/x/', 'co1/japan/', 'pg0/']) {
    t.equal(parseOverseasTail(tail, COUNTRIES), null, tail);
  }
});

t.test('query parameters map onto the same state; the gateway filter and labels follow it', async (t) => {
  const q = overseasFromQuery({ country: '日本', sort: 'priceDesc', price: '2', rooms: '3', page: '2' }, COUNTRIES);
  t.same(q, { country: '日本', sort: 2, price: 2, rooms: 3, page: 2 });
  t.same(toOverseasApiFilter(q), { country: '日本', priceMin: 100, priceMax: 200, rooms: 3, sort: 'priceDesc', page: 2 });
  t.same(overseasLabels(q), ['100-200万', '3居', '总价从高到低']);
  t.same(overseasFromQuery({ sort: 'newest', country: 'nowhere' }, COUNTRIES, { sort: 1 }), {});
  t.same(toOverseasApiFilter({}), { sort: 'default', page: 1 });
});
