import type { FastifyInstance } from 'fastify';
import type { ListingStats, MonthPrice, XiaoquDetail, XiaoquFilter } from '../../contracts/gateway/index.ts';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import type { DB } from '../db.ts';
import { ok, page, paging } from '../envelope.ts';
import { listingItem, xiaoquDetail, xiaoquItem } from '../mappers.ts';
import { body, cityIdParams, idParams, int, params, str } from '../schemas.ts';
import { IMAGE_SETS, imageUrl } from '../seed/images.ts';
import { segmentForQuery } from '../segment.ts';
import { cachedStatement } from '../util.ts';
import { whereClause } from '../where.ts';
import { LISTING_SELECT } from './listing.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const XQ_SORT: Record<NonNullable<XiaoquFilter['sort']>, string> = {
  default: 'x.hot DESC, x.id',
  priceAsc: 'x.avg_price ASC, x.id',
  priceDesc: 'x.avg_price DESC, x.id',
  ratioDesc: 'x.ratio DESC, x.id',
  ratioAsc: 'x.ratio ASC, x.id',
  ershoucount: 'x.ershoucount DESC, x.id',
  newest: 'x.build_year DESC, x.id',
};

export const xiaoquFilterSchema = body(
  {
    cityId: int(1, 9999),
    regionId: int(1),
    shopMapId: int(1),
    stationId: int(1),
    metroId: int(1),
    priceMin: { type: 'number', minimum: 0 },
    priceMax: { type: 'number', minimum: 0 },
    buildAge: int(1, 100),
    buildType: str(10),
    propertyType: str(10),
    keyword: str(64),
    sort: { type: 'string', enum: Object.keys(XQ_SORT) },
    page: int(0, 100_000),
    size: int(1, 100),
  },
  ['cityId'],
);

export const XIAOQU_SELECT = `SELECT x.*, r.name AS region_name, s.name AS shop_map_name, st.name AS station_name FROM xiaoqu x
  JOIN region r ON r.id = x.region_id JOIN shop_map s ON s.id = x.shop_map_id LEFT JOIN station st ON st.id = x.station_id`;

export function searchXiaoqu(db: DB, f: XiaoquFilter) {
  const filter = whereClause();
  filter.add('x.city_id = ?', f.cityId);
  if (f.regionId) filter.add('x.region_id = ?', f.regionId);
  if (f.shopMapId) filter.add('x.shop_map_id = ?', f.shopMapId);
  if (f.stationId) filter.add('x.station_id = ?', f.stationId);
  if (f.metroId) filter.add('x.station_id IN (SELECT id FROM station WHERE metro_id = ?)', f.metroId);
  if (f.priceMin !== undefined) filter.add('x.avg_price >= ?', f.priceMin);
  if (f.priceMax) filter.add('x.avg_price < ?', f.priceMax);
  if (f.buildAge) filter.add('x.build_year >= ?', 2026 - f.buildAge);
  if (f.buildType) filter.add('x.build_type = ?', f.buildType);
  if (f.propertyType) filter.add('x.property_type = ?', f.propertyType);
  if (f.keyword) {
    const m = segmentForQuery(f.keyword);
    if (m) filter.add("x.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'xiaoqu')", m);
  }
  const { pageNo, size, offset } = paging(f, 20);
  const w = filter.clause();
  const total = cachedStatement(db, `SELECT COUNT(*) FROM xiaoqu x ${w}`)
    .pluck()
    .get(...filter.args) as number;
  const rows = cachedStatement(db, `${XIAOQU_SELECT} ${w} ORDER BY ${XQ_SORT[f.sort ?? 'default']} LIMIT ? OFFSET ?`).all(
    ...filter.args,
    size,
    offset,
  ) as Row[];
  return { content: rows.map(xiaoquItem), total, pageNo, size };
}

/**
 * The floor-plan picture that draws this layout (seed/images.ts draws picture n with 2 + n % 3 rooms and 1 + n % 2
 * halls), varied by the toilets; null when no picture draws it, so a page never shows a plan under another's picture.
 */
export function planImage(rooms: number, halls: number, toilets: number): string | null {
  const fits: number[] = [];
  for (let n = 1; n <= IMAGE_SETS.huxing; n++) if (2 + (n % 3) === rooms && 1 + (n % 2) === halls) fits.push(n);
  return fits.length ? imageUrl('huxing', fits[toilets % fits.length] as number) : null;
}

/** SPEC 7.5: communities, their prices over 24 months, area prices, shop areas. */
export function registerXiaoquRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const one = db.prepare(`${XIAOQU_SELECT} WHERE x.id = ?`);
  const byName = db.prepare(`${XIAOQU_SELECT} WHERE x.city_id = ? AND (x.name LIKE ? OR x.sname LIKE ?) ORDER BY x.hot DESC LIMIT ?`);
  const prices = db.prepare('SELECT month, price FROM xiaoqu_price WHERE xiaoqu_id = ? ORDER BY month');
  const cityPrices = db.prepare('SELECT month, price, deals FROM area_price WHERE city_id = ? AND region_id = 0 ORDER BY month');
  const regionPrices = db.prepare('SELECT month, price, deals FROM area_price WHERE region_id = ? ORDER BY month');
  const areaCity = db.prepare(`SELECT r.id AS regionId, r.name AS regionName, a.price AS avgPrice, a.deals,
    (SELECT price FROM area_price p WHERE p.region_id = r.id AND p.city_id = r.city_id AND p.month < a.month ORDER BY p.month DESC LIMIT 1) AS prevPrice
    FROM region r JOIN area_price a ON a.region_id = r.id AND a.city_id = r.city_id
    WHERE r.city_id = ? AND a.month = (SELECT MAX(month) FROM area_price WHERE city_id = r.city_id) ORDER BY r.sort`);
  const stats =
    db.prepare(`SELECT house_type AS houseType, COUNT(*) AS count, ROUND(AVG(unit_price)) AS avgUnitPrice, MIN(price) AS minPrice, MAX(price) AS maxPrice
    FROM listing WHERE xiaoqu_id = ? AND status = 1 GROUP BY house_type`);
  const buglist = cachedStatement;
  const maxMin = db.prepare(
    `SELECT MAX(unit_price) AS maxPrice, MIN(unit_price) AS minPrice, COUNT(*) AS count FROM listing WHERE xiaoqu_id = ? AND city_id = ? AND house_type = ${HOUSE_TYPES.ershoufang}`,
  );
  // Shop areas with what a map bubble shows: listing counts and the average unit price of second-hand homes.
  const SHOP_COLS = `s.id AS shopMapId, s.name AS shopMapName, s.region_id AS regionId, s.lat, s.lng,
    (SELECT COUNT(*) FROM listing l WHERE l.shop_map_id = s.id AND l.house_type = ${HOUSE_TYPES.ershoufang} AND l.status = 1) AS ershoucount,
    (SELECT COUNT(*) FROM listing l WHERE l.shop_map_id = s.id AND l.house_type = ${HOUSE_TYPES.zufang} AND l.status = 1) AS zufangcount,
    (SELECT COUNT(*) FROM xiaoqu x WHERE x.shop_map_id = s.id) AS xiaoqucount,
    (SELECT CAST(ROUND(AVG(x.avg_price)) AS INTEGER) FROM xiaoqu x WHERE x.shop_map_id = s.id) AS avgPrice`;
  const shopsByRegion = db.prepare(`SELECT ${SHOP_COLS} FROM shop_map s WHERE s.region_id = ? ORDER BY s.id LIMIT ?`);
  const shopsByCity = db.prepare(`SELECT ${SHOP_COLS} FROM shop_map s WHERE s.city_id = ? ORDER BY s.id`);
  const huxing = db.prepare(`SELECT rooms, halls, toilets, MIN(area) AS minArea, MAX(area) AS maxArea,
    SUM(house_type = ${HOUSE_TYPES.ershoufang}) AS count, SUM(house_type = ${HOUSE_TYPES.zufang}) AS rentCount,
    CAST(ROUND(AVG(CASE WHEN house_type = ${HOUSE_TYPES.ershoufang} THEN price END), 1) AS REAL) AS avgPrice
    FROM listing WHERE xiaoqu_id = ? AND status = 1 AND rooms > 0 AND COALESCE(rent_type, '') <> '合租'
    GROUP BY rooms, halls, toilets ORDER BY rooms, halls, toilets`);
  const hotStress = db.prepare(
    `${XIAOQU_SELECT} WHERE x.city_id = ? AND (? IS NULL OR x.region_id = ?) ORDER BY x.view_num DESC, x.id LIMIT ?`,
  );

  const detail = (id: number): XiaoquDetail | null => {
    const row = one.get(id) as Row | undefined;
    if (!row) return null;
    return { ...xiaoquDetail(row), prices: prices.all(id) as MonthPrice[], stats: stats.all(id) as ListingStats[] };
  };
  const brief = (id: number) => {
    const row = one.get(id) as Row | undefined;
    return row ? xiaoquItem(row) : null;
  };

  /**
   * A community's floor plans, from its listings (xiaoqu/huxing pages; our path, SPEC 7 shows none): whole flats only,
   * so a room let in a shared flat (合租, 24㎡) is never shown as a layout (issue 32).
   */
  app.get('/api/xiaoqu/huxing/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const rows = huxing.all(id) as Row[];
    return ok(
      rows.map((h) => ({
        hxId: h.rooms * 100 + h.halls * 10 + h.toilets,
        stressId: id,
        name: `${h.rooms}室${h.halls}厅${h.toilets}卫`,
        ...h,
        img: planImage(h.rooms, h.halls, h.toilets),
      })),
    );
  });
  app.get('/api/xiaoqu/findById/:id', { schema: { params: idParams } }, async (req) => ok(detail((req.params as { id: number }).id)));
  app.get('/api/xiaoqu/findBriefById/:id', { schema: { params: idParams } }, async (req) => ok(brief((req.params as { id: number }).id)));
  app.get('/api/xiaoqu/:id', { schema: { params: idParams } }, async (req) => ok(detail((req.params as { id: number }).id)));
  const listHandler = async (req: { body: unknown }) => {
    const r = searchXiaoqu(db, req.body as XiaoquFilter);
    return page(r.content, r.total, r.pageNo, r.size);
  };
  app.post('/api/xiaoqu', { schema: { body: xiaoquFilterSchema } }, listHandler);
  app.post('/web/xiaoqu', { schema: { body: xiaoquFilterSchema } }, listHandler);
  app.post('/api/xiaoqu/:id', { schema: { params: idParams } }, async (req) => ok(detail((req.params as { id: number }).id)));
  app.post('/web/xiaoqu/:id', { schema: { params: idParams } }, async (req) => ok(detail((req.params as { id: number }).id)));
  app.post('/api/xiaoqudata', { schema: { body: body({ stressId: int(1) }, ['stressId']) } }, async (req) => {
    const { stressId } = req.body as { stressId: number };
    const row = one.get(stressId) as Row | undefined;
    if (!row) return ok(null);
    const list = prices.all(stressId) as Array<{ month: string; price: number }>;
    return ok({
      stressId,
      name: row.name,
      sname: row.sname,
      avgPrice: row.avg_price,
      ratio: row.ratio,
      prices: list,
      stats: stats.all(stressId),
    });
  });
  app.post(
    '/api/findXiaoquByName',
    { schema: { body: body({ name: str(40, 1), cityId: int(1, 9999), limit: int(1, 50) }, ['name']) } },
    async (req) => {
      const b = req.body as { name: string; cityId?: number; limit?: number };
      const like = `%${b.name.replace(/[%_]/g, '')}%`;
      return ok((byName.all(b.cityId ?? 1, like, like, b.limit ?? 10) as Row[]).map(xiaoquItem));
    },
  );
  app.post('/api/stressRank/queryPage', { schema: { body: xiaoquFilterSchema } }, async (req) => {
    const b = req.body as XiaoquFilter;
    const r = searchXiaoqu(db, { ...b, sort: b.sort ?? 'ratioDesc' });
    return page(
      r.content.map((x, i) => ({ ...x, rank: (r.pageNo - 1) * r.size + i + 1 })),
      r.total,
      r.pageNo,
      r.size,
    );
  });
  // SPEC 9: the hot list is at most 30, by viewNum; a region (district) narrows it (the rankings of /bangdan/{id}/sqbd).
  const hotStressBody = body({ cityId: int(1, 9999), regionId: int(1), limit: int(1, 30) }, ['cityId']);
  app.post('/api/hotStress', { schema: { body: hotStressBody } }, async (req) => {
    const b = req.body as { cityId: number; regionId?: number; limit?: number };
    const region = b.regionId ?? null;
    return ok((hotStress.all(b.cityId, region, region, b.limit ?? 30) as Row[]).map(xiaoquItem));
  });
  app.get('/api/avgprice/findlist/:id', { schema: { params: idParams } }, async (req) =>
    ok(cityPrices.all((req.params as { id: number }).id)),
  );
  app.get('/api/avgprice_s/findlist/:id', { schema: { params: idParams } }, async (req) =>
    ok(prices.all((req.params as { id: number }).id)),
  );
  app.get('/api/avgprice_s/findRatio/:id', { schema: { params: idParams } }, async (req) => {
    const list = prices.all((req.params as { id: number }).id) as Array<{ month: string; price: number }>;
    if (list.length < 2) return ok(null);
    const last = list[list.length - 1];
    const prev = list[list.length - 2];
    const yearAgo = list[list.length - 13] ?? list[0];
    return ok({
      month: last.month,
      price: last.price,
      monthRatio: Math.round(((last.price - prev.price) / prev.price) * 10000) / 100,
      yearRatio: Math.round(((last.price - yearAgo.price) / yearAgo.price) * 10000) / 100,
    });
  });
  app.get('/api/housePrice/area/city/:cityId', { schema: { params: cityIdParams } }, async (req) =>
    ok(
      (areaCity.all((req.params as { cityId: number }).cityId) as Row[]).map(({ prevPrice, ...r }) => ({
        ...r,
        ratio: prevPrice ? Math.round(((r.avgPrice - prevPrice) / prevPrice) * 10000) / 100 : 0,
      })),
    ),
  );
  app.get('/api/housePrice/region/:regionId', { schema: { params: params({ regionId: int(1) }) } }, async (req) =>
    ok(regionPrices.all((req.params as { regionId: number }).regionId)),
  );
  app.get(
    '/api/housePrice/buglist/:stressid/:type/:useAgeType',
    {
      schema: {
        params: params({
          stressid: int(1),
          type: { type: 'integer', enum: [HOUSE_TYPES.ershoufang, HOUSE_TYPES.zufang] },
          useAgeType: str(20, 1),
        }),
        querystring: body({ limit: int(1, 100) }),
      },
    },
    async (req) => {
      const p = req.params as { stressid: number; type: number; useAgeType: string };
      const limit = (req.query as { limit?: number }).limit ?? 20;
      const useFilter = p.useAgeType === 'all' || p.useAgeType === '0' ? '' : ' AND l.use_type = ?';
      const args: unknown[] = [p.stressid, p.type, ...(useFilter ? [p.useAgeType] : []), limit];
      const rows = buglist(
        db,
        `${LISTING_SELECT} WHERE l.xiaoqu_id = ? AND l.house_type = ? AND l.status = 1${useFilter} ORDER BY l.updated_at DESC LIMIT ?`,
      ).all(...args) as Row[];
      return ok(rows.map(listingItem));
    },
  );
  app.get(
    '/api/douYinMiniProgram/getStressMaxOrMinPriceByStressId/:stressId/:cityId',
    { schema: { params: params({ stressId: int(1), cityId: int(1, 9999) }) } },
    async (req) => {
      const p = req.params as { stressId: number; cityId: number };
      return ok(maxMin.get(p.stressId, p.cityId));
    },
  );
  app.get('/api/shopMap/findByRegionId/:regionId', { schema: { params: params({ regionId: int(1) }) } }, async (req) =>
    ok(shopsByRegion.all((req.params as { regionId: number }).regionId, 100)),
  );
  app.get(
    '/api/shopMap/findLimitShopMap/:regionId/:limit',
    { schema: { params: params({ regionId: int(1), limit: int(1, 100) }) } },
    async (req) => {
      const p = req.params as { regionId: number; limit: number };
      return ok(shopsByRegion.all(p.regionId, p.limit));
    },
  );
  app.post('/api/shopMap/find', { schema: { body: body({ cityId: int(1, 9999), regionId: int(1), limit: int(1, 100) }) } }, async (req) => {
    const b = req.body as { cityId?: number; regionId?: number; limit?: number };
    return ok(b.regionId ? shopsByRegion.all(b.regionId, b.limit ?? 100) : shopsByCity.all(b.cityId ?? 1));
  });
  app.post(
    '/api/citylog/findByCondition',
    { schema: { body: body({ cityId: int(1, 9999), regionId: int(1), months: int(1, 24) }, ['cityId']) } },
    async (req) => {
      const b = req.body as { cityId: number; regionId?: number; months?: number };
      const list = (b.regionId ? regionPrices.all(b.regionId) : cityPrices.all(b.cityId)) as Row[];
      return ok(list.slice(-(b.months ?? 24)));
    },
  );
}
