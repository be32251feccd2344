import type { FastifyInstance } from 'fastify';
import { BAIKE_STAGES } from '../../../lib/baike.ts';
import type { BackendContext } from '../../context.ts';
import { ok, page, paging } from '../../envelope.ts';
import { body, idParams, int, str } from '../../schemas.ts';
import { segmentForQuery } from '../../segment.ts';
import { cachedStatement } from '../../util.ts';
import { whereClause } from '../../where.ts';
import type { Row } from './shared.ts';

/** The knowledge base (baike) and its glossary: their paths are not in SPEC 7; these are ours. */
export function registerBaikeRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const baikeOne = db.prepare(
    'SELECT id, city_id AS cityId, category, title, summary, content, view_num AS viewNum, created_at AS createdAt FROM baike WHERE id = ?',
  );
  const baikeView = db.prepare('UPDATE baike SET view_num = view_num + 1 WHERE id = ?');
  const related = db.prepare(
    'SELECT id, category, title, summary, view_num AS viewNum, created_at AS createdAt FROM baike WHERE city_id = ? AND category = ? AND id != ? ORDER BY view_num DESC, id LIMIT 6',
  );
  const stageCounts = db.prepare('SELECT category, COUNT(*) AS n FROM baike WHERE city_id = ? GROUP BY category');
  const glossary = db.prepare(
    'SELECT id, term, letter, definition, baike_id AS baikeId FROM glossary WHERE city_id = ? ORDER BY letter, term',
  );

  app.get('/api/baike/categories', { schema: { querystring: { type: 'object', properties: { cityId: int(1, 9999) } } } }, async (req) => {
    const { cityId } = req.query as { cityId?: number };
    const counts = new Map((stageCounts.all(cityId ?? 1) as Array<{ category: string; n: number }>).map((r) => [r.category, r.n]));
    return ok(BAIKE_STAGES.map((s, i) => ({ id: i + 1, name: s.name, count: counts.get(s.name) ?? 0 })));
  });
  app.get('/api/baike/glossary', { schema: { querystring: { type: 'object', properties: { cityId: int(1, 9999) } } } }, async (req) => {
    const { cityId } = req.query as { cityId?: number };
    return ok(glossary.all(cityId ?? 1));
  });
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
  /** One entry: its body as blocks (headings and paragraphs, plain text), and the most read entries of its stage. */
  app.get('/api/baike/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const row = baikeOne.get(id) as Row | undefined;
    if (!row) return ok(null);
    baikeView.run(id);
    const { content, ...rest } = row;
    return ok({
      ...rest,
      viewNum: row.viewNum + 1,
      blocks: JSON.parse(content as string),
      related: related.all(row.cityId, row.category, id),
    });
  });
}
