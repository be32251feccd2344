import type { FastifyInstance } from 'fastify';
import {
  WENDA_ANSWER_MAX,
  WENDA_ANSWER_MIN,
  WENDA_CATEGORY_NAMES,
  WENDA_DETAIL_MAX,
  WENDA_TITLE_MAX,
  WENDA_TITLE_MIN,
} from '../../../lib/wenda.ts';
import type { BackendContext } from '../../context.ts';
import { fail, ok, page, paging } from '../../envelope.ts';
import { body, idParams, int, str, text } from '../../schemas.ts';
import { segmentForIndex, segmentForQuery } from '../../segment.ts';
import { cachedStatement } from '../../util.ts';
import { whereClause } from '../../where.ts';
import { type Row, userId } from './shared.ts';

/** Questions and answers (wenda): their paths are not in SPEC 7; these are ours. */
export function registerWendaRoutes(app: FastifyInstance, { db, sqlNow }: BackendContext): void {
  const best = db.prepare('SELECT content FROM wenda_answer WHERE wenda_id = ? ORDER BY likes DESC, id LIMIT 1').pluck();
  const wendaSelect = `SELECT w.id, w.city_id AS cityId, w.category, w.loupan_id AS houseId, w.xiaoqu_id AS stressId, w.title, w.content, w.user_id AS userId,
    w.nick_name AS nickName, w.view_num AS viewNum, w.answer_count AS answerCount, w.created_at AS createdAt FROM wenda w`;
  const wendaOne = db.prepare(`${wendaSelect} WHERE w.id = ?`);
  const answers =
    db.prepare(`SELECT a.id, a.content, a.likes, a.created_at AS createdAt, a.nick_name AS nickName, a.user_id AS userId, a.belonger_id AS belongerId,
    b.name AS belongerName, b.portrait, b.uid FROM wenda_answer a LEFT JOIN belonger b ON b.id = a.belonger_id WHERE a.wenda_id = ? ORDER BY a.likes DESC, a.id`);
  const wendaView = db.prepare('UPDATE wenda SET view_num = view_num + 1 WHERE id = ?');
  const insertWenda =
    db.prepare(`INSERT INTO wenda (city_id, category, loupan_id, xiaoqu_id, title, content, user_id, nick_name, view_num, answer_count, created_at)
    VALUES (?,?,?,?,?,?,?,?,0,0,?)`);
  const insertAnswer = db.prepare(
    'INSERT INTO wenda_answer (wenda_id, belonger_id, user_id, nick_name, content, likes, created_at) VALUES (?,?,?,?,?,0,?)',
  );
  const bumpAnswers = db.prepare('UPDATE wenda SET answer_count = answer_count + 1 WHERE id = ?');
  const likeInsert = db.prepare('INSERT OR IGNORE INTO wenda_answer_like (answer_id, user_id, created_at) VALUES (?,?,?)');
  const likeBump = db.prepare('UPDATE wenda_answer SET likes = likes + 1 WHERE id = ?');
  const answerLikes = db.prepare('SELECT likes FROM wenda_answer WHERE id = ?').pluck();
  const likedBy = db
    .prepare('SELECT answer_id FROM wenda_answer_like WHERE user_id = ? AND answer_id IN (SELECT id FROM wenda_answer WHERE wenda_id = ?)')
    .pluck();
  const ftsInsert = db.prepare("INSERT INTO search_fts (body, kind, ref_id, city_id) VALUES (?, 'wenda', ?, ?)");
  app.post(
    '/api/wenda/list',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            category: str(20),
            houseId: int(1),
            stressId: int(1),
            keyword: str(64),
            unanswered: { type: 'boolean' },
            sort: { type: 'string', enum: ['newest', 'hot', 'unanswered'] },
            page: int(0),
            size: int(1, 100),
          },
          ['cityId'],
        ),
      },
    },
    async (req) => {
      const b = req.body as {
        cityId: number;
        category?: string;
        houseId?: number;
        stressId?: number;
        keyword?: string;
        unanswered?: boolean;
        sort?: 'newest' | 'hot' | 'unanswered';
        page?: number;
        size?: number;
      };
      const filter = whereClause();
      filter.add('w.city_id = ?', b.cityId);
      if (b.category) filter.add('w.category = ?', b.category);
      if (b.houseId) filter.add('w.loupan_id = ?', b.houseId);
      if (b.stressId) filter.add('w.xiaoqu_id = ?', b.stressId);
      if (b.unanswered || b.sort === 'unanswered') filter.add('w.answer_count = 0');
      if (b.keyword) {
        const m = segmentForQuery(b.keyword);
        if (m) filter.add("w.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'wenda')", m);
      }
      const w = filter.clause();
      const { pageNo, size, offset } = paging(b, 20);
      const total = cachedStatement(db, `SELECT COUNT(*) FROM wenda w ${w}`)
        .pluck()
        .get(...filter.args) as number;
      const order = b.sort === 'hot' ? 'w.view_num DESC, w.id DESC' : 'w.created_at DESC, w.id DESC';
      const rows = cachedStatement(db, `${wendaSelect} ${w} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...filter.args, size, offset) as Row[];
      return page(
        rows.map((r) => ({ ...r, bestAnswer: best.get(r.id) ?? null })),
        total,
        pageNo,
        size,
      );
    },
  );
  app.get('/api/wenda/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const row = wendaOne.get(id) as Row | undefined;
    if (!row) return ok(null);
    wendaView.run(id);
    return ok({ ...row, viewNum: row.viewNum + 1, answers: answers.all(id) });
  });
  app.post(
    '/api/wenda/ask',
    {
      schema: {
        body: body(
          {
            cityId: int(1, 9999),
            userId,
            nickName: text(30, 0, false),
            title: text(WENDA_TITLE_MAX, WENDA_TITLE_MIN, false),
            content: text(WENDA_DETAIL_MAX),
            category: { type: 'string', enum: WENDA_CATEGORY_NAMES },
            houseId: int(1),
            stressId: int(1),
          },
          ['cityId', 'userId', 'title'],
        ),
      },
    },
    async (req) => {
      const b = req.body as {
        cityId: number;
        userId: string;
        nickName?: string;
        title: string;
        content?: string;
        category?: string;
        houseId?: number;
        stressId?: number;
      };
      const id = db.transaction(() => {
        const info = insertWenda.run(
          b.cityId,
          b.category ?? '其他',
          b.houseId ?? null,
          b.stressId ?? null,
          b.title,
          b.content || b.title,
          b.userId,
          b.nickName ?? '匿名用户',
          sqlNow(),
        );
        const newId = Number(info.lastInsertRowid);
        ftsInsert.run(segmentForIndex(b.title), newId, b.cityId);
        return newId;
      })();
      return ok({ id });
    },
  );
  app.post(
    '/api/wenda/answer',
    {
      schema: {
        body: body(
          {
            wendaId: int(1),
            userId,
            belongerId: int(1),
            nickName: text(30, 0, false),
            content: text(WENDA_ANSWER_MAX, WENDA_ANSWER_MIN),
          },
          ['wendaId', 'content'],
        ),
      },
    },
    async (req) => {
      const b = req.body as { wendaId: number; userId?: string; belongerId?: number; nickName?: string; content: string };
      if (!b.userId && !b.belongerId) return fail(400, 'userId: userId 或 belongerId 必传一个');
      if (!wendaOne.get(b.wendaId)) return fail(404, '问题不存在');
      const id = db.transaction(() => {
        const info = insertAnswer.run(
          b.wendaId,
          b.belongerId ?? null,
          b.userId ?? null,
          b.nickName ?? (b.belongerId ? '置业顾问' : '匿名用户'),
          b.content,
          sqlNow(),
        );
        bumpAnswers.run(b.wendaId);
        return Number(info.lastInsertRowid);
      })();
      return ok({ id });
    },
  );
  /** The answers of a question a member liked (for the like buttons of that member). */
  app.get(
    '/api/wenda/:id/liked',
    { schema: { params: idParams, querystring: { type: 'object', required: ['userId'], properties: { userId } } } },
    async (req) => {
      const { id } = req.params as { id: number };
      const { userId: uid } = req.query as { userId: string };
      return ok(likedBy.all(uid, id));
    },
  );
  /** A member likes an answer: once per member and answer, a second like changes nothing. */
  app.post('/api/wenda/answer/like', { schema: { body: body({ answerId: int(1), userId }, ['answerId', 'userId']) } }, async (req) => {
    const b = req.body as { answerId: number; userId: string };
    const result = db.transaction(() => {
      if (answerLikes.get(b.answerId) === undefined) return null;
      const added = likeInsert.run(b.answerId, b.userId, sqlNow()).changes > 0;
      if (added) likeBump.run(b.answerId);
      return { likes: answerLikes.get(b.answerId) as number, liked: true, added };
    })();
    if (!result) return fail(404, '回答不存在');
    return ok(result);
  });
}
