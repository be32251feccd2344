import type { Database as DB } from 'better-sqlite3';
import cs from '../../../public/geo/cs.json' with { type: 'json' };
import hy from '../../../public/geo/hy.json' with { type: 'json' };
import nc from '../../../public/geo/nc.json' with { type: 'json' };
import wh from '../../../public/geo/wh.json' with { type: 'json' };
import yy from '../../../public/geo/yy.json' with { type: 'json' };
import zz from '../../../public/geo/zz.json' with { type: 'json' };
import { type CityGeo, inPolygons, type LngLat, type PolygonCoords } from '../../lib/geo.ts';
import type { CitySeed } from './cities.ts';
import { Rng } from './rng.ts';

/** The outline files scripts/geo.ts writes, by city domain (small, committed, bundled into the server). */
export const CITY_GEO: Record<string, CityGeo> = { cs, wh, nc, zz, yy, hy } as unknown as Record<string, CityGeo>;

export interface District {
  name: string;
  cp: LngLat;
  polygons: PolygonCoords[];
}

export function districtsOf(domain: string): Map<string, District> {
  const out = new Map<string, District>();
  for (const f of CITY_GEO[domain]?.features ?? []) {
    if (f.properties.kind === 'district' && f.geometry.type === 'MultiPolygon') {
      out.set(f.properties.name, { name: f.properties.name, cp: f.properties.cp, polygons: f.geometry.coordinates });
    }
  }
  return out;
}

const r5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * The last step of a city (issue 14 part D): moves its shop areas, communities, estates, schools and stores to real
 * coordinates inside their district's outline (public/geo/<domain>.json). It draws from its own random sequence,
 * seeded from the seed number and the city, so every other row of the data set stays as it was.
 */
export function seedCoordinates(db: DB, city: CitySeed, seed: number) {
  const rng = new Rng((seed ^ Math.imul(city.id, 0x9e3779b1)) >>> 0);
  const districts = districtsOf(city.domain);
  const regions = db.prepare('SELECT id, name FROM region WHERE city_id = ?').all(city.id) as Array<{ id: number; name: string }>;
  const byRegion = new Map<number, District>();
  for (const r of regions) {
    const d = districts.get(r.name);
    if (!d) throw new Error(`seed: no outline for ${city.name}${r.name} (run scripts/geo.ts)`);
    byRegion.set(r.id, d);
  }
  /** A point around `c` (within `spread` degrees) inside the district; `c` itself when none is found. */
  const near = (d: District, c: LngLat, spread: number): LngLat => {
    for (let i = 0; i < 60; i++) {
      const p: LngLat = [r5(c[0] + rng.float(-spread, spread, 5) * 1.15), r5(c[1] + rng.float(-spread, spread, 5))];
      if (inPolygons(p, d.polygons)) return p;
    }
    return c;
  };
  const shopAt = new Map<number, LngLat>();
  const shops = db.prepare('SELECT id, region_id FROM shop_map WHERE city_id = ? ORDER BY id').all(city.id) as Array<{
    id: number;
    region_id: number;
  }>;
  const setShop = db.prepare('UPDATE shop_map SET lng = ?, lat = ? WHERE id = ?');
  for (const s of shops) {
    const d = byRegion.get(s.region_id)!;
    const p = near(d, d.cp, 0.03);
    shopAt.set(s.id, p);
    setShop.run(p[0], p[1], s.id);
  }
  const place = (table: 'xiaoqu' | 'loupan' | 'store' | 'school', spread: number) => {
    const hasShop = table !== 'school';
    const rows = db
      .prepare(`SELECT id, region_id, ${hasShop ? 'shop_map_id' : 'NULL'} AS shop FROM ${table} WHERE city_id = ? ORDER BY id`)
      .all(city.id) as Array<{ id: number; region_id: number; shop: number | null }>;
    const set = db.prepare(`UPDATE ${table} SET lng = ?, lat = ? WHERE id = ?`);
    for (const row of rows) {
      const d = byRegion.get(row.region_id)!;
      const centre = (hasShop && row.shop !== null && shopAt.get(row.shop)) || d.cp;
      const p = near(d, centre, hasShop ? spread : 0.03);
      set.run(p[0], p[1], row.id);
    }
  };
  place('xiaoqu', 0.012);
  place('loupan', 0.015);
  place('store', 0.01);
  place('school', 0.03);
}
