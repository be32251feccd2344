import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context.ts';
import { fail, ok } from '../envelope.ts';
import { body, idParams, int, memberId, params, phone, str } from '../schemas.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const KINDS = ['sell', 'rent'] as const;

/** The entrustment states (issue 17) and the transitions allowed from each. */
export const ENTRUST_STATES = ['待受理', '已受理', '已上架', '已成交', '已下架'] as const;
export type EntrustState = (typeof ENTRUST_STATES)[number];
const NEXT: Record<string, readonly string[]> = {
  待受理: ['已受理', '已下架'],
  已受理: ['已上架', '已下架'],
  已上架: ['已成交', '已下架'],
  已成交: [],
  已下架: [],
};
/** Whether `from` → `to` is a legal step. */
export const canMove = (from: string, to: string): boolean => (NEXT[from] ?? []).includes(to);

/**
 * How long the embedded gateway waits before it advances an entrustment by itself (the production gateway does it from
 * the console): 待受理 → 已受理 after ENTRUST_ACCEPT_MS (default 60 s), 已受理 → 已上架 after ENTRUST_LIST_MS (default
 * 120 s), measured on the backend's clock (`now`, a test seam) and applied when the entrustment is next read.
 */
function delay(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}

/**
 * Entrustment (SPEC 1, route /Index/yijianweituo with its address, form, list, details, log, modifyprice and removeshelf
 * sub-pages): an owner commissions the company to sell or rent out a home, then follows it, changes its price or takes
 * it off. The calls are not shown in SPEC 7; these paths are ours. Every change is written with its log line in one
 * transaction. A new entrustment is assigned an agent of the community's business area.
 */
export function registerEntrustRoutes(app: FastifyInstance, { db, now: clock, sqlNow, listings }: BackendContext): void {
  const acceptMs = delay('ENTRUST_ACCEPT_MS', 60_000);
  const listMs = delay('ENTRUST_LIST_MS', 120_000);
  const insert =
    db.prepare(`INSERT INTO entrust (member_id, city_id, kind, xiaoqu_id, xiaoqu_name, address, building, unit, room, area, rooms, halls,
    toilets, floor, total_floors, price, contact, phone, remark, status, belonger_id, created_at, updated_at, orientation, decoration, state_at)
    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const logRow = db.prepare('INSERT INTO entrust_log (entrust_id, action, detail, created_at, actor) VALUES (?,?,?,?,?)');
  const log = (id: number, action: string, detail: string, at: string, actor = '业主') => logRow.run(id, action, detail, at, actor);
  const one = db.prepare('SELECT * FROM entrust WHERE id = ?');
  const list = db.prepare('SELECT * FROM entrust WHERE member_id = ? ORDER BY id DESC LIMIT 100');
  const logs = db.prepare('SELECT id, action, detail, actor, created_at AS createdAt FROM entrust_log WHERE entrust_id = ? ORDER BY id');
  const setPrice = db.prepare('UPDATE entrust SET price = ?, updated_at = ? WHERE id = ?');
  const setStatus = db.prepare('UPDATE entrust SET status = ?, updated_at = ?, state_at = ? WHERE id = ?');
  const setAgent = db.prepare('UPDATE entrust SET belonger_id = ? WHERE id = ?');
  const setListing = db.prepare('UPDATE entrust SET listing_id = ? WHERE id = ?');
  const xiaoqu = db.prepare(
    'SELECT id, name, sname, city_id, region_id, shop_map_id, station_id, address, build_year, avg_price FROM xiaoqu WHERE id = ?',
  );
  const listingInsert = db.prepare(`INSERT INTO listing (house_number, house_type, city_id, region_id, shop_map_id, xiaoqu_id, station_id,
    belonger_id, title, price, unit_price, area, rooms, halls, toilets, floor, total_floors, orientation, decoration, build_year, elevator,
    use_type, rent_type, short_term, pay_type, tags, feature, price_change, original_price, description, img_count, img_seed, has_vr, view_num,
    created_at, updated_at, status, business_format) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const listingNumber = db.prepare('UPDATE listing SET house_number = ? WHERE id = ?');
  const listingStatus = db.prepare('UPDATE listing SET status = ?, updated_at = ? WHERE id = ?');
  const listingPrice = db.prepare(
    'UPDATE listing SET price = ?, unit_price = ?, original_price = price, price_change = ?, updated_at = ? WHERE id = ?',
  );
  const listingOf = db.prepare('SELECT house_number FROM listing WHERE id = ?').pluck();
  const cityDomain = db.prepare('SELECT domain FROM city WHERE id = ?').pluck();
  const fts = db.prepare('INSERT INTO search_fts (body, kind, ref_id, city_id) VALUES (?,?,?,?)');
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
    orientation: r.orientation ?? null,
    decoration: r.decoration ?? null,
    status: r.status,
    agent: r.belonger_id && r.status !== '待受理' ? agent.get(r.belonger_id) : null,
    houseNumber: r.listing_id ? ((listingOf.get(r.listing_id) as string | undefined) ?? null) : null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
  /** Creates the second-hand or rental listing of an entrustment (已上架), returns its id. */
  const publish = (r: Row, at: string): number => {
    const x = r.xiaoqu_id ? (xiaoqu.get(r.xiaoqu_id) as Row | undefined) : undefined;
    const sell = r.kind === 'sell';
    const rooms = r.rooms ?? 2;
    const halls = r.halls ?? 1;
    const toilets = r.toilets ?? 1;
    const name = x?.sname ?? r.xiaoqu_name;
    const unit = sell ? Math.round((r.price * 10000) / r.area) : Math.round(r.price / r.area);
    const floors = r.total_floors ?? 18;
    const info = listingInsert.run(
      `WT${r.id}`,
      sell ? 11 : 12,
      r.city_id,
      x?.region_id ?? 0,
      x?.shop_map_id ?? 0,
      x?.id ?? null,
      x?.station_id ?? null,
      r.belonger_id,
      `${name} ${rooms}室${halls}厅 ${r.area}㎡ ${sell ? '业主委托出售' : '业主委托出租'}`,
      r.price,
      unit,
      r.area,
      rooms,
      halls,
      toilets,
      r.floor ?? 1,
      floors,
      r.orientation ?? '南北',
      r.decoration ?? '简装',
      x?.build_year ?? 2010,
      floors > 7 ? 1 : 0,
      '普通住宅',
      sell ? null : '整租',
      0,
      sell ? null : '押一付三',
      '业主委托',
      '',
      0,
      null,
      `${rooms}室${halls}厅${toilets}卫，建筑面积${r.area}㎡，业主委托本公司${sell ? '出售' : '出租'}。${r.remark ?? ''}`,
      4,
      r.id,
      0,
      0,
      at,
      at,
      1,
      null,
    );
    const id = Number(info.lastInsertRowid);
    const domain = String(cityDomain.get(r.city_id) ?? 'cs').toUpperCase();
    listingNumber.run(`${domain}${sell ? 'ES' : 'ZF'}${String(id).padStart(7, '0')}`, id);
    fts.run(`${name} ${r.xiaoqu_name}`, sell ? 'ershoufang' : 'zufang', id, r.city_id);
    return id;
  };

  /** One step of the state machine, with its log line; the listing follows the entrustment. */
  const move = (r: Row, to: string, actor: string, detail: string): Row => {
    const at = sqlNow();
    let published: number | null = null;
    db.transaction(() => {
      if (to === '已受理') {
        const x = r.xiaoqu_id ? (xiaoqu.get(r.xiaoqu_id) as Row | undefined) : undefined;
        const a = r.belonger_id
          ? (agent.get(r.belonger_id) as Row | undefined)
          : (agentOfShop.get(r.city_id, x?.shop_map_id ?? -1) as Row | undefined);
        if (a) setAgent.run(a.belongerId ?? a.id, r.id);
        log(r.id, '已受理', a ? `由${a.name}（${a.phone}）跟进${detail ? `，${detail}` : ''}` : detail || '已受理', at, actor);
      } else if (to === '已上架') {
        const listingId = publish({ ...r, belonger_id: (one.get(r.id) as Row).belonger_id }, at);
        setListing.run(listingId, r.id);
        published = listingId;
        log(r.id, '已上架', detail || '房源已发布', at, actor);
      } else {
        if (r.listing_id) listingStatus.run(to === '已成交' ? 2 : 0, at, r.listing_id);
        log(r.id, to === '已下架' ? '下架' : to, detail || to, at, actor);
      }
      setStatus.run(to, at, clock(), r.id);
    })();
    // Issue 37: a listing that went on sale may be 新房源 of saved searches (after the commit: the notice names a row
    // the list shows).
    if (published !== null) listings.listingAdded(published);
    return one.get(r.id) as Row;
  };

  /** What the embedded gateway does by itself once the delays have passed (the console does it in production). */
  const advance = (r: Row): Row => {
    let cur = r;
    const since = () => clock() - (cur.state_at || Date.parse(`${cur.updated_at.replace(' ', 'T')}+08:00`));
    if (cur.status === '待受理' && since() >= acceptMs) cur = move(cur, '已受理', '系统', '');
    if (cur.status === '已受理' && since() >= listMs) cur = move(cur, '已上架', '系统', '');
    return cur;
  };

  /** The member's own entrustment, advanced; another member's is not found (never told apart from a missing one). */
  const mine = (id: number, member: string): Row | null => {
    const r = one.get(id) as Row | undefined;
    if (!r || r.member_id !== member) return null;
    return advance(r);
  };
  const notFound = () => fail(404, '委托不存在');
  const illegal = (r: Row, to: string) => fail(400, `委托状态为${r.status}，不能${to}`);

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
            orientation: { type: 'string', enum: ['南北', '南', '东南', '西南', '东', '西', '北', '东西'] },
            decoration: { type: 'string', enum: ['毛坯', '简装', '精装', '豪装'] },
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
          '待受理',
          null,
          now,
          now,
          b.orientation ?? null,
          b.decoration ?? null,
          clock(),
        );
        const newId = Number(info.lastInsertRowid);
        log(newId, '提交委托', `${b.kind === 'sell' ? '出售' : '出租'}报价 ${b.price}${b.kind === 'sell' ? '万' : '元/月'}`, now);
        return newId;
      })();
      return ok(view(one.get(id) as Row));
    },
  );
  app.get('/api/entrust/list/:memberId', { schema: { params: params({ memberId }) } }, async (req) =>
    ok((list.all((req.params as { memberId: string }).memberId) as Row[]).map((r) => view(advance(r)))),
  );
  app.get('/api/entrust/:id', { schema: { params: idParams, querystring: body({ memberId }, ['memberId']) } }, async (req) => {
    const r = mine((req.params as { id: number }).id, (req.query as { memberId: string }).memberId);
    if (!r) return notFound();
    return ok({ ...view(r), logs: logs.all(r.id) });
  });
  const price = { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 } as const;
  app.post(
    '/api/entrust/modifyPrice',
    { schema: { body: body({ id: int(1), memberId, price }, ['id', 'memberId', 'price']) } },
    async (req) => {
      const b = req.body as { id: number; memberId: string; price: number };
      const r = mine(b.id, b.memberId);
      if (!r) return notFound();
      if (r.status === '已成交' || r.status === '已下架') return illegal(r, '改价');
      const now = sqlNow();
      const unit = r.kind === 'sell' ? '万' : '元/月';
      db.transaction(() => {
        setPrice.run(b.price, now, b.id);
        if (r.listing_id) {
          const unitPrice = r.kind === 'sell' ? Math.round((b.price * 10000) / r.area) : Math.round(b.price / r.area);
          listingPrice.run(b.price, unitPrice, b.price < r.price ? -1 : b.price > r.price ? 1 : 0, now, r.listing_id);
        }
        log(b.id, '修改价格', `${r.price}${unit} → ${b.price}${unit}`, now);
      })();
      // Issue 37: a price into a saved search's range, or a drop of a saved list's listing or of a favourite.
      if (r.listing_id && r.status === '已上架') listings.priceChanged(r.listing_id, r.price);
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
      if (!r) return notFound();
      if (!canMove(r.status, '已下架')) return illegal(r, '下架');
      return ok(view(move(r, '已下架', '业主', b.reason)));
    },
  );
  /**
   * The console's (or the assigned agent's) step of an entrustment: 待受理 → 已受理 → 已上架 → 已成交, or 已下架 from any
   * open state. An illegal step is 400 naming the state it is in.
   */
  app.post(
    '/api/entrust/transition',
    {
      schema: {
        body: body({ id: int(1), to: { type: 'string', enum: [...ENTRUST_STATES] }, actor: str(30, 1), detail: str(200) }, [
          'id',
          'to',
          'actor',
        ]),
      },
    },
    async (req) => {
      const b = req.body as { id: number; to: string; actor: string; detail?: string };
      const r = one.get(b.id) as Row | undefined;
      if (!r) return notFound();
      if (!canMove(r.status, b.to)) return illegal(r, `变为${b.to}`);
      return ok(view(move(r, b.to, b.actor, b.detail ?? '')));
    },
  );
}
