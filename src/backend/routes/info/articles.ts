import type { FastifyInstance } from 'fastify';
import type { ArticleBlock, InfoFang } from '../../../contracts/gateway/info.ts';
import type { BackendContext } from '../../context.ts';
import { fail, ok, type Paging, page, paging } from '../../envelope.ts';
import { commentItem, docItem } from '../../mappers.ts';
import { body, idParams, int, params, str, text } from '../../schemas.ts';
import { segmentForQuery } from '../../segment.ts';
import { cachedStatement } from '../../util.ts';
import { whereClause } from '../../where.ts';
import { DOC_SELECT, type Row, userId } from './shared.ts';

/** The body column holds the article's blocks as JSON (trusted structured content, issue 15). */
function blocksOf(content: string): ArticleBlock[] {
  try {
    const parsed = JSON.parse(content) as unknown;
    return Array.isArray(parsed) ? (parsed as ArticleBlock[]) : [{ type: 'paragraph', text: content }];
  } catch {
    return [{ type: 'paragraph', text: content }];
  }
}

const textOf = (blocks: ArticleBlock[]) =>
  blocks
    .map((b) => (b.type === 'heading' || b.type === 'paragraph' ? b.text : ''))
    .filter(Boolean)
    .join('\n');

/** SPEC 7.10: articles, their types, comments, likes and collects. */
export function registerArticleRoutes(app: FastifyInstance, { db, sqlNow }: BackendContext): void {
  const doc = db.prepare(`${DOC_SELECT} WHERE d.id = ?`);
  const docView = db.prepare('UPDATE info_doc SET view_num = view_num + 1 WHERE id = ?');
  const types = db.prepare('SELECT id, name FROM info_type WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id');
  const allTypes = db.prepare('SELECT id, name FROM info_type ORDER BY id');
  const hotComments = db.prepare('SELECT * FROM info_comment WHERE doc_id = ? AND deleted = 0 ORDER BY fabulous_num DESC, id DESC LIMIT ?');
  const comments = db.prepare(
    'SELECT * FROM info_comment WHERE doc_id = ? AND deleted = 0 ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
  );
  const hotCommentPage = db.prepare(
    'SELECT * FROM info_comment WHERE doc_id = ? AND deleted = 0 ORDER BY fabulous_num DESC, id DESC LIMIT ? OFFSET ?',
  );
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
  const isFollow = db.prepare('SELECT 1 FROM account_follow WHERE account_id = ? AND user_id = ?').pluck();
  const related = db.prepare(`${DOC_SELECT} WHERE d.city_id = ? AND (? IS NULL OR d.loupan_id = ?) ORDER BY d.created_at DESC LIMIT ?`);
  const estates = db.prepare(`SELECT l.id, l.name, l.img, l.avg_price, l.sale_status, l.tags, r.name AS region_name FROM loupan l
    LEFT JOIN region r ON r.id = l.region_id WHERE l.id IN (SELECT value FROM json_each(?))`);
  const estateCard = (r: Row): InfoFang => ({
    houseId: r.id,
    name: r.name,
    img: r.img,
    regionName: r.region_name ?? null,
    avgPrice: r.avg_price,
    saleStatus: r.sale_status,
    tags: String(r.tags ?? '')
      .split(',')
      .filter(Boolean)
      .slice(0, 3),
  });

  const detail = (id: number, uid: string | null) => {
    const row = doc.get(id) as Row | undefined;
    if (!row) return null;
    docView.run(id);
    const blocks = blocksOf(row.content);
    return {
      ...docItem(row),
      viewNum: row.view_num + 1,
      content: textOf(blocks),
      blocks,
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
    /** Any of these types (a section of several types, issue 15). */
    typeIds: { type: 'array', items: int(1, 99), maxItems: 30 },
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
      typeIds?: number[];
      accountId?: number;
      houseId?: number;
      keyword?: string;
      sort?: string;
    };
    const filter = whereClause();
    if (b.cityId) filter.add('d.city_id = ?', b.cityId);
    if (b.typeId ?? b.type) filter.add('d.type_id = ?', b.typeId ?? b.type);
    if (b.typeIds?.length) filter.add('d.type_id IN (SELECT value FROM json_each(?))', JSON.stringify(b.typeIds));
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
        body: body(
          { infoDocId: int(1), userId, nickName: text(30, 0, false), headUrl: str(300), content: text(500, 1), parentId: int(1) },
          ['infoDocId', 'userId', 'content'],
        ),
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
  /** Comments of an article, newest (or with `sort: 'hot'` most liked) first, paged. */
  app.post(
    '/api/info/insertlist',
    {
      schema: {
        body: body({ infoDocId: int(1), sort: { type: 'string', enum: ['new', 'hot'] }, page: int(0), size: int(1, 100) }, ['infoDocId']),
      },
    },
    async (req) => {
      const b = req.body as { infoDocId: number; sort?: string; page?: number; size?: number };
      const { pageNo, size, offset } = paging(b, 20);
      return page(
        ((b.sort === 'hot' ? hotCommentPage : comments).all(b.infoDocId, size, offset) as Row[]).map(commentItem),
        commentCount.get(b.infoDocId) as number,
        pageNo,
        size,
      );
    },
  );
  /**
   * House service: the estates an article mentions (its listing blocks), as cards; without an article, the city's
   * newest articles about an estate (or the city's newest).
   */
  app.post(
    '/info/InfoFangList',
    { schema: { body: body({ cityId: int(1, 9999), infoDocId: int(1), houseId: int(1), limit: int(1, 50) }) } },
    async (req) => {
      const b = req.body as { cityId?: number; infoDocId?: number; houseId?: number; limit?: number };
      if (b.infoDocId) {
        const row = doc.get(b.infoDocId) as Row | undefined;
        if (!row) return fail(404, '文章不存在');
        const ids = blocksOf(row.content).flatMap((x) => (x.type === 'listing' ? [x.houseId] : []));
        return ok((estates.all(JSON.stringify(ids)) as Row[]).map(estateCard));
      }
      return ok((related.all(b.cityId ?? 1, b.houseId ?? null, b.houseId ?? null, b.limit ?? 5) as Row[]).map(docItem));
    },
  );
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
}
