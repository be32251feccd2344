import type { FastifyInstance } from 'fastify';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { body, cityIdParams, int, memberId, params } from '../schemas.ts';
import { sqlNow } from '../util.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const ORIENTATION: Record<string, number> = { 南北: 0.03, 南: 0.02, 东南: 0.01, 西南: 0, 东: -0.01, 东西: -0.01, 西: -0.02, 北: -0.04 };
const DECORATION: Record<string, number> = { 豪装: 0.07, 精装: 0.04, 简装: 0, 毛坯: -0.05 };

/**
 * Price pages (SPEC 1 price trends and valuation; routes /fangjia/gujia, /fangjia/ditiefangjia, /gujiajilu): a valuation
 * of a home from its community's latest average price and its own traits, the member's valuation records, and prices
 * along the metro lines. SPEC 7 shows none of these calls and SPEC 9 says valuation constants are not shown: the
 * adjustments here are ours and are answered with the result, so the page can explain them.
 */
export function registerFangjiaRoutes(app: FastifyInstance, { db }: BackendContext): void {
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

  app.post(
    '/api/gujia/estimate',
    {
      schema: {
        body: body(
          {
            memberId,
            stressId: int(1),
            area: { type: 'number', minimum: 5, maximum: 2000 },
            floor: int(-5, 200),
            totalFloors: int(1, 200),
            orientation: { type: 'string', enum: Object.keys(ORIENTATION) },
            decoration: { type: 'string', enum: Object.keys(DECORATION) },
          },
          ['stressId', 'area'],
        ),
      },
    },
    async (req) => {
      const b = req.body as {
        memberId?: string;
        stressId: number;
        area: number;
        floor?: number;
        totalFloors?: number;
        orientation?: string;
        decoration?: string;
      };
      const x = xiaoqu.get(b.stressId) as Row | undefined;
      if (!x) return fail(404, '小区不存在');
      const month = lastMonth.get(x.id) as { month: string; price: number } | undefined;
      const base = month?.price ?? x.avg_price;
      const adjustments: Array<{ name: string; ratio: number }> = [];
      if (b.orientation) adjustments.push({ name: `朝向${b.orientation}`, ratio: ORIENTATION[b.orientation] });
      if (b.decoration) adjustments.push({ name: b.decoration, ratio: DECORATION[b.decoration] });
      if (b.floor !== undefined && b.totalFloors) {
        const r = b.floor / b.totalFloors;
        adjustments.push(
          b.floor <= 1
            ? { name: '底层', ratio: -0.04 }
            : r >= 0.95
              ? { name: '顶层', ratio: -0.02 }
              : r >= 0.4
                ? { name: '中高楼层', ratio: 0.01 }
                : { name: '低楼层', ratio: 0 },
        );
      }
      if (b.area > 140) adjustments.push({ name: '大面积', ratio: -0.02 });
      if (b.area < 50) adjustments.push({ name: '小面积', ratio: 0.02 });
      const comp = comparables.get(x.id, b.area * 0.8, b.area * 1.2) as { count: number; avgUnitPrice: number | null };
      // Blend with comparable listings of similar size when there are enough of them.
      const blended = comp.count >= 3 && comp.avgUnitPrice ? base * 0.7 + comp.avgUnitPrice * 0.3 : base;
      const unitPrice = Math.round((blended * (1 + adjustments.reduce((a, j) => a + j.ratio, 0))) / 10) * 10;
      const totalPrice = Math.round((unitPrice * b.area) / 1000) / 10;
      const spread = comp.count >= 3 ? 0.05 : 0.08;
      if (b.memberId) insert.run(b.memberId, x.city_id, x.id, b.area, JSON.stringify(b), unitPrice, totalPrice, sqlNow());
      return ok({
        stressId: x.id,
        xiaoquName: x.name,
        sname: x.sname,
        month: month?.month ?? null,
        xiaoquAvgPrice: base,
        unitPrice,
        totalPrice,
        low: Math.round(totalPrice * (1 - spread) * 10) / 10,
        high: Math.round(totalPrice * (1 + spread) * 10) / 10,
        comparables: comp.count,
        adjustments,
      });
    },
  );
  app.get('/api/gujia/records/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok((records.all((req.params as { memberId: string }).memberId) as Row[]).map((r) => ({ ...r, input: JSON.parse(r.input) }))),
  );
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
