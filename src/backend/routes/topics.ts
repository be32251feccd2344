import type { FastifyInstance } from 'fastify';
import type { TopicItem } from '../../contracts/gateway/index.ts';
import type { BackendContext } from '../context.ts';
import { ok } from '../envelope.ts';
import { docItem, listingItem, loupanItem } from '../mappers.ts';
import { cityIdParams, idParams } from '../schemas.ts';
import { DOC_SELECT } from './info/shared.ts';
import { LISTING_SELECT } from './listing.ts';
import { LOUPAN_SELECT } from './xinfang.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

/** Housing topics (issue 15 part C; our paths): a city's topics and one topic with its articles, questions and listings. */
export function registerTopicRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const COUNTS = `t.id, t.city_id AS cityId, t.title, t.intro, t.cover,
    (SELECT COUNT(*) FROM topic_item i WHERE i.topic_id = t.id AND i.kind = 'doc') AS docCount,
    (SELECT COUNT(*) FROM topic_item i WHERE i.topic_id = t.id AND i.kind = 'wenda') AS wendaCount,
    (SELECT COUNT(*) FROM topic_item i WHERE i.topic_id = t.id AND i.kind = 'listing') AS listingCount,
    (SELECT COUNT(*) FROM topic_item i WHERE i.topic_id = t.id AND i.kind = 'loupan') AS loupanCount`;
  const list = db.prepare(`SELECT ${COUNTS} FROM topic t WHERE t.city_id = ? ORDER BY t.sort, t.id`);
  const one = db.prepare(`SELECT ${COUNTS} FROM topic t WHERE t.id = ?`);
  const picked = (kind: string) => `JOIN topic_item i ON i.kind = '${kind}' AND i.topic_id = ?`;
  const docs = db.prepare(`${DOC_SELECT} ${picked('doc')} AND i.ref_id = d.id ORDER BY i.sort`);
  const wenda = db.prepare(`SELECT w.id, w.city_id AS cityId, w.category, w.loupan_id AS houseId, w.xiaoqu_id AS stressId, w.title,
    w.content, w.user_id AS userId, w.nick_name AS nickName, w.view_num AS viewNum, w.answer_count AS answerCount, w.created_at AS createdAt
    FROM wenda w ${picked('wenda')} AND i.ref_id = w.id ORDER BY i.sort`);
  const listings = db.prepare(`${LISTING_SELECT} ${picked('listing')} AND i.ref_id = l.id WHERE l.status = 1 ORDER BY i.sort`);
  const loupans = db.prepare(`${LOUPAN_SELECT} ${picked('loupan')} AND i.ref_id = l.id ORDER BY i.sort`);

  app.get('/api/topic/list/:cityId', { schema: { params: cityIdParams } }, async (req) =>
    ok(list.all((req.params as { cityId: number }).cityId) as TopicItem[]),
  );
  app.get('/api/topic/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const t = one.get(id) as TopicItem | undefined;
    if (!t) return ok(null);
    return ok({
      ...t,
      docs: (docs.all(id) as Row[]).map(docItem),
      wenda: wenda.all(id),
      listings: (listings.all(id) as Row[]).map(listingItem),
      loupans: (loupans.all(id) as Row[]).map(loupanItem),
    });
  });
}
