import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import {
  parseXiaoquTail,
  toXiaoquApiFilter,
  toXiaoquTail,
  XIAOQU_PRICE_BANDS,
  xiaoquFromQuery,
  xiaoquLabels,
} from '../../src/lib/xiaoqu-filters.ts';
import { niceTicks, TrendChart } from '../../src/ui/charts/TrendChart.tsx';

const places = {
  regions: [
    { regionId: 1, regionName: '岳麓区' },
    { regionId: 2, regionName: '芙蓉区' },
  ],
  shopMaps: [{ shopMapId: 7, shopMapName: '梅溪湖', regionId: 1 }],
};

t.test('a community list tail reads and prints in one canonical form', async (t) => {
  t.same(parseXiaoquTail('yuelu/p3co1/', places), { regionId: 1, price: 3, sort: 1 });
  t.equal(toXiaoquTail({ regionId: 1, price: 3, sort: 1 }, places), 'yuelu/co1p3/');
  t.same(parseXiaoquTail('sq7/u3y2pg4/', places), { regionId: 1, shopMapId: 7, type: 3, age: 2, page: 4 });
  t.equal(toXiaoquTail({ regionId: 1, shopMapId: 7, type: 3, age: 2, page: 4 }, places), 'sq7/y2u3pg4/');
  t.same(parseXiaoquTail('co2rs梅溪/', places), {
    sort: 2,
    keyword: '梅溪',
  });
  t.equal(toXiaoquTail({ sort: 2, keyword: '梅溪' }, places), `co2rs${encodeURIComponent('梅溪')}/`);
  for (const bad of ['nowhere/', 'p7/', 'co5/', 'y5/', 'u4/', 'p1p2/', 'co1/p2/', 'sq8/', 'yuelu/yuelu/', 'rs/'])
    t.equal(parseXiaoquTail(bad, places), null, `${bad} is no tail`);
  t.same(parseXiaoquTail('pg1/', places), {}, 'page 1 is the list itself');
});

t.test('query-form filters map to the same state; unknown values are dropped', async (t) => {
  t.same(xiaoquFromQuery({ regionId: '2', price: '1', sort: 'newest', type: '别墅' }, places), { regionId: 2, price: 1, sort: 4, type: 3 });
  t.same(xiaoquFromQuery({ shopMapId: '7', price: '99', regionId: '42' }, places), { regionId: 1, shopMapId: 7 });
  t.same(xiaoquFromQuery({ regionId: '2' }, places, { regionId: 1, shopMapId: 7 }), { regionId: 2 }, 'a new region drops the shop area');
});

t.test('the gateway filter and the labels of a state', async (t) => {
  const band = XIAOQU_PRICE_BANDS[1] as { min: number; max: number; label: string };
  t.same(toXiaoquApiFilter({ shopMapId: 7, regionId: 1, price: 2, age: 1, type: 2, sort: 3, page: 2 }, 1), {
    cityId: 1,
    page: 2,
    shopMapId: 7,
    priceMin: band.min,
    priceMax: band.max,
    buildAge: 5,
    propertyType: '商住两用',
    sort: 'ershoucount',
  });
  t.same(xiaoquLabels({ price: 2, age: 1, type: 2 }), [band.label, '5年以内', '商住两用']);
});

t.test('tick values are round and cover the range', async (t) => {
  t.same(niceTicks(12_847, 13_487), [12_750, 13_000, 13_250, 13_500]);
  t.same(niceTicks(5, 5), [5], 'a flat series has one tick');
});

t.test('the trend chart prints every value as text, marks the last and survives a flat or single-point series', async (t) => {
  const points = Array.from({ length: 12 }, (_, i) => ({ label: `2026-${String(i + 1).padStart(2, '0')}`, value: 10_000 + i * 37 }));
  const html = renderToStaticMarkup(<TrendChart points={points} title="均价" unit="元/㎡" />);
  for (const p of points) {
    t.match(html, `<title>${p.label} ${p.value.toLocaleString('en-US')}元/㎡</title>`);
    t.match(html, `<th scope="row">${p.label}</th><td>${p.value.toLocaleString('en-US')}</td>`);
  }
  t.match(html, 'data-testid="trend-last">10,407</text>');
  t.notMatch(html, /NaN|undefined/);
  const flat = renderToStaticMarkup(<TrendChart points={points.map((p) => ({ ...p, value: 9000 }))} title="均价" unit="元/㎡" />);
  t.notMatch(flat, /NaN|undefined|Infinity/);
  const one = renderToStaticMarkup(<TrendChart points={points.slice(0, 1)} title="均价" unit="元/㎡" />);
  t.notMatch(one, /NaN|undefined|Infinity/);
  t.equal(renderToStaticMarkup(<TrendChart points={[]} title="均价" unit="元/㎡" />), '', 'no values, no chart');
});
