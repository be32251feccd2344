import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context.ts';
import { fail, ok, page, paging } from '../envelope.ts';
import { belongerItem, listingItem } from '../mappers.ts';
import { body, int, memberId, params, str } from '../schemas.ts';
import { CHAT_REPLIES } from '../seed/words.ts';
import { sqlNow } from '../util.ts';
import { LISTING_SELECT } from './listing.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const MSG_TYPES = ['text', 'house', 'map', 'images', 'voice', 'cmd'] as const;
const userKey = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_@.-]+$' } as const;

/**
 * SPEC 7.9: chat records and push on the gateway, and the chat host's calls (adduser, friendkey, getServerTime,
 * reporter, chatframe), which the embedded backend answers at its root as the chat host.
 */
export function registerChatRoutes(app: FastifyInstance, { db }: BackendContext): void {
  const insert = db.prepare('INSERT INTO chat_record (user_id, target_id, msg_type, content, created_at) VALUES (?,?,?,?,?)');
  const records =
    db.prepare(`SELECT id, user_id AS fromId, target_id AS toId, msg_type AS msgType, content, created_at AS createdAt FROM chat_record
    WHERE (user_id = ? AND target_id = ?) OR (user_id = ? AND target_id = ?) ORDER BY id DESC LIMIT ? OFFSET ?`);
  const recordCount = db
    .prepare('SELECT COUNT(*) FROM chat_record WHERE (user_id = ? AND target_id = ?) OR (user_id = ? AND target_id = ?)')
    .pluck();
  const sessions = db.prepare(`SELECT c.other, c.count, r.msg_type, r.content, r.created_at FROM (
      SELECT CASE WHEN user_id = ? THEN target_id ELSE user_id END AS other, MAX(id) AS last_id, COUNT(*) AS count
      FROM chat_record WHERE user_id = ? OR target_id = ? GROUP BY other) c
    JOIN chat_record r ON r.id = c.last_id ORDER BY c.last_id DESC LIMIT 100`);
  const push = db.prepare('INSERT INTO push_message (target, title, content, created_at) VALUES (?,?,?,?)');
  const belongerByUid = db.prepare(
    'SELECT b.*, s.name AS store_name FROM belonger b JOIN store s ON s.id = b.store_id WHERE b.uid = ? OR b.id = ?',
  );
  const memberByUid = db.prepare('SELECT uid, id, nick_name, head_url FROM member WHERE uid = ? OR CAST(id AS TEXT) = ?');
  const listing = db.prepare(`${LISTING_SELECT} WHERE l.id = ?`);
  const track = db.prepare('INSERT INTO tracking_event (kind, payload, created_at) VALUES (?,?,?)');

  app.get('/api/microchat/revert', async () => ok(CHAT_REPLIES.map((text, i) => ({ id: i + 1, text }))));
  app.post(
    '/api/microchat/record',
    {
      schema: {
        body: body(
          {
            userId: userKey,
            targetId: userKey,
            msgType: { type: 'string', enum: [...MSG_TYPES] },
            content: { anyOf: [{ type: 'string', minLength: 1, maxLength: 4000 }, { type: 'object' }] },
          },
          ['userId', 'targetId', 'msgType', 'content'],
        ),
      },
    },
    async (req) => {
      const b = req.body as { userId: string; targetId: string; msgType: string; content: string | object };
      const content = typeof b.content === 'string' ? b.content : JSON.stringify(b.content);
      if (content.length > 4000) return fail(400, 'content: 消息过长');
      const info = insert.run(b.userId, b.targetId, b.msgType, content, sqlNow());
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );
  app.get(
    '/api/microchat/record/:userId/:targetId',
    { schema: { params: params({ userId: userKey, targetId: userKey }), querystring: body({ page: int(0), size: int(1, 100) }) } },
    async (req) => {
      const p = req.params as { userId: string; targetId: string };
      const { pageNo, size, offset } = paging(req.query as { page?: number; size?: number }, 30);
      const rows = records.all(p.userId, p.targetId, p.targetId, p.userId, size, offset) as Row[];
      return page(rows.reverse(), recordCount.get(p.userId, p.targetId, p.targetId, p.userId) as number, pageNo, size);
    },
  );
  /** The member's conversations, newest first, with the last message and the agent (/im/list; our path). */
  app.get('/api/microchat/sessions/:userId', { schema: { params: params({ userId: userKey }) } }, async (req) => {
    const { userId } = req.params as { userId: string };
    const rows = sessions.all(userId, userId, userId) as Row[];
    return ok(
      rows.map((r) => {
        const agent = belongerByUid.get(r.other, -1) as Row | undefined;
        return {
          targetId: r.other,
          conversationID: `C2C${r.other}`,
          lastType: r.msg_type,
          lastContent: r.content,
          lastTime: r.created_at,
          count: r.count,
          agent: agent ? belongerItem(agent) : null,
        };
      }),
    );
  });
  app.post(
    '/api/mobpush/send',
    { schema: { body: body({ target: userKey, title: str(60), content: str(500, 1) }, ['target', 'content']) } },
    async (req) => {
      const b = req.body as { target: string; title?: string; content: string };
      const info = push.run(b.target, b.title ?? null, b.content, sqlNow());
      return ok({ id: Number(info.lastInsertRowid) });
    },
  );

  // The chat host (SPEC 7.9: full URLs on a separate host; payloads not shown, so these are ours).
  app.post('/adduser', { schema: { body: body({ uid: userKey, userId: userKey, nickName: str(30), headUrl: str(300) }) } }, async (req) => {
    const b = req.body as { uid?: string; userId?: string; nickName?: string; headUrl?: string };
    const key = b.uid ?? b.userId;
    if (!key) return fail(400, 'uid: 用户ID必传');
    const m = memberByUid.get(key, key) as Row | undefined;
    return ok({ uid: m?.uid ?? key, nickName: m?.nick_name ?? b.nickName ?? key, headUrl: m?.head_url ?? b.headUrl ?? '' });
  });
  app.post('/friendkey', { schema: { body: body({ userId: userKey, uid: userKey, belongerId: int(1) }) } }, async (req) => {
    const b = req.body as { userId?: string; uid?: string; belongerId?: number };
    const agent = belongerByUid.get(b.uid ?? '', b.belongerId ?? -1) as Row | undefined;
    if (!agent) return fail(404, '获取用户uid 失败！');
    return ok({ uid: agent.uid, belongerId: agent.id, conversationID: `C2C${agent.uid}`, agent: belongerItem(agent) });
  });
  app.post('/getServerTime', async () => ok({ time: Date.now() }));
  app.post('/reporter', { schema: { body: { type: 'object', maxProperties: 50 } } }, async (req) => {
    const info = track.run('chat-report', JSON.stringify(req.body ?? {}).slice(0, 4000), sqlNow());
    return ok({ id: Number(info.lastInsertRowid) });
  });
  app.post(
    '/chatframe',
    { schema: { body: body({ uid: userKey, belongerId: int(1), houseId: int(1), userId: memberId }) } },
    async (req) => {
      const b = req.body as { uid?: string; belongerId?: number; houseId?: number };
      const agent = belongerByUid.get(b.uid ?? '', b.belongerId ?? -1) as Row | undefined;
      const house = b.houseId ? (listing.get(b.houseId) as Row | undefined) : undefined;
      const item = house ? listingItem(house) : null;
      return ok({
        manager: agent ? belongerItem(agent) : null,
        phone: agent?.phone ?? null,
        houseInfo: item
          ? {
              tuijian: false,
              title: item.title,
              price: item.price,
              priceText: item.priceText,
              other: `${item.huxing} ${item.area}㎡`,
              desc: item.xiaoquName ?? item.regionName,
              img: item.img,
              houseid: item.houseId,
              housetype: item.houseType,
              houseMode: item.houseTypeName,
              huashu: '您好，我对这套房子感兴趣，可以详细介绍一下吗？',
              activityName: '',
            }
          : null,
        replies: CHAT_REPLIES,
      });
    },
  );
}
