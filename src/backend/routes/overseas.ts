import type { FastifyInstance } from 'fastify';
import type { OverseasDetail, OverseasHuxing } from '../../contracts/gateway/index.ts';
import type { BackendContext } from '../context.ts';
import { ok, type Paging, page, paging } from '../envelope.ts';
import { belongerItem, overseasItem } from '../mappers.ts';
import { body, idParams, int, str } from '../schemas.ts';
import { imageUrl } from '../seed/images.ts';
import { cachedStatement } from '../util.ts';
import { whereClause } from '../where.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/** The list orders: newest first (`default`), or by total price either way (SPEC 9 overseas). */
export const OVERSEAS_SORTS = ['default', 'priceAsc', 'priceDesc'] as const;
const ORDER: Record<(typeof OVERSEAS_SORTS)[number], string> = {
  default: 'created_at DESC, id DESC',
  priceAsc: 'total_price ASC, id',
  priceDesc: 'total_price DESC, id',
};

/** The generated floor-plan pictures drawn with 2, 3 and 4 rooms (seed/images.ts floorPlan: 2 + n % 3 rooms). */
const PLAN_PICTURES: Record<number, number> = { 2: 6, 3: 4, 4: 2 };

/** The floor-plan picture of an n-room plan (the same in a detail's gallery and on the floor-plan page). */
export const planImage = (rooms: number) => imageUrl('huxing', PLAN_PICTURES[Math.min(4, Math.max(2, rooms))] ?? 6);

const detailQuery = body({ cityId: int(1, 9999) });

/**
 * Overseas property (our paths; SPEC 7 shows none): the countries with their counts, the paged list (country,
 * city, price, rooms; newest first or by total price either way), one listing with its gallery and the consultant
 * who answers for it, and the floor plans of its project.
 */
export function registerOverseasRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const one = db.prepare('SELECT * FROM overseas WHERE id = ?');
  const countries = db.prepare('SELECT country, COUNT(*) AS count FROM overseas GROUP BY country ORDER BY count DESC, country');
  const consultants = db.prepare(`SELECT b.*, s.name AS store_name FROM belonger b JOIN store s ON s.id = b.store_id
    WHERE b.city_id = ? ORDER BY b.iskefu DESC, b.star DESC, b.id LIMIT 5`);
  const plans = db.prepare(`SELECT rooms, COUNT(*) AS count, MIN(area) AS minArea, MAX(area) AS maxArea,
    MIN(total_price) AS minPrice, MAX(total_price) AS maxPrice, MIN(id) AS sampleId
    FROM overseas WHERE country = ? AND city_name = ? AND property_type = ? GROUP BY rooms ORDER BY rooms`);

  app.get('/api/overseas/countries', async () => ok(countries.all()));

  app.post(
    '/api/overseas/list',
    {
      schema: {
        body: body({
          country: str(20),
          cityName: str(20),
          priceMin: { type: 'number', minimum: 0 },
          priceMax: { type: 'number', minimum: 0 },
          rooms: int(1, 9),
          sort: { type: 'string', enum: [...OVERSEAS_SORTS] },
          page: int(0, 100_000),
          size: int(1, 100),
        }),
      },
    },
    async (req) => {
      const b = req.body as Paging & {
        country?: string;
        cityName?: string;
        priceMin?: number;
        priceMax?: number;
        rooms?: number;
        sort?: (typeof OVERSEAS_SORTS)[number];
      };
      const filter = whereClause();
      if (b.country) filter.add('country = ?', b.country);
      if (b.cityName) filter.add('city_name = ?', b.cityName);
      if (b.priceMin !== undefined) filter.add('total_price >= ?', b.priceMin);
      if (b.priceMax) filter.add('total_price < ?', b.priceMax);
      // 4 is "4 rooms or more", as the list's rooms filter offers it.
      if (b.rooms) filter.add(b.rooms >= 4 ? 'rooms >= ?' : 'rooms = ?', b.rooms);
      const w = filter.clause();
      const { pageNo, size, offset } = paging(b, 20);
      const total = cachedStatement(db, `SELECT COUNT(*) FROM overseas ${w}`)
        .pluck()
        .get(...filter.args) as number;
      const rows = cachedStatement(db, `SELECT * FROM overseas ${w} ORDER BY ${ORDER[b.sort ?? 'default']} LIMIT ? OFFSET ?`).all(
        ...filter.args,
        size,
        offset,
      ) as Row[];
      return page(rows.map(overseasItem), total, pageNo, size);
    },
  );

  /** One project's floor plans: the layouts on offer in the same city and property type, by rooms. */
  app.get('/api/overseas/huxing/:id', { schema: { params: idParams } }, async (req) => {
    const row = one.get((req.params as { id: number }).id) as Row | undefined;
    if (!row) return ok(null);
    const list = plans.all(row.country, row.city_name, row.property_type) as Row[];
    return ok<OverseasHuxing>({
      project: { ...overseasItem(row), projectName: `${row.country}${row.city_name}${row.property_type}` },
      plans: list.map((p) => ({
        hxId: p.rooms,
        name: `${p.rooms}居室`,
        rooms: p.rooms,
        count: p.count,
        minArea: p.minArea,
        maxArea: p.maxArea,
        minPrice: p.minPrice,
        maxPrice: p.maxPrice,
        sampleId: p.sampleId,
        img: planImage(p.rooms),
      })),
    });
  });

  /** One listing: the list fields plus unit price, gallery and the consultant (of `?cityId`, default 1) who answers for it. */
  app.get('/api/overseas/:id', { schema: { params: idParams, querystring: detailQuery } }, async (req) => {
    const row = one.get((req.params as { id: number }).id) as Row | undefined;
    if (!row) return ok(null);
    const { cityId = 1 } = req.query as { cityId?: number };
    const team = consultants.all(cityId) as Row[];
    const agent = team.length ? team[row.id % team.length] : null;
    return ok<OverseasDetail>({
      ...overseasItem(row),
      unitPrice: Math.round((row.total_price * 10000) / row.area),
      photos: [row.img, imageUrl('overseas', row.id + 4), imageUrl('overseas', row.id + 8), planImage(row.rooms)],
      agentInfo: agent ? { ...belongerItem(agent), title: '海外置业顾问' } : null,
    });
  });
}
