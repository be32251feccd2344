import type { FastifyInstance } from 'fastify';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import {
  AREA_MAX,
  AREA_MIN,
  DECORATIONS,
  FLOORS_MAX,
  inputProblem,
  ORIENTATIONS,
  ROOMS_MAX,
  ROOMS_MIN,
  type ValuationInput,
  valuate,
} from '../../lib/valuation.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { body, cityIdParams, int, memberId, params } from '../schemas.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/**
 * Price pages (SPEC 1 price trends and valuation; routes /fangjia/gujia, /fangjia/ditiefangjia, /gujiajilu): a valuation
 * of a home from its community's latest average price and its own traits, the member's valuation records, and prices
 * along the metro lines. SPEC 7 shows none of these calls and SPEC 9 says valuation constants are not shown: the
 * adjustments here are ours and are answered with the result, so the page can explain them.
 */
export function registerFangjiaRoutes(app: FastifyInstance, { db, sqlNow, now }: BackendContext): void {
  const xiaoqu = db.prepare('SELECT id, name, sname, city_id, avg_price, build_year FROM xiaoqu WHERE id = ?');
  const lastMonth = db.prepare('SELECT month, price FROM xiaoqu_price WHERE xiaoqu_id = ? ORDER BY month DESC LIMIT 1');
  const comparables = db.prepare(`SELECT COUNT(*) AS count, CAST(ROUND(AVG(unit_price)) AS INTEGER) AS avgUnitPrice FROM listing
    WHERE xiaoqu_id = ? AND house_type = ${HOUSE_TYPES.ershoufang} AND status = 1 AND area BETWEEN ? AND ?`);
  const insert = db.prepare(
    'INSERT INTO valuation (member_id, city_id, xiaoqu_id, area, input, unit_price, total_price, created_at) VALUES (?,?,?,?,?,?,?,?)',
  );
  const records = db.prepare(`SELECT v.id, v.xiaoqu_id AS stressId, x.name AS xiaoquName, v.area, v.input, v.unit_price AS unitPrice,
    v.total_price AS totalPrice, v.created_at AS createdAt FROM valuation v JOIN xiaoqu x ON x.id = v.xiaoqu_id WHERE v.member_id = ? ORDER BY v.id DESC LIMIT 100`);
  const metro = db.prepare(`SELECT m.id AS metroId, m.name AS metroName, m.color, st.id AS stationId, st.name AS stationName, st.sort,
    COUNT(l.id) AS ershoucount, CAST(ROUND(AVG(l.unit_price)) AS INTEGER) AS avgPrice
    FROM metro m JOIN station st ON st.metro_id = m.id LEFT JOIN listing l ON l.station_id = st.id AND l.house_type = ${HOUSE_TYPES.ershoufang} AND l.status = 1
    WHERE m.city_id = ? GROUP BY st.id ORDER BY m.id, st.sort`);

  const recentPrices = db.prepare('SELECT month, price FROM xiaoqu_price WHERE xiaoqu_id = ? ORDER BY month DESC LIMIT 6');
  const comparableList = db.prepare(`SELECT id, house_number AS houseNumber, title, price, unit_price AS unitPrice, area, rooms, halls,
    floor, total_floors AS totalFloors, orientation, decoration FROM listing
    WHERE xiaoqu_id = ? AND house_type = ${HOUSE_TYPES.ershoufang} AND status = 1 AND area BETWEEN ? AND ? ORDER BY ABS(area - ?), id LIMIT 5`);
  const lastRecord = db.prepare('SELECT id, input FROM valuation WHERE member_id = ? ORDER BY id DESC LIMIT 1');
  const record = db.prepare(
    'SELECT id, xiaoqu_id AS stressId, input, created_at AS createdAt FROM valuation WHERE member_id = ? AND id = ?',
  );

  /** The valuation of one home (src/lib/valuation.ts) with what it was derived from; with memberId it is kept. */
  app.post(
    '/api/gujia/estimate',
    {
      schema: {
        body: body(
          {
            memberId,
            stressId: int(1),
            area: { type: 'number', minimum: AREA_MIN, maximum: AREA_MAX },
            rooms: int(ROOMS_MIN, ROOMS_MAX),
            floor: int(1, FLOORS_MAX),
            totalFloors: int(1, FLOORS_MAX),
            orientation: { type: 'string', enum: ORIENTATIONS },
            decoration: { type: 'string', enum: DECORATIONS },
          },
          ['stressId', 'area', 'rooms', 'floor', 'totalFloors', 'orientation', 'decoration'],
        ),
      },
    },
    async (req) => {
      const b = req.body as ValuationInput & { memberId?: string; stressId: number };
      const x = xiaoqu.get(b.stressId) as Row | undefined;
      if (!x) return fail(404, '小区不存在');
      const input: ValuationInput = {
        area: b.area,
        rooms: b.rooms,
        floor: b.floor,
        totalFloors: b.totalFloors,
        orientation: b.orientation,
        decoration: b.decoration,
      };
      const problem = inputProblem(input);
      if (problem) return fail(400, problem);
      const month = lastMonth.get(x.id) as { month: string; price: number } | undefined;
      const comp = comparables.get(x.id, b.area * 0.8, b.area * 1.2) as { count: number; avgUnitPrice: number | null };
      const communityPrice = month?.price ?? x.avg_price;
      const asOfYear = month ? Number(month.month.slice(0, 4)) : new Date(now()).getUTCFullYear();
      const v = valuate(input, {
        communityPrice,
        buildYear: x.build_year,
        asOfYear,
        comparableCount: comp.count,
        comparableUnitPrice: comp.avgUnitPrice,
      });
      let recordId: number | null = null;
      if (b.memberId) {
        // Reloading a result does not add the same valuation twice in a row.
        const saved = JSON.stringify({ stressId: x.id, ...input });
        const last = lastRecord.get(b.memberId) as { id: number; input: string } | undefined;
        recordId =
          last && last.input === saved
            ? last.id
            : Number(insert.run(b.memberId, x.city_id, x.id, b.area, saved, v.unitPrice, v.totalPrice, sqlNow()).lastInsertRowid);
      }
      return ok({
        stressId: x.id,
        xiaoquName: x.name,
        sname: x.sname,
        buildYear: x.build_year,
        month: month?.month ?? null,
        xiaoquAvgPrice: communityPrice,
        input,
        ...v,
        comparables: comp.count,
        comparableUnitPrice: comp.avgUnitPrice,
        comparableListings: comparableList.all(x.id, b.area * 0.8, b.area * 1.2, b.area) as Row[],
        recentPrices: (recentPrices.all(x.id) as Row[]).reverse(),
        recordId,
      });
    },
  );
  app.get('/api/gujia/records/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok((records.all((req.params as { memberId: string }).memberId) as Row[]).map((r) => ({ ...r, input: JSON.parse(r.input) }))),
  );
  /** One of the member's valuations (re-opened from /gujiajilu); another member's id is not found. */
  app.get('/api/gujia/records/:memberId/:id', { schema: { params: params({ memberId, id: int(1) }) } }, async (req) => {
    const p = req.params as { memberId: string; id: number };
    const r = record.get(p.memberId, p.id) as Row | undefined;
    if (!r) return fail(404, '估价记录不存在');
    return ok({ ...r, input: JSON.parse(r.input) });
  });
  const deleteRecord = db.prepare('DELETE FROM valuation WHERE id = ? AND member_id = ?');
  /** The member deletes one of their valuations (issue 34, /gujiajilu; our path); another member's is not found. */
  app.post('/api/gujia/records/delete', { schema: { body: body({ id: int(1), memberId }, ['id', 'memberId']) } }, async (req) => {
    const b = req.body as { id: number; memberId: string };
    if (deleteRecord.run(b.id, b.memberId).changes === 0) return fail(404, '估价记录不存在');
    return ok({ id: b.id, deleted: true });
  });
  app.get('/api/housePrice/metro/:cityId', { schema: { params: cityIdParams } }, async (req) => {
    const rows = metro.all((req.params as { cityId: number }).cityId) as Row[];
    const lines = new Map<number, { metroId: number; name: string; color: string; stations: Row[] }>();
    for (const r of rows) {
      let line = lines.get(r.metroId);
      if (!line) {
        line = { metroId: r.metroId, name: r.metroName, color: r.color, stations: [] };
        lines.set(r.metroId, line);
      }
      line.stations.push({ stationId: r.stationId, name: r.stationName, ershoucount: r.ershoucount, avgPrice: r.avgPrice });
    }
    return ok([...lines.values()]);
  });

  // Price levels below the district (issue 16): a shop area's or a metro station's monthly price is the average of its
  // communities' prices weighted by their households, the rule the seed gives districts and the city (weighAreaPrices).
  const WEIGHTED = 'CAST(ROUND(SUM(p.price * x.households) * 1.0 / SUM(x.households)) AS INTEGER)';
  const seriesOf = (col: 'shop_map_id' | 'station_id') =>
    db.prepare(`SELECT p.month, ${WEIGHTED} AS price FROM xiaoqu_price p JOIN xiaoqu x ON x.id = p.xiaoqu_id
      WHERE x.${col} = ? GROUP BY p.month ORDER BY p.month`);
  const shopSeries = seriesOf('shop_map_id');
  const stationSeries = seriesOf('station_id');
  const lastTwo = `(SELECT MAX(month) FROM xiaoqu_price)`;
  const prevMonth = `(SELECT MAX(month) FROM xiaoqu_price WHERE month < ${lastTwo})`;
  const levelRows = (col: 'shop_map_id' | 'station_id', join: string, where: string) =>
    db.prepare(`SELECT g.id, g.name, ${join}
      (SELECT ${WEIGHTED} FROM xiaoqu_price p JOIN xiaoqu x ON x.id = p.xiaoqu_id WHERE x.${col} = g.id AND p.month = ${lastTwo}) AS avgPrice,
      (SELECT ${WEIGHTED} FROM xiaoqu_price p JOIN xiaoqu x ON x.id = p.xiaoqu_id WHERE x.${col} = g.id AND p.month = ${prevMonth}) AS prevPrice,
      (SELECT COUNT(*) FROM xiaoqu x WHERE x.${col} = g.id) AS xiaoqucount
      ${where}`);
  const shopsOfCity = levelRows(
    'shop_map_id',
    'g.region_id AS parentId, r.name AS parentName,',
    'FROM shop_map g JOIN region r ON r.id = g.region_id WHERE g.city_id = ? ORDER BY r.sort, g.id',
  );
  const stationsOfCity = levelRows(
    'station_id',
    'g.metro_id AS parentId, m.name AS parentName,',
    'FROM station g JOIN metro m ON m.id = g.metro_id WHERE g.city_id = ? ORDER BY m.id, g.sort',
  );
  const shopOne = db.prepare(
    'SELECT g.id, g.name, g.city_id AS cityId, g.region_id AS parentId, r.name AS parentName FROM shop_map g JOIN region r ON r.id = g.region_id WHERE g.id = ?',
  );
  const stationOne = db.prepare(
    'SELECT g.id, g.name, g.city_id AS cityId, g.metro_id AS parentId, m.name AS parentName FROM station g JOIN metro m ON m.id = g.metro_id WHERE g.id = ?',
  );
  const membersOf = (col: 'shop_map_id' | 'station_id') =>
    db.prepare(
      `SELECT x.id AS stressId, x.sname AS name, x.avg_price AS avgPrice, x.ratio, x.households FROM xiaoqu x WHERE x.${col} = ? ORDER BY x.avg_price DESC`,
    );
  const shopMembers = membersOf('shop_map_id');
  const stationMembers = membersOf('station_id');
  const ratioOf = ({ prevPrice, ...r }: Row) => ({
    ...r,
    ratio: prevPrice && r.avgPrice ? Math.round(((r.avgPrice - prevPrice) / prevPrice) * 10000) / 100 : 0,
  });
  const levels = {
    shopMap: { all: shopsOfCity, one: shopOne, series: shopSeries, members: shopMembers },
    station: { all: stationsOfCity, one: stationOne, series: stationSeries, members: stationMembers },
  } as const;
  const kindParam = { type: 'string', enum: Object.keys(levels) };
  /** Every shop area (or station) of a city with its latest weighted price and its change on the month before. */
  app.get(
    '/api/housePrice/levels/:kind/:cityId',
    { schema: { params: params({ kind: kindParam, cityId: int(1, 9999) }) } },
    async (req) => {
      const p = req.params as { kind: keyof typeof levels; cityId: number };
      return ok((levels[p.kind].all.all(p.cityId) as Row[]).map(ratioOf));
    },
  );
  /** One shop area (or station): its monthly series, its communities, and its siblings in the same district (line). */
  app.get('/api/housePrice/level/:kind/:id', { schema: { params: params({ kind: kindParam, id: int(1) }) } }, async (req) => {
    const p = req.params as { kind: keyof typeof levels; id: number };
    const level = levels[p.kind];
    const one = level.one.get(p.id) as Row | undefined;
    if (!one) return ok(null);
    const siblings = (level.all.all(one.cityId) as Row[]).filter((r) => r.parentId === one.parentId).map(ratioOf);
    return ok({ ...one, prices: level.series.all(p.id), xiaoqus: level.members.all(p.id), siblings });
  });
}
