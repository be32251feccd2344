import type { FastifyInstance } from 'fastify';
import type { StoreNews, StoreXiaoqu } from '../../contracts/gateway/index.ts';
import type { BackendContext } from '../context.ts';
import { page, paging } from '../envelope.ts';
import { listingItem } from '../mappers.ts';
import { body, idParams, int } from '../schemas.ts';
import { LISTING_SELECT } from './listing.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const OF_STORE = 'l.belonger_id IN (SELECT id FROM belonger WHERE store_id = ?) AND l.status = 1';

/**
 * A store's own pages (issue 17 part B; our paths, SPEC 7.7 shows none): its listings paged, the communities it serves
 * (those of its district where its agents have listings, its own shop area first) and its news and deals. An unknown store is an empty page, as the gateway
 * answers; the portal's loader asks findById first and 404s.
 */
export function registerStoreRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const paged = { params: idParams, querystring: body({ page: int(0), size: int(1, 100), houseType: int(1, 99) }) };
  const houseCount = db.prepare(`SELECT COUNT(*) FROM listing l WHERE ${OF_STORE} AND (? IS NULL OR l.house_type = ?)`).pluck();
  const houses = db.prepare(
    `${LISTING_SELECT} WHERE ${OF_STORE} AND (? IS NULL OR l.house_type = ?) ORDER BY l.updated_at DESC, l.id LIMIT ? OFFSET ?`,
  );
  const servedCount = db
    .prepare(`SELECT COUNT(DISTINCT l.xiaoqu_id) FROM listing l JOIN xiaoqu x ON x.id = l.xiaoqu_id
     WHERE ${OF_STORE} AND x.region_id = (SELECT region_id FROM store WHERE id = ?)`)
    .pluck();
  const served = db.prepare(
    `SELECT x.id, x.name, x.img, x.avg_price, r.name AS region_name, s.name AS shop_map_name, COUNT(*) AS house_num
     FROM listing l JOIN xiaoqu x ON x.id = l.xiaoqu_id JOIN region r ON r.id = x.region_id JOIN shop_map s ON s.id = x.shop_map_id
     WHERE ${OF_STORE} AND x.region_id = (SELECT region_id FROM store WHERE id = ?)
     GROUP BY x.id ORDER BY x.shop_map_id = (SELECT shop_map_id FROM store WHERE id = ?) DESC, house_num DESC, x.id LIMIT ? OFFSET ?`,
  );
  const newsCount = db.prepare('SELECT COUNT(*) FROM store_news WHERE store_id = ?').pluck();
  const news = db.prepare('SELECT * FROM store_news WHERE store_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?');

  app.get('/api/department/house/:id', { schema: paged }, async (req) => {
    const { id } = req.params as { id: number };
    const q = req.query as { page?: number; size?: number; houseType?: number };
    const { pageNo, size, offset } = paging(q, 20);
    const type = q.houseType ?? null;
    const rows = houses.all(id, type, type, size, offset) as Row[];
    return page(rows.map(listingItem), houseCount.get(id, type, type) as number, pageNo, size);
  });
  app.get('/api/department/xiaoqu/:id', { schema: paged }, async (req) => {
    const { id } = req.params as { id: number };
    const { pageNo, size, offset } = paging(req.query as { page?: number; size?: number }, 20);
    const rows = (served.all(id, id, id, size, offset) as Row[]).map(
      (r): StoreXiaoqu => ({
        stressId: r.id,
        name: r.name,
        img: r.img,
        regionName: r.region_name,
        shopMapName: r.shop_map_name,
        avgPrice: r.avg_price,
        houseNum: r.house_num,
      }),
    );
    return page(rows, servedCount.get(id, id) as number, pageNo, size);
  });
  app.get('/api/department/news/:id', { schema: paged }, async (req) => {
    const { id } = req.params as { id: number };
    const { pageNo, size, offset } = paging(req.query as { page?: number; size?: number }, 20);
    const rows = (news.all(id, size, offset) as Row[]).map(
      (r): StoreNews => ({
        id: r.id,
        storeId: r.store_id,
        kind: r.kind,
        title: r.title,
        content: r.content,
        houseId: r.listing_id ?? null,
        createdAt: r.created_at,
      }),
    );
    return page(rows, newsCount.get(id) as number, pageNo, size);
  });
}
