import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { body, idParams, int, memberId, params, phone, str } from '../schemas.ts';
import { sqlNow } from '../util.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const KINDS = ['sell', 'rent'] as const;

/**
 * Entrustment (SPEC 1, route /Index/yijianweituo with its address, form, list, details, log, modifyprice and removeshelf
 * sub-pages): an owner commissions the company to sell or rent out a home, then follows it, changes its price or takes
 * it off. The calls are not shown in SPEC 7; these paths are ours. Every change is written with its log line in one
 * transaction. A new entrustment is assigned an agent of the community's business area.
 */
export function registerEntrustRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const insert =
    db.prepare(`INSERT INTO entrust (member_id, city_id, kind, xiaoqu_id, xiaoqu_name, address, building, unit, room, area, rooms, halls,
    toilets, floor, total_floors, price, contact, phone, remark, status, belonger_id, created_at, updated_at)
    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const log = db.prepare('INSERT INTO entrust_log (entrust_id, action, detail, created_at) VALUES (?,?,?,?)');
  const one = db.prepare('SELECT * FROM entrust WHERE id = ?');
  const list = db.prepare('SELECT * FROM entrust WHERE member_id = ? ORDER BY id DESC LIMIT 100');
  const logs = db.prepare('SELECT id, action, detail, created_at AS createdAt FROM entrust_log WHERE entrust_id = ? ORDER BY id');
  const setPrice = db.prepare('UPDATE entrust SET price = ?, updated_at = ? WHERE id = ?');
  const setStatus = db.prepare('UPDATE entrust SET status = ?, updated_at = ? WHERE id = ?');
  const xiaoqu = db.prepare('SELECT id, name, city_id, shop_map_id, address FROM xiaoqu WHERE id = ?');
  const agentOfShop = db.prepare(`SELECT b.id, b.name, b.phone, b.portrait, b.uid FROM belonger b JOIN store s ON s.id = b.store_id
    WHERE b.city_id = ? AND b.iskefu = 0 ORDER BY s.shop_map_id = ? DESC, b.star DESC, b.id LIMIT 1`);
  const agent = db.prepare('SELECT id AS belongerId, name, phone, portrait, uid FROM belonger WHERE id = ?');

  const view = (r: Row) => ({
    id: r.id,
    memberId: r.member_id,
    cityId: r.city_id,
    kind: r.kind,
    kindName: r.kind === 'sell' ? '委托出售' : '委托出租',
    stressId: r.xiaoqu_id,
    xiaoquName: r.xiaoqu_name,
    address: r.address,
    building: r.building,
    unit: r.unit,
    room: r.room,
    area: r.area,
    rooms: r.rooms,
    halls: r.halls,
    toilets: r.toilets,
    floor: r.floor,
    totalFloors: r.total_floors,
    price: r.price,
    priceUnit: r.kind === 'sell' ? '万' : '元/月',
    contact: r.contact,
    phone: r.phone,
    remark: r.remark,
    status: r.status,
    agent: r.belonger_id ? agent.get(r.belonger_id) : null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
  const mine = (id: number, member: string): Row | string => {
    const r = one.get(id) as Row | undefined;
    if (!r) return '委托不存在';
    if (r.member_id !== member) return '只能操作自己的委托';
    return r;
  };

  app.post(
    '/api/entrust/save',
    {
      schema: {
        body: body(
          {
            memberId,
            cityId: int(1, 9999),
            kind: { type: 'string', enum: [...KINDS] },
            stressId: int(1),
            xiaoquName: str(60, 1),
            address: str(120),
            building: str(20),
            unit: str(20),
            room: str(20),
            area: { type: 'number', exclusiveMinimum: 0, maximum: 10000 },
            rooms: int(0, 20),
            halls: int(0, 10),
            toilets: int(0, 10),
            floor: int(-5, 200),
            totalFloors: int(1, 200),
            price: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 },
            contact: str(30, 1),
            phone,
            remark: str(500),
          },
          ['memberId', 'cityId', 'kind', 'area', 'price', 'contact', 'phone'],
        ),
      },
    },
    async (req) => {
      const b = req.body as Row;
      const x = b.stressId ? (xiaoqu.get(b.stressId) as Row | undefined) : undefined;
      if (b.stressId && !x) return fail(404, '小区不存在');
      if (!x && !b.xiaoquName) return fail(400, 'xiaoquName: 小区名称或小区ID必传一个');
      const assigned = agentOfShop.get(b.cityId, x?.shop_map_id ?? -1) as Row | undefined;
      const now = sqlNow();
      const id = db.transaction(() => {
        const info = insert.run(
          b.memberId,
          b.cityId,
          b.kind,
          x?.id ?? null,
          x?.name ?? b.xiaoquName,
          b.address ?? x?.address ?? null,
          b.building ?? null,
          b.unit ?? null,
          b.room ?? null,
          b.area,
          b.rooms ?? null,
          b.halls ?? null,
          b.toilets ?? null,
          b.floor ?? null,
          b.totalFloors ?? null,
          b.price,
          b.contact,
          b.phone,
          b.remark ?? null,
          '待审核',
          assigned?.id ?? null,
          now,
          now,
        );
        const newId = Number(info.lastInsertRowid);
        log.run(newId, '提交委托', `${b.kind === 'sell' ? '出售' : '出租'}报价 ${b.price}${b.kind === 'sell' ? '万' : '元/月'}`, now);
        if (assigned) log.run(newId, '分配经纪人', `由${assigned.name}跟进`, now);
        return newId;
      })();
      return ok(view(one.get(id) as Row));
    },
  );
  app.get('/api/entrust/list/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok((list.all((req.params as { memberId: string }).memberId) as Row[]).map(view)),
  );
  app.get('/api/entrust/:id', { schema: { params: idParams, querystring: body({ memberId }, ['memberId']) } }, async (req) => {
    const r = mine((req.params as { id: number }).id, (req.query as { memberId: string }).memberId);
    if (typeof r === 'string') return fail(r === '委托不存在' ? 404 : 403, r);
    return ok({ ...view(r), logs: logs.all(r.id) });
  });
  app.post(
    '/api/entrust/modifyPrice',
    {
      schema: {
        body: body({ id: int(1), memberId, price: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 } }, [
          'id',
          'memberId',
          'price',
        ]),
      },
    },
    async (req) => {
      const b = req.body as { id: number; memberId: string; price: number };
      const r = mine(b.id, b.memberId);
      if (typeof r === 'string') return fail(r === '委托不存在' ? 404 : 403, r);
      if (r.status === '已下架') return fail(409, '委托已下架，不能改价');
      const now = sqlNow();
      db.transaction(() => {
        setPrice.run(b.price, now, b.id);
        log.run(b.id, '修改价格', `${r.price} → ${b.price}${r.kind === 'sell' ? '万' : '元/月'}`, now);
      })();
      return ok(view(one.get(b.id) as Row));
    },
  );
  app.post(
    '/api/entrust/removeShelf',
    {
      schema: {
        body: body(
          {
            id: int(1),
            memberId,
            reason: { type: 'string', enum: ['已自行售出', '已自行出租', '暂不出售', '暂不出租', '价格原因', '其他'] },
          },
          ['id', 'memberId', 'reason'],
        ),
      },
    },
    async (req) => {
      const b = req.body as { id: number; memberId: string; reason: string };
      const r = mine(b.id, b.memberId);
      if (typeof r === 'string') return fail(r === '委托不存在' ? 404 : 403, r);
      if (r.status === '已下架') return ok(view(r));
      const now = sqlNow();
      db.transaction(() => {
        setStatus.run('已下架', now, b.id);
        log.run(b.id, '下架', b.reason, now);
      })();
      return ok(view(one.get(b.id) as Row));
    },
  );
}
