import t from 'tap';
import type { NearbyMap } from '../../src/contracts/gateway/index.ts';
import type { LocationMapData } from '../../src/contracts/page-data/map.ts';
import { type Box, boxesMeet, placeLabels, textBox, textWidth } from '../../src/lib/label-placement.ts';
import { locationLayout, MAP_H, MAP_W } from '../../src/ui/map/location-layout.ts';
import { buildAppOverBackend } from '../helpers/build.ts';
import { backendObj, backendRows } from '../listings/helpers.ts';

/**
 * Issue 34 (SPEC 2.3 detail pages, 7.5 communities, 7.6 schools): the labels of the static location maps never cover
 * one another, and a school's own map does not list the school as its neighbour at 0米.
 */
const portal = await buildAppOverBackend(t);
const backend = portal.backend;

interface Point {
  id: number;
  name: string;
  lng: number;
  lat: number;
  regionId: number;
}
const mapOf = async (p: Point): Promise<LocationMapData> => ({
  ...(await backendObj<NearbyMap>(backend, `/api/map/nearby?cityId=1&lng=${p.lng}&lat=${p.lat}&regionId=${p.regionId}`)),
  name: p.name,
  lng: p.lng,
  lat: p.lat,
});
const xiaoqus = backendRows(
  backend,
  'SELECT id, sname AS name, lng, lat, region_id AS regionId FROM xiaoqu WHERE city_id = 1 AND lng IS NOT NULL ORDER BY id',
) as unknown as Point[];
const schools = backendRows(
  backend,
  'SELECT id, name, lng, lat, region_id AS regionId FROM school WHERE city_id = 1 AND lng IS NOT NULL ORDER BY id',
) as unknown as Point[];

t.test('placeLabels: a lower-priority label moves to its next spot, or is left out when none is free', async (t) => {
  const a: Box = { x: 0, y: 0, w: 50, h: 10 };
  const b: Box = { x: 40, y: 5, w: 50, h: 10 };
  const c: Box = { x: 40, y: 20, w: 50, h: 10 };
  t.same(placeLabels([{ candidates: [a] }, { candidates: [b, c] }]), [0, 1], 'the second takes its free spot');
  t.same(placeLabels([{ candidates: [a] }, { candidates: [b] }]), [0, null], 'no free spot: left out');
  t.same(placeLabels([{ candidates: [b] }], { obstacles: [a] }), [null], 'an obstacle is never covered');
  t.same(placeLabels([{ candidates: [a] }], { bounds: { x: 5, y: 0, w: 100, h: 100 } }), [null], 'never outside the bounds');
});

t.test('every seeded community map: no two labels meet, none covers the pin, a name or a dot, all inside', async (t) => {
  t.ok(xiaoqus.length >= 10, 'the seeded communities');
  let naiveClashes = 0;
  let placed = 0;
  let places = 0;
  for (const x of xiaoqus) {
    const data = await mapOf(x);
    const layout = locationLayout(data);
    const labels = layout.places.flatMap((p) => (p.label ? [p.label.box] : []));
    places += layout.places.length;
    placed += labels.length;
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++)
        if (boxesMeet(labels[i] as Box, labels[j] as Box)) t.fail(`${x.name}: two labels meet`, { a: labels[i], b: labels[j] });
    for (const l of labels) {
      if (layout.fixed.some((f) => boxesMeet(l, f))) t.fail(`${x.name}: a label covers the pin or a name`);
      if (l.x < 0 || l.y < 0 || l.x + l.w > MAP_W || l.y + l.h > MAP_H) t.fail(`${x.name}: a label leaves the map`);
    }
    for (const p of layout.places) {
      const dot = { x: p.cx - 5, y: p.cy - 5, w: 10, h: 10 };
      const near = (q: (typeof layout.places)[number]) => Math.hypot(q.cx - p.cx, q.cy - p.cy) < 12;
      for (const q of layout.places)
        if (q !== p && q.label && !near(q) && boxesMeet(q.label.box, dot)) t.fail(`${x.name}: ${q.name}'s label covers ${p.name}`);
    }
    // the old way: every label right of its dot
    const naive = layout.places.map((p) => textBox(p.cx + 8, p.cy + 4, textWidth(p.name, 11), 11));
    if (naive.some((a, i) => naive.some((b, j) => j > i && boxesMeet(a, b)))) naiveClashes++;
  }
  t.ok(naiveClashes >= 5, `labels right of their dots would clash on ${naiveClashes} community maps`);
  t.ok(placed / places > 0.85, `most places keep their label (${placed} of ${places})`);
});

t.test('a real clash: 学府印象, where 长沙市名都小学 sits just left of 长沙市开福区第三中学', async (t) => {
  const x = xiaoqus.find((r) => r.name === '学府印象') as Point;
  t.ok(x, 'the seeded community');
  const layout = locationLayout(await mapOf(x));
  const byName = new Map(layout.places.map((p) => [p.name, p]));
  const a = byName.get('长沙市名都小学');
  const b = byName.get('长沙市开福区第三中学');
  if (!a || !b) return t.fail('both schools are on the map');
  const right = (p: typeof a) => textBox(p.cx + 8, p.cy + 4, textWidth(p.name, 11), 11);
  t.ok(boxesMeet(right(a), right(b)), 'both labels right of their dots would overlap');
  t.ok(a.label && b.label, 'both keep a label');
  t.notOk(boxesMeet(a.label?.box as Box, b.label?.box as Box), 'and the two do not meet');
});

t.test("a school's map: the school is not its own neighbour, no legend line reads 0米", async (t) => {
  let withSelf = 0;
  for (const s of schools) {
    const data = await mapOf(s);
    if (data.schools.some((n) => n.name === s.name)) withSelf++;
    const layout = locationLayout(data);
    t.notOk(
      layout.schools.some((n) => n.name === s.name),
      `${s.name} not among its nearby schools`,
    );
  }
  t.ok(withSelf > 0, `the gateway lists the school itself on ${withSelf} maps`);
  const first = schools[0] as Point;
  const res = await portal.app.inject({ url: `/school/${first.id}.html`, headers: { host: 'localhost' } });
  t.equal(res.statusCode, 200);
  const figure = /data-testid="location-map"[\s\S]*?<\/figure>/.exec(res.body)?.[0] ?? '';
  t.ok(figure, 'the page has its location map');
  t.notMatch(figure, /(?<![\d])0米/, 'no 0米 in the map or its legend');
  t.notMatch(figure, new RegExp(`<li[^>]*>${first.name} `), 'the school is not a legend line');
});
