import t from 'tap';
import {
  assertNotFoundScreens,
  backendObj,
  backendRows,
  canonical,
  cards,
  description,
  portalOverBackend,
  title,
} from '../listings/helpers.ts';

/** Issue 16 part A: the price pages (SPEC 1, 2.1–2.4, 7.5) over the embedded gateway. */
const { backend, get } = await portalOverBackend(t);
const noComments = (html: string) => html.replaceAll('<!-- -->', '');
const grouped = (n: number) => n.toLocaleString('en-US');
/** The values of a trend chart's hidden table, as numbers. */
const chartValues = (html: string) =>
  [...(/<table class="vh">(.*?)<\/table>/s.exec(html)?.[1] ?? '').matchAll(/<td>([\d,]+)<\/td>/g)].map((m) =>
    Number(m[1]?.replaceAll(',', '')),
  );
const rankNames = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)" class="fj-rank__name">([^<]*)/g)].map((m) => ({ href: m[1], name: m[2] }));
const figure = (html: string) => Number((/class="fj-figure__price"><b>([\d,]+)<\/b>/.exec(html)?.[1] ?? 'NaN').replaceAll(',', ''));

const region = backendRows(backend, 'SELECT id, name FROM region WHERE city_id = 1 ORDER BY sort LIMIT 1')[0] as {
  id: number;
  name: string;
};
const shop = backendRows(backend, 'SELECT id, name FROM shop_map WHERE region_id = ? ORDER BY id LIMIT 1', region.id)[0] as {
  id: number;
  name: string;
};
const station = backendRows(
  backend,
  'SELECT st.id, st.name FROM station st WHERE st.city_id = 1 AND EXISTS (SELECT 1 FROM xiaoqu x JOIN listing l ON l.xiaoqu_id = x.id AND l.house_type = 11 AND l.status = 1 WHERE x.station_id = st.id) ORDER BY st.id LIMIT 1',
)[0] as { id: number; name: string };
const xq = backendRows(
  backend,
  'SELECT id, sname, avg_price AS avgPrice FROM xiaoqu WHERE city_id = 1 AND shop_map_id = ? ORDER BY id LIMIT 1',
  shop.id,
)[0] as { id: number; sname: string; avgPrice: number };

t.test('/fangjia: the city figure with its changes, a 24-month chart, districts by price and by change, links down', async (t) => {
  const r = await get('/fangjia');
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  const city = await backendObj<Array<{ month: string; price: number }>>(backend, '/api/avgprice/findlist/1');
  t.same(
    chartValues(html),
    city.slice(-24).map((p) => p.price),
    'the 24 values of the chart are the city series, as text',
  );
  t.equal(chartValues(html).length, 24);
  t.equal(figure(html), city.at(-1)?.price, 'the figure is the latest month');
  t.match(html, '环比', 'month-on-month change');
  t.match(html, '同比去年', 'year-on-year change');
  t.match(html, '各区房价排行');
  t.match(html, '各区涨幅排行');
  t.ok(
    rankNames(html).some((l) => l.href === `/fangjia/quyu${region.id}/` && l.name === region.name),
    'a link down to the district',
  );
  for (const href of ['/fangjia/quyu/', '/fangjia/shangquan/', '/fangjia/xiaoqu/', '/fangjia/ditie/', '/fangjia/search'])
    t.match(html, `href="${href}"`, href);
  t.equal(canonical(r.body), 'http://localhost:3000/fangjia');
  t.match(description(r.body), `二手房参考均价${grouped(city.at(-1)?.price ?? 0)}元/㎡`);
});

t.test('a district: its 24-month chart, its rank among the districts, its shop areas and communities', async (t) => {
  const r = await get(`/fangjia/quyu${region.id}/`);
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.equal(chartValues(html).length, 24);
  t.match(html, `<h1 class="fj-head__title">${region.name}房价</h1>`);
  t.match(html, 'fj-rank__row--current', 'its own row is marked in the ranking');
  t.ok(
    rankNames(html).some((l) => l.href === `/fangjia/shangquan${shop.id}/`),
    'a link down to its shop area',
  );
  t.ok(
    rankNames(html).some((l) => l.href?.startsWith('/fangjia/xiaoqu')),
    'links down to its communities',
  );
  t.ok(cards(html).length > 0, 'the second-hand listings behind the number');
  t.equal(canonical(r.body), `http://localhost:3000/fangjia/quyu${region.id}/`);
  t.match(title(r.body), `${region.name}房价`);
});

t.test('a shop area and a metro station: a 12-month chart, siblings ranking and the communities behind the number', async (t) => {
  for (const [path, name] of [
    [`/fangjia/shangquan${shop.id}/`, shop.name],
    [`/fangjia/ditie${station.id}/`, station.name],
  ] as const) {
    const r = await get(path);
    t.equal(r.statusCode, 200, path);
    const html = noComments(r.body);
    t.equal(chartValues(html).length, 12, `${path}: 12 values`);
    t.match(html, `${name}房价</h1>`);
    t.match(html, 'fj-rank__row--current');
    t.ok(
      rankNames(html).some((l) => l.href?.startsWith('/fangjia/xiaoqu')),
      `${path}: its communities`,
    );
    t.ok(cards(html).length > 0, `${path}: the second-hand listings behind the number`);
    t.equal(canonical(r.body), `http://localhost:3000${path}`);
  }
});

t.test('level pages without an id list their members with prices', async (t) => {
  for (const [path, text] of [
    ['/fangjia/quyu/', '各区房价'],
    ['/fangjia/shangquan/', '商圈房价'],
    ['/fangjia/ditie/', '号线沿线房价'],
    ['/fangjia/ditiefangjia', '号线沿线房价'],
    ['/fangjia/xiaoqu/', '小区房价排行'],
    ['/fangjia/xiaoqufangjia', '小区房价排行'],
  ] as const) {
    const r = await get(path);
    t.equal(r.statusCode, 200, path);
    t.match(r.body, text, path);
    t.ok(rankNames(r.body).length > 3, `${path}: members listed`);
    t.match(r.body, /class="fj-rank__price">[\d,]+元\/㎡/, `${path}: with prices`);
  }
  t.equal(canonical((await get('/fangjia/ditiefangjia')).body), 'http://localhost:3000/fangjia/ditie/');
  const metro = (await get('/fangjia/ditie/')).body;
  t.match(metro, '<h1 class="fj-head__title">长沙地铁房价</h1>', 'the metro list names the whole page, not its first line');
  t.match(title(metro), /^长沙地铁房价_/);
});

t.test('a community: its figure equals the one on its community page, its 12-month chart, its rank and its listings', async (t) => {
  const r = await get(`/fangjia/xiaoqu${xq.id}/`);
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.equal(figure(html), xq.avgPrice, 'the latest figure is the community average');
  const detail = noComments((await get(`/xiaoqu/${xq.id}.html`)).body);
  t.match(detail, `<strong>${grouped(figure(html))}</strong><span>参考均价(元/㎡)</span>`, 'the same figure on /xiaoqu/{id}.html');
  t.same(chartValues(html), chartValues(detail), 'the same 12 values as the community page chart');
  t.equal(chartValues(html).length, 12);
  t.match(html, 'fj-rank__row--current');
  t.ok(cards(html).length > 0, 'the listings behind the number');
  t.match(html, `href="/xiaoqu/${xq.id}.html"`);
  t.equal(canonical(r.body), `http://localhost:3000/fangjia/xiaoqu${xq.id}/`);
  t.equal(canonical((await get(`/fangjia/xiaoqufangjia?id=${xq.id}`)).body), `http://localhost:3000/fangjia/xiaoqu${xq.id}/`);
});

t.test('search by a Chinese name finds the community and its price', async (t) => {
  const r = await get(`/fangjia/search?keyword=${encodeURIComponent(xq.sname)}`);
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.ok(
    rankNames(html).some((l) => l.href === `/fangjia/xiaoqu${xq.id}/`),
    'the community is found',
  );
  t.match(html, `${grouped(xq.avgPrice)}元/㎡`);
  t.match(noComments((await get('/fangjia/search?keyword=不存在的小区名字')).body), '没有找到');
});

t.test('unknown and malformed ids are the 404 screen', async (t) => {
  await assertNotFoundScreens(t, get, [
    '/fangjia/quyu999999/',
    '/fangjia/shangquan999999/',
    '/fangjia/ditie999999/',
    '/fangjia/xiaoqu999999/',
    '/fangjia/xiaoquabc/',
    '/fangjia/quyu0/',
    '/fangjia/xiaoqufangjia?id=abc',
  ]);
});

t.test("another city's district, shop area and community are the 404 screen on this city's host", async (t) => {
  for (const path of [`/fangjia/quyu${region.id}/`, `/fangjia/shangquan${shop.id}/`, `/fangjia/xiaoqu${xq.id}/`]) {
    const r = await get(path, { host: 'wh.localhost' });
    t.equal(r.statusCode, 404, `wh.localhost${path}`);
  }
  t.equal((await get('/fangjia', { host: 'wh.localhost' })).statusCode, 200, 'the other city has its own price page');
});

t.test('a price page is page-cached: the second request is a HIT', async (t) => {
  for (const path of ['/fangjia', `/fangjia/quyu${region.id}/`, `/fangjia/xiaoqu${xq.id}/`]) {
    await get(path);
    t.equal((await get(path)).headers['x-cache'], 'HIT', path);
  }
});
