import type { FastifyInstance } from 'fastify';
import type { BelongerCard, StoreDetail } from '../../contracts/gateway/index.ts';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok, page, paging } from '../envelope.ts';
import { belongerItem, listingItem, loupanItem, storeItem } from '../mappers.ts';
import { body, idParams, int, memberId, params, str } from '../schemas.ts';
import { agentFigures } from '../seed/agents.ts';
import { sqlTime } from '../time.ts';
import { cachedStatement, jsonOrNull } from '../util.ts';
import { whereClause } from '../where.ts';
import { LISTING_SELECT } from './listing.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const BELONGER_SELECT = 'SELECT b.*, s.name AS store_name FROM belonger b JOIN store s ON s.id = b.store_id';
const STORE_SELECT = `SELECT d.*, r.name AS region_name, s.name AS shop_map_name,
  (SELECT COUNT(*) FROM belonger b WHERE b.store_id = d.id) AS belonger_num,
  (SELECT COUNT(*) FROM listing l JOIN belonger b ON b.id = l.belonger_id WHERE b.store_id = d.id AND l.status = 1) AS house_num
  FROM store d JOIN region r ON r.id = d.region_id LEFT JOIN shop_map s ON s.id = d.shop_map_id`;

/** SPEC 7.7: agents (belongers), stores (departments), agent comments, viewing records, user reviews (dianping). */
export function registerBelongerRoutes(app: FastifyInstance, { db, sqlNow, now }: BackendContext): void {
  const one = db.prepare(`${BELONGER_SELECT} WHERE b.id = ?`);
  const figures = agentFigures(db);
  const servicePhone = db.prepare('SELECT service_phone FROM city WHERE id = ?').pluck();
  const recommend = db.prepare(`${BELONGER_SELECT} WHERE b.city_id = ? AND b.iskefu = 0 ORDER BY b.star DESC, b.score DESC, b.id LIMIT ?`);
  const listingsOf = db.prepare(
    `${LISTING_SELECT} WHERE l.belonger_id = ? AND l.house_type = ? AND l.status = 1 ORDER BY l.view_num DESC LIMIT ?`,
  );
  const listingCount = db.prepare(
    'SELECT house_type AS houseType, COUNT(*) AS count FROM listing WHERE belonger_id = ? AND status = 1 GROUP BY house_type',
  );
  const loupansOf = db.prepare(
    `${LOUPAN_SELECT} JOIN loupan_belonger lb ON lb.loupan_id = l.id WHERE lb.belonger_id = ? ORDER BY l.hot DESC LIMIT ?`,
  );
  const listing = db.prepare('SELECT id, belonger_id, city_id, region_id, house_type FROM listing WHERE id = ?');
  const byRegion = db.prepare(`${BELONGER_SELECT} WHERE s.region_id = ? AND b.iskefu = 0 ORDER BY b.star DESC, b.id LIMIT ?`);
  const commentsByNumbers =
    db.prepare(`SELECT c.id, l.house_number AS houseNumber, c.content, c.created_at AS createdAt, b.id AS belongerId, b.name, b.portrait, b.uid
    FROM listing_comment c JOIN listing l ON l.id = c.listing_id JOIN belonger b ON b.id = c.belonger_id
    WHERE l.house_number IN (SELECT value FROM json_each(?)) ORDER BY c.id DESC`);
  const commentsByBelonger =
    db.prepare(`SELECT c.id, c.listing_id AS houseId, l.house_number AS houseNumber, l.title, c.content, c.created_at AS createdAt
    FROM listing_comment c JOIN listing l ON l.id = c.listing_id WHERE c.belonger_id = ? ORDER BY c.id DESC LIMIT 50`);
  const daikanByNumber = db.prepare(`SELECT d.id, d.customer, d.remark, d.created_at AS createdAt, b.id AS belongerId, b.name, b.portrait
    FROM daikan d JOIN belonger b ON b.id = d.belonger_id WHERE d.house_number = ? ORDER BY d.created_at DESC LIMIT 50`);
  const daikanByBelonger =
    db.prepare(`SELECT d.id, d.house_number AS houseNumber, d.listing_id AS houseId, l.title, d.customer, d.remark, d.created_at AS createdAt
    FROM daikan d LEFT JOIN listing l ON l.id = d.listing_id WHERE d.belonger_id = ? ORDER BY d.created_at DESC LIMIT ? OFFSET ?`);
  const daikanCount = db.prepare('SELECT COUNT(*) FROM daikan WHERE belonger_id = ?').pluck();
  const storesByStress = db.prepare(`WITH x AS (SELECT city_id, region_id, shop_map_id FROM xiaoqu WHERE id = ?)
    ${STORE_SELECT} JOIN x ON x.city_id = d.city_id ORDER BY d.shop_map_id = x.shop_map_id DESC, d.region_id = x.region_id DESC, d.id LIMIT 5`);
  const store = db.prepare(`${STORE_SELECT} WHERE d.id = ?`);
  const storeAgents = db.prepare(`${BELONGER_SELECT} WHERE b.store_id = ? ORDER BY b.iskefu, b.star DESC, b.id`);
  const dianpingInsert =
    db.prepare(`INSERT INTO dianping (city_id, loupan_id, listing_id, belonger_id, member_id, nick_name, head_url, score, content, images, created_at, aspects)
    VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`);
  const wechat = db.prepare('INSERT INTO wechat_comment (member_id, content, target, created_at) VALUES (?,?,?,?)');
  const loupanExists = db.prepare('SELECT 1 FROM loupan WHERE id = ?').pluck();
  const callLog = db.prepare('INSERT INTO call_log (belonger_id, type, created_at) VALUES (?,?,?)');
  const reviewedSince = db.prepare('SELECT 1 FROM dianping WHERE member_id = ? AND belonger_id = ? AND created_at >= ?').pluck();
  const commitments = db.prepare('SELECT id, title, subtitle, summary, terms FROM commitment ORDER BY sort, id');
  const commitment = db.prepare('SELECT id, title, subtitle, summary, terms FROM commitment WHERE id = ?');
  const commitmentOf = (r: Row) => ({ ...r, terms: JSON.parse(r.terms) as string[] });

  const card = (id: number): BelongerCard | null => {
    const row = one.get(id) as Row | undefined;
    if (!row) return null;
    return {
      ...belongerItem(row),
      listingCount: listingCount.all(id) as BelongerCard['listingCount'],
      ershoufangList: (listingsOf.all(id, HOUSE_TYPES.ershoufang, 10) as Row[]).map(listingItem),
      zufangList: (listingsOf.all(id, HOUSE_TYPES.zufang, 10) as Row[]).map(listingItem),
      louPanList: (loupansOf.all(id, 10) as Row[]).map(loupanItem),
    };
  };

  app.get('/api/belonger/find/:id', { schema: { params: idParams } }, async (req) => {
    const row = one.get((req.params as { id: number }).id) as Row | undefined;
    return ok(row ? belongerItem(row) : null);
  });
  app.get('/api/belonger/getRecommendBelonger/:id', { schema: { params: idParams } }, async (req) =>
    ok((recommend.all((req.params as { id: number }).id, 5) as Row[]).map(belongerItem)),
  );
  app.get('/api/belonger/wapbrokercard/find/:id', { schema: { params: idParams } }, async (req) =>
    ok(card((req.params as { id: number }).id)),
  );
  app.post(
    '/api/belonger/findByCondition',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            storeId: int(1),
            regionId: int(1),
            iskefu: { type: 'boolean' },
            keyword: str(40),
            page: int(0),
            size: int(1, 100),
          },
          ['cityId'],
        ),
      },
    },
    async (req) => {
      const b = req.body as {
        cityId: number;
        storeId?: number;
        regionId?: number;
        iskefu?: boolean;
        keyword?: string;
        page?: number;
        size?: number;
      };
      const filter = whereClause();
      filter.add('b.city_id = ?', b.cityId);
      if (b.storeId) filter.add('b.store_id = ?', b.storeId);
      if (b.regionId) filter.add('s.region_id = ?', b.regionId);
      if (b.iskefu !== undefined) filter.add('b.iskefu = ?', b.iskefu ? 1 : 0);
      if (b.keyword) filter.add('(b.name LIKE ? OR s.name LIKE ?)', `%${b.keyword}%`, `%${b.keyword}%`);
      const { pageNo, size, offset } = paging(b, 20);
      const w = filter.clause();
      const total = cachedStatement(db, `SELECT COUNT(*) FROM belonger b JOIN store s ON s.id = b.store_id ${w}`)
        .pluck()
        .get(...filter.args) as number;
      const rows = cachedStatement(db, `${BELONGER_SELECT} ${w} ORDER BY b.star DESC, b.id LIMIT ? OFFSET ?`).all(
        ...filter.args,
        size,
        offset,
      ) as Row[];
      return page(rows.map(belongerItem), total, pageNo, size);
    },
  );
  app.post(
    '/api/belonger/getPersonalized',
    { schema: { body: body({ houseId: int(1), cityId: int(1, 9999), limit: int(1, 20) }) } },
    async (req) => {
      const b = req.body as { houseId?: number; cityId?: number; limit?: number };
      const l = b.houseId ? (listing.get(b.houseId) as Row | undefined) : undefined;
      const limit = b.limit ?? 3;
      if (!l) return ok((recommend.all(b.cityId ?? 1, limit) as Row[]).map(belongerItem));
      const own = one.get(l.belonger_id) as Row;
      const others = (byRegion.all(l.region_id, limit + 1) as Row[]).filter((x) => x.id !== own.id).slice(0, limit - 1);
      return ok([own, ...others].map(belongerItem));
    },
  );
  app.post(
    '/api/belonger/getRecommendBelongerList',
    { schema: { body: body({ cityId: int(1, 9999), limit: int(1, 50) }, ['cityId']) } },
    async (req) => {
      const b = req.body as { cityId: number; limit?: number };
      return ok((recommend.all(b.cityId, b.limit ?? 10) as Row[]).map(belongerItem));
    },
  );
  app.post(
    '/api/belonger/getMainlyPopularizeHouse/:belongerId/:type',
    { schema: { params: params({ belongerId: int(1), type: { type: 'integer', enum: [1, 11, 12, 13, 14, 15, 16] } }) } },
    async (req) => {
      const p = req.params as { belongerId: number; type: number };
      if (p.type === 1) return ok((loupansOf.all(p.belongerId, 20) as Row[]).map(loupanItem));
      return ok((listingsOf.all(p.belongerId, p.type, 20) as Row[]).map(listingItem));
    },
  );
  app.post(
    '/api/belongerHouseComment/findHouseNumbers',
    { schema: { body: body({ houseNumbers: { type: 'array', items: str(30, 1), minItems: 1, maxItems: 100 } }, ['houseNumbers']) } },
    async (req) => ok(commentsByNumbers.all(JSON.stringify((req.body as { houseNumbers: string[] }).houseNumbers))),
  );
  app.get('/api/belongerHouseComment/commentBelonger/:id', { schema: { params: idParams } }, async (req) =>
    ok(commentsByBelonger.all((req.params as { id: number }).id)),
  );
  app.post(
    '/api/belongerHouseComment/findWithDaikan',
    { schema: { body: body({ houseNumber: str(30, 1) }, ['houseNumber']) } },
    async (req) => {
      const { houseNumber } = req.body as { houseNumber: string };
      return ok({ comments: commentsByNumbers.all(JSON.stringify([houseNumber])), daikanList: daikanByNumber.all(houseNumber) });
    },
  );
  app.get(
    '/api/daikan/findlistbybelongerId/:id',
    { schema: { params: idParams, querystring: body({ page: int(0), size: int(1, 100) }) } },
    async (req) => {
      const { id } = req.params as { id: number };
      const { pageNo, size, offset } = paging(req.query as { page?: number; size?: number }, 20);
      return page(daikanByBelonger.all(id, size, offset), daikanCount.get(id) as number, pageNo, size);
    },
  );
  app.get('/api/department/findDepartmentByStressId/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    return ok((storesByStress.all(id) as Row[]).map(storeItem));
  });
  app.post(
    '/api/department/pageForWeb',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            regionId: int(1),
            shopMapId: int(1),
            keyword: str(40),
            page: int(0),
            size: int(1, 100),
            sort: { type: 'string', enum: ['id', 'listings'] },
            lat: { type: 'number', minimum: -90, maximum: 90 },
            lng: { type: 'number', minimum: -180, maximum: 180 },
          },
          ['cityId'],
        ),
      },
    },
    async (req) => {
      const b = req.body as {
        cityId: number;
        regionId?: number;
        shopMapId?: number;
        keyword?: string;
        page?: number;
        size?: number;
        sort?: 'id' | 'listings';
        lat?: number;
        lng?: number;
      };
      const filter = whereClause();
      filter.add('d.city_id = ?', b.cityId);
      if (b.regionId) filter.add('d.region_id = ?', b.regionId);
      if (b.shopMapId) filter.add('d.shop_map_id = ?', b.shopMapId);
      if (b.keyword) filter.add('(d.name LIKE ? OR d.address LIKE ?)', `%${b.keyword}%`, `%${b.keyword}%`);
      const { pageNo, size, offset } = paging(b, 20);
      const w = filter.clause();
      const total = cachedStatement(db, `SELECT COUNT(*) FROM store d ${w}`)
        .pluck()
        .get(...filter.args) as number;
      // issue 17 part B: nearest first when the visitor's position is given, else by listings (sort=listings), else by id
      const near = b.lat !== undefined && b.lng !== undefined;
      const k = near ? Math.cos(((b.lat as number) * Math.PI) / 180) ** 2 : 0;
      const order = near
        ? 'ORDER BY (d.lat - ?) * (d.lat - ?) + (d.lng - ?) * (d.lng - ?) * ?, d.id'
        : b.sort === 'listings'
          ? 'ORDER BY house_num DESC, d.id'
          : 'ORDER BY d.id';
      const orderArgs = near ? [b.lat, b.lat, b.lng, b.lng, k] : [];
      const rows = cachedStatement(db, `${STORE_SELECT} ${w} ${order} LIMIT ? OFFSET ?`).all(
        ...filter.args,
        ...orderArgs,
        size,
        offset,
      ) as Row[];
      const metres = (r: Row) =>
        near && typeof r.lat === 'number' && typeof r.lng === 'number'
          ? Math.round(Math.sqrt((r.lat - (b.lat as number)) ** 2 + (r.lng - (b.lng as number)) ** 2 * k) * 111_195)
          : undefined;
      return page(
        rows.map((r) => ({ ...storeItem(r), distance: metres(r) })),
        total,
        pageNo,
        size,
      );
    },
  );
  /** Store detail with its agents and listings (mendian/detail pages). */
  app.get('/api/department/findById/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const row = store.get(id) as Row | undefined;
    if (!row) return ok(null);
    const agents = (storeAgents.all(id) as Row[]).map(belongerItem);
    const listings = cachedStatement(
      db,
      `${LISTING_SELECT} WHERE l.belonger_id IN (SELECT id FROM belonger WHERE store_id = ?) AND l.status = 1
      ORDER BY l.updated_at DESC LIMIT 20`,
    ).all(id) as Row[];
    return ok<StoreDetail>({ ...storeItem(row), belongerList: agents, houseList: listings.map(listingItem) });
  });
  app.get('/api/zhcall/:belongerId/:type', { schema: { params: params({ belongerId: int(1), type: int(0, 99) }) } }, async (req) => {
    const p = req.params as { belongerId: number; type: number };
    const row = one.get(p.belongerId) as Row | undefined;
    if (!row) return fail(404, '经纪人不存在');
    const city = servicePhone.get(row.city_id) as string;
    callLog.run(row.id, p.type, sqlNow());
    return ok({ webCall: `${city},${row.ext_num}`, phone: city, extNum: row.ext_num, belongerId: row.id });
  });

  const dianpingList = body({ houseId: int(1), belongerId: int(1), cityId: int(1, 9999), page: int(0), size: int(1, 100) });
  app.post('/api/yhdianping/wap/list', { schema: { body: dianpingList } }, async (req) => {
    const b = req.body as { houseId?: number; belongerId?: number; cityId?: number; page?: number; size?: number };
    const filter = whereClause();
    if (b.houseId) filter.add('loupan_id = ?', b.houseId);
    if (b.belongerId) filter.add('belonger_id = ?', b.belongerId);
    if (b.cityId) filter.add('city_id = ?', b.cityId);
    const w = filter.clause();
    const { pageNo, size, offset } = paging(b, 10);
    const total = cachedStatement(db, `SELECT COUNT(*) FROM dianping ${w}`)
      .pluck()
      .get(...filter.args) as number;
    const rows = cachedStatement(
      db,
      `SELECT id, loupan_id AS houseId, belonger_id AS belongerId, member_id AS memberId, nick_name AS nickName, head_url AS headUrl, score, content, images,
       aspects, created_at AS createdAt FROM dianping ${w} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ).all(...filter.args, size, offset) as Row[];
    const average = cachedStatement(db, `SELECT ROUND(AVG(score), 1) FROM dianping ${w}`)
      .pluck()
      .get(...filter.args) as number | null;
    const answer = page(
      rows.map((r) => ({ ...r, images: r.images ? JSON.parse(r.images) : [], aspects: r.aspects ? JSON.parse(r.aspects) : null })),
      total,
      pageNo,
      size,
    );
    // The average score of every review the filter selects, beside the page (issue 17: the agent's rating).
    return { ...answer, obj: { ...answer.obj, average } };
  });
  app.post(
    '/api/yhdianping/adddianping',
    {
      schema: {
        body: body(
          {
            houseId: int(1),
            belongerId: int(1),
            cityId: int(1, 9999),
            memberId,
            nickName: str(30),
            headUrl: str(300),
            score: int(1, 5),
            content: str(1000, 2),
            images: { type: 'array', items: str(300, 1), maxItems: 9 },
            aspects: {
              type: 'object',
              additionalProperties: false,
              required: ['professional', 'attitude', 'response'],
              properties: { professional: int(1, 5), attitude: int(1, 5), response: int(1, 5) },
            },
          },
          ['memberId', 'score', 'content'],
        ),
      },
    },
    async (req) => {
      const b = req.body as {
        houseId?: number;
        belongerId?: number;
        cityId?: number;
        memberId: string;
        nickName?: string;
        headUrl?: string;
        score: number;
        content: string;
        images?: string[];
        aspects?: { professional: number; attitude: number; response: number };
      };
      if (!b.houseId && !b.belongerId) return fail(400, 'houseId: 楼盘ID或经纪人ID必传一个');
      if (b.houseId && !loupanExists.get(b.houseId)) return fail(404, '楼盘不存在');
      if (b.belongerId && !one.get(b.belongerId)) return fail(404, '经纪人不存在');
      if (b.aspects) {
        // An agent's review (issue 17): per aspect, 5–300 characters.
        if (!b.belongerId) return fail(400, 'belongerId: 评价经纪人须指定经纪人');
        const length = [...b.content.trim()].length;
        if (length < 5 || length > 300) return fail(400, 'content: 评价内容须为5-300个字');
      }
      // One review of an agent by a member in 30 days, from any form (issue 33: the new-home adviser form had none).
      if (b.belongerId && reviewedSince.get(b.memberId, b.belongerId, sqlTime(now() - 30 * 24 * 3600 * 1000))) {
        return fail(409, '您本月已评价过该经纪人，请下月再来');
      }
      const info = dianpingInsert.run(
        b.cityId ?? null,
        b.houseId ?? null,
        null,
        b.belongerId ?? null,
        b.memberId,
        b.nickName ?? '匿名用户',
        b.headUrl ?? '',
        b.aspects ? Math.round((b.aspects.professional + b.aspects.attitude + b.aspects.response) / 3) : b.score,
        b.content,
        jsonOrNull(b.images),
        sqlNow(),
        jsonOrNull(b.aspects),
      );
      if (b.belongerId) figures.ofAgent(b.belongerId);
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );
  /** The company's service commitments (our path; SPEC 2.2 /commitment, /commitment/{id}). */
  app.get('/api/commitment/list', async () => ok((commitments.all() as Row[]).map(commitmentOf)));
  app.get('/api/commitment/find/:id', { schema: { params: idParams } }, async (req) => {
    const row = commitment.get((req.params as { id: number }).id) as Row | undefined;
    return ok(row ? commitmentOf(row) : null);
  });
  app.post(
    '/api/CmsWechatComment/save',
    { schema: { body: body({ memberId, content: str(1000, 1), target: str(100) }, ['content']) } },
    async (req) => {
      const b = req.body as { memberId?: string; content: string; target?: string };
      const info = wechat.run(b.memberId ?? null, b.content, b.target ?? null, sqlNow());
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );
}
