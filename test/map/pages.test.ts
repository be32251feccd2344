import t from 'tap';
import type { MapBubbles, NearbyMap } from '../../src/contracts/gateway/index.ts';
import { backendObj, backendRows, canonical, portalOverBackend, title } from '../listings/helpers.ts';

/** Issue 14 part D: the map screens render their district bubbles as HTML (no JavaScript needed), with their head. */
const { backend, get } = await portalOverBackend(t);
const noComments = (html: string) => html.replaceAll('<!-- -->', '');
const bubblesOf = (html: string) =>
  [
    ...noComments(html).matchAll(
      /data-testid="map-bubble"><a href="([^"]*)"><b>([^<]*)<\/b><span class="mapx__count">(\d+)(?:套|个)<\/span><span class="mapx__price">([^<]*)</g,
    ),
  ].map((m) => ({ href: m[1]?.replaceAll('&amp;', '&'), name: m[2], count: Number(m[3]), price: m[4] }));
const listTotal = async (filter: Record<string, unknown>) =>
  (await backendObj<{ totalElements: number }>(backend, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, ...filter }))
    .totalElements;

t.test('the four map screens: 200, a bubble per district with count and price, canonical and title', async (t) => {
  for (const [path, what] of [
    ['/map', '二手房'],
    ['/ditu', '二手房'],
    ['/xhjmap', '二手房'],
    ['/seoCsLpMap', '新房'],
  ] as const) {
    const r = await get(path);
    t.equal(r.statusCode, 200, path);
    const bubbles = bubblesOf(r.body);
    t.equal(bubbles.length, 8, `${path}: the 8 districts of 长沙`);
    t.ok(
      bubbles.some((b) => b.name === '岳麓区' && b.count > 0 && /^[\d,]+元\/㎡$/.test(b.price ?? '')),
      `${path}: 岳麓区 with its count and price`,
    );
    t.equal(canonical(r.body), `http://localhost:3000${path}`);
    t.match(title(r.body), `长沙${what}地图找房`);
  }
  const r = await get('/ditu');
  const sum = bubblesOf(r.body).reduce((s, b) => s + b.count, 0);
  t.equal(sum, await listTotal({}), 'the district counts add up to the second-hand list count');
  const yuelu = bubblesOf(r.body).find((b) => b.name === '岳麓区');
  t.match(yuelu?.href, /^\/ershoufang\/\?regionId=\d+$/, 'a district links to its list');
  const list = await get(yuelu?.href ?? '');
  t.equal(list.statusCode, 301, 'which the list answers with its canonical path');
});

t.test('the filters of the list pages: price band and rooms', async (t) => {
  const r = await get('/ditu?price=3&rooms=2,3');
  t.equal(r.statusCode, 200);
  const bubbles = bubblesOf(r.body);
  t.equal(
    bubbles.reduce((s, b) => s + b.count, 0),
    await listTotal({ priceMin: 80, priceMax: 100, rooms: [2, 3] }),
    '80-100万, 二室 and 三室: the list count for the same filter',
  );
  t.match(noComments(r.body), /mapf__chip--on"[^>]*>80-100万</, 'the band is shown as set');
  t.equal(canonical(r.body), 'http://localhost:3000/ditu?price=3&amp;rooms=2%2C3');
  t.match(title(r.body), '80-100万_二室_三室');
  const rent = await get('/ditu?kind=zufang');
  t.match(noComments(rent.body), /元\/月/);
  const upper = await get('/DITU/?rooms=2');
  t.equal(canonical(upper.body), 'http://localhost:3000/ditu?rooms=2', 'the canonical is spelled as the registry spells the path');
  const bad = await get('/ditu?price=99&rooms=x');
  t.equal(bad.statusCode, 200, 'unknown filter values are dropped');
  t.equal(canonical(bad.body), 'http://localhost:3000/ditu');
});

t.test('the bottom sheet of a bubble and the other levels through /-/data', async (t) => {
  const region = backendRows(backend, "SELECT id FROM region WHERE city_id = 1 AND name = '岳麓区'")[0]?.id as number;
  const r = await get(`/ditu?sheet=region:${region}`);
  t.equal(r.statusCode, 200);
  t.match(r.body, /data-testid="map-sheet"/);
  t.match(r.body, /<h2 class="msheet__title">岳麓区<\/h2>/);
  t.ok((r.body.match(/class="lcard"/g) ?? []).length > 0, 'the sheet lists homes of the district');
  const data = await get('/-/data/ditu?level=xiaoqu');
  t.equal(data.statusCode, 200);
  const body = JSON.parse(data.body) as { route: { data: { level: string; bubbles: MapBubbles } } };
  t.equal(body.route.data.level, 'xiaoqu');
  t.ok(body.route.data.bubbles.items.length > 8, 'communities');
  const x = body.route.data.bubbles.items[0]!;
  const sheet = JSON.parse((await get(`/-/data/ditu?level=xiaoqu&sheet=xiaoqu:${x.id}`)).body) as {
    route: { data: { sheet: { title: string; href: string } } };
  };
  t.equal(sheet.route.data.sheet.title, x.name);
  t.equal(sheet.route.data.sheet.href, `/xiaoqu/${x.id}.html`);
});

t.test('the map screen is page-cached and follows the city of the host', async (t) => {
  await get('/map?rooms=2');
  const again = await get('/map?rooms=2');
  t.equal(again.headers['x-cache'], 'HIT');
  const wh = await get('/ditu', { host: 'wh.localhost' });
  t.equal(wh.statusCode, 200);
  t.ok(bubblesOf(wh.body).some((b) => b.name === '江汉区'));
  t.match(wh.body, /\/geo\/wh\.json/);
});

t.test('the static location map of a community: its point, district, nearby schools and stations', async (t) => {
  const x = backendRows(backend, 'SELECT id, sname, lng, lat, region_id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1')[0]!;
  const near = await backendObj<NearbyMap>(backend, `/api/map/nearby?cityId=1&lng=${x.lng}&lat=${x.lat}&regionId=${x.region_id}`);
  const r = await get(`/xiaoqu/${x.id}.html`);
  t.equal(r.statusCode, 200);
  const svg = /<figure class="locmap-fig" data-testid="location-map">([\s\S]*?)<\/figure>/.exec(noComments(r.body))?.[1] ?? '';
  t.match(svg, /<svg class="locmap"/);
  t.match(svg, `>${x.sname}</text>`, 'the point, named');
  t.match(svg, `aria-label="${x.sname}位置示意图，位于${near.district?.name}"`);
  t.ok(near.schools.length + near.stations.length > 0, 'something is near the first community');
  for (const s of near.schools) t.match(svg, `>${s.name}</text>`, `school ${s.name}`);
  for (const s of near.stations) t.match(svg, `>${s.name}站</text>`, `station ${s.name}`);
  const ershou = backendRows(
    backend,
    'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 AND xiaoqu_id IS NOT NULL ORDER BY id LIMIT 1',
  )[0]!;
  const detail = await get(`/ershoufang/${ershou.id}.html`);
  t.equal(detail.statusCode, 200);
  t.match(detail.body, /data-testid="location-map"/, 'the second-hand detail has its location map too');
  // Estates and schools too (issue 14: "detail pages of listings, estates, communities and schools").
  const estate = backendRows(backend, 'SELECT id, name AS title FROM loupan WHERE city_id = 1 AND lat IS NOT NULL ORDER BY id LIMIT 1')[0]!;
  const estatePage = await get(`/xinfang/${estate.id}.html`);
  t.equal(estatePage.statusCode, 200);
  t.match(
    noComments(estatePage.body),
    new RegExp(`data-testid="location-map">[\\s\\S]*?>${estate.title}</text>`),
    'the estate, on its map',
  );
  const school = backendRows(backend, 'SELECT id, name FROM school WHERE city_id = 1 AND lat IS NOT NULL ORDER BY id LIMIT 1')[0]!;
  const schoolPage = await get(`/school/${school.id}.html`);
  t.equal(schoolPage.statusCode, 200);
  t.match(noComments(schoolPage.body), new RegExp(`data-testid="location-map">[\\s\\S]*?>${school.name}</text>`), 'the school, on its map');
});
