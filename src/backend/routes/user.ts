import type { FastifyInstance, FastifyReply } from 'fastify';
import { JUBAO_REASONS } from '../../lib/jubao.ts';
import { RENT_HOUSE_TYPES, SALE_HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import {
  CORRECTION_FIELDS,
  CORRECTION_MAX,
  CORRECTION_MIN,
  DEMAND_DISTRICTS_MAX,
  DEMAND_TYPES,
  FEEDBACK_KINDS,
  FEEDBACK_MAX,
  FEEDBACK_MIN,
} from '../../lib/member-forms.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { listingItem, loupanItem, overseasItem, xiaoquItem } from '../mappers.ts';
import { body, dateTime, futureDateProblem, int, memberId, params, phone, str, text } from '../schemas.ts';
import { agentFigures } from '../seed/agents.ts';
import { sqlTime } from '../time.ts';
import { jsonOrNull } from '../util.ts';
import { LISTING_SELECT } from './listing.ts';
import { XIAOQU_SELECT } from './xiaoqu.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/** Favourite kinds: second-hand and commercial for sale, rentals, new homes, communities (SPEC 7.8), overseas (ours). */
export const COLLECT_KINDS = ['ershoufang', 'rent', 'newhouse', 'xiaoqu', 'overseas'] as const;
export type CollectKind = (typeof COLLECT_KINDS)[number];

const houseMember = params({ houseId: int(1), memberId });
/** How many things 浏览记录 lists: the latest views, one per thing. */
const VIEW_HISTORY_MAX = 100;
/** Pictures of a report or feedback: files this gateway stored (POST /api/file/uploadImg), never an outside address. */
const images = {
  type: 'array',
  items: { type: 'string', pattern: '^/files/upload/[0-9a-f-]{32,64}\\.(jpg|png|gif|webp)$' },
  maxItems: 9,
} as const;

/** A field that names something the gateway does not have: 400 naming the field, as a schema failure does. */
function unknownId(reply: FastifyReply, field: string, message: string) {
  return reply.code(400).send({ status: 400, message: `${field}: ${message}`, obj: null });
}

/** SPEC 7.8: every user write (favourites, viewings, reports, corrections, demands, coupons, subscriptions, franchise, tracking). */
export function registerUserRoutes(app: FastifyInstance, { db, sqlNow, now }: BackendContext): void {
  const exists: Record<CollectKind, import('better-sqlite3').Statement> = {
    ershoufang: db.prepare(`SELECT 1 FROM listing WHERE id = ? AND house_type IN (${SALE_HOUSE_TYPES.join(', ')})`).pluck(),
    rent: db.prepare(`SELECT 1 FROM listing WHERE id = ? AND house_type IN (${RENT_HOUSE_TYPES.join(', ')})`).pluck(),
    newhouse: db.prepare('SELECT 1 FROM loupan WHERE id = ?').pluck(),
    xiaoqu: db.prepare('SELECT 1 FROM xiaoqu WHERE id = ?').pluck(),
    overseas: db.prepare('SELECT 1 FROM overseas WHERE id = ?').pluck(),
  };
  // Issue 37 part 2: a listing's or an estate's favourite keeps the price it was saved at (a drop is measured from it).
  const collectAdd = db.prepare(
    `INSERT OR IGNORE INTO collect (member_id, house_id, kind, created_at, price) VALUES (?,?,?,?,
      COALESCE((SELECT price FROM listing WHERE id = ? AND ? IN ('ershoufang', 'rent')), (SELECT avg_price FROM loupan WHERE id = ? AND ? = 'newhouse')))`,
  );
  const collectIs = db.prepare('SELECT kind FROM collect WHERE member_id = ? AND house_id = ?').pluck();
  const collectDel = db.prepare('DELETE FROM collect WHERE member_id = ? AND house_id = ?');
  const collectDelKind = db.prepare('DELETE FROM collect WHERE member_id = ? AND house_id = ? AND kind = ?');
  const collectList = db.prepare(
    'SELECT house_id, kind, created_at, price FROM collect WHERE member_id = ? AND (? IS NULL OR kind = ?) ORDER BY created_at DESC LIMIT 200',
  );
  const listingOne = db.prepare(`${LISTING_SELECT} WHERE l.id = ?`);
  const loupanOne = db.prepare(`${LOUPAN_SELECT} WHERE l.id = ?`);
  const xiaoquOne = db.prepare(`${XIAOQU_SELECT} WHERE x.id = ?`);
  const overseasOne = db.prepare('SELECT * FROM overseas WHERE id = ?');
  /** How each kind's favourite reads its item. */
  const itemOf: Record<CollectKind, [import('better-sqlite3').Statement, (r: Row) => unknown]> = {
    ershoufang: [listingOne, listingItem],
    rent: [listingOne, listingItem],
    newhouse: [loupanOne, loupanItem],
    xiaoqu: [xiaoquOne, xiaoquItem],
    overseas: [overseasOne, overseasItem],
  };

  const add = (kind: CollectKind) => async (req: { params: unknown }) => {
    const p = req.params as { houseId: number; memberId: string };
    if (!exists[kind].get(p.houseId)) return fail(404, '房源不存在');
    collectAdd.run(p.memberId, p.houseId, kind, sqlNow(), p.houseId, kind, p.houseId, kind);
    return ok({ houseId: p.houseId, kind, collected: true });
  };
  app.get('/api/house/collect/add/:houseId/:memberId', { schema: { params: houseMember } }, add('ershoufang'));
  app.get('/api/house/collect/add/rent/:houseId/:memberId', { schema: { params: houseMember } }, add('rent'));
  app.get('/api/house/collect/addNewHouse/:houseId/:memberId', { schema: { params: houseMember } }, add('newhouse'));
  app.get('/api/house/collect/addXiaoQu/:houseId/:memberId', { schema: { params: houseMember } }, add('xiaoqu'));
  /** Our path: an overseas listing (SPEC 7.8 names four kinds; overseas ids are their own numbering). */
  app.get('/api/house/collect/addOverseas/:houseId/:memberId', { schema: { params: houseMember } }, add('overseas'));
  const kindQuery = body({ kind: { type: 'string', enum: [...COLLECT_KINDS] } });
  app.get('/api/house/collect/isCollect/:houseId/:memberId', { schema: { params: houseMember, querystring: kindQuery } }, async (req) => {
    const p = req.params as { houseId: number; memberId: string };
    const { kind } = req.query as { kind?: CollectKind };
    const kinds = collectIs.all(p.memberId, p.houseId) as string[];
    return ok(kind ? kinds.includes(kind) : kinds.length > 0);
  });
  app.get('/api/house/collect/remove/:houseId/:memberId', { schema: { params: houseMember, querystring: kindQuery } }, async (req) => {
    const p = req.params as { houseId: number; memberId: string };
    const { kind } = req.query as { kind?: CollectKind };
    const info = kind ? collectDelKind.run(p.memberId, p.houseId, kind) : collectDel.run(p.memberId, p.houseId);
    return ok({ houseId: p.houseId, removed: info.changes });
  });
  /**
   * Several of the member's favourites at once (issue 34: 我的收藏's edit mode; our path): each item names its kind, so
   * a listing kept both as second-hand and elsewhere loses only the one chosen. Only the member's own rows are touched.
   */
  const collectBatch = db.transaction((mid: string, items: Array<{ houseId: number; kind: CollectKind }>) =>
    items.reduce((n, it) => n + collectDelKind.run(mid, it.houseId, it.kind).changes, 0),
  );
  app.post(
    '/api/house/collect/removeBatch',
    {
      schema: {
        body: body(
          {
            memberId,
            items: {
              type: 'array',
              minItems: 1,
              maxItems: 200,
              items: body({ houseId: int(1), kind: { type: 'string', enum: [...COLLECT_KINDS] } }, ['houseId', 'kind']),
            },
          },
          ['memberId', 'items'],
        ),
      },
    },
    async (req) => {
      const b = req.body as { memberId: string; items: Array<{ houseId: number; kind: CollectKind }> };
      return ok({ removed: collectBatch(b.memberId, b.items) });
    },
  );
  /** The member's favourites with their items (myshoucang page). */
  app.get('/api/house/collect/list/:memberId', { schema: { params: params({ memberId }), querystring: kindQuery } }, async (req) => {
    const { memberId: mid } = req.params as { memberId: string };
    const { kind } = req.query as { kind?: CollectKind };
    const rows = collectList.all(mid, kind ?? null, kind ?? null) as Row[];
    const out = [];
    for (const r of rows) {
      const [stmt, map] = itemOf[r.kind as CollectKind] ?? itemOf.ershoufang;
      const item = stmt.get(r.house_id) as Row | undefined;
      if (!item) continue;
      out.push({ kind: r.kind, collectedAt: r.created_at, savedPrice: r.price ?? null, item: map(item) });
    }
    return ok(out);
  });

  /**
   * 浏览记录 (issue 34; our paths beside SPEC 7.4's saveHouseViewHistory): the latest view of each thing the member
   * opened, newest first, with its item as a favourite shows it; things since removed from the site are left out.
   */
  const viewList = db.prepare(`SELECT house_id, kind, MAX(created_at) AS viewed_at FROM view_history WHERE member_id = ?
    GROUP BY kind, house_id ORDER BY MAX(id) DESC LIMIT ${VIEW_HISTORY_MAX}`);
  const viewDel = db.prepare('DELETE FROM view_history WHERE member_id = ? AND house_id = ? AND kind = ?');
  const viewClear = db.prepare('DELETE FROM view_history WHERE member_id = ?');
  app.get('/api/house/viewHistory/list/:memberId', { schema: { params: params({ memberId }) } }, async (req) => {
    const { memberId: mid } = req.params as { memberId: string };
    const out = [];
    for (const r of viewList.all(mid) as Row[]) {
      const [stmt, map] = itemOf[r.kind as CollectKind] ?? itemOf.ershoufang;
      const item = stmt.get(r.house_id) as Row | undefined;
      if (item) out.push({ kind: r.kind, viewedAt: r.viewed_at, item: map(item) });
    }
    return ok(out);
  });
  const viewKind = { type: 'string', enum: [...COLLECT_KINDS] } as const;
  app.post(
    '/api/house/viewHistory/remove',
    { schema: { body: body({ memberId, houseId: int(1), kind: viewKind }, ['memberId', 'houseId', 'kind']) } },
    async (req) => {
      const b = req.body as { memberId: string; houseId: number; kind: CollectKind };
      const removed = viewDel.run(b.memberId, b.houseId, b.kind).changes;
      return removed ? ok({ houseId: b.houseId, kind: b.kind, removed }) : fail(404, '浏览记录不存在');
    },
  );
  app.post('/api/house/viewHistory/clear', { schema: { body: body({ memberId }, ['memberId']) } }, async (req) => {
    const { memberId: mid } = req.body as { memberId: string };
    return ok({ removed: viewClear.run(mid).changes });
  });

  const insertKanfang =
    db.prepare(`INSERT INTO kanfang (city_id, house_id, house_type, member_id, name, phone, visit_date, remark, belonger_id, source, created_at)
    VALUES (?,?,?,?,?,?,?,?,?,?,?)`);
  const listingExists = db.prepare('SELECT 1 FROM listing WHERE id = ?').pluck();
  const belongerExists = db.prepare('SELECT 1 FROM belonger WHERE id = ?').pluck();
  const kanfangList = db.prepare(`SELECT k.id, k.house_id AS houseId, k.house_type AS houseType, k.name, k.visit_date AS visitDate,
    k.remark, k.status, k.created_at AS createdAt, l.title FROM kanfang k LEFT JOIN listing l ON l.id = k.house_id
    WHERE k.member_id = ? ORDER BY k.id DESC LIMIT 100`);
  /** A member's viewing bookings with their status (我的预约 of /personalcenter; our path). */
  app.get('/api/kanfang/findByMember/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok(kanfangList.all((req.params as { memberId: string }).memberId)),
  );
  const kanfangOwn = db.prepare('SELECT status FROM kanfang WHERE id = ? AND member_id = ?').pluck();
  const kanfangCancel = db.prepare("UPDATE kanfang SET status = '已取消' WHERE id = ? AND member_id = ? AND status = '待确认'");
  /**
   * The member cancels a booking still 待确认 (issue 34; our path): another member's booking is not found, one the agent
   * has already confirmed (or one cancelled before) is 409.
   */
  app.post('/api/kanfang/cancel', { schema: { body: body({ id: int(1), memberId }, ['id', 'memberId']) } }, async (req) => {
    const b = req.body as { id: number; memberId: string };
    const status = kanfangOwn.get(b.id, b.memberId) as string | undefined;
    if (status === undefined) return fail(404, '预约不存在');
    if (status !== '待确认' || kanfangCancel.run(b.id, b.memberId).changes === 0) return fail(409, `该预约${status}，不能取消`);
    return ok({ id: b.id, status: '已取消' });
  });
  app.post(
    '/api/kanfang/add',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            houseId: int(1),
            houseType: int(1, 16),
            memberId,
            name: text(30, 1, false),
            phone,
            visitDate: dateTime,
            remark: text(500),
            belongerId: int(1),
            source: str(30),
          },
          ['name', 'phone'],
        ),
      },
    },
    async (req, reply) => {
      const b = req.body as Row;
      if (b.houseId !== undefined && !listingExists.get(b.houseId)) return unknownId(reply, 'houseId', '房源不存在');
      if (b.belongerId !== undefined && !belongerExists.get(b.belongerId)) return unknownId(reply, 'belongerId', '经纪人不存在');
      const dateProblem = b.visitDate === undefined ? null : futureDateProblem(b.visitDate);
      if (dateProblem) return unknownId(reply, 'visitDate', dateProblem);
      const info = insertKanfang.run(
        b.cityId ?? null,
        b.houseId ?? null,
        b.houseType ?? null,
        b.memberId ?? null,
        b.name,
        b.phone,
        b.visitDate ?? null,
        b.remark ?? null,
        b.belongerId ?? null,
        b.source ?? 'wap',
        sqlNow(),
      );
      return ok({ id: Number(info.lastInsertRowid), status: '待确认' });
    },
  );

  const listingByNumber = db.prepare('SELECT id, house_number, belonger_id FROM listing WHERE id = ? OR house_number = ?');
  const agentCounts = agentFigures(db);
  const insertDaikan =
    db.prepare(`INSERT INTO daikan (listing_id, house_number, loupan_id, belonger_id, member_id, customer, phone, remark, created_at)
    VALUES (?,?,?,?,?,?,?,?,?)`);
  app.post(
    '/api/daikan/addDaiKan',
    {
      schema: {
        body: body(
          {
            houseId: int(1),
            houseNumber: str(30, 1),
            loupanId: int(1),
            belongerId: int(1),
            memberId,
            customer: str(30, 1),
            phone,
            remark: str(500),
          },
          ['belongerId', 'customer'],
        ),
      },
    },
    async (req) => {
      const b = req.body as Row;
      if (!belongerExists.get(b.belongerId)) return fail(404, '经纪人不存在');
      const l = b.houseId || b.houseNumber ? (listingByNumber.get(b.houseId ?? -1, b.houseNumber ?? '') as Row | undefined) : undefined;
      if ((b.houseId || b.houseNumber) && !l) return fail(404, '房源不存在');
      const info = insertDaikan.run(
        l?.id ?? null,
        l?.house_number ?? null,
        b.loupanId ?? null,
        b.belongerId,
        b.memberId ?? null,
        b.customer,
        b.phone ?? null,
        b.remark ?? '预约带看',
        sqlNow(),
      );
      agentCounts.ofAgent(b.belongerId);
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );

  const insertJubao = db.prepare(
    'INSERT INTO jubao (house_id, house_type, member_id, phone, reason, content, images, created_at) VALUES (?,?,?,?,?,?,?,?)',
  );
  const jubaoList =
    db.prepare(`SELECT j.id, j.house_id AS houseId, j.house_type AS houseType, j.reason, j.content, j.status, j.created_at AS createdAt, l.title
    FROM jubao j LEFT JOIN listing l ON l.id = j.house_id WHERE j.member_id = ? ORDER BY j.id DESC LIMIT 100`);
  app.post(
    '/api/jubao/save',
    {
      schema: {
        body: body(
          {
            houseId: int(1),
            houseType: int(1, 16),
            memberId,
            phone,
            reason: { type: 'string', enum: JUBAO_REASONS },
            content: text(1000),
            images,
          },
          ['houseId', 'reason'],
        ),
      },
    },
    async (req, reply) => {
      const b = req.body as Row;
      if (!listingExists.get(b.houseId)) return unknownId(reply, 'houseId', '房源不存在');
      const info = insertJubao.run(
        b.houseId,
        b.houseType ?? null,
        b.memberId ?? null,
        b.phone ?? null,
        b.reason,
        b.content ?? null,
        jsonOrNull(b.images),
        sqlNow(),
      );
      return ok({ id: Number(info.lastInsertRowid), status: '待处理' });
    },
  );
  const jubaoOwn = db.prepare('SELECT status FROM jubao WHERE id = ? AND member_id = ?').pluck();
  const jubaoWithdraw = db.prepare("DELETE FROM jubao WHERE id = ? AND member_id = ? AND status = '待处理'");
  /** The member withdraws a report not yet handled (issue 34; our path): it is gone; another member's is not found. */
  app.post('/api/jubao/withdraw', { schema: { body: body({ id: int(1), memberId }, ['id', 'memberId']) } }, async (req) => {
    const b = req.body as { id: number; memberId: string };
    const status = jubaoOwn.get(b.id, b.memberId) as string | undefined;
    if (status === undefined) return fail(404, '举报记录不存在');
    if (status !== '待处理' || jubaoWithdraw.run(b.id, b.memberId).changes === 0) return fail(409, `该举报${status}，不能撤回`);
    return ok({ id: b.id, withdrawn: true });
  });
  /** A member's reports (jubaoRecord page). */
  app.get('/api/jubao/findByMember/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok(jubaoList.all((req.params as { memberId: string }).memberId)),
  );

  const insertCorrection = db.prepare(
    'INSERT INTO correction (house_id, house_type, member_id, phone, field, content, created_at) VALUES (?,?,?,?,?,?,?)',
  );
  app.post(
    '/api/correction/insert',
    {
      schema: {
        body: body(
          {
            houseId: int(1),
            houseType: int(1, 16),
            memberId,
            phone,
            field: { type: 'string', enum: CORRECTION_FIELDS },
            content: text(CORRECTION_MAX, CORRECTION_MIN),
          },
          ['content'],
        ),
      },
    },
    async (req, reply) => {
      const b = req.body as Row;
      if (b.houseId !== undefined && !listingExists.get(b.houseId)) return unknownId(reply, 'houseId', '房源不存在');
      const info = insertCorrection.run(
        b.houseId ?? null,
        b.houseType ?? null,
        b.memberId ?? null,
        b.phone ?? null,
        b.field ?? null,
        b.content.trim(),
        sqlNow(),
      );
      return ok({ id: Number(info.lastInsertRowid), status: '待处理' });
    },
  );
  const correctionList = db.prepare(`SELECT c.id, c.house_id AS houseId, c.house_type AS houseType, c.field, c.content, c.status,
    c.created_at AS createdAt, l.title FROM correction c LEFT JOIN listing l ON l.id = c.house_id WHERE c.member_id = ? ORDER BY c.id DESC LIMIT 100`);
  /** A member's corrections (/jubaoRecord; our path). */
  app.get('/api/correction/findByMember/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok(correctionList.all((req.params as { memberId: string }).memberId)),
  );

  const insertFeedback = db.prepare(
    'INSERT INTO feedback (city_id, member_id, phone, kind, content, images, created_at) VALUES (?,?,?,?,?,?,?)',
  );
  /** Feedback of /yonghufankui (its path is not in SPEC 7; this is ours). */
  app.post(
    '/api/feedback/save',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            memberId,
            phone,
            kind: { type: 'string', enum: FEEDBACK_KINDS },
            content: text(FEEDBACK_MAX, FEEDBACK_MIN),
            images,
          },
          ['content'],
        ),
      },
    },
    async (req) => {
      const b = req.body as Row;
      const info = insertFeedback.run(
        b.cityId ?? null,
        b.memberId ?? null,
        b.phone ?? null,
        b.kind ?? '其他',
        b.content.trim(),
        jsonOrNull(b.images),
        sqlNow(),
      );
      return ok({ id: Number(info.lastInsertRowid), status: '已收到' });
    },
  );
  const feedbackList = db.prepare(`SELECT id, kind, content, phone, images, status, created_at AS createdAt FROM feedback
    WHERE member_id = ? ORDER BY id DESC LIMIT 50`);
  /** A member's feedback (/yonghufankui; our path). */
  app.get('/api/feedback/findByMember/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok(
      (feedbackList.all((req.params as { memberId: string }).memberId) as Row[]).map((r) => ({
        ...r,
        images: r.images ? JSON.parse(r.images) : [],
      })),
    ),
  );

  const demandOne =
    db.prepare(`SELECT id, city_id AS cityId, member_id AS memberId, phone, name, demand_type AS demandType, region, budget, rooms, remark,
    area, districts, move_in AS moveIn, created_at AS createdAt FROM customer_demand WHERE (member_id = ? OR phone = ?) ORDER BY id DESC LIMIT 1`);
  const demandInsert =
    db.prepare(`INSERT INTO customer_demand (city_id, member_id, phone, name, demand_type, region, budget, rooms, remark, area, districts,
    move_in, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const regionOf = db.prepare('SELECT name, city_id FROM region WHERE id = ?');
  app.get('/api/customerDemand/findOne', { schema: { querystring: body({ memberId, phone }) } }, async (req) => {
    const q = req.query as { memberId?: string; phone?: string };
    if (!q.memberId && !q.phone) return fail(400, 'memberId: memberId 或 phone 必传一个');
    const row = demandOne.get(q.memberId ?? '', q.phone ?? '') as Row | undefined;
    return ok(row ? { ...row, districts: row.districts ? JSON.parse(row.districts) : [] } : null);
  });
  app.post(
    '/api/customerDemand/save',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            memberId,
            phone,
            name: text(30, 0, false),
            demandType: { type: 'string', enum: DEMAND_TYPES },
            region: text(40, 0, false),
            budget: text(40, 0, false),
            area: text(40, 0, false),
            rooms: text(20, 0, false),
            districts: { type: 'array', items: int(1), maxItems: DEMAND_DISTRICTS_MAX, uniqueItems: true },
            moveIn: text(20, 0, false),
            remark: text(500),
          },
          ['phone', 'demandType'],
        ),
      },
    },
    async (req, reply) => {
      const b = req.body as Row;
      const names: string[] = [];
      for (const id of (b.districts as number[] | undefined) ?? []) {
        const r = regionOf.get(id) as Row | undefined;
        if (!r || (b.cityId !== undefined && r.city_id !== b.cityId)) return unknownId(reply, 'districts', `区域 ${id} 不存在`);
        names.push(r.name);
      }
      const info = demandInsert.run(
        b.cityId ?? null,
        b.memberId ?? null,
        b.phone,
        b.name ?? null,
        b.demandType,
        b.region ?? (names.length ? names.join('、') : null),
        b.budget ?? null,
        b.rooms ?? null,
        b.remark?.trim() || null,
        b.area ?? null,
        b.districts?.length ? JSON.stringify(b.districts) : null,
        b.moveIn ?? null,
        sqlNow(),
      );
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );

  // A coupon past its date reads 已过期 whatever its stored status, unless it was used.
  const COUPON_STATUS = `CASE WHEN status = '未使用' AND expires_at < ? THEN '已过期' ELSE status END`;
  const couponsOf = db.prepare(
    `SELECT coupon_no AS couponNo, title, amount, ${COUPON_STATUS} AS status, expires_at AS expiresAt, created_at AS createdAt FROM coupon
    WHERE phone = ? ORDER BY id DESC`,
  );
  const batchOf = db.prepare('SELECT * FROM coupon_batch WHERE coupon_no = ?');
  const batchesOf = db.prepare(
    `SELECT coupon_no AS couponNo, title, amount, rule, valid_days AS validDays, ends_at AS endsAt FROM coupon_batch
    WHERE city_id = ? AND ends_at > ? ORDER BY coupon_no`,
  );
  /** The coupons of a city's running activities, claimable by number (our path). */
  app.get('/api/activity/coupons/:cityId', { schema: { params: params({ cityId: int(1, 9999) }) } }, async (req) =>
    ok(batchesOf.all((req.params as { cityId: number }).cityId, sqlNow())),
  );
  const couponInsert = db.prepare(
    `INSERT OR IGNORE INTO coupon (coupon_no, phone, city_id, title, amount, status, expires_at, created_at) VALUES (?,?,?,?,?,?,?,?)`,
  );
  const couponOne = db.prepare(
    `SELECT coupon_no AS couponNo, title, amount, status, expires_at AS expiresAt, created_at AS createdAt FROM coupon WHERE phone = ? AND coupon_no = ?`,
  );
  app.get('/web/coupon/member/:phone', { schema: { params: params({ phone }) } }, async (req) =>
    ok(couponsOf.all(sqlNow(), (req.params as { phone: string }).phone)),
  );
  app.get(
    '/api/activity/get/coupon/:phone/:couponNo',
    { schema: { params: params({ phone, couponNo: { type: 'string', pattern: '^[A-Z0-9]{4,20}$' } }) } },
    async (req, reply) => {
      const p = req.params as { phone: string; couponNo: string };
      const batch = batchOf.get(p.couponNo) as Row | undefined;
      if (!batch) return unknownId(reply, 'couponNo', '优惠券不存在');
      if (batch.ends_at < sqlNow()) return unknownId(reply, 'couponNo', '活动已结束');
      const info = couponInsert.run(
        p.couponNo,
        p.phone,
        batch.city_id,
        batch.title,
        batch.amount,
        '未使用',
        sqlTime(now() + batch.valid_days * 86_400_000),
        sqlNow(),
      );
      return ok({ ...(couponOne.get(p.phone, p.couponNo) as Row), received: info.changes === 1 });
    },
  );
  const subInsert = db.prepare(
    'INSERT OR IGNORE INTO sms_subscription (city_id, phone, house_id, kind, filter, created_at) VALUES (?,?,?,?,?,?)',
  );
  const subSame = db.prepare('SELECT 1 FROM sms_subscription WHERE phone = ? AND kind = ? AND house_id IS NULL AND filter IS ?').pluck();
  const subjectExists = db.prepare('SELECT 1 FROM listing WHERE id = ? UNION ALL SELECT 1 FROM loupan WHERE id = ?').pluck();
  app.post(
    '/api/duanxindingyue/adddxdy',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            phone,
            houseId: int(1),
            kind: { type: 'string', enum: ['变价通知', '开盘通知', '新房源通知', '降价通知'] },
            /** The list filter subscribed to: a path of this site with its query. */
            filter: { type: 'string', maxLength: 300, pattern: '^/[\\x21-\\x7e]*$' },
          },
          ['phone', 'kind'],
        ),
      },
    },
    async (req, reply) => {
      const b = req.body as Row;
      if (b.houseId !== undefined && !subjectExists.get(b.houseId, b.houseId)) return unknownId(reply, 'houseId', '房源不存在');
      if (b.houseId === undefined && subSame.get(b.phone, b.kind, b.filter ?? null)) return ok({ subscribed: true, created: false });
      const info = subInsert.run(b.cityId ?? null, b.phone, b.houseId ?? null, b.kind, b.filter ?? null, sqlNow());
      return ok({ subscribed: true, created: info.changes === 1 });
    },
  );

  const subsOf = db.prepare(
    `SELECT id, kind, filter, house_id AS houseId, created_at AS createdAt FROM sms_subscription WHERE phone = ? ORDER BY id DESC LIMIT 50`,
  );
  /** The SMS subscriptions of a phone number (the personal centre lists them; our path). */
  app.get('/api/duanxindingyue/findByPhone/:phone', { schema: { params: params({ phone }) } }, async (req) =>
    ok(subsOf.all((req.params as { phone: string }).phone)),
  );

  const franchise = db.prepare(
    'INSERT INTO franchise_apply (name, phone, city, company, stores, remark, source, created_at) VALUES (?,?,?,?,?,?,?,?)',
  );
  const franchiseSchema = {
    schema: {
      body: body({ name: str(30, 1), phone, city: str(30), company: str(60), stores: int(0, 10000), remark: str(500) }, ['name', 'phone']),
    },
  };
  const recentApply = db.prepare('SELECT id FROM franchise_apply WHERE phone = ? AND created_at >= ? ORDER BY id DESC').pluck();
  const franchiseHandler = (source: string) => async (req: { body: unknown }) => {
    const b = req.body as Row;
    // One application a phone number a day (issue 17): a second within 24 h is answered with the first, not saved again.
    const earlier = recentApply.get(b.phone, sqlTime(now() - 24 * 3600 * 1000)) as number | undefined;
    if (earlier) return ok({ id: earlier, duplicate: true });
    const info = franchise.run(b.name, b.phone, b.city ?? null, b.company ?? null, b.stores ?? null, b.remark ?? null, source, sqlNow());
    return ok({ id: Number(info.lastInsertRowid) });
  };
  /** The franchise application on the www host (SPEC 7.8); the embedded backend answers it too. */
  app.post('/apply/saveApply', franchiseSchema, franchiseHandler('www'));
  app.post('/admin/Join/JoinSave', franchiseSchema, franchiseHandler('admin'));
  const investment = db.prepare(
    'INSERT INTO investment (city_id, name, phone, company, intention, remark, created_at) VALUES (?,?,?,?,?,?,?)',
  );
  app.post(
    '/api/cityAttractInvestment/saveAttractInvestment',
    {
      schema: {
        body: body({ cityId: int(1, 9999), name: str(30, 1), phone, company: str(60), intention: str(60), remark: str(500) }, [
          'name',
          'phone',
        ]),
      },
    },
    async (req) => {
      const b = req.body as Row;
      const info = investment.run(b.cityId ?? null, b.name, b.phone, b.company ?? null, b.intention ?? null, b.remark ?? null, sqlNow());
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );

  const track = db.prepare('INSERT INTO tracking_event (kind, payload, created_at) VALUES (?,?,?)');
  const trackRoute = (path: string, kind: string) =>
    app.post(path, { schema: { body: { type: 'object', maxProperties: 50 } } }, async (req) => {
      const info = track.run(kind, JSON.stringify(req.body ?? {}).slice(0, 4000), sqlNow());
      return ok({ id: Number(info.lastInsertRowid) });
    });
  trackRoute('/api/huoDongTG/install', 'huodong');
  trackRoute('/web/huoDongTG/install', 'huodong');
  // Sign-ups, poster shares and QR scans of the campaigns: routes/activity.ts (issue 19).
  const push = db.prepare('INSERT INTO push_message (target, title, content, created_at) VALUES (?,?,?,?)');
  app.post(
    '/api/apiGrabCustomersSenMessage/senMessage',
    { schema: { body: body({ phone, content: str(300, 1), belongerId: int(1) }, ['phone', 'content']) } },
    async (req) => {
      const b = req.body as Row;
      const info = push.run(`sms:${b.phone}`, '客户消息', b.content, sqlNow());
      req.log.info({ phone: b.phone, messageId: Number(info.lastInsertRowid) }, 'development SMS (not sent)');
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );

  const counts = db.prepare(`SELECT
    (SELECT COUNT(*) FROM collect WHERE member_id = @m) AS collect,
    (SELECT COUNT(*) FROM kanfang WHERE member_id = @m) AS kanfang,
    (SELECT COUNT(*) FROM jubao WHERE member_id = @m) AS jubao,
    (SELECT COUNT(*) FROM correction WHERE member_id = @m) AS correction,
    (SELECT COUNT(*) FROM valuation WHERE member_id = @m) AS valuation,
    (SELECT COUNT(*) FROM entrust WHERE member_id = @m) AS entrust,
    (SELECT COUNT(*) FROM feedback WHERE member_id = @m) AS feedback,
    (SELECT COUNT(*) FROM coupon WHERE phone = @p AND status = '未使用' AND expires_at >= @now) AS coupon`);
  /** What the personal centre counts for a member, in one call (our path). */
  app.get(
    '/api/member/summary/:memberId',
    { schema: { params: params({ memberId }), querystring: { type: 'object', properties: { phone } } } },
    async (req) => {
      const m = (req.params as { memberId: string }).memberId;
      const p = (req.query as { phone?: string }).phone ?? '';
      return ok(counts.get({ m, p, now: sqlNow() }));
    },
  );

  const personFind = db.prepare('SELECT payload, updated_at FROM person_info WHERE member_id = ?');
  const personSave = db.prepare(
    'INSERT INTO person_info VALUES (?,?,?) ON CONFLICT (member_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at',
  );
  app.post('/Personinformation/find', { schema: { body: body({ memberId }, ['memberId']) } }, async (req) => {
    const row = personFind.get((req.body as { memberId: string }).memberId) as Row | undefined;
    return ok(row ? { ...JSON.parse(row.payload), updatedAt: row.updated_at } : null);
  });
  app.post(
    '/Personinformation/save',
    {
      schema: {
        body: body(
          {
            memberId,
            realName: text(30, 0, false),
            sex: int(0, 2),
            birthday: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            city: text(30, 0, false),
            job: text(40, 0, false),
            intro: text(300),
            // The member's chat settings (issue 18, /city/ChatSettings).
            chatSettings: {
              type: 'object',
              additionalProperties: false,
              required: ['notify', 'preview', 'sound', 'dnd', 'dndFrom', 'dndTo'],
              properties: {
                notify: { type: 'boolean' },
                preview: { type: 'boolean' },
                sound: { type: 'boolean' },
                dnd: { type: 'boolean' },
                dndFrom: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
                dndTo: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
              },
            },
          },
          ['memberId'],
        ),
      },
    },
    async (req) => {
      const { memberId: mid, ...rest } = req.body as Row;
      personSave.run(mid, JSON.stringify(rest), sqlNow());
      return ok(true);
    },
  );
}
