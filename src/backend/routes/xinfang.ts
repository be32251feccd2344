import type { FastifyInstance } from 'fastify';
import type { Dongtai, Huxing, LoupanDetail, LoupanFilter, TypePrice, Yushou } from '../../contracts/gateway/index.ts';
import type { BackendContext } from '../context.ts';
import type { DB } from '../db.ts';
import { fail, ok, page, paging, splitList } from '../envelope.ts';
import { belongerItem, loupanDetail, loupanItem, SCHOOL_SELECT, schoolItem, TYPE_NAMES } from '../mappers.ts';
import { body, cityIdParams, idParams, int, params, str } from '../schemas.ts';
import { segmentForQuery } from '../segment.ts';
import { cachedStatement } from '../util.ts';
import { type Where, whereClause } from '../where.ts';
import { isMapLevel, mapBubbles } from './map.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const LOUPAN_SORT: Record<NonNullable<LoupanFilter['sort']>, string> = {
  default: 'l.hot DESC, l.id',
  priceAsc: 'l.avg_price ASC, l.id',
  priceDesc: 'l.avg_price DESC, l.id',
  newest: 'l.open_date DESC, l.id',
  hot: 'l.view_num DESC, l.id',
  sales: 'l.sales_count DESC, l.id',
};

export const loupanFilterSchema = body(
  {
    cityId: int(1, 9999),
    regionId: int(1),
    shopMapId: int(1),
    metroId: int(1),
    stationId: int(1),
    typeCode: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 8] },
    saleStatus: { type: 'string', enum: ['待售', '期房', '现房', '尾房', '售完'] },
    priceMin: { type: 'number', minimum: 0 },
    priceMax: { type: 'number', minimum: 0 },
    totalMin: { type: 'number', minimum: 0 },
    totalMax: { type: 'number', minimum: 0 },
    rooms: { type: 'array', items: int(1, 9), maxItems: 9 },
    decoration: str(10),
    tag: str(20),
    keyword: str(64),
    sort: { type: 'string', enum: Object.keys(LOUPAN_SORT) },
    page: int(0, 100_000),
    size: int(1, 100),
  },
  ['cityId'],
);

export const LOUPAN_SELECT = `SELECT l.*, r.name AS region_name, s.name AS shop_map_name, st.name AS station_name FROM loupan l
  JOIN region r ON r.id = l.region_id JOIN shop_map s ON s.id = l.shop_map_id LEFT JOIN station st ON st.id = l.station_id`;

/**
 * The WHERE of the estate list (findListByWap): what the new-home list pages show for a filter, and what a saved
 * new-home search is asked with (src/backend/notices.ts), so a notice never names an estate its list would not show.
 */
export function loupanWhere(f: LoupanFilter): Where {
  const filter = whereClause();
  filter.add('l.city_id = ?', f.cityId);
  if (f.regionId) filter.add('l.region_id = ?', f.regionId);
  if (f.shopMapId) filter.add('l.shop_map_id = ?', f.shopMapId);
  if (f.stationId) filter.add('l.station_id = ?', f.stationId);
  if (f.metroId) filter.add('l.station_id IN (SELECT id FROM station WHERE metro_id = ?)', f.metroId);
  if (f.typeCode) filter.add("(',' || l.type_codes || ',') LIKE ?", `%,${f.typeCode},%`);
  if (f.saleStatus) filter.add('l.sale_status = ?', f.saleStatus);
  if (f.priceMin !== undefined) filter.add('l.avg_price >= ?', f.priceMin);
  if (f.priceMax) filter.add('l.avg_price < ?', f.priceMax);
  if (f.totalMin !== undefined) filter.add('l.total_max >= ?', f.totalMin);
  if (f.totalMax) filter.add('l.total_min < ?', f.totalMax);
  if (f.decoration) filter.add('l.decoration = ?', f.decoration);
  if (f.tag) filter.add("(',' || l.tags || ',') LIKE ?", `%,${f.tag},%`);
  if (f.rooms?.length)
    filter.add(`l.id IN (SELECT loupan_id FROM huxing WHERE rooms IN (${f.rooms.map(() => '?').join(',')}))`, ...f.rooms);
  if (f.keyword) {
    const m = segmentForQuery(f.keyword);
    if (m) filter.add("l.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'loupan')", m);
  }
  return filter;
}

export function searchLoupans(db: DB, f: LoupanFilter) {
  const filter = loupanWhere(f);
  const { pageNo, size, offset } = paging(f, 20);
  const w = filter.clause();
  const total = cachedStatement(db, `SELECT COUNT(*) FROM loupan l ${w}`)
    .pluck()
    .get(...filter.args) as number;
  const rows = cachedStatement(db, `${LOUPAN_SELECT} ${w} ORDER BY ${LOUPAN_SORT[f.sort ?? 'default']} LIMIT ? OFFSET ?`).all(
    ...filter.args,
    size,
    offset,
  ) as Row[];
  return { content: rows.map(loupanItem), total, pageNo, size };
}

/** SPEC 7.3: new-home estates, floor plans, news feed, pre-sale permits, prices by property type, rankings. */
export function registerXinfangRoutes(app: FastifyInstance, { db, sqlNow, now }: BackendContext): void {
  const bubbles = mapBubbles(db);
  const one = db.prepare(`${LOUPAN_SELECT} WHERE l.id = ?`);
  const byHsmid = db.prepare(`${LOUPAN_SELECT} WHERE l.hsmid = ?`);
  const prices = db.prepare('SELECT type_code AS type, price FROM loupan_price WHERE loupan_id = ? ORDER BY type_code');
  const huxing = db.prepare('SELECT * FROM huxing WHERE loupan_id = ? ORDER BY id');
  const huxingRooms = db.prepare('SELECT * FROM huxing WHERE loupan_id = ? AND rooms = ? ORDER BY id');
  const dongtai = db.prepare(
    'SELECT id AS DTid, kind, title, content, created_at AS createdAt FROM dongtai WHERE loupan_id = ? ORDER BY created_at DESC LIMIT ? OFFSET ?',
  );
  const dongtaiCount = db.prepare('SELECT COUNT(*) FROM dongtai WHERE loupan_id = ?').pluck();
  const dongtaiOne = db.prepare(
    'SELECT id AS DTid, kind, title, content, created_at AS createdAt FROM dongtai WHERE loupan_id = ? AND id = ?',
  );
  const yushou = db.prepare(
    'SELECT id, permit_no AS permitNo, issue_date AS issueDate, buildings, units FROM yushou WHERE loupan_id = ? ORDER BY issue_date',
  );
  const belongers = db.prepare(`SELECT b.*, s.name AS store_name FROM loupan_belonger lb JOIN belonger b ON b.id = lb.belonger_id
    JOIN store s ON s.id = b.store_id WHERE lb.loupan_id = ? ORDER BY b.star DESC, b.id`);
  // Hot lists promote estates one can still buy: sold-out ones are left out (issue 11 point 7).
  const hot = db.prepare(`${LOUPAN_SELECT} WHERE l.city_id = ? AND l.sale_status <> '售完' ORDER BY l.hot DESC, l.id LIMIT ?`);
  const hotByView = db.prepare(`${LOUPAN_SELECT} WHERE l.city_id = ? AND l.sale_status <> '售完' ORDER BY l.view_num DESC, l.id LIMIT ?`);
  const newest = db.prepare(`${LOUPAN_SELECT} WHERE l.city_id = ? ORDER BY l.open_date DESC, l.id LIMIT ?`);
  const all = db.prepare(`${LOUPAN_SELECT} WHERE l.city_id = ?`);
  const cityAvg = db.prepare('SELECT ROUND(AVG(avg_price)) FROM loupan WHERE city_id = ? AND sale_status <> ?').pluck();
  const esAvg = db.prepare('SELECT price FROM area_price WHERE city_id = ? AND region_id = 0 ORDER BY month DESC LIMIT 2').pluck();
  const contracts = db.prepare('SELECT month, units, area, avg_price AS avgPrice FROM contract WHERE loupan_id = ? ORDER BY month');
  const rank =
    db.prepare(`SELECT l.id, l.name, l.img, l.avg_price AS price, l.region_id AS regionId, r.name AS regionName, SUM(c.units) AS units
    FROM loupan l JOIN region r ON r.id = l.region_id JOIN contract c ON c.loupan_id = l.id WHERE l.city_id = ? GROUP BY l.id ORDER BY units DESC, l.id LIMIT ?`);
  const huxingStats = db.prepare(
    'SELECT rooms, COUNT(*) AS count, MIN(area) AS minArea, MAX(area) AS maxArea FROM huxing WHERE loupan_id = ? GROUP BY rooms ORDER BY rooms',
  );
  const tagCounts = db.prepare('SELECT tags FROM loupan WHERE city_id = ?').pluck();
  const salesRank = db.prepare(`${LOUPAN_SELECT} WHERE l.city_id = ? ORDER BY l.sales_count DESC, l.id LIMIT ? OFFSET ?`);
  const loupanCount = db.prepare('SELECT COUNT(*) FROM loupan WHERE city_id = ?').pluck();
  const isFav = db.prepare("SELECT 1 FROM collect WHERE member_id = ? AND kind = 'newhouse' AND house_id = ?").pluck();
  // Issue 37 part 2: an estate's favourite keeps the 参考均价 it was saved at (a drop is measured from it).
  const favAdd = db.prepare(
    "INSERT OR IGNORE INTO collect (member_id, house_id, kind, created_at, price) VALUES (?, ?, 'newhouse', ?, (SELECT avg_price FROM loupan WHERE id = ?))",
  );
  const favDel = db.prepare("DELETE FROM collect WHERE member_id = ? AND kind = 'newhouse' AND house_id = ?");
  const salesRankPos = db
    .prepare('SELECT COUNT(*) + 1 FROM loupan WHERE city_id = ? AND (sales_count > ? OR (sales_count = ? AND id < ?))')
    .pluck();
  const starBelongers = db.prepare(`SELECT b.*, s.name AS store_name FROM belonger b JOIN store s ON s.id = b.store_id
    WHERE b.city_id = ? AND b.iskefu = 0 ORDER BY b.star DESC, b.deal_count DESC LIMIT ? OFFSET ?`);
  const belongerCount = db.prepare('SELECT COUNT(*) FROM belonger WHERE city_id = ? AND iskefu = 0').pluck();
  const schools = db.prepare(
    `${SCHOOL_SELECT} WHERE s.id IN (SELECT school_id FROM school_loupan WHERE loupan_id = ?) ORDER BY s.level, s.id`,
  );
  const recommend = db.prepare(
    `${LOUPAN_SELECT} WHERE l.city_id = ? AND l.sale_status IN ('期房', '现房', '尾房') ORDER BY (l.id * 2654435761) % 1000003 LIMIT ?`,
  );

  const full = (row: Row | undefined): LoupanDetail | null => {
    if (!row) return null;
    const d = loupanDetail(row);
    const agents = (belongers.all(row.id) as Row[]).map(belongerItem);
    const dt = dongtai.all(row.id, 5, 0) as Dongtai[];
    return {
      ...d,
      prices: (prices.all(row.id) as Array<Omit<TypePrice, 'typeName'>>).map((p) => ({ ...p, typeName: TYPE_NAMES[p.type] })),
      huxingList: (huxing.all(row.id) as Row[]).map(huxingItem),
      DongTaiList: dt,
      DTid: dt[0]?.DTid ?? null,
      yushouList: yushou.all(row.id) as Yushou[],
      belongerList: agents,
      belongerNum: agents.length,
      agentInfo: agents[0] ?? null,
      imDetails: agents[0]
        ? { uid: agents[0].uid, belongerId: agents[0].belongerId, name: agents[0].name, portrait: agents[0].portrait }
        : null,
    };
  };

  const listHandler = async (req: { body: unknown }) => {
    const r = searchLoupans(db, req.body as LoupanFilter);
    return page(r.content, r.total, r.pageNo, r.size);
  };
  app.post('/api/house/findListByWap', { schema: { body: loupanFilterSchema } }, listHandler);
  app.post('/web/house/findByWeb', { schema: { body: loupanFilterSchema } }, listHandler);
  app.get('/api/house/findById/:id', { schema: { params: idParams } }, async (req) =>
    ok(full(one.get((req.params as { id: number }).id) as Row)),
  );
  app.get('/api/house/findByIdForM/:id', { schema: { params: idParams } }, async (req) =>
    ok(full(one.get((req.params as { id: number }).id) as Row)),
  );
  app.get('/api/house/hsmid/:id', { schema: { params: params({ id: str(30, 1) }) } }, async (req) => {
    const { id } = req.params as { id: string };
    const row = (/^\d+$/.test(id) ? one.get(Number(id)) : byHsmid.get(id)) as Row | undefined;
    return ok(row ? { houseId: row.id, hsmid: row.hsmid, name: row.name } : null);
  });
  const limitQuery = body({ cityId: int(1, 9999), limit: int(1, 100), orderBy: str(20) }, ['cityId']);
  app.get('/api/house/findWapHotLoupan', { schema: { querystring: limitQuery } }, async (req) => {
    const q = req.query as { cityId: number; limit?: number; orderBy?: string };
    const st = q.orderBy === 'viewNum' ? hotByView : hot;
    return ok((st.all(q.cityId, q.limit ?? 10) as Row[]).map(loupanItem));
  });
  app.get('/api/house/findHotLoupan', { schema: { querystring: limitQuery } }, async (req) => {
    const q = req.query as { cityId: number; limit?: number };
    return ok((hotByView.all(q.cityId, q.limit ?? 30) as Row[]).map(loupanItem));
  });
  app.get(
    '/api/house/findNewest/:cityId/:limit',
    { schema: { params: params({ cityId: int(1, 9999), limit: int(1, 100) }) } },
    async (req) => {
      const p = req.params as { cityId: number; limit: number };
      return ok((newest.all(p.cityId, p.limit) as Row[]).map(loupanItem));
    },
  );
  app.get(
    '/api/house/getHousebyLocation/:x',
    {
      schema: {
        params: params({ x: { type: 'string', pattern: '^(\\d{1,4}|-?\\d+(\\.\\d+)?,-?\\d+(\\.\\d+)?|region|shopMap|xiaoqu)$' } }),
      },
    },
    async (req) => {
      const { x } = req.params as { x: string };
      if (isMapLevel(x)) return bubbles(x, req.query);
      const q = req.query as { cityId?: string; limit?: string };
      if (/^\d+$/.test(x)) return ok((hot.all(Number(x), 20) as Row[]).map(loupanItem));
      const [lng, lat] = x.split(',').map(Number);
      const rows = all.all(Number(q.cityId) || 1) as Row[];
      const dist = (r: Row) => (r.lat - lat) ** 2 + ((r.lng - lng) * Math.cos((lat * Math.PI) / 180)) ** 2;
      rows.sort((a, b) => dist(a) - dist(b));
      return ok(
        rows
          .slice(0, Math.min(50, Number(q.limit) || 20))
          .map((r) => ({ ...loupanItem(r), distance: Math.round(Math.sqrt(dist(r)) * 111_000) })),
      );
    },
  );
  app.get('/api/house/getCityAvgPriceByCityId/:cityId', { schema: { params: cityIdParams } }, async (req) => {
    const { cityId } = req.params as { cityId: number };
    const [last, prev] = esAvg.all(cityId) as number[];
    return ok({
      cityId,
      avgPrice: cityAvg.get(cityId, '售完') ?? 0,
      ershouAvgPrice: last ?? 0,
      ratio: last && prev ? Math.round(((last - prev) / prev) * 10000) / 100 : 0,
    });
  });
  const wylb = (id: number): Row[] => (prices.all(id) as Row[]).map((p) => ({ ...p, typeName: TYPE_NAMES[p.type] }));
  app.get(
    '/api/house/louPanWylbPrice/:houseId/:type',
    { schema: { params: params({ houseId: int(1), type: { type: 'string', pattern: '^(all|\\d)$' } }) } },
    async (req) => {
      const p = req.params as { houseId: number; type: string };
      const list = wylb(p.houseId);
      return ok(p.type === 'all' ? list : (list.find((x) => String(x.type) === p.type) ?? null));
    },
  );
  app.get('/api/house/wylbPrice/:id', { schema: { params: idParams } }, async (req) => ok(wylb((req.params as { id: number }).id)));
  app.get('/api/house/findwylb/:id', { schema: { params: idParams } }, async (req) => ok(wylb((req.params as { id: number }).id)));
  app.get(
    '/api/house/getLouPanByRecommend/:cityId/:limit',
    { schema: { params: params({ cityId: int(1, 9999), limit: int(1, 100) }) } },
    async (req) => {
      const p = req.params as { cityId: number; limit: number };
      return ok((recommend.all(p.cityId, p.limit) as Row[]).map(loupanItem));
    },
  );
  app.get('/api/house/popupBelonger/:id', { schema: { params: idParams } }, async (req) => {
    const list = belongers.all((req.params as { id: number }).id) as Row[];
    return ok(list.length ? belongerItem(list[Math.floor(now() / 60_000) % list.length]) : null);
  });
  app.get('/api/house/findContractList', { schema: { querystring: body({ houseId: int(1) }, ['houseId']) } }, async (req) =>
    ok(contracts.all((req.query as { houseId: number }).houseId)),
  );
  app.get('/api/house/findContractRank/:a/:b', { schema: { params: params({ a: int(1, 9999), b: int(1, 100) }) } }, async (req) => {
    const p = req.params as { a: number; b: number };
    return ok(rank.all(p.a, p.b));
  });
  app.get('/api/houseinfo/getStatisticsByLpId/:id', { schema: { params: idParams } }, async (req) =>
    ok((huxingStats.all((req.params as { id: number }).id) as Row[]).map((s) => ({ ...s, name: `${s.rooms}室` }))),
  );
  app.post('/api/houseinfo/getListByLpId', { schema: { body: body({ lpId: int(1), houseId: int(1), rooms: int(1, 9) }) } }, async (req) => {
    const b = req.body as { lpId?: number; houseId?: number; rooms?: number };
    const id = b.lpId ?? b.houseId;
    if (!id) return fail(400, 'lpId: 楼盘ID必传');
    return ok(((b.rooms ? huxingRooms.all(id, b.rooms) : huxing.all(id)) as Row[]).map(huxingItem));
  });
  app.get('/api/juhe/allCharacter/:cityId', { schema: { params: cityIdParams } }, async (req) => {
    const counts = new Map<string, number>();
    for (const t of tagCounts.all((req.params as { cityId: number }).cityId) as string[])
      for (const x of splitList(t)) counts.set(x, (counts.get(x) ?? 0) + 1);
    return ok([...counts].sort((a, b) => b[1] - a[1]).map(([name, count], i) => ({ id: i + 1, name, count })));
  });
  app.get(
    '/api/juhe/detail/:id',
    { schema: { params: idParams, querystring: body({ cityId: int(1, 9999), page: int(0), size: int(1, 100) }) } },
    async (req) => {
      const q = req.query as { cityId?: number; page?: number; size?: number };
      const cityId = q.cityId ?? 1;
      const counts = new Map<string, number>();
      for (const t of tagCounts.all(cityId) as string[]) for (const x of splitList(t)) counts.set(x, (counts.get(x) ?? 0) + 1);
      const tags = [...counts].sort((a, b) => b[1] - a[1]).map(([n]) => n);
      const tag = tags[(req.params as { id: number }).id - 1];
      if (!tag) return ok(null);
      const r = searchLoupans(db, { cityId, tag, page: q.page, size: q.size });
      return ok({ id: (req.params as { id: number }).id, name: tag, ...page(r.content, r.total, r.pageNo, r.size).obj });
    },
  );
  app.post('/api/dongtai/findDT/:id', { schema: { params: idParams, body: body({ page: int(0), size: int(1, 100) }) } }, async (req) => {
    const { id } = req.params as { id: number };
    const { pageNo, size, offset } = paging((req.body ?? {}) as { page?: number; size?: number }, 10);
    return page(dongtai.all(id, size, offset), dongtaiCount.get(id) as number, pageNo, size);
  });
  const dtRoute = { schema: { params: params({ houseId: int(1), DTid: int(1) }) } };
  const dtHandler = async (req: { params: unknown }) => {
    const p = req.params as { houseId: number; DTid: number };
    const row = one.get(p.houseId) as Row | undefined;
    const dt = dongtaiOne.get(p.houseId, p.DTid);
    return ok(dt && row ? { ...dt, houseId: p.houseId, louPanName: row.name } : null);
  };
  app.get('/api/dongtai/xiangqingContent/:houseId/:DTid', dtRoute, dtHandler);
  app.get('/api/dongtai/xiangqingContentByOld/:houseId/:DTid', dtRoute, dtHandler);

  const rankQuery = body({ cityId: int(1, 9999), memberId: str(40), page: int(0), size: int(1, 100) }, ['cityId']);
  app.get('/api/newHouseSalesRank/pubPage', { schema: { querystring: rankQuery } }, async (req) => {
    const q = req.query as { cityId: number; memberId?: string; page?: number; size?: number };
    const { pageNo, size, offset } = paging(q, 10);
    const rows = (salesRank.all(q.cityId, size, offset) as Row[]).map((r, i) => ({
      ...loupanItem(r),
      rank: offset + i + 1,
      favorite: q.memberId ? !!isFav.get(q.memberId, r.id) : false,
    }));
    return page(rows, loupanCount.get(q.cityId) as number, pageNo, size);
  });
  app.get(
    '/api/newHouseSalesRank/favorite',
    {
      schema: {
        querystring: body(
          { favorite: { type: 'boolean' }, memberId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' }, newHouseId: int(1) },
          ['favorite', 'memberId', 'newHouseId'],
        ),
      },
    },
    async (req) => {
      const q = req.query as { favorite: boolean; memberId: string; newHouseId: number };
      if (!one.get(q.newHouseId)) return fail(404, '楼盘不存在');
      if (q.favorite) favAdd.run(q.memberId, q.newHouseId, sqlNow(), q.newHouseId);
      else favDel.run(q.memberId, q.newHouseId);
      return ok({ newHouseId: q.newHouseId, favorite: q.favorite });
    },
  );
  app.get(
    '/api/newHouseSalesRank/detail',
    { schema: { querystring: body({ cityId: int(1, 9999), newHouseId: int(1) }, ['cityId', 'newHouseId']) } },
    async (req) => {
      const q = req.query as { cityId: number; newHouseId: number };
      const row = one.get(q.newHouseId) as Row | undefined;
      if (!row) return ok(null);
      return ok({
        ...loupanItem(row),
        rank: salesRankPos.get(q.cityId, row.sales_count, row.sales_count, row.id),
        contracts: contracts.all(row.id),
      });
    },
  );
  app.get(
    '/api/newHouseStarBelonger/pubPage',
    { schema: { querystring: body({ cityId: int(1, 9999), page: int(0), size: int(1, 100) }, ['cityId']) } },
    async (req) => {
      const q = req.query as { cityId: number; page?: number; size?: number };
      const { pageNo, size, offset } = paging(q, 10);
      return page(
        (starBelongers.all(q.cityId, size, offset) as Row[]).map(belongerItem),
        belongerCount.get(q.cityId) as number,
        pageNo,
        size,
      );
    },
  );
  app.post('/api/belongerLouPanBind/getBelongerLouPanListNew', { schema: { body: body({ houseId: int(1) }, ['houseId']) } }, async (req) =>
    ok((belongers.all((req.body as { houseId: number }).houseId) as Row[]).map(belongerItem)),
  );
  app.get('/api/school/getSchoolByHouseId/:id', { schema: { params: idParams } }, async (req) =>
    ok((schools.all((req.params as { id: number }).id) as Row[]).map(schoolItem)),
  );
  app.get('/api/privateContract/findByIdOld/:id', { schema: { params: params({ id: str(40, 1) }) } }, async (req) =>
    ok({
      id: (req.params as { id: string }).id,
      title: '隐私政策',
      content:
        '<p>我们非常重视您的个人信息和隐私保护。我们仅在提供找房、看房预约、在线咨询等服务所必需的范围内收集您的手机号码等信息，不会向无关第三方出售您的个人信息。</p><p>您可以随时在个人中心查看、更正或删除您的个人信息，或注销账号。</p>',
    }),
  );
}

export function huxingItem(h: Row): Huxing {
  return {
    huxingId: h.id,
    id: h.id,
    houseId: h.loupan_id,
    name: h.name,
    rooms: h.rooms,
    halls: h.halls,
    toilets: h.toilets,
    huxing: `${h.rooms}室${h.halls}厅${h.toilets}卫`,
    area: h.area,
    totalPrice: h.total_price,
    orientation: h.orientation,
    status: h.status,
    img: h.img,
    description: h.description,
    tags: splitList(h.tags),
  };
}
