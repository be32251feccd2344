import t from 'tap';
import { mendianFromQuery, mendianListHref, parseMendianTail, visitorPosition } from '../../src/lib/mendian-filters.ts';

/** The store list's path code (issue 17 part B), pure. */
const places = {
  regions: [
    { regionId: 1, regionName: '岳麓区' },
    { regionId: 2, regionName: '芙蓉区' },
  ],
};

t.test('tails parse to a district and a page, and print back canonical', async (t) => {
  t.same(parseMendianTail('', places), {});
  t.same(parseMendianTail('yuelu/', places), { regionId: 1 });
  t.same(parseMendianTail('QY2/pg3/', places), { regionId: 2, page: 3 });
  t.same(parseMendianTail('pg1/', places), {}, 'page 1 is no page');
  for (const bad of ['nowhere/', 'yuelu/pg0/', 'yuelu/x/', 'a/b/c/', 'pg/']) t.equal(parseMendianTail(bad, places), null, bad);
  t.equal(mendianListHref({ regionId: 1, page: 2 }, places), '/mendian/yuelu/pg2/');
  t.equal(mendianListHref({}, places), '/mendian/');
});

t.test('query filters map to the canonical state; unknown ones are dropped', async (t) => {
  t.same(mendianFromQuery({ regionId: '2', page: '4' }, places), { regionId: 2, page: 4 });
  t.same(mendianFromQuery({ regionId: '99' }, places, { regionId: 1, page: 3 }), {}, 'an unknown district is all of them, page 1');
});

t.test('the visitor’s position is rounded to 2 decimals; malformed is none', async (t) => {
  t.same(visitorPosition({ lat: '28.23052', lng: '112.94858' }), { lat: 28.23, lng: 112.95 });
  t.equal(visitorPosition({ lat: 'abc', lng: '1' }), null);
  t.equal(visitorPosition({ lat: '91', lng: '1' }), null);
  t.equal(visitorPosition({}), null);
});
