import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context.ts';
import { fail, ok, type Paging, page, paging } from '../envelope.ts';
import { commentItem, docItem } from '../mappers.ts';
import { body, idParams, int, params, str } from '../schemas.ts';
import { BAIKE_CATEGORIES } from '../seed/words.ts';
import { segmentForIndex, segmentForQuery } from '../segment.ts';
import { cachedStatement, sqlNow } from '../util.ts';
import { whereClause } from '../where.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const userId = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' } as const;
const DOC_SELECT = `SELECT d.*, t.name AS type_name, a.name AS account_name FROM info_doc d JOIN info_type t ON t.id = d.type_id
  JOIN xhaccount a ON a.id = d.account_id`;

/** SPEC 7.10: articles, comments, likes, collects and account follows; plus the knowledge base and Q&A. */
export function registerInfoRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const doc = db.prepare(`${DOC_SELECT} WHERE d.id = ?`);
  const docView = db.prepare('UPDATE info_doc SET view_num = view_num + 1 WHERE id = ?');
  const types = db.prepare('SELECT id, name FROM info_type WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id');
  const allTypes = db.prepare('SELECT id, name FROM info_type ORDER BY id');
  const hotComments = db.prepare('SELECT * FROM info_comment WHERE doc_id = ? AND deleted = 0 ORDER BY fabulous_num DESC, id DESC LIMIT ?');
  const comments = db.prepare('SELECT * FROM info_comment WHERE doc_id = ? AND deleted = 0 ORDER BY id DESC LIMIT ? OFFSET ?');
  const commentCount = db.prepare('SELECT COUNT(*) FROM info_comment WHERE doc_id = ? AND deleted = 0').pluck();
  const commentOne = db.prepare('SELECT * FROM info_comment WHERE id = ?');
  const insertComment = db.prepare(
    'INSERT INTO info_comment (doc_id, user_id, nick_name, head_url, content, parent_id, created_at) VALUES (?,?,?,?,?,?,?)',
  );
  const bumpComments = db.prepare('UPDATE info_doc SET comment_num = comment_num + ? WHERE id = ?');
  const deleteComment = db.prepare('UPDATE info_comment SET deleted = 1 WHERE id = ? AND deleted = 0');
  const likeDoc = db.prepare('INSERT OR IGNORE INTO info_doc_like VALUES (?,?)');
  const unlikeDoc = db.prepare('DELETE FROM info_doc_like WHERE doc_id = ? AND user_id = ?');
  const docLikes = db.prepare('UPDATE info_doc SET fabulous_num = MAX(0, fabulous_num + ?) WHERE id = ?');
  const isDocLiked = db.prepare('SELECT 1 FROM info_doc_like WHERE doc_id = ? AND user_id = ?').pluck();
  const likeComment = db.prepare('INSERT OR IGNORE INTO info_comment_like VALUES (?,?)');
  const unlikeComment = db.prepare('DELETE FROM info_comment_like WHERE comment_id = ? AND user_id = ?');
  const commentLikes = db.prepare('UPDATE info_comment SET fabulous_num = MAX(0, fabulous_num + ?) WHERE id = ?');
  const likedComments = db.prepare(`SELECT c.id AS infoCommentId, c.fabulous_num AS fabulousNum,
    EXISTS (SELECT 1 FROM info_comment_like l WHERE l.comment_id = c.id AND l.user_id = ?) AS isFabulous FROM info_comment c WHERE c.doc_id = ? AND c.deleted = 0`);
  const collect = db.prepare('INSERT OR IGNORE INTO info_doc_collect VALUES (?,?,?)');
  const uncollect = db.prepare('DELETE FROM info_doc_collect WHERE doc_id = ? AND user_id = ?');
  const collectNum = db.prepare('UPDATE info_doc SET collect_num = MAX(0, collect_num + ?) WHERE id = ?');
  const isCollected = db.prepare('SELECT 1 FROM info_doc_collect WHERE doc_id = ? AND user_id = ?').pluck();
  const account = db.prepare('SELECT id AS accountId, user_name AS userName, name, avatar, intro, fans FROM xhaccount WHERE id = ?');
  const accountByName = db.prepare(
    'SELECT id AS accountId, user_name AS userName, name, avatar, intro, fans FROM xhaccount WHERE user_name = ?',
  );
  const follow = db.prepare('INSERT OR IGNORE INTO account_follow VALUES (?,?,?)');
  const unfollow = db.prepare('DELETE FROM account_follow WHERE account_id = ? AND user_id = ?');
  const fans = db.prepare('UPDATE xhaccount SET fans = MAX(0, fans + ?) WHERE id = ?');
  const isFollow = db.prepare('SELECT 1 FROM account_follow WHERE account_id = ? AND user_id = ?').pluck();
  const accountDocCount = db.prepare('SELECT COUNT(*) FROM info_doc WHERE account_id = ?').pluck();
  const best = db.prepare('SELECT content FROM wenda_answer WHERE wenda_id = ? ORDER BY likes DESC, id LIMIT 1').pluck();
  const related = db.prepare(`${DOC_SELECT} WHERE d.city_id = ? AND (? IS NULL OR d.loupan_id = ?) ORDER BY d.created_at DESC LIMIT ?`);

  const detail = (id: number, uid: string | null) => {
    const row = doc.get(id) as Row | undefined;
    if (!row) return null;
    docView.run(id);
    return {
      ...docItem(row),
      viewNum: row.view_num + 1,
      content: row.content,
      isFabulous: uid ? !!isDocLiked.get(id, uid) : false,
      isCollect: uid ? !!isCollected.get(id, uid) : false,
      isFollow: uid ? !!isFollow.get(row.account_id, uid) : false,
      account: account.get(row.account_id),
      hotComments: (hotComments.all(id, 3) as Row[]).map(commentItem),
    };
  };

  const docFilter = body({
    cityId: int(1, 9999),
    typeId: int(1, 99),
    /** Alias of typeId (SPEC 3 info call fields: type). */
    type: int(1, 99),
    accountId: int(1),
    houseId: int(1),
    keyword: str(64),
    sort: { type: 'string', enum: ['newest', 'hot'] },
    page: int(0, 100_000),
    size: int(1, 100),
  });
  app.post('/api/info/getInfoDocList', { schema: { body: docFilter } }, async (req) => {
    const b = req.body as Paging & {
      cityId?: number;
      typeId?: number;
      type?: number;
      accountId?: number;
      houseId?: number;
      keyword?: string;
      sort?: string;
    };
    const filter = whereClause();
    if (b.cityId) filter.add('d.city_id = ?', b.cityId);
    if (b.typeId ?? b.type) filter.add('d.type_id = ?', b.typeId ?? b.type);
    if (b.accountId) filter.add('d.account_id = ?', b.accountId);
    if (b.houseId) filter.add('d.loupan_id = ?', b.houseId);
    if (b.keyword) {
      const m = segmentForQuery(b.keyword);
      if (m) filter.add("d.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'info')", m);
    }
    const w = filter.clause();
    const { pageNo, size, offset } = paging(b, 10);
    const total = cachedStatement(db, `SELECT COUNT(*) FROM info_doc d ${w}`)
      .pluck()
      .get(...filter.args) as number;
    const order = b.sort === 'hot' ? 'd.view_num DESC, d.id' : 'd.created_at DESC, d.id DESC';
    const rows = cachedStatement(db, `${DOC_SELECT} ${w} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...filter.args, size, offset) as Row[];
    return page(rows.map(docItem), total, pageNo, size);
  });
  app.get(
    '/api/info/getInfoTypeListByArr/:arr',
    { schema: { params: params({ arr: { type: 'string', pattern: '^(all|\\d{1,3}(,\\d{1,3}){0,30})$' } }) } },
    async (req) => {
      const { arr } = req.params as { arr: string };
      return ok(arr === 'all' ? allTypes.all() : types.all(JSON.stringify(arr.split(',').map(Number))));
    },
  );
  app.get(
    '/api/info/getHotInfoCommentList/:infoDocId/:limit',
    { schema: { params: params({ infoDocId: int(1), limit: int(1, 100) }) } },
    async (req) => {
      const p = req.params as { infoDocId: number; limit: number };
      return ok((hotComments.all(p.infoDocId, p.limit) as Row[]).map(commentItem));
    },
  );
  app.post(
    '/api/info/insertInfoComment',
    {
      schema: {
        body: body({ infoDocId: int(1), userId, nickName: str(30), headUrl: str(300), content: str(500, 1), parentId: int(1) }, [
          'infoDocId',
          'userId',
          'content',
        ]),
      },
    },
    async (req) => {
      const b = req.body as { infoDocId: number; userId: string; nickName?: string; headUrl?: string; content: string; parentId?: number };
      if (!b.content.trim()) return fail(400, 'content: 评论内容不能为空');
      if (!doc.get(b.infoDocId)) return fail(404, '文章不存在');
      const id = db.transaction(() => {
        const info = insertComment.run(
          b.infoDocId,
          b.userId,
          b.nickName ?? '匿名用户',
          b.headUrl ?? '',
          b.content.trim(),
          b.parentId ?? null,
          sqlNow(),
        );
        bumpComments.run(1, b.infoDocId);
        return Number(info.lastInsertRowid);
      })();
      return ok(commentItem(commentOne.get(id) as Row));
    },
  );
  app.get('/api/info/deleteInfoComment/:id', { schema: { params: idParams, querystring: body({ userId }) } }, async (req) => {
    const { id } = req.params as { id: number };
    const uid = (req.query as { userId?: string }).userId;
    const row = commentOne.get(id) as Row | undefined;
    if (!row || row.deleted) return fail(404, '评论不存在');
    if (uid && row.user_id !== uid) return fail(403, '只能删除自己的评论');
    db.transaction(() => {
      if (deleteComment.run(id).changes) bumpComments.run(-1, row.doc_id);
    })();
    return ok(true);
  });
  /** Comments of an article, newest first, paged. */
  app.post(
    '/api/info/insertlist',
    { schema: { body: body({ infoDocId: int(1), page: int(0), size: int(1, 100) }, ['infoDocId']) } },
    async (req) => {
      const b = req.body as { infoDocId: number; page?: number; size?: number };
      const { pageNo, size, offset } = paging(b, 20);
      return page(
        (comments.all(b.infoDocId, size, offset) as Row[]).map(commentItem),
        commentCount.get(b.infoDocId) as number,
        pageNo,
        size,
      );
    },
  );
  /** House service: articles about an estate (or the city's newest). */
  app.post('/info/InfoFangList', { schema: { body: body({ cityId: int(1, 9999), houseId: int(1), limit: int(1, 50) }) } }, async (req) => {
    const b = req.body as { cityId?: number; houseId?: number; limit?: number };
    return ok((related.all(b.cityId ?? 1, b.houseId ?? null, b.houseId ?? null, b.limit ?? 5) as Row[]).map(docItem));
  });
  app.get(
    '/api/info/updateDocFabulousNum/:infoDocId/:userId/:num',
    { schema: { params: params({ infoDocId: int(1), userId, num: { type: 'integer', enum: [-1, 0, 1] } }) } },
    async (req) => {
      const p = req.params as { infoDocId: number; userId: string; num: number };
      if (!doc.get(p.infoDocId)) return fail(404, '文章不存在');
      db.transaction(() => {
        if (p.num > 0) {
          if (likeDoc.run(p.infoDocId, p.userId).changes) docLikes.run(1, p.infoDocId);
        } else if (unlikeDoc.run(p.infoDocId, p.userId).changes) docLikes.run(-1, p.infoDocId);
      })();
      const row = doc.get(p.infoDocId) as Row;
      return ok({ fabulousNum: row.fabulous_num, isFabulous: p.num > 0 });
    },
  );
  app.get('/api/info/getInfoDocDetails/:infoDocId/:userId', { schema: { params: params({ infoDocId: int(1), userId }) } }, async (req) => {
    const p = req.params as { infoDocId: number; userId: string };
    return ok(detail(p.infoDocId, p.userId === '0' ? null : p.userId));
  });
  app.get('/info/article/getInfoDetail/:id', { schema: { params: idParams } }, async (req) =>
    ok(detail((req.params as { id: number }).id, null)),
  );
  app.get('/api/info/getInfoCommentFabulousList/:id', { schema: { params: idParams, querystring: body({ userId }) } }, async (req) => {
    const uid = (req.query as { userId?: string }).userId ?? '';
    return ok((likedComments.all(uid, (req.params as { id: number }).id) as Row[]).map((r) => ({ ...r, isFabulous: !!r.isFabulous })));
  });
  app.get(
    '/api/info/updateFabulousNum/:infoCommentId/:userId/:num',
    { schema: { params: params({ infoCommentId: int(1), userId, num: { type: 'integer', enum: [-1, 0, 1] } }) } },
    async (req) => {
      const p = req.params as { infoCommentId: number; userId: string; num: number };
      if (!commentOne.get(p.infoCommentId)) return fail(404, '评论不存在');
      db.transaction(() => {
        if (p.num > 0) {
          if (likeComment.run(p.infoCommentId, p.userId).changes) commentLikes.run(1, p.infoCommentId);
        } else if (unlikeComment.run(p.infoCommentId, p.userId).changes) commentLikes.run(-1, p.infoCommentId);
      })();
      return ok({ fabulousNum: (commentOne.get(p.infoCommentId) as Row).fabulous_num, isFabulous: p.num > 0 });
    },
  );
  app.get(
    '/api/info/removeInfoDocCollect/:infoDocId/:userId',
    { schema: { params: params({ infoDocId: int(1), userId }) } },
    async (req) => {
      const p = req.params as { infoDocId: number; userId: string };
      db.transaction(() => {
        if (uncollect.run(p.infoDocId, p.userId).changes) collectNum.run(-1, p.infoDocId);
      })();
      return ok(false);
    },
  );
  app.post(
    '/api/info/insertInfoDocCollect',
    { schema: { body: body({ infoDocId: int(1), userId }, ['infoDocId', 'userId']) } },
    async (req) => {
      const b = req.body as { infoDocId: number; userId: string };
      if (!doc.get(b.infoDocId)) return fail(404, '文章不存在');
      db.transaction(() => {
        if (collect.run(b.infoDocId, b.userId, sqlNow()).changes) collectNum.run(1, b.infoDocId);
      })();
      return ok(true);
    },
  );

  const followQuery = { schema: { querystring: body({ accountId: int(1), userId }, ['accountId', 'userId']) } };
  app.get('/api/xhaccount/follow', followQuery, async (req) => {
    const q = req.query as { accountId: number; userId: string };
    if (!account.get(q.accountId)) return fail(404, '账号不存在');
    db.transaction(() => {
      if (follow.run(q.accountId, q.userId, sqlNow()).changes) fans.run(1, q.accountId);
    })();
    return ok(true);
  });
  app.get('/api/xhaccount/follow/cancel', followQuery, async (req) => {
    const q = req.query as { accountId: number; userId: string };
    db.transaction(() => {
      if (unfollow.run(q.accountId, q.userId).changes) fans.run(-1, q.accountId);
    })();
    return ok(false);
  });
  app.get('/api/xhaccount/follow/yesno', followQuery, async (req) => {
    const q = req.query as { accountId: number; userId: string };
    return ok(!!isFollow.get(q.accountId, q.userId));
  });
  app.post(
    '/api/xhaccount/contentByPage',
    { schema: { body: body({ accountId: int(1), userName: str(40), page: int(0), size: int(1, 100) }) } },
    async (req) => {
      const b = req.body as { accountId?: number; userName?: string; page?: number; size?: number };
      const acc = (b.accountId ? account.get(b.accountId) : b.userName ? accountByName.get(b.userName) : undefined) as Row | undefined;
      if (!acc) return fail(404, '账号不存在');
      const { pageNo, size, offset } = paging(b, 10);
      const total = accountDocCount.get(acc.accountId) as number;
      const rows = cachedStatement(db, `${DOC_SELECT} WHERE d.account_id = ? ORDER BY d.created_at DESC LIMIT ? OFFSET ?`).all(
        acc.accountId,
        size,
        offset,
      ) as Row[];
      return { ...page(rows.map(docItem), total, pageNo, size), account: acc };
    },
  );
  app.get('/api/xhaccount/findByUserName', { schema: { querystring: body({ userName: str(40, 1) }, ['userName']) } }, async (req) =>
    ok(accountByName.get((req.query as { userName: string }).userName) ?? null),
  );

  // Knowledge base (baike) and Q&A (wenda): their paths are not in SPEC 7; these are ours.
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
      const where = ['city_id = ?'];
      const args: unknown[] = [b.cityId];
      if (b.category) {
        where.push('category = ?');
        args.push(b.category);
      }
      if (b.keyword) {
        const m = segmentForQuery(b.keyword);
        if (m) {
          where.push("id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'baike')");
          args.push(m);
        }
      }
      const w = where.join(' AND ');
      const { pageNo, size, offset } = paging(b, 20);
      const total = cachedStatement(db, `SELECT COUNT(*) FROM baike WHERE ${w}`)
        .pluck()
        .get(...args) as number;
      const rows = cachedStatement(
        db,
        `SELECT id, category, title, summary, view_num AS viewNum, created_at AS createdAt FROM baike WHERE ${w} ORDER BY view_num DESC, id LIMIT ? OFFSET ?`,
      ).all(...args, size, offset);
      return page(rows, total, pageNo, size);
    },
  );
  app.get('/api/baike/:id', { schema: { params: idParams } }, async (req) => {
    const { id } = req.params as { id: number };
    const row = baikeOne.get(id);
    if (row) baikeView.run(id);
    return ok(row ?? null);
  });

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
        page?: number;
        size?: number;
      };
      const where = ['w.city_id = ?'];
      const args: unknown[] = [b.cityId];
      if (b.category) {
        where.push('w.category = ?');
        args.push(b.category);
      }
      if (b.houseId) {
        where.push('w.loupan_id = ?');
        args.push(b.houseId);
      }
      if (b.stressId) {
        where.push('w.xiaoqu_id = ?');
        args.push(b.stressId);
      }
      if (b.unanswered) where.push('w.answer_count = 0');
      if (b.keyword) {
        const m = segmentForQuery(b.keyword);
        if (m) {
          where.push("w.id IN (SELECT ref_id FROM search_fts WHERE search_fts MATCH ? AND kind = 'wenda')");
          args.push(m);
        }
      }
      const w = where.join(' AND ');
      const { pageNo, size, offset } = paging(b, 20);
      const total = cachedStatement(db, `SELECT COUNT(*) FROM wenda w WHERE ${w}`)
        .pluck()
        .get(...args) as number;
      const rows = cachedStatement(db, `${wendaSelect} WHERE ${w} ORDER BY w.created_at DESC, w.id DESC LIMIT ? OFFSET ?`).all(
        ...args,
        size,
        offset,
      ) as Row[];
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
            nickName: str(30),
            title: str(100, 5),
            content: str(1000),
            category: str(20),
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
          b.content ?? b.title,
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
        body: body({ wendaId: int(1), userId, belongerId: int(1), nickName: str(30), content: str(1000, 2) }, ['wendaId', 'content']),
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
}
