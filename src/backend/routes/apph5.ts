import type { FastifyInstance } from 'fastify';
import type { DealRecord, ListingVerification } from '../../contracts/gateway/index.ts';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import type { BackendContext } from '../context.ts';
import { fail, ok, page, paging } from '../envelope.ts';
import { body, idParams, int, str } from '../schemas.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const DEAL_SELECT = `SELECT d.*, r.name AS region_name, x.sname AS xiaoqu_name, s.name AS store_name
  FROM deal d JOIN region r ON r.id = d.region_id JOIN xiaoqu x ON x.id = d.xiaoqu_id LEFT JOIN store s ON s.id = d.store_id`;
const DEAL_WHERE = `d.city_id = ? AND (? IS NULL OR d.region_id = ?) AND (? IS NULL OR d.xiaoqu_id = ?) AND (? IS NULL OR d.house_type = ?)`;

function dealOf(r: Row): DealRecord {
  const sale = r.house_type !== HOUSE_TYPES.zufang;
  return {
    dealId: r.id,
    houseType: r.house_type,
    cityId: r.city_id,
    regionId: r.region_id,
    regionName: r.region_name,
    stressId: r.xiaoqu_id,
    xiaoquName: r.xiaoqu_name,
    rooms: r.rooms,
    halls: r.halls,
    area: r.area,
    floor: r.floor,
    orientation: r.orientation,
    price: r.price,
    priceText: sale ? `${r.price}万` : `${r.price}元/月`,
    unitPrice: r.unit_price ?? null,
    listPrice: r.list_price,
    days: r.days,
    dealDate: r.deal_date,
    storeName: r.store_name ?? null,
  };
}

/**
 * Issue 19 (our paths; SPEC 7 shows none): the recent deals of a city, district or community, newest first, and the
 * housing authority's verification of a listing by its id, or by its code or house number within a city. A listing
 * withdrawn from sale, or a code past its date, reads 已失效.
 */
export function registerAppH5Routes(app: FastifyInstance, { db, now }: BackendContext): void {
  const dealCount = db.prepare(`SELECT COUNT(*) FROM deal d WHERE ${DEAL_WHERE}`).pluck();
  const deals = db.prepare(`${DEAL_SELECT} WHERE ${DEAL_WHERE} ORDER BY d.deal_date DESC, d.id DESC LIMIT ? OFFSET ?`);

  app.post(
    '/api/deal/findByCondition',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            regionId: int(1),
            stressId: int(1),
            houseType: { enum: [HOUSE_TYPES.ershoufang, HOUSE_TYPES.zufang] },
            page: int(0),
            size: int(1, 100),
          },
          ['cityId'],
        ),
      },
    },
    async (req) => {
      const q = req.body as { cityId: number; regionId?: number; stressId?: number; houseType?: number; page?: number; size?: number };
      const { pageNo, size, offset } = paging(q, 20);
      const args = [
        q.cityId,
        q.regionId ?? null,
        q.regionId ?? null,
        q.stressId ?? null,
        q.stressId ?? null,
        q.houseType ?? null,
        q.houseType ?? null,
      ];
      const rows = deals.all(...args, size, offset) as Row[];
      return page(rows.map(dealOf), dealCount.get(...args) as number, pageNo, size);
    },
  );

  const VERIFY_SELECT = `SELECT v.*, l.id AS house_id, l.house_number, l.house_type, l.city_id, l.title, l.status AS listing_status,
    x.sname AS xiaoqu_name FROM listing_verify v JOIN listing l ON l.id = v.listing_id LEFT JOIN xiaoqu x ON x.id = l.xiaoqu_id`;
  const byId = db.prepare(`${VERIFY_SELECT} WHERE v.listing_id = ?`);
  const byCode = db.prepare(`${VERIFY_SELECT} WHERE v.code = ? AND l.city_id = ?`);
  const byNumber = db.prepare(`${VERIFY_SELECT} WHERE l.house_number = ? AND l.city_id = ?`);
  const today = () => new Date(now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const verificationOf = (r: Row): ListingVerification => ({
    houseId: r.house_id,
    houseNumber: r.house_number,
    houseType: r.house_type,
    cityId: r.city_id,
    title: r.title,
    xiaoquName: r.xiaoqu_name ?? null,
    code: r.code,
    status: r.listing_status !== 1 || r.expires_at < today() ? '已失效' : r.status,
    authority: r.authority,
    issuedAt: r.issued_at,
    expiresAt: r.expires_at,
  });

  app.get('/api/house/verify/:id', { schema: { params: idParams } }, async (req) => {
    const r = byId.get((req.params as { id: number }).id) as Row | undefined;
    return r ? ok(verificationOf(r)) : fail(404, '房源不存在');
  });
  app.get(
    '/api/house/verify/find',
    { schema: { querystring: body({ cityId: int(1, 9999), code: str(40, 1), houseNumber: str(40, 1) }, ['cityId']) } },
    async (req, reply) => {
      const q = req.query as { cityId: number; code?: string; houseNumber?: string };
      if (!q.code && !q.houseNumber)
        return reply.code(400).send({ status: 400, message: 'querystring must have code or houseNumber', obj: null });
      const r = (q.code ? byCode.get(q.code.trim(), q.cityId) : byNumber.get(q.houseNumber?.trim().toUpperCase(), q.cityId)) as
        | Row
        | undefined;
      return r ? ok(verificationOf(r)) : fail(404, '未查到该房源的核验信息');
    },
  );
}
