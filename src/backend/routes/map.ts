import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { MapBubble, MapBubbles, MapKind, MapLevel, MapQuery, NearbyMap, NearbyPlace } from '../../contracts/gateway/index.ts';
import { type Bbox, inPolygons, type LngLat } from '../../lib/geo.ts';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import type { DB } from '../db.ts';
import { type Envelope, ok } from '../envelope.ts';
import { int } from '../schemas.ts';
import { CITY_GEO, districtsOf } from '../seed/geo.ts';
import { cachedStatement } from '../util.ts';
import { whereClause } from '../where.ts';
import { listingWhere } from './listing.ts';

export const MAP_LEVELS = ['region', 'shopMap', 'xiaoqu'] as const satisfies readonly MapLevel[];
const KINDS = ['ershoufang', 'zufang', 'xinfang'] as const satisfies readonly MapKind[];
export const isMapLevel = (x: string): x is MapLevel => (MAP_LEVELS as readonly string[]).includes(x);
/** At most this many bubbles in one answer (a city has a few thousand communities at most). */
const MAX_BUBBLES = 5000;

const NUM = '-?\\d{1,3}(\\.\\d{1,17})?';
export const mapQuerySchema = {
  type: 'object',
  required: ['cityId', 'kind'],
  properties: {
    cityId: int(1, 9999),
    kind: { type: 'string', enum: [...KINDS] },
    bbox: { type: 'string', pattern: `^${NUM},${NUM},${NUM},${NUM}$` },
    priceMin: { type: 'number', minimum: 0, maximum: 1_000_000 },
    priceMax: { type: 'number', minimum: 0, maximum: 1_000_000 },
    rooms: { type: 'string', pattern: '^[1-5](,[1-5]){0,4}$' },
  } satisfies Record<keyof MapQuery, object>,
} as const;

class BadRequest extends Error {
  statusCode = 400;
}

/** `minLng,minLat,maxLng,maxLat` as numbers, or a 400 naming what is wrong. */
export function parseBbox(s: string): Bbox {
  const b = s.split(',').map(Number) as Bbox;
  if (b[0] >= b[2] || b[1] >= b[3]) throw new BadRequest('bbox 格式错误: 应为 minLng,minLat,maxLng,maxLat 且最小值小于最大值');
  if (b[0] < -180 || b[2] > 180 || b[1] < -90 || b[3] > 90) throw new BadRequest('bbox 格式错误: 经纬度超出范围');
  return b;
}

const metres = (a: LngLat, b: LngLat) => {
  const k = Math.cos(((a[1] + b[1]) / 2) * (Math.PI / 180));
  return Math.round(Math.hypot((a[0] - b[0]) * k, a[1] - b[1]) * 111_320);
};

const validQuery = new Ajv({ coerceTypes: true, allErrors: false, strict: false }).compile(mapQuerySchema);

/**
 * SPEC 7.3 `GET /api/house/getHousebyLocation/{level}` (level region, shopMap or xiaoqu; the same path with a city id
 * or a point lists estates, see xinfang.ts): the map's bubbles (issue 14 part D), one per district, shop area or
 * community (estate for new homes) inside a bounding box, with the count and average price of what matches the list
 * pages' filters (the same WHERE as the list query, so the counts add up to the lists' totals). A malformed query is a
 * 400 naming the field.
 */
export function mapBubbles(db: DB): (level: MapLevel, query: unknown) => Envelope<MapBubbles> {
  const cityDomain = db.prepare('SELECT domain FROM city WHERE id = ?').pluck();
  const regionsOf = db.prepare('SELECT id, name FROM region WHERE city_id = ? ORDER BY sort');

  function bubbles(level: MapLevel, q: MapQuery): MapBubbles {
    const bbox = q.bbox ? parseBbox(q.bbox) : null;
    if (q.priceMin !== undefined && q.priceMax !== undefined && q.priceMax > 0 && q.priceMin >= q.priceMax) {
      throw new BadRequest('价格区间错误: priceMin 应小于 priceMax');
    }
    const rooms = q.rooms ? [...new Set(q.rooms.split(',').map(Number))] : undefined;
    const rows = q.kind === 'xinfang' ? estateRows(level, q, rooms, bbox) : listingRows(level, q, rooms, bbox);
    let items = rows;
    if (level === 'region') {
      // a district's bubble sits on its label point; every district is listed, those without a match with 0
      const domain = cityDomain.get(q.cityId) as string | undefined;
      const districts = districtsOf(domain ?? '');
      const byId = new Map(rows.map((r) => [r.id, r]));
      items = (regionsOf.all(q.cityId) as Array<{ id: number; name: string }>).flatMap((r) => {
        const cp = districts.get(r.name)?.cp;
        if (!cp || (bbox && !(cp[0] >= bbox[0] && cp[0] <= bbox[2] && cp[1] >= bbox[1] && cp[1] <= bbox[3]))) return [];
        const row = byId.get(r.id);
        return [
          { id: r.id, name: r.name, lng: cp[0], lat: cp[1], count: row?.count ?? 0, avgPrice: row?.avgPrice ?? null, regionId: r.id },
        ];
      });
    }
    return { level, kind: q.kind, total: items.reduce((s, b) => s + b.count, 0), items };
  }

  /** The group column, the bubble's position and name columns of a level over listings (l) or estates (p). */
  const GROUP: Record<MapLevel, { id: string; join: string; cols: string; pos: [string, string] }> = {
    region: { id: 't.region_id', join: '', cols: "'' AS name, 0 AS lng, 0 AS lat", pos: ['', ''] },
    shopMap: {
      id: 't.shop_map_id',
      join: 'JOIN shop_map g ON g.id = t.shop_map_id',
      cols: 'g.name, g.lng, g.lat',
      pos: ['g.lng', 'g.lat'],
    },
    xiaoqu: {
      id: 't.xiaoqu_id',
      join: 'JOIN xiaoqu g ON g.id = t.xiaoqu_id',
      cols: "COALESCE(NULLIF(g.sname, ''), g.name) AS name, g.lng, g.lat",
      pos: ['g.lng', 'g.lat'],
    },
  };

  /**
   * The reference price (元/㎡) of each district, shop area or community of a city: the same figures /fangjia, its
   * shop-area pages and a community's page show (issue 32: one number for one thing), never the listings' mean.
   */
  const latestArea = '(SELECT MAX(month) FROM area_price WHERE city_id = @cityId)';
  const latestCommunity = '(SELECT MAX(month) FROM xiaoqu_price)';
  const REFERENCE: Record<MapLevel, import('better-sqlite3').Statement> = {
    region: db.prepare(`SELECT region_id AS id, price FROM area_price WHERE city_id = @cityId AND region_id > 0 AND month = ${latestArea}`),
    shopMap: db.prepare(`SELECT x.shop_map_id AS id, CAST(ROUND(SUM(p.price * x.households) * 1.0 / SUM(x.households)) AS INTEGER) AS price
      FROM xiaoqu_price p JOIN xiaoqu x ON x.id = p.xiaoqu_id WHERE x.city_id = @cityId AND p.month = ${latestCommunity} GROUP BY x.shop_map_id`),
    xiaoqu: db.prepare('SELECT id, avg_price AS price FROM xiaoqu WHERE city_id = @cityId'),
  };
  const withReferencePrices = (level: MapLevel, cityId: number, rows: MapBubble[]): MapBubble[] => {
    const prices = new Map((REFERENCE[level].all({ cityId }) as Array<{ id: number; price: number }>).map((r) => [r.id, r.price]));
    return rows.map((r) => ({ ...r, avgPrice: prices.get(r.id) ?? r.avgPrice }));
  };

  function listingRows(level: MapLevel, q: MapQuery, rooms: number[] | undefined, bbox: Bbox | null): MapBubble[] {
    const houseType = q.kind === 'zufang' ? HOUSE_TYPES.zufang : HOUSE_TYPES.ershoufang;
    const where = listingWhere({ cityId: q.cityId, houseType, priceMin: q.priceMin, priceMax: q.priceMax, rooms });
    const g = GROUP[level];
    if (bbox && level !== 'region')
      where.add(`${g.pos[0]} BETWEEN ? AND ? AND ${g.pos[1]} BETWEEN ? AND ?`, bbox[0], bbox[2], bbox[1], bbox[3]);
    const avg = q.kind === 'zufang' ? 'AVG(l.price)' : 'AVG(l.unit_price)';
    const sql = `SELECT ${g.id.replace('t.', 'l.')} AS id, ${g.cols}, l.region_id AS regionId, COUNT(*) AS count,
      CAST(ROUND(${avg}) AS INTEGER) AS avgPrice FROM listing l ${g.join.replaceAll('t.', 'l.')} ${where.clause()}
      GROUP BY ${g.id.replace('t.', 'l.')} ORDER BY count DESC LIMIT ${MAX_BUBBLES}`;
    const rows = cachedStatement(db, sql).all(...where.args) as MapBubble[];
    // Rents have no reference series: their bubble is the mean rent of what matches.
    return q.kind === 'zufang' ? rows : withReferencePrices(level, q.cityId, rows);
  }

  function estateRows(level: MapLevel, q: MapQuery, rooms: number[] | undefined, bbox: Bbox | null): MapBubble[] {
    const where = whereClause();
    where.add('t.city_id = ?', q.cityId);
    if (q.priceMin !== undefined) where.add('t.total_max >= ?', q.priceMin);
    if (q.priceMax !== undefined && q.priceMax > 0) where.add('t.total_min < ?', q.priceMax);
    if (rooms?.length) {
      const exact = rooms.filter((r) => r < 5);
      const parts = exact.length ? [`h.rooms IN (${exact.map(() => '?').join(',')})`] : [];
      if (rooms.some((r) => r >= 5)) parts.push('h.rooms >= 5');
      where.add(`EXISTS (SELECT 1 FROM huxing h WHERE h.loupan_id = t.id AND (${parts.join(' OR ')}))`, ...exact);
    }
    // new homes have no community: the third level is the estate itself
    const g = level === 'xiaoqu' ? { id: 't.id', join: '', cols: 't.name, t.lng, t.lat', pos: ['t.lng', 't.lat'] } : GROUP[level];
    if (bbox && level !== 'region')
      where.add(`${g.pos[0]} BETWEEN ? AND ? AND ${g.pos[1]} BETWEEN ? AND ?`, bbox[0], bbox[2], bbox[1], bbox[3]);
    const sql = `SELECT ${g.id} AS id, ${g.cols}, t.region_id AS regionId, COUNT(*) AS count,
      CAST(ROUND(AVG(NULLIF(t.avg_price, 0))) AS INTEGER) AS avgPrice FROM loupan t ${g.join} ${where.clause()}
      GROUP BY ${g.id} ORDER BY count DESC LIMIT ${MAX_BUBBLES}`;
    return cachedStatement(db, sql).all(...where.args) as MapBubble[];
  }

  return (level, query) => {
    const q = { ...(query as Record<string, unknown>) };
    if (!validQuery(q))
      throw new BadRequest(`querystring${validQuery.errors?.[0]?.instancePath ?? ''} ${validQuery.errors?.[0]?.message ?? ''}`);
    return ok(bubbles(level, q as unknown as MapQuery));
  };
}

/**
 * `GET /api/map/nearby`: the schools and metro stations around a point with its district's outline, for the static
 * location maps of the detail pages.
 */
export function registerMapRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const cityDomain = db.prepare('SELECT domain FROM city WHERE id = ?').pluck();
  const regionName = db.prepare('SELECT name FROM region WHERE id = ?').pluck();
  const schoolsOf = db.prepare(
    'SELECT name, level, lng, lat FROM school WHERE city_id = ? AND lng BETWEEN ? AND ? AND lat BETWEEN ? AND ? LIMIT 200',
  );
  app.get(
    '/api/map/nearby',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['cityId', 'lng', 'lat'],
          additionalProperties: false,
          properties: {
            cityId: int(1, 9999),
            lng: { type: 'number', minimum: -180, maximum: 180 },
            lat: { type: 'number', minimum: -90, maximum: 90 },
            regionId: int(1),
            radius: int(200, 10_000),
          },
        },
      },
    },
    async (req) => {
      const q = req.query as { cityId: number; lng: number; lat: number; regionId?: number; radius?: number };
      const at: LngLat = [q.lng, q.lat];
      const radius = q.radius ?? 3000;
      const domain = (cityDomain.get(q.cityId) as string | undefined) ?? '';
      const districts = districtsOf(domain);
      const named = q.regionId ? (regionName.get(q.regionId) as string | undefined) : undefined;
      const district = (named && districts.get(named)) || [...districts.values()].find((d) => inPolygons(at, d.polygons)) || null;
      const dLng = radius / 111_320 / Math.cos((q.lat * Math.PI) / 180);
      const dLat = radius / 111_320;
      const near = (list: NearbyPlace[]) =>
        list
          .filter((p) => p.distance <= radius)
          .sort((a, b) => a.distance - b.distance)
          .slice(0, 4);
      const schools = near(
        (
          schoolsOf.all(q.cityId, q.lng - dLng, q.lng + dLng, q.lat - dLat, q.lat + dLat) as Array<{
            name: string;
            level: string;
            lng: number;
            lat: number;
          }>
        ).map((s) => ({ name: s.name, lng: s.lng, lat: s.lat, note: s.level, distance: metres(at, [s.lng, s.lat]) })),
      );
      const seen = new Set<string>();
      const stations = near(
        (CITY_GEO[domain]?.features ?? []).flatMap((f) =>
          f.properties.kind === 'station' && f.geometry.type === 'Point'
            ? [
                {
                  name: f.properties.name,
                  lng: f.geometry.coordinates[0],
                  lat: f.geometry.coordinates[1],
                  note: f.properties.line,
                  color: f.properties.color,
                  distance: metres(at, f.geometry.coordinates),
                },
              ]
            : [],
        ),
      ).filter((s) => !seen.has(s.name) && seen.add(s.name));
      const answer: NearbyMap = { district: district ? { name: district.name, polygons: district.polygons } : null, schools, stations };
      return ok(answer);
    },
  );
}
