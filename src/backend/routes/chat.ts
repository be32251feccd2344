import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context.ts';
import { fail, ok, page, paging } from '../envelope.ts';
import { belongerItem, listingItem } from '../mappers.ts';
import { body, int, memberId, params, str } from '../schemas.ts';
import { AGENT_DEMO_PASSWORD_HASH } from '../seed/chat.ts';
import { CHAT_REPLIES } from '../seed/words.ts';
import { sqlTime } from '../time.ts';
import { verifyPassword } from './account.ts';
import { LISTING_SELECT } from './listing.ts';

// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
type Row = Record<string, any>;

const MSG_TYPES = ['text', 'house', 'map', 'images', 'voice', 'cmd'] as const;
const userKey = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_@.-]+$' } as const;

/**
 * SPEC 7.9: chat records and push on the gateway, and the chat host's calls (adduser, friendkey, getServerTime,
 * reporter, chatframe), which the embedded backend answers at its root as the chat host.
 */
/** An inbox sign-in lasts at most 12 hours (the portal's cookie says the same). */
const AGENT_SESSION_MS = 12 * 3600_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function registerChatRoutes(app: FastifyInstance, { db, now, sqlNow }: BackendContext): void {
  const openAgentSession = db.prepare('INSERT INTO agent_session (token, belonger_id, created_at, expires_at) VALUES (?,?,?,?)');
  const purgeAgentSessions = db.prepare('DELETE FROM agent_session WHERE belonger_id = ? AND expires_at <= ?');
  const closeAgentSession = db.prepare('DELETE FROM agent_session WHERE token = ?');
  const agentOfSession = db.prepare(
    'SELECT b.* FROM agent_session s JOIN belonger b ON b.id = s.belonger_id WHERE s.token = ? AND s.expires_at > ?',
  );
  const insert = db.prepare('INSERT INTO chat_record (user_id, target_id, msg_type, content, created_at) VALUES (?,?,?,?,?)');
  const records =
    db.prepare(`SELECT id, user_id AS fromId, target_id AS toId, msg_type AS msgType, content, created_at AS createdAt FROM chat_record
    WHERE ((user_id = ? AND target_id = ?) OR (user_id = ? AND target_id = ?)) AND id > ? AND id < ? ORDER BY id DESC LIMIT ? OFFSET ?`);
  const recordsBefore =
    db.prepare(`SELECT id, user_id AS fromId, target_id AS toId, msg_type AS msgType, content, created_at AS createdAt FROM chat_record
    WHERE ((user_id = ? AND target_id = ?) OR (user_id = ? AND target_id = ?)) AND id > ? AND id < ? ORDER BY id DESC LIMIT ?`);
  const recordCount = db
    .prepare('SELECT COUNT(*) FROM chat_record WHERE ((user_id = ? AND target_id = ?) OR (user_id = ? AND target_id = ?)) AND id > ?')
    .pluck();
  // Issue 18: per-user conversation state (read mark, pin, delete, last auto-reply) and socket presence.
  const chatState = db.prepare('SELECT * FROM chat_state WHERE user_id = ? AND peer_id = ?');
  const ensureState = db.prepare('INSERT OR IGNORE INTO chat_state (user_id, peer_id) VALUES (?, ?)');
  const lastFrom = db.prepare('SELECT MAX(id) FROM chat_record WHERE user_id = ? AND target_id = ?').pluck();
  const lastOfPair = db
    .prepare('SELECT MAX(id) FROM chat_record WHERE (user_id = ? AND target_id = ?) OR (user_id = ? AND target_id = ?)')
    .pluck();
  const setRead = db.prepare('UPDATE chat_state SET read_up_to = MAX(read_up_to, ?) WHERE user_id = ? AND peer_id = ?');
  const setPinned = db.prepare('UPDATE chat_state SET pinned = ? WHERE user_id = ? AND peer_id = ?');
  const setDeleted = db.prepare(
    'UPDATE chat_state SET deleted_up_to = ?, read_up_to = MAX(read_up_to, ?), pinned = 0 WHERE user_id = ? AND peer_id = ?',
  );
  const claimReply = db.prepare('UPDATE chat_state SET auto_reply_at = ? WHERE user_id = ? AND peer_id = ? AND auto_reply_at <= ?');
  const unreadTotal = db
    .prepare(`SELECT COUNT(*) FROM chat_record r LEFT JOIN chat_state s ON s.user_id = r.target_id AND s.peer_id = r.user_id
      WHERE r.target_id = ? AND r.id > MAX(COALESCE(s.read_up_to, 0), COALESCE(s.deleted_up_to, 0))`)
    .pluck();
  const unreadFrom = db.prepare(`SELECT COUNT(*) FROM chat_record WHERE user_id = ? AND target_id = ? AND id > ?`).pluck();
  const presence = db.prepare(
    'INSERT INTO chat_presence (user_id, node, sockets, seen_at) VALUES (?,?,?,?) ON CONFLICT (user_id, node) DO UPDATE SET sockets = excluded.sockets, seen_at = excluded.seen_at',
  );
  const onlineNodes = db.prepare('SELECT COUNT(*) FROM chat_presence WHERE user_id = ? AND sockets > 0 AND seen_at > ?').pluck();
  const agentByLogin = db.prepare(
    `SELECT b.*, s.name AS store_name, COALESCE(p.password_hash, ?) AS password_hash FROM belonger b JOIN store s ON s.id = b.store_id
     LEFT JOIN agent_password p ON p.belonger_id = b.id WHERE b.phone = ? OR b.uid = ? ORDER BY b.id LIMIT 1`,
  );
  const sessions = db.prepare(`SELECT c.other, c.count, c.last_id, r.user_id, r.msg_type, r.content, r.created_at FROM (
      SELECT CASE WHEN user_id = ? THEN target_id ELSE user_id END AS other, MAX(id) AS last_id, COUNT(*) AS count
      FROM chat_record WHERE user_id = ? OR target_id = ? GROUP BY other) c
    JOIN chat_record r ON r.id = c.last_id ORDER BY c.last_id DESC LIMIT 200`);
  const push = db.prepare('INSERT INTO push_message (target, title, content, created_at) VALUES (?,?,?,?)');
  const belongerByUid = db.prepare(
    'SELECT b.*, s.name AS store_name FROM belonger b JOIN store s ON s.id = b.store_id WHERE b.uid = ? OR b.id = ?',
  );
  const memberByUid = db.prepare('SELECT uid, id, nick_name, head_url FROM member WHERE uid = ? OR CAST(id AS TEXT) = ?');
  const listing = db.prepare(`${LISTING_SELECT} WHERE l.id = ?`);
  const track = db.prepare('INSERT INTO tracking_event (kind, payload, created_at) VALUES (?,?,?)');
  // Issue 33: where an agent may write. Each is one lookup in an index: chat_record_pair (user_id, target_id, id),
  // member.uid and belonger.uid (unique), listing's primary key, loupan_belonger's primary key.
  const wroteTo = db.prepare('SELECT EXISTS (SELECT 1 FROM chat_record WHERE user_id = ? AND target_id = ?)').pluck();
  const memberExists = db.prepare('SELECT EXISTS (SELECT 1 FROM member WHERE uid = ?)').pluck();
  const agentIdOf = db.prepare('SELECT id FROM belonger WHERE uid = ?').pluck();
  const holdsListing = db.prepare('SELECT EXISTS (SELECT 1 FROM listing WHERE id = ? AND belonger_id = ?)').pluck();
  const holdsEstate = db.prepare('SELECT EXISTS (SELECT 1 FROM loupan_belonger WHERE loupan_id = ? AND belonger_id = ?)').pluck();
  const cardsSent = db
    .prepare(`SELECT content FROM chat_record WHERE user_id = ? AND target_id = ? AND msg_type = 'house' ORDER BY id DESC LIMIT 20`)
    .pluck();
  /** Does this agent hold the listing (a new-home estate when housetype is 1, SPEC 3 chat house card)? */
  const holds = (agentId: number, houseId: number, houseType: number | undefined) =>
    (houseType === 1 ? holdsEstate.get(houseId, agentId) : holdsListing.get(houseId, agentId)) === 1;

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
      const createdAt = sqlNow();
      const info = insert.run(b.userId, b.targetId, b.msgType, content, createdAt);
      return ok({ id: Number(info.lastInsertRowid), createdAt });
    },
  );
  app.get(
    '/api/microchat/record/:userId/:targetId',
    {
      schema: {
        params: params({ userId: userKey, targetId: userKey }),
        querystring: body({ page: int(0), size: int(1, 100), beforeId: int(1) }),
      },
    },
    async (req) => {
      const p = req.params as { userId: string; targetId: string };
      const q = req.query as { page?: number; size?: number; beforeId?: number };
      const { pageNo, size, offset } = paging(q, 30);
      // The viewer (userId) does not see what they deleted; `beforeId` pages backwards from a known message.
      const mine = chatState.get(p.userId, p.targetId) as Row | undefined;
      const theirs = chatState.get(p.targetId, p.userId) as Row | undefined;
      const floor = mine?.deleted_up_to ?? 0;
      const ceiling = q.beforeId ?? Number.MAX_SAFE_INTEGER;
      const rows = (
        q.beforeId
          ? recordsBefore.all(p.userId, p.targetId, p.targetId, p.userId, floor, ceiling, size)
          : records.all(p.userId, p.targetId, p.targetId, p.userId, floor, ceiling, size, offset)
      ) as Row[];
      // `read`: the recipient's read mark covers it.
      for (const r of rows) r.read = r.fromId === p.userId ? r.id <= (theirs?.read_up_to ?? 0) : r.id <= (mine?.read_up_to ?? 0);
      return page(rows.reverse(), recordCount.get(p.userId, p.targetId, p.targetId, p.userId, floor) as number, pageNo, size);
    },
  );
  /**
   * A user's conversations (a member's or an agent's), pinned first, then newest first, with the last message, the
   * unread count, the agent or the member on the other side (/im/list, the agent inbox; our path). A conversation the
   * user deleted comes back only with a newer message.
   */
  app.get('/api/microchat/sessions/:userId', { schema: { params: params({ userId: userKey }) } }, async (req) => {
    const { userId } = req.params as { userId: string };
    const rows = sessions.all(userId, userId, userId) as Row[];
    const out = [];
    for (const r of rows) {
      const st = chatState.get(userId, r.other) as Row | undefined;
      if (st && r.last_id <= st.deleted_up_to) continue;
      const agent = belongerByUid.get(r.other, -1) as Row | undefined;
      const member = agent ? undefined : (memberByUid.get(r.other, r.other) as Row | undefined);
      out.push({
        targetId: r.other,
        conversationID: `C2C${r.other}`,
        lastType: r.msg_type,
        lastContent: r.content,
        lastTime: r.created_at,
        lastFrom: r.user_id,
        lastId: r.last_id,
        count: r.count,
        unread: unreadFrom.get(r.other, userId, Math.max(st?.read_up_to ?? 0, st?.deleted_up_to ?? 0)) as number,
        pinned: !!st?.pinned,
        agent: agent ? belongerItem(agent) : null,
        member: member ? { uid: member.uid, nickName: member.nick_name, headUrl: member.head_url } : null,
      });
    }
    out.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.lastId - a.lastId);
    return ok(out);
  });
  const pair = body({ userId: userKey, targetId: userKey }, ['userId', 'targetId']);
  /** The user has read the conversation up to its newest message from the peer; answers the mark and the user's unread total. */
  app.post('/api/microchat/read', { schema: { body: pair } }, async (req) => {
    const b = req.body as { userId: string; targetId: string };
    const upTo = (lastFrom.get(b.targetId, b.userId) as number | null) ?? 0;
    db.transaction(() => {
      ensureState.run(b.userId, b.targetId);
      setRead.run(upTo, b.userId, b.targetId);
    })();
    const at = upTo ? (db.prepare('SELECT created_at FROM chat_record WHERE id = ?').pluck().get(upTo) as string) : null;
    return ok({ upTo, upToTime: at, unread: unreadTotal.get(b.userId) as number });
  });
  app.post(
    '/api/microchat/pin',
    { schema: { body: body({ userId: userKey, targetId: userKey, pinned: { type: 'boolean' } }, ['userId', 'targetId', 'pinned']) } },
    async (req) => {
      const b = req.body as { userId: string; targetId: string; pinned: boolean };
      db.transaction(() => {
        ensureState.run(b.userId, b.targetId);
        setPinned.run(b.pinned ? 1 : 0, b.userId, b.targetId);
      })();
      return ok({ pinned: b.pinned });
    },
  );
  /** Deletes the conversation for this user only (the peer keeps it); its messages count as read. */
  app.post('/api/microchat/remove', { schema: { body: pair } }, async (req) => {
    const b = req.body as { userId: string; targetId: string };
    const last = (lastOfPair.get(b.userId, b.targetId, b.targetId, b.userId) as number | null) ?? 0;
    db.transaction(() => {
      ensureState.run(b.userId, b.targetId);
      setDeleted.run(last, last, b.userId, b.targetId);
    })();
    return ok({ deletedUpTo: last, unread: unreadTotal.get(b.userId) as number });
  });
  app.get('/api/microchat/unread/:userId', { schema: { params: params({ userId: userKey }) } }, async (req) => {
    const { userId } = req.params as { userId: string };
    return ok({ total: unreadTotal.get(userId) as number });
  });
  /** A portal process reports how many sockets a user has open on it; online = any process reported one within 90 s. */
  app.post(
    '/api/microchat/presence',
    { schema: { body: body({ userId: userKey, node: str(64, 1), sockets: int(0, 10_000) }, ['userId', 'node', 'sockets']) } },
    async (req) => {
      const b = req.body as { userId: string; node: string; sockets: number };
      presence.run(b.userId, b.node, b.sockets, now());
      return ok({ online: (onlineNodes.get(b.userId, now() - 90_000) as number) > 0 });
    },
  );
  app.get('/api/microchat/presence/:userId', { schema: { params: params({ userId: userKey }) } }, async (req) => {
    const { userId } = req.params as { userId: string };
    return ok({ online: (onlineNodes.get(userId, now() - 90_000) as number) > 0 });
  });
  /** The agent's auto-reply to a member: claimed at most once per conversation per `windowSeconds` (any process). */
  app.post(
    '/api/microchat/autoreply',
    {
      schema: {
        body: body({ userId: userKey, targetId: userKey, windowSeconds: int(1, 7 * 86400) }, ['userId', 'targetId', 'windowSeconds']),
      },
    },
    async (req) => {
      const b = req.body as { userId: string; targetId: string; windowSeconds: number };
      const t = now();
      const claimed = db.transaction(() => {
        ensureState.run(b.userId, b.targetId);
        return claimReply.run(t, b.userId, b.targetId, t - b.windowSeconds * 1000).changes > 0;
      })();
      return ok({ claimed });
    },
  );
  /**
   * Issue 33, our path: what decides whether `userId` (an agent) may write to `targetId`. `peerWrote`: the peer has
   * written to the agent (they opened the conversation); `peerIsMember`: the peer is a member (not a made-up id nor
   * another agent); `openedWithListing`: the agent opened the conversation with a house card of a listing it holds;
   * `holdsHouse` (with houseId, and houseType 1 for a new-home estate): the agent holds that listing, null without one.
   */
  app.get(
    '/api/microchat/access/:userId/:targetId',
    {
      schema: {
        params: params({ userId: userKey, targetId: userKey }),
        querystring: body({ houseId: int(0), houseType: int(0, 99) }),
      },
    },
    async (req) => {
      const p = req.params as { userId: string; targetId: string };
      const q = req.query as { houseId?: number; houseType?: number };
      const peerWrote = wroteTo.get(p.targetId, p.userId) === 1;
      const peerIsMember = memberExists.get(p.targetId) === 1;
      const agentId = agentIdOf.get(p.userId) as number | undefined;
      let openedWithListing = false;
      if (agentId !== undefined && peerIsMember && !peerWrote) {
        for (const content of cardsSent.all(p.userId, p.targetId) as string[]) {
          let card: { houseid?: unknown; housetype?: unknown } | null = null;
          try {
            card = JSON.parse(content);
          } catch {
            card = null;
          }
          const houseId = Number(card?.houseid);
          if (Number.isInteger(houseId) && houseId > 0 && holds(agentId, houseId, Number(card?.housetype) || undefined)) {
            openedWithListing = true;
            break;
          }
        }
      }
      const holdsHouse = q.houseId === undefined ? null : agentId !== undefined && holds(agentId, q.houseId, q.houseType);
      return ok({ peerWrote, peerIsMember, openedWithListing, holdsHouse });
    },
  );
  /** The agent inbox's sign-in: phone or uid (工号) and password; every seeded agent has the demo password. */
  app.post(
    '/api/microchat/agent/login',
    { schema: { body: body({ account: str(40, 1), password: str(64, 1) }, ['account', 'password']) } },
    async (req, reply) => {
      const b = req.body as { account: string; password: string };
      const agent = agentByLogin.get(AGENT_DEMO_PASSWORD_HASH, b.account, b.account) as Row | undefined;
      const good = await verifyPassword(b.password, agent?.password_hash ?? 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAA');
      if (!agent || !good) return reply.code(401).send(fail(401, '账号或密码错误'));
      // A server-side session (issue 33): the inbox cookie holds the token, only its SHA-256 is kept; a sign-out ends it.
      const token = randomBytes(32).toString('base64url');
      purgeAgentSessions.run(agent.id, sqlNow());
      openAgentSession.run(sha256(token), agent.id, sqlNow(), sqlTime(now() + AGENT_SESSION_MS));
      return ok({ ...belongerItem(agent), sessionToken: token });
    },
  );
  /** GET /api/microchat/agent/session?token=: the agent of a live inbox session, 401 when it ended or expired. */
  app.get(
    '/api/microchat/agent/session',
    { schema: { querystring: { type: 'object', required: ['token'], properties: { token: str(100, 1) } } } },
    async (req) => {
      const { token } = req.query as { token: string };
      const agent = agentOfSession.get(sha256(token), sqlNow()) as Row | undefined;
      if (!agent) return fail(401, '登录已失效，请重新登录');
      return ok(belongerItem(agent));
    },
  );
  /** POST /api/microchat/agent/logout {token}: the inbox session ends (a copied cookie no longer signs in). */
  app.post('/api/microchat/agent/logout', { schema: { body: body({ token: str(100, 1) }, ['token']) } }, async (req) => {
    const { token } = req.body as { token: string };
    return ok({ ended: closeAgentSession.run(sha256(token)).changes });
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
  app.post('/getServerTime', async () => ok({ time: now() }));
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
