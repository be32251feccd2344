import type { FastifyInstance } from 'fastify';
import type { ListingFilter, ListingSort } from '../../contracts/gateway/index.ts';
import { FLOOR_OPTIONS, RENT_TYPES } from '../../lib/listing-filters.ts';
import { HOUSE_TYPES, RENT_HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import type { DB } from '../db.ts';
import { fail, ok, page, paging } from '../envelope.ts';
import { belongerItem, listingDetail, listingItem, xiaoquItem } from '../mappers.ts';
import { body, int, params, str } from '../schemas.ts';
import { segmentForQuery } from '../segment.ts';
import { cachedStatement } from '../util.ts';
import { type Where, whereClause } from '../where.ts';

export const LISTING_SORTS = [
  'default',
  'newest',
  'priceAsc',
  'priceDesc',
  'unitPriceAsc',
  'unitPriceDesc',
  'areaAsc',
  'areaDesc',
  'hot',
] as const satisfies readonly ListingSort[];

const ORDER: Record<ListingSort, string> = {
  default: 'l.updated_at DESC, l.id DESC',
  newest: 'l.created_at DESC, l.id DESC',
  priceAsc: 'l.price ASC, l.id',
  priceDesc: 'l.price DESC, l.id',
  unitPriceAsc: 'l.unit_price ASC, l.id',
  unitPriceDesc: 'l.unit_price DESC, l.id',
  areaAsc: 'l.area ASC, l.id',
  areaDesc: 'l.area DESC, l.id',
  hot: 'l.view_num DESC, l.id',
};

/**
 * The gateway's list filter (src/contracts ListingFilter, the one definition of its shape) as a JSON schema: every
 * field of the contract and no other, which `satisfies` checks at compile time.
 */
export const listingFilterSchema = body(
  {
    cityId: int(1, 9999),
    houseType: { type: 'integer', enum: Object.values(HOUSE_TYPES) },
    houseTypes: { type: 'array', items: { type: 'integer', enum: Object.values(HOUSE_TYPES) }, minItems: 1, maxItems: 6 },
    regionId: int(1),
    shopMapId: int(1),
    metroId: int(1),
    stationId: int(1),
    stressId: int(1),
    stressIds: { type: 'array', items: int(1), minItems: 1, maxItems: 50 },
    priceMin: { type: 'number', minimum: 0 },
    priceMax: { type: 'number', minimum: 0 },
    areaMin: { type: 'number', minimum: 0 },
    areaMax: { type: 'number', minimum: 0 },
    rooms: { type: 'array', items: int(1, 9), maxItems: 9 },
    buildAge: int(1, 100),
    floor: { type: 'string', enum: FLOOR_OPTIONS.map((f) => f.value) },
    orientation: str(10),
    decoration: str(10),
    elevator: { type: 'boolean' },
    useType: str(20),
    tags: { type: 'array', items: str(20, 1), maxItems: 8 },
    feature: str(20),
    priceChange: { type: 'boolean' },
    rentType: { type: 'string', enum: [...RENT_TYPES] },
    shortTerm: { type: 'boolean' },
    businessFormat: str(20),
    belongerId: int(1),
    keyword: str(64),
    sort: { type: 'string', enum: [...LISTING_SORTS] },
    page: int(0, 100_000),
    size: int(1, 100),
  } satisfies Record<keyof ListingFilter, object>,
  ['cityId'],
);

export const LISTING_SELECT = `SELECT l.*, r.name AS region_name, s.name AS shop_map_name, x.name AS xiaoqu_name, st.name AS station_name,
  COALESCE(x.lat, s.lat) AS lat, COALESCE(x.lng, s.lng) AS lng
  FROM listing l JOIN region r ON r.id = l.region_id JOIN shop_map s ON s.id = l.shop_map_id
  LEFT JOIN xiaoqu x ON x.id = l.xiaoqu_id LEFT JOIN station st ON st.id = l.station_id`;

/** The list query reads only what a list item shows (no description): decoding fewer strings halves its cost. */
const LIST_COLUMNS = [
  'id',
  'house_number',
  'house_type',
  'city_id',
  'region_id',
  'shop_map_id',
  'xiaoqu_id',
  'station_id',
  'belonger_id',
  'title',
  'price',
  'unit_price',
  'area',
  'rooms',
  'halls',
  'toilets',
  'floor',
  'total_floors',
  'orientation',
  'decoration',
  'build_year',
  'elevator',
  'use_type',
  'rent_type',
  'short_term',
  'pay_type',
  'tags',
  'feature',
  'price_change',
  'original_price',
  'img_seed',
  'has_vr',
  // Video and VR (issue 19)
  'video_id',
  'vr_id',
  'view_num',
  'created_at',
  'updated_at',
  'business_format',
]
  .map((c) => `l.${c}`)
  .join(', ');
export const LISTING_LIST_SELECT = LISTING_SELECT.replace('SELECT l.*,', `SELECT ${LIST_COLUMNS},`);

const SEED_YEAR = 2026;

/** The WHERE of the list query for a filter (shared with the map's bubbles, so their counts are the lists' counts). */
export function listingWhere(f: ListingFilter): Where {
  const types = f.houseTypes?.length ? [...new Set(f.houseTypes)] : [f.houseType ?? HOUSE_TYPES.ershoufang];
  const filter = whereClause();
  filter.add('l.city_id = ?', f.cityId);
  filter.add(types.length === 1 ? 'l.house_type = ?' : `l.house_type IN (${types.map(() => '?').join(',')})`, ...types);
  filter.add('l.status = 1');
  const eq = (col: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') filter.add(`${col} = ?`, typeof v === 'boolean' ? (v ? 1 : 0) : v);
  };
  eq('l.region_id', f.regionId);
  eq('l.shop_map_id', f.shopMapId);
  eq('l.station_id', f.stationId);
  eq('l.xiaoqu_id', f.stressId);
  if (f.stressIds?.length) filter.add(`l.xiaoqu_id IN (${f.stressIds.map(() => '?').join(',')})`, ...f.stressIds);
  eq('l.orientation', f.orientation);
  eq('l.decoration', f.decoration);
  eq('l.use_type', f.useType);
  eq('l.rent_type', f.rentType);
  eq('l.business_format', f.businessFormat);
  eq('l.belonger_id', f.belongerId);
  if (f.elevator !== undefined) eq('l.elevator', f.elevator);
  if (f.shortTerm !== undefined) eq('l.short_term', f.shortTerm);
  if (f.metroId) filter.add('l.station_id IN (SELECT id FROM station WHERE metro_id = ?)', f.metroId);
  if (f.priceMin !== undefined) filter.add('l.price >= ?', f.priceMin);
  if (f.priceMax !== undefined && f.priceMax > 0) filter.add('l.price < ?', f.priceMax); // priceInBand says the same
  if (f.areaMin !== undefined) filter.add('l.area >= ?', f.areaMin);
  if (f.areaMax !== undefined && f.areaMax > 0) filter.add('l.area < ?', f.areaMax);
  if (f.rooms?.length) {
    const exact = f.rooms.filter((r) => r < 5);
    const parts: string[] = [];
    if (exact.length) parts.push(`l.rooms IN (${exact.map(() => '?').join(',')})`);
    if (f.rooms.some((r) => r >= 5)) parts.push('l.rooms >= 5');
    filter.add(`(${parts.join(' OR ')})`, ...exact);
  }
  if (f.buildAge) filter.add('l.build_year >= ?', SEED_YEAR - f.buildAge);
  if (f.floor) filter.add(f.floor === 'low' ? 'l.floor < 6' : f.floor === 'mid' ? 'l.floor BETWEEN 6 AND 12' : 'l.floor > 12');
  for (const tag of f.tags ?? []) filter.add("(',' || l.tags || ',') LIKE ?", `%,${tag},%`);
  if (f.feature) filter.add("(',' || l.feature || ',') LIKE ?", `%,${f.feature},%`);
  if (f.priceChange) filter.add('l.price_change <> 0');
  if (f.keyword) {
    const match = segmentForQuery(f.keyword);
    if (match)
      filter.add(
        "l.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind IN ('ershoufang', 'zufang', 'business'))",
        match,
      );
  }
  return filter;
}

/**
 * Whether a price is inside a filter's price band, by the rule of listingWhere's two price lines (issue 37: whether a
 * listing was in a saved list before its price changed; everything else about it is unchanged and asked of the query).
 */
export function priceInBand(f: Pick<ListingFilter, 'priceMin' | 'priceMax'>, price: number): boolean {
  if (f.priceMin !== undefined && !(price >= f.priceMin)) return false;
  if (f.priceMax !== undefined && f.priceMax > 0 && !(price < f.priceMax)) return false;
  return true;
}

/** The list query behind the second-hand, rental and commercial list pages: one count, one page, both indexed. */
export function searchListings(db: DB, f: ListingFilter) {
  const filter = listingWhere(f);
  const { pageNo, size, offset } = paging(f, 20);
  const whereSql = filter.clause();
  const total = cachedStatement(db, `SELECT COUNT(*) FROM listing l ${whereSql}`)
    .pluck()
    .get(...filter.args) as number;
  const rows =
    offset < total
      ? (cachedStatement(db, `${LISTING_LIST_SELECT} ${whereSql} ORDER BY ${ORDER[f.sort ?? 'default']} LIMIT ? OFFSET ?`).all(
          ...filter.args,
          size,
          offset,
        ) as Array<Record<string, unknown>>)
      : [];
  return { content: rows.map(listingItem), total, pageNo, size };
}

/** SPEC 7.4: second-hand, rental and commercial listings, their details, logs and agent notes. */
export function registerListingRoutes(app: FastifyInstance, { db, sqlNow, now }: BackendContext): void {
  const one = db.prepare(`${LISTING_SELECT} WHERE l.id = ?`);
  const byNumber = db.prepare(`${LISTING_SELECT} WHERE l.house_number = ?`);
  const belonger = db.prepare('SELECT b.*, s.name AS store_name FROM belonger b JOIN store s ON s.id = b.store_id WHERE b.id = ?');
  const randomXiaoqu =
    db.prepare(`SELECT x.*, r.name AS region_name, s.name AS shop_map_name FROM xiaoqu x JOIN region r ON r.id = x.region_id
    JOIN shop_map s ON s.id = x.shop_map_id WHERE x.shop_map_id = ? ORDER BY (x.id * 2654435761 + ?) % 1000003 LIMIT ?`);
  const collectTotal = db.prepare('SELECT COUNT(*) FROM collect WHERE house_id = ?').pluck();
  const praiseCount = db.prepare('SELECT COUNT(*) FROM praise WHERE house_id = ?').pluck();
  const praiseAdd = db.prepare('INSERT OR IGNORE INTO praise VALUES (?,?,?)');
  const addView = db.prepare('UPDATE listing SET view_num = view_num + 1 WHERE house_number = ?');
  const daikanByNumber =
    db.prepare(`SELECT d.id, d.customer, d.remark, d.created_at AS createdAt, b.id AS belongerId, b.name, b.portrait, b.uid
    FROM daikan d JOIN belonger b ON b.id = d.belonger_id WHERE d.house_number = ? ORDER BY d.created_at DESC LIMIT 50`);
  const opLog = db.prepare(
    'SELECT id, kind, old_price AS oldPrice, new_price AS newPrice, created_at AS createdAt FROM operate_log WHERE listing_id = ? ORDER BY created_at DESC, id DESC',
  );
  const opLogKind = db.prepare(
    'SELECT id, kind, old_price AS oldPrice, new_price AS newPrice, created_at AS createdAt FROM operate_log WHERE listing_id = ? AND kind = ? ORDER BY created_at DESC',
  );
  const changeTimes = db.prepare("SELECT COUNT(*) FROM operate_log WHERE listing_id = ? AND kind = '调价'").pluck();
  const problemAsk = db.prepare('SELECT value FROM config WHERE city_id = ? AND key = ?').pluck();
  const askedQuestion = db.prepare('SELECT id FROM wenda WHERE city_id = ? AND title = ? ORDER BY id LIMIT 1').pluck();
  const audit = db.prepare(`SELECT c.id, c.content, c.created_at AS createdAt, b.id AS belongerId, b.name, b.portrait FROM listing_comment c
    JOIN belonger b ON b.id = c.belonger_id JOIN listing l ON l.id = c.listing_id WHERE l.house_number = ? AND c.belonger_id = ?`);
  const readme = db.prepare(
    'SELECT o.content, o.created_at AS createdAt FROM owner_readme o JOIN listing l ON l.id = o.listing_id WHERE l.house_number = ?',
  );
  const viewHistory = db.prepare('INSERT INTO view_history (house_id, member_id, source, created_at, kind) VALUES (?,?,?,?,?)');
  const formats = db.prepare(
    'SELECT business_format AS name, COUNT(*) AS count FROM listing WHERE business_format IS NOT NULL GROUP BY business_format ORDER BY count DESC',
  );
  const rentComments =
    db.prepare(`SELECT c.id, c.content, c.created_at AS createdAt, b.id AS belongerId, b.name, b.portrait, b.uid FROM listing_comment c
    JOIN belonger b ON b.id = c.belonger_id WHERE c.listing_id = ? ORDER BY c.id DESC LIMIT ? OFFSET ?`);
  const rentCommentCount = db.prepare('SELECT COUNT(*) FROM listing_comment WHERE listing_id = ?').pluck();
  const roles = db.prepare(`SELECT b.*, s.name AS store_name FROM belonger b JOIN store s ON s.id = b.store_id
    WHERE b.id = ? OR (b.store_id = (SELECT store_id FROM belonger WHERE id = ?) AND b.id <> ?) ORDER BY b.id = ? DESC, b.star DESC LIMIT 3`);

  const detail = (row: Record<string, unknown> | undefined) => {
    if (!row) return null;
    const b = belonger.get(row.belonger_id) as Record<string, unknown> | undefined;
    return listingDetail(row, b ? belongerItem(b) : null);
  };

  const searchHandler = async (req: { body: unknown }) => {
    const r = searchListings(db, req.body as ListingFilter);
    return page(r.content, r.total, r.pageNo, r.size);
  };
  const searchRoute = { schema: { body: listingFilterSchema } };
  app.post('/api/house/search/findByCondition', searchRoute, searchHandler);
  app.post('/api/house/search/findByWapConditionData', searchRoute, searchHandler);
  app.post('/api/house/search/douyin/findByCondition', searchRoute, searchHandler);

  app.post(
    '/api/house/search/findHouse',
    {
      schema: {
        body: {
          type: 'object',
          properties: { houseId: int(1), houseNumber: str(30, 1) },
          anyOf: [{ required: ['houseId'] }, { required: ['houseNumber'] }],
        },
      },
    },
    async (req) => {
      const b = req.body as { houseId?: number; houseNumber?: string };
      return ok(detail((b.houseId ? one.get(b.houseId) : byNumber.get(b.houseNumber)) as Record<string, unknown> | undefined));
    },
  );
  /** Listing detail by id (used by the detail pages; the gateway's findHouse takes a body). */
  app.get('/api/house/search/detail/:id', { schema: { params: params({ id: int(1) }) } }, async (req) =>
    ok(detail(one.get((req.params as { id: number }).id) as Record<string, unknown> | undefined)),
  );

  app.get(
    '/api/house/search/countBusiness/:cityId/:text',
    { schema: { params: params({ cityId: int(1, 9999), text: str(64, 1) }) } },
    async (req) => {
      const p = req.params as { cityId: number; text: string };
      const counts: Record<string, number> = {};
      for (const [key, t] of [
        ['shangpucs', 13],
        ['shangpucz', 14],
        ['xieziloucs', 15],
        ['xieziloucz', 16],
      ] as const) {
        counts[key] = searchListings(db, { cityId: p.cityId, houseType: t, keyword: p.text, size: 1 }).total;
      }
      return ok({ ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) });
    },
  );

  app.get(
    '/api/xiaoqu/getRandomXiaoquByshopMapId',
    { schema: { querystring: body({ shopMapId: int(1), limit: int(1, 50), seed: int(0) }, ['shopMapId']) } },
    async (req) => {
      const q = req.query as { shopMapId: number; limit?: number; seed?: number };
      return ok(
        (randomXiaoqu.all(q.shopMapId, q.seed ?? Math.floor(now() / 3_600_000), q.limit ?? 5) as Array<Record<string, unknown>>).map(
          xiaoquItem,
        ),
      );
    },
  );
  app.get('/api/houserole/:id', { schema: { params: params({ id: int(1) }) } }, async (req) => {
    const row = one.get((req.params as { id: number }).id) as Record<string, unknown> | undefined;
    if (!row) return ok([]);
    const list = roles.all(row.belonger_id, row.belonger_id, row.belonger_id, row.belonger_id) as Array<Record<string, unknown>>;
    const names = ['房源维护人', '房源录入人', '钥匙人'];
    return ok(list.map((b, i) => ({ role: names[i] ?? '合作经纪人', ...belongerItem(b) })));
  });
  app.get('/api/house/collect/houseTotal/:id', { schema: { params: params({ id: int(1) }) } }, async (req) =>
    ok(collectTotal.get((req.params as { id: number }).id)),
  );
  app.get('/web/praise/count/:id', { schema: { params: params({ id: int(1) }) } }, async (req) =>
    ok(praiseCount.get((req.params as { id: number }).id)),
  );
  app.get('/web/praise/:id', { schema: { params: params({ id: int(1) }), querystring: body({ userId: str(40) }) } }, async (req) => {
    const { id } = req.params as { id: number };
    const user = (req.query as { userId?: string }).userId || `ip:${req.ip}`;
    praiseAdd.run(id, user, sqlNow());
    return ok(praiseCount.get(id));
  });
  /** The view-count call on the API host by house number (SPEC 7.4; its path is not shown, this is ours). */
  app.get('/api/house/addViewNum/:houseNumber', { schema: { params: params({ houseNumber: str(30, 1) }) } }, async (req) => {
    const info = addView.run((req.params as { houseNumber: string }).houseNumber);
    return ok(info.changes);
  });
  app.get('/api/daikan/findRecordListByHouseNumber/:n', { schema: { params: params({ n: str(30, 1) }) } }, async (req) =>
    ok(daikanByNumber.all((req.params as { n: string }).n)),
  );
  app.get('/api/houseoperatelog/:id', { schema: { params: params({ id: int(1) }) } }, async (req) =>
    ok(opLog.all((req.params as { id: number }).id)),
  );
  app.get('/api/houseoperatelog/:id/:x', { schema: { params: params({ id: int(1), x: str(10, 1) }) } }, async (req) => {
    const p = req.params as { id: number; x: string };
    return ok(opLogKind.all(p.id, p.x));
  });
  app.get('/api/countChangePriceTimes/:id', { schema: { params: params({ id: int(1) }) } }, async (req) =>
    ok(changeTimes.get((req.params as { id: number }).id)),
  );
  app.post(
    '/api/problemAsk/getProblemAskList',
    { schema: { body: body({ cityId: int(0, 9999), houseType: int(0, 99) }) } },
    async (req) => {
      const b = req.body as { cityId?: number; houseType?: number };
      const key = b.houseType === HOUSE_TYPES.zufang ? 'zhufang_problem_ask' : 'problem_ask';
      const v = (problemAsk.get(b.cityId ?? 1, key) ?? problemAsk.get(1, key)) as string | undefined;
      // Each common question is the city's Q&A question of that title (its id is the /wenda/{id}.html page).
      const questions = v ? (JSON.parse(v) as string[]) : [];
      return ok(
        questions.flatMap((question) => {
          const id = askedQuestion.get(b.cityId ?? 1, question) as number | undefined;
          return id ? [{ id, question }] : [];
        }),
      );
    },
  );
  app.get(
    '/api/audit/findcontend/:houseNumber/:belongerid',
    { schema: { params: params({ houseNumber: str(30, 1), belongerid: int(1) }) } },
    async (req) => {
      const p = req.params as { houseNumber: string; belongerid: number };
      return ok(audit.all(p.houseNumber, p.belongerid));
    },
  );
  app.get('/api/ownerReadme/findByHouseNumber/:n', { schema: { params: params({ n: str(30, 1) }) } }, async (req) =>
    ok(readme.get((req.params as { n: string }).n) ?? null),
  );
  const viewedKinds = ['ershoufang', 'rent', 'newhouse', 'xiaoqu', 'overseas'] as const;
  const viewedExists = {
    newhouse: db.prepare('SELECT 1 FROM loupan WHERE id = ?').pluck(),
    xiaoqu: db.prepare('SELECT 1 FROM xiaoqu WHERE id = ?').pluck(),
    overseas: db.prepare('SELECT 1 FROM overseas WHERE id = ?').pluck(),
  };
  /**
   * SPEC 7.4's path; `?kind=` is ours (issue 34): a new home, community or overseas view names its kind, so its id is
   * never read as a listing's. A listing's kind (second-hand or rental) is the listing's own, whatever was sent.
   */
  app.get(
    '/api/house/saveHouseViewHistory/:houseId/:memberId/:source',
    {
      schema: {
        params: params({ houseId: int(1), memberId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' }, source: str(20, 1) }),
        querystring: body({ kind: { type: 'string', enum: [...viewedKinds] } }),
      },
    },
    async (req) => {
      const p = req.params as { houseId: number; memberId: string; source: string };
      const asked = (req.query as { kind?: (typeof viewedKinds)[number] }).kind ?? 'ershoufang';
      let kind: string = asked;
      if (asked === 'ershoufang' || asked === 'rent') {
        const listing = one.get(p.houseId) as { house_type: number } | undefined;
        if (!listing) return fail(404, '房源不存在');
        kind = RENT_HOUSE_TYPES.includes(listing.house_type) ? 'rent' : 'ershoufang';
      } else if (!viewedExists[asked].get(p.houseId)) {
        return fail(404, '房源不存在');
      }
      const info = viewHistory.run(p.houseId, p.memberId, p.source, sqlNow(), kind);
      return ok({ id: Number(info.lastInsertRowid), kind });
    },
  );
  app.get('/api/cmsShopComboUserOrder/findBusinessFormat', async () => ok(formats.all()));
  app.post(
    '/api/belongerHouseCommentRent/find',
    { schema: { body: body({ houseId: int(1), page: int(0, 10000), size: int(1, 100) }, ['houseId']) } },
    async (req) => {
      const b = req.body as { houseId: number; page?: number; size?: number };
      const { pageNo, size, offset } = paging(b, 10);
      return page(rentComments.all(b.houseId, size, offset), rentCommentCount.get(b.houseId) as number, pageNo, size);
    },
  );
}
