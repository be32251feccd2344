import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../../context.ts';
import { fail, ok, page, paging } from '../../envelope.ts';
import { docItem } from '../../mappers.ts';
import { body, int, str } from '../../schemas.ts';
import { cachedStatement } from '../../util.ts';
import { DOC_SELECT, type Row, userId } from './shared.ts';

/** SPEC 7.10: the news accounts (xhaccount), their follows and their articles. */
export function registerNewsAccountRoutes(app: FastifyInstance, { db, sqlNow }: BackendContext): void {
  const account = db.prepare('SELECT id AS accountId, user_name AS userName, name, avatar, intro, fans FROM xhaccount WHERE id = ?');
  const accountByName = db.prepare(
    'SELECT id AS accountId, user_name AS userName, name, avatar, intro, fans FROM xhaccount WHERE user_name = ?',
  );
  const follow = db.prepare('INSERT OR IGNORE INTO account_follow VALUES (?,?,?)');
  const unfollow = db.prepare('DELETE FROM account_follow WHERE account_id = ? AND user_id = ?');
  const fans = db.prepare('UPDATE xhaccount SET fans = MAX(0, fans + ?) WHERE id = ?');
  const isFollow = db.prepare('SELECT 1 FROM account_follow WHERE account_id = ? AND user_id = ?').pluck();
  const accountDocCount = db.prepare('SELECT COUNT(*) FROM info_doc WHERE account_id = ?').pluck();
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
}
