import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../../context.ts';
import { ok, page, paging } from '../../envelope.ts';
import { body, idParams, int, str } from '../../schemas.ts';
import { BAIKE_CATEGORIES } from '../../seed/words.ts';
import { segmentForQuery } from '../../segment.ts';
import { cachedStatement } from '../../util.ts';
import { whereClause } from '../../where.ts';

/** The knowledge base (baike): its paths are not in SPEC 7; these are ours. */
export function registerBaikeRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const baikeOne = db.prepare(
    'SELECT id, city_id AS cityId, category, title, summary, content, view_num AS viewNum, created_at AS createdAt FROM baike WHERE id = ?',
  );
  const baikeView = db.prepare('UPDATE baike SET view_num = view_num + 1 WHERE id = ?');
  app.get('/api/baike/categories', async () =>
    ok(Object.entries(BAIKE_CATEGORIES).map(([name, list], i) => ({ id: i + 1, name, sample: list.slice(0, 3) }))),
  );
  app.post(
    '/api/baike/list',
    { schema: { body: body({ cityId: int(1, 9999), category: str(20), keyword: str(64), page: int(0), size: int(1, 100) }, ['cityId']) } },
    async (req) => {
      const b = req.body as { cityId: number; category?: string; keyword?: string; page?: number; size?: number };
      const filter = whereClause();
      filter.add('city_id = ?', b.cityId);
      if (b.category) filter.add('category = ?', b.category);
      if (b.keyword) {
        const m = segmentForQuery(b.keyword);
        if (m) filter.add("id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'baike')", m);
      }
      const w = filter.clause();
      const { pageNo, size, offset } = paging(b, 20);
      const total = cachedStatement(db, `SELECT COUNT(*) FROM baike ${w}`)
        .pluck()
        .get(...filter.args) as number;
      const rows = cachedStatement(
        db,
        `SELECT id, category, title, summary, view_num AS viewNum, created_at AS createdAt FROM baike ${w} ORDER BY view_num DESC, id LIMIT ? OFFSET ?`,
      ).all(...filter.args, size, offset);
      return page(rows, total, pageNo, size);
    },
  );
  app.get('/api/baike/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const row = baikeOne.get(id);
    if (row) baikeView.run(id);
    return ok(row ?? null);
  });
}
