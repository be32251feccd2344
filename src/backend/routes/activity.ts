import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ActivityCoupon, ActivityItem, ActivitySummary } from '../../contracts/gateway/activity.ts';
import { ACTIVITY_KINDS, SIGNUP_NAME_MAX } from '../../lib/activity.ts';
import type { BackendContext } from '../context.ts';
import { ok, page, paging } from '../envelope.ts';
import { listingItem, loupanItem } from '../mappers.ts';
import { body, int, memberId, pagingProps, params, phone, text } from '../schemas.ts';
import { sqlTime } from '../time.ts';
import { LISTING_SELECT } from './listing.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const kind = { type: 'string', enum: [...ACTIVITY_KINDS] } as const;
const personName = text(SIGNUP_NAME_MAX, 1, false);

/** A refusal the person can act on: HTTP status with the message the page shows. */
const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ status, message, obj: null });

/**
 * Campaigns (issue 19): activities of the /huodong templates (our paths: list, detail, current of a kind), their
 * sign-ups, poster shares and QR scans (SPEC 7.8 tracking and promotion), group viewings and the promoted items of
 * /adver. Every write is validated (400 naming the field) and saved in SQLite; an ended activity or a full or past
 * group viewing is refused (409), a sign-up made twice is answered with the first one (`duplicate: true`).
 */
export function registerActivityRoutes(app: FastifyInstance, { db, now }: BackendContext): void {
  const nowText = () => sqlTime(now());
  const STATE = `CASE WHEN a.ends_at <= @now THEN 'ended' WHEN a.starts_at > @now THEN 'upcoming' ELSE 'running' END`;
  const SUMMARY = `SELECT a.*, ${STATE} AS state, (SELECT COUNT(*) FROM activity_signup s WHERE s.activity_id = a.id) AS signup_count FROM activity a`;
  const one = db.prepare(`${SUMMARY} WHERE a.id = @id`);
  const current = db.prepare(
    `${SUMMARY} WHERE a.city_id = @cityId AND a.kind = @kind AND a.starts_at <= @now AND a.ends_at > @now ORDER BY a.starts_at DESC, a.id DESC LIMIT 1`,
  );
  const loupanOne = db.prepare(`${LOUPAN_SELECT} WHERE l.id = ?`);
  const listingOne = db.prepare(`${LISTING_SELECT} WHERE l.id = ? AND l.status = 1`);
  const batchOne = db.prepare('SELECT coupon_no, title, amount, rule, valid_days FROM coupon_batch WHERE coupon_no = ?');

  const summary = (r: Row): ActivitySummary => ({
    id: r.id,
    cityId: r.city_id,
    kind: r.kind,
    name: r.name,
    subtitle: r.subtitle,
    banner: r.banner,
    benefit: r.benefit,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    state: r.state,
    posterId: r.poster_id,
    signupCount: r.signup_count,
    viewNum: r.view_num,
  });
  const detail = (r: Row) => {
    const items: ActivityItem[] = [];
    for (const it of JSON.parse(r.items) as Array<{ type: 'loupan' | 'listing'; id: number; note: string; specialPrice?: number }>) {
      const row = (it.type === 'loupan' ? loupanOne : listingOne).get(it.id) as Row | undefined;
      if (!row) continue; // sold or withdrawn since: not shown
      items.push({
        type: it.type,
        note: it.note,
        specialPrice: it.specialPrice ?? null,
        loupan: it.type === 'loupan' ? loupanItem(row) : null,
        listing: it.type === 'listing' ? listingItem(row) : null,
      });
    }
    const coupons: ActivityCoupon[] = [];
    for (const no of JSON.parse(r.coupon_nos) as string[]) {
      const b = batchOne.get(no) as Row | undefined;
      if (b) coupons.push({ couponNo: b.coupon_no, title: b.title, amount: b.amount, rule: b.rule, validDays: b.valid_days });
    }
    return { ...summary(r), rules: JSON.parse(r.rules) as string[], place: r.place, hotline: r.hotline, items, coupons };
  };

  app.get(
    '/api/activity/list/:cityId',
    {
      schema: {
        params: params({ cityId: int(1, 9999) }),
        querystring: body({ kind, state: { type: 'string', enum: ['running', 'ended', 'upcoming'] }, ...pagingProps }),
      },
    },
    async (req) => {
      const { cityId } = req.params as { cityId: number };
      const q = req.query as { kind?: string; state?: string; page?: number; size?: number };
      const { pageNo, size, offset } = paging(q, 10);
      const where = ['a.city_id = @cityId'];
      if (q.kind) where.push('a.kind = @kind');
      if (q.state) where.push(`${STATE} = @state`);
      const args = { cityId, kind: q.kind ?? null, state: q.state ?? null, now: nowText() };
      const total = db
        .prepare(`SELECT COUNT(*) FROM activity a WHERE ${where.join(' AND ')}`)
        .pluck()
        .get(args) as number;
      // Running first (the soonest to end first), then the most recently ended.
      const rows = db
        .prepare(
          `${SUMMARY} WHERE ${where.join(' AND ')} ORDER BY (a.ends_at <= @now), CASE WHEN a.ends_at > @now THEN a.ends_at END ASC, a.ends_at DESC, a.id
           LIMIT @size OFFSET @offset`,
        )
        .all({ ...args, size, offset }) as Row[];
      return page(rows.map(summary), total, pageNo, size);
    },
  );

  app.get('/api/activity/detail/:id', { schema: { params: params({ id: int(1) }) } }, async (req) => {
    const r = one.get({ id: (req.params as { id: number }).id, now: nowText() }) as Row | undefined;
    return ok(r ? detail(r) : null);
  });

  app.get('/api/activity/current/:cityId/:kind', { schema: { params: params({ cityId: int(1, 9999), kind }) } }, async (req) => {
    const p = req.params as { cityId: number; kind: string };
    const r = current.get({ cityId: p.cityId, kind: p.kind, now: nowText() }) as Row | undefined;
    return ok(r ? detail(r) : null);
  });

  // SPEC 7.8: a sign-up (or a coupon claim) of an activity.
  const signupOf = db.prepare('SELECT id FROM activity_signup WHERE activity_id = ? AND phone = ?').pluck();
  const signupAdd = db.prepare(
    'INSERT INTO activity_signup (activity_id, name, phone, source, coupon_no, created_at) VALUES (?,?,?,?,?,?)',
  );
  const signupCount = db.prepare('SELECT COUNT(*) FROM activity_signup WHERE activity_id = ?').pluck();
  const couponAdd = db.prepare(
    `INSERT OR IGNORE INTO coupon (coupon_no, phone, city_id, title, amount, status, expires_at, created_at) VALUES (?,?,?,?,?,'未使用',?,?)`,
  );
  app.post(
    '/api/template/updateCustomerFlowDataRecord',
    {
      schema: {
        body: body(
          { activityId: int(1), name: personName, phone, source: { type: 'string', enum: ['form', 'coupon', 'share', 'qrcode'] } },
          ['activityId', 'name', 'phone'],
        ),
      },
    },
    async (req, reply) => {
      const b = req.body as { activityId: number; name: string; phone: string; source?: string };
      const at = now();
      const r = one.get({ id: b.activityId, now: sqlTime(at) }) as Row | undefined;
      if (!r) return refuse(reply, 400, 'activityId: 活动不存在');
      if (r.state === 'ended') return refuse(reply, 409, '活动已结束，无法报名');
      if (r.state === 'upcoming') return refuse(reply, 409, '活动尚未开始，请开始后再报名');
      const couponNos = (JSON.parse(r.coupon_nos) as string[]).filter((no) => batchOne.get(no));
      const earlier = signupOf.get(b.activityId, b.phone) as number | undefined;
      if (earlier) return ok({ id: earlier, duplicate: true, signupCount: signupCount.get(b.activityId), couponNos });
      const id = db.transaction(() => {
        const info = signupAdd.run(b.activityId, b.name.trim(), b.phone, b.source ?? 'form', couponNos[0] ?? null, sqlTime(at));
        for (const no of couponNos) {
          const batch = batchOne.get(no) as Row;
          couponAdd.run(no, b.phone, r.city_id, batch.title, batch.amount, sqlTime(at + batch.valid_days * 86_400_000), sqlTime(at));
        }
        return Number(info.lastInsertRowid);
      })();
      req.log.info({ activityId: b.activityId, signupId: id }, 'activity sign-up saved');
      return ok({ id, duplicate: false, signupCount: signupCount.get(b.activityId), couponNos });
    },
  );

  const posterExists = db.prepare('SELECT 1 FROM activity WHERE poster_id = ?').pluck();
  const shareAdd = db.prepare('INSERT INTO poster_share (poster_id, created_at) VALUES (?,?)');
  const shareCount = db.prepare('SELECT COUNT(*) FROM poster_share WHERE poster_id = ?').pluck();
  app.get('/api/template/posterShareUv/:posterId', { schema: { params: params({ posterId: int(1) }) } }, async (req, reply) => {
    const { posterId } = req.params as { posterId: number };
    if (!posterExists.get(posterId)) return refuse(reply, 404, 'posterId: 海报不存在');
    shareAdd.run(posterId, nowText());
    return ok(shareCount.get(posterId));
  });

  const scanAdd = db.prepare('INSERT INTO qrcode_scan (poster_id, scene, created_at) VALUES (?,?,?)');
  app.post(
    '/api/qrcodePutInCount/save',
    { schema: { body: body({ posterId: int(1), scene: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' } }, ['posterId']) } },
    async (req, reply) => {
      const b = req.body as { posterId: number; scene?: string };
      if (!posterExists.get(b.posterId)) return refuse(reply, 400, 'posterId: 海报不存在');
      const info = scanAdd.run(b.posterId, b.scene ?? 'poster', nowText());
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );

  // Group viewings (/grouproom).
  const SESSION = `SELECT g.*, (SELECT COUNT(*) FROM group_signup s WHERE s.session_id = g.id) AS taken FROM group_session g`;
  const sessions = db.prepare(`${SESSION} WHERE g.city_id = ? AND g.starts_at > ? ORDER BY g.starts_at, g.id LIMIT 50`);
  const sessionOne = db.prepare(`${SESSION} WHERE g.id = ?`);
  const sessionItem = (r: Row) => {
    const lp = loupanOne.get(r.loupan_id) as Row | undefined;
    return lp
      ? {
          id: r.id,
          cityId: r.city_id,
          title: r.title,
          startsAt: r.starts_at,
          meetingPoint: r.meeting_point,
          seats: r.seats,
          seatsLeft: Math.max(0, r.seats - r.taken),
          leader: r.leader,
          route: JSON.parse(r.route) as string[],
          benefit: r.benefit,
          loupan: loupanItem(lp),
        }
      : null;
  };
  app.get('/api/grouproom/sessions/:cityId', { schema: { params: params({ cityId: int(1, 9999) }) } }, async (req) =>
    ok((sessions.all((req.params as { cityId: number }).cityId, nowText()) as Row[]).map(sessionItem).filter(Boolean)),
  );
  const groupOf = db.prepare('SELECT id FROM group_signup WHERE session_id = ? AND phone = ?').pluck();
  const groupAdd = db.prepare('INSERT INTO group_signup (session_id, name, phone, member_id, created_at) VALUES (?,?,?,?,?)');
  app.post(
    '/api/grouproom/signup',
    { schema: { body: body({ sessionId: int(1), name: personName, phone, memberId }, ['sessionId', 'name', 'phone']) } },
    async (req, reply) => {
      const b = req.body as { sessionId: number; name: string; phone: string; memberId?: string };
      const r = sessionOne.get(b.sessionId) as Row | undefined;
      if (!r) return refuse(reply, 400, 'sessionId: 看房团不存在');
      const earlier = groupOf.get(b.sessionId, b.phone) as number | undefined;
      if (earlier) return ok({ id: earlier, duplicate: true, seatsLeft: Math.max(0, r.seats - r.taken) });
      if (r.starts_at <= nowText()) return refuse(reply, 409, '本场看房团已出发，请选择其他场次');
      // The check and the insert in one transaction: two last sign-ups cannot both take the last seat.
      const saved = db.transaction(() => {
        const taken = (sessionOne.get(b.sessionId) as Row).taken as number;
        if (taken >= r.seats) return null;
        return {
          id: Number(groupAdd.run(b.sessionId, b.name.trim(), b.phone, b.memberId ?? null, nowText()).lastInsertRowid),
          left: r.seats - taken - 1,
        };
      })();
      if (!saved) return refuse(reply, 409, '本场看房团已满员，请选择其他场次');
      return ok({ id: saved.id, duplicate: false, seatsLeft: saved.left });
    },
  );

  // /adver: the city's promoted estates and listings.
  const promos = db.prepare('SELECT * FROM promotion WHERE city_id = ? ORDER BY sort, id');
  app.get('/api/promotion/list/:cityId', { schema: { params: params({ cityId: int(1, 9999) }) } }, async (req) => {
    const out = [];
    for (const p of promos.all((req.params as { cityId: number }).cityId) as Row[]) {
      const row = (p.target_type === 'loupan' ? loupanOne : listingOne).get(p.target_id) as Row | undefined;
      if (!row) continue;
      out.push({
        id: p.id,
        slogan: p.slogan,
        type: p.target_type,
        loupan: p.target_type === 'loupan' ? loupanItem(row) : null,
        listing: p.target_type === 'listing' ? listingItem(row) : null,
      });
    }
    return ok(out);
  });
}
