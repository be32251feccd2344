import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { CallContext } from '../src/api/http.ts';
import type { ChatService } from '../src/chat-user.ts';
import type { ChatConversation, ChatLogin, ChatMessage, ChatPayload, ChatServerFrame } from '../src/contracts/chat.ts';
import { conversationIdOf } from '../src/contracts/chat.ts';
import {
  AGENT_CHAT_API,
  CHAT_API,
  CHAT_MESSAGES,
  CHAT_TEXT_MAX,
  chatSocketPath,
  gatewayTimeToMs,
  lastOf,
  messageOfRecord,
  previewOf,
  recordContentOf,
  type StoredRecord,
} from '../src/lib/chat.ts';
import { agentMayWrite, houseOfPayload } from '../src/lib/chat-access.ts';
import { chatSettingsOf, offlinePushFor } from '../src/lib/chat-query.ts';
import { CLOSE_SIGNED_OUT } from '../src/lib/member-socket.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { genUserSig } from '../src/lib/usersig.ts';
import { readUser, sessionKey } from '../src/session.ts';
import { createBus } from './chat-bus.ts';
import { isClientFrame, userId } from './chat-frames.ts';
import { chatLookupRoutes } from './chat-lookup.ts';
import { type ChatUser, call, chatNoStore, gatewayAnswer, readAgent, readMember } from './chat-users.ts';
import { byteLength } from './member-socket.ts';

/**
 * Agent chat, the portal's half (issue 18; SPEC 3, 4, 5, 7.9, 8, 9). Member calls under /-/chat, the agent inbox's
 * under /-/agent/chat (same handlers; the agent is the signed `agentInfo` cookie of /-/agent/login, never the member
 * session). Every answer is `private, no-store`; every state-changing call obeys the same-origin rule.
 *
 * - GET  {base}/login           ChatLogin: Tencent IM (a UserSig signed here for the caller's own id) when IM_SDKAPPID
 *                               and IM_SECRET_KEY are configured, else the built-in transport
 * - GET  {base}/conversations   ChatConversation[] (pinned first, newest first)
 * - GET  {base}/history/:peer   ?beforeId=<message id>&size=  → { messages (oldest first), more }
 * - GET  {base}/unread          { total }
 * - GET  {base}/ws              the built-in transport's WebSocket (frames: src/contracts/chat.ts)
 * - POST {base}/read, /pin, /remove, /image, /voice: actions of the action stage (registry.json `actions`,
 *   src/actions/chat.ts; issue 33), which reach the bus, the read marks and the unread totals through the
 *   `app.chatService` decorated here
 * - GET  /-/chat/peer           ?uid=|belongerId=   → ChatPeer (SPEC 5: 经纪人ID/UID 必传一个, 获取用户uid 失败！)
 * - GET  /-/chat/frame          ?uid=|belongerId=[&houseId=] → ChatFrame (manager, phone, house card, quick phrases)
 *   (those two for members only: plugins/chat-lookup.ts)
 * - POST /-/agent/login, POST /-/agent/logout (form or JSON): actions (src/actions/agent.ts); the pages /agent/login
 *   and /agent/inbox are registry pages (pages/agent/)
 * Frames and bus events are checked by plugins/chat-frames.ts; the bus is plugins/chat-bus.ts.
 *
 * Delivery: a message is saved through the gateway (api/microchat/record), acknowledged to its socket, and published on
 * the chat bus to every socket of both sides (the sender's other tabs too; clients drop ids they have). With REDIS_URL
 * the bus is Redis pub/sub (src/redis-channel.ts), so every portal process delivers to its own sockets; Redis down
 * is one error line and delivery within each process. When the recipient has no socket in any process (presence kept
 * by the gateway, reported by each process), an offline push is recorded (api/mobpush/send); when that recipient is an
 * agent, the agent's auto-reply (api/microchat/revert) answers the member, at most once per conversation per
 * `autoReplyWindowSeconds` (default 30 minutes, claimed through the gateway so two processes do not both answer).
 *
 * Who may write (issue 33): a member to any agent the portal knows; an agent only in a conversation the member opened
 * (the member wrote to it first) or about a listing it holds (src/lib/chat-access.ts), else a 403 error frame. Every
 * message of the built-in transport passes the socket's `send`; the image and voice uploads store a file and write to
 * nobody. With Tencent IM configured, messages go from the browser to Tencent and never pass here: holding agents to
 * the rule there needs Tencent's before-send callback (C2C.CallbackBeforeSendMsg), which the portal does not answer yet.
 */

export interface ChatPluginOptions {
  /** Tencent IM: both set, members chat through Tencent IM with a UserSig signed here. */
  sdkAppId?: number;
  secretKey?: string;
  redisUrl?: string;
  /** Keep-alive ping; a socket that did not answer the previous ping is dropped. Default 30 s. */
  pingIntervalMs?: number;
  /** Largest frame a client may send, bytes (default 16 KiB; bigger closes the socket with 1009). */
  maxPayload?: number;
  /** Frames a socket may send per `rateWindowMs` (default 20 per 10 s): beyond, an error frame; twice that, closed (1008). */
  maxFramesPerWindow?: number;
  rateWindowMs?: number;
  /** Open chat sockets per user (default 16). */
  maxSocketsPerUser?: number;
  /** The agent's auto-reply answers a conversation at most once per this many seconds (default 1800). */
  autoReplyWindowSeconds?: number;
}

interface Socket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'pong' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): void;
}
const OPEN = 1;

declare module 'fastify' {
  interface FastifyInstance {
    /** Open chat sockets per user id in this process (for tests and logs). */
    chatSockets: { count(userId?: string): number };
    /** The chat's writes for the chat actions (src/actions/chat.ts): read marks, pins, deletes, stored files. */
    chatService: ChatService;
  }
}

const chatPlugin: FastifyPluginAsync<ChatPluginOptions> = async (app, opts) => {
  const pingIntervalMs = opts.pingIntervalMs ?? 30_000;
  const maxPayload = opts.maxPayload ?? 16 * 1024;
  const maxFrames = opts.maxFramesPerWindow ?? 20;
  const rateWindowMs = opts.rateWindowMs ?? 10_000;
  const maxPerUser = opts.maxSocketsPerUser ?? 16;
  const autoReplyWindowSeconds = opts.autoReplyWindowSeconds ?? 1800;
  const tencent = opts.sdkAppId !== undefined && opts.secretKey ? { sdkAppId: opts.sdkAppId, secretKey: opts.secretKey } : null;
  const node = randomUUID();
  const log = app.log.child({ component: 'chat' });

  const bus = await createBus(app, opts.redisUrl);
  const sockets = new Map<string, Set<Socket>>();
  app.decorate('chatSockets', {
    count: (id?: string) => (id === undefined ? [...sockets.values()].reduce((n, set) => n + set.size, 0) : (sockets.get(id)?.size ?? 0)),
  });
  // A member signed out everywhere (SPEC 4 forced logout) loses their chat sockets too; a logout (issue 33) the
  // sockets opened under that one session.
  const socketMember = new WeakMap<Socket, string>();
  const socketSession = new WeakMap<Socket, string>();
  const unsubscribeMembers = app.memberEvents.subscribe(function closeRevokedChatSockets(event) {
    if (event.type === 'profile' || event.type === 'notice') return;
    const ended = event.type === 'ended' ? event.session : null;
    for (const set of sockets.values())
      for (const s of set)
        if (socketMember.get(s) === event.userId && (ended === null || socketSession.get(s) === ended))
          s.close(CLOSE_SIGNED_OUT, 'signed out');
  });
  const unsubscribe = bus.subscribe(function deliverChatEvent(event) {
    const text = JSON.stringify(event.frame);
    for (const id of new Set(event.to)) for (const s of sockets.get(id) ?? []) if (s.readyState === OPEN) s.send(text);
  });

  /** Presence: this process's socket count per user, reported to the gateway on change and with every keep-alive round. */
  const ctx0: CallContext = { reqId: `chat-${node.slice(0, 8)}`, log };
  const reportPresence = (id: string) => {
    app.api.chat
      .reportPresence(ctx0, { userId: id, node, sockets: sockets.get(id)?.size ?? 0 })
      .catch((err: Error) => log.warn({ userId: id, err: err.message }, 'chat presence not reported'));
  };
  const isOnline = async (c: CallContext, id: string): Promise<boolean> => {
    if ((sockets.get(id)?.size ?? 0) > 0) return true;
    try {
      return (await app.api.chat.presence(c, id))?.online === true;
    } catch {
      return false;
    }
  };

  /** Is `id` an agent the portal knows? Cached 10 minutes. */
  const agents = new LRUCache<string, { name: string; belongerId: number }>({ max: 5000, ttl: 600_000 });
  const agentOf = async (c: CallContext, id: string) => {
    const hit = agents.get(id);
    if (hit) return hit;
    try {
      const found = await app.api.chat.friendKey(c, { uid: id });
      if (!found || found.uid !== id) return null;
      const agent = { name: found.agent.name, belongerId: found.belongerId };
      agents.set(id, agent);
      return agent;
    } catch {
      return null;
    }
  };

  const publishUnread = async (c: CallContext, id: string, total?: number) => {
    try {
      const n = total ?? (await app.api.chat.unread(c, id))?.total ?? 0;
      await bus.publish({ to: [id], frame: { t: 'unread', total: n } });
    } catch (err) {
      c.log.warn({ userId: id, err: (err as Error).message }, 'chat unread total not sent');
    }
  };

  /** Saves a message and delivers it to both sides; the ack is the caller's. */
  const deliver = async (c: CallContext, from: string, to: string, payload: ChatPayload, clientId?: string): Promise<ChatMessage> => {
    const saved = await app.api.chat.saveRecord(c, {
      userId: from,
      targetId: to,
      msgType: payload.msgType,
      content: recordContentOf(payload),
    });
    if (!saved) throw Object.assign(new Error('record not saved'), { statusCode: 502 });
    const message = {
      ...payload,
      id: String(saved.id),
      ...(clientId ? { clientId } : {}),
      from,
      to,
      time: gatewayTimeToMs(saved.createdAt) || Date.now(),
      read: false,
    } as ChatMessage;
    await bus.publish({ to: [to, from], frame: { t: 'message', message } });
    void publishUnread(c, to);
    c.log.info({ from, to, msgType: payload.msgType, id: message.id }, 'chat message delivered');
    return message;
  };

  /** The recipient has no socket anywhere: an offline push, as the member's settings allow (done before the ack). */
  const pushOffline = async (c: CallContext, sender: ChatUser, to: string, payload: ChatPayload) => {
    try {
      let content: string | null = previewOf(payload).slice(0, 500) || '新消息';
      // A member's own notification and do-not-disturb settings (/city/ChatSettings) decide whether and what to push.
      if (sender.kind === 'agent') {
        const info = await app.api.user.personFind(c, to).catch(() => null);
        content = offlinePushFor(chatSettingsOf(info?.chatSettings), content, Date.now());
      }
      if (content === null) {
        c.log.info({ target: to }, "chat offline push withheld by the member's notification settings");
      } else {
        await app.api.chat.push(c, { target: to, title: `${sender.name}给您发来新消息`.slice(0, 60), content });
        c.log.info({ target: to }, 'chat offline push recorded');
      }
    } catch (err) {
      c.log.warn({ target: to, err: (err as Error).message }, 'chat offline push failed');
    }
  };

  /** An offline agent's auto-reply answers a member (once per window). */
  const autoReply = async (c: CallContext, sender: ChatUser, to: string) => {
    if (sender.kind !== 'member') return;
    try {
      const claim = await app.api.chat.claimAutoReply(c, { userId: to, targetId: sender.id, windowSeconds: autoReplyWindowSeconds });
      if (!claim?.claimed) return;
      const replies = await app.api.chat.revert(c);
      const text = replies[0]?.text;
      if (!text) return;
      await deliver(c, to, sender.id, { msgType: 'text', content: { text } });
      c.log.info({ agent: to, member: sender.id }, 'chat auto-reply sent for an offline agent');
    } catch (err) {
      c.log.warn({ agent: to, err: (err as Error).message }, 'chat auto-reply failed');
    }
  };

  /** Agent and member pairs where the member has written to the agent: that stays so (10 minutes per process). */
  const openedByMember = new LRUCache<string, true>({ max: 20_000, ttl: 600_000 });

  /**
   * May `user` send `payload` to `to`? Null when they may, else the refusal. A member writes to any agent the portal
   * knows; an agent only where src/lib/chat-access.ts allows (issue 33: the member wrote first, or about a listing the
   * agent holds), asked of the gateway (api/microchat/access, indexed lookups).
   */
  const refusalOf = async (
    c: CallContext,
    user: ChatUser,
    to: string,
    payload: ChatPayload,
  ): Promise<{ code: 403 | 404; message: string; why: string } | null> => {
    if (to === user.id) return { code: 404, message: CHAT_MESSAGES.lookupFailed, why: 'self' };
    if (user.kind === 'member')
      return (await agentOf(c, to)) !== null ? null : { code: 404, message: CHAT_MESSAGES.lookupFailed, why: 'not an agent' };
    const pair = `${user.id}\n${to}`;
    if (openedByMember.has(pair)) return null;
    const access = await app.api.chat.agentAccess(c, user.id, to, houseOfPayload(payload));
    if (!access) throw Object.assign(new Error('chat access not answered'), { statusCode: 502 });
    if (access.peerWrote) openedByMember.set(pair, true);
    const verdict = agentMayWrite(access, payload);
    return verdict.ok ? null : { code: 403, message: verdict.message, why: verdict.why };
  };

  const markRead = async (c: CallContext, user: ChatUser, peer: string) => {
    const mark = await app.api.chat.markRead(c, user.id, peer);
    const upTo = mark?.upToTime ? gatewayTimeToMs(mark.upToTime) : 0;
    if (mark && mark.upTo > 0) await bus.publish({ to: [peer, user.id], frame: { t: 'read', peer, reader: user.id, upTo } });
    await publishUnread(c, user.id, mark?.unread);
    return { upTo, unread: mark?.unread ?? 0 };
  };

  app.decorate('chatService', {
    markRead,
    async pin(c, user, peer, pinned) {
      await app.api.chat.pin(c, user.id, peer, pinned);
      c.log.info({ userId: user.id, peer, pinned }, 'chat conversation pinned');
      return { pinned };
    },
    async remove(c, user, peer) {
      const r = await app.api.chat.remove(c, user.id, peer);
      await publishUnread(c, user.id, r?.unread);
      c.log.info({ userId: user.id, peer }, 'chat conversation deleted');
      return { unread: r?.unread ?? 0 };
    },
    async storeImage(c, user, data) {
      const up = await app.api.user.uploadImg(c, { data, filename: 'chat', mime: 'application/octet-stream' }, 'chat');
      if (!up?.url) throw Object.assign(new Error('no url'), { statusCode: 502 });
      c.log.info({ userId: user.id, url: up.url }, 'chat image stored');
      return { url: up.url, width: up.width ?? 0, height: up.height ?? 0 };
    },
    async storeVoice(c, user, data, clip) {
      const up = await app.api.user.uploadVoice(c, { data, filename: 'voice' });
      if (!up?.url) throw Object.assign(new Error('no url'), { statusCode: 502 });
      c.log.info({ userId: user.id, url: up.url, codec: clip.codec, seconds: Math.round(clip.seconds * 10) / 10 }, 'chat voice stored');
      return { url: up.url };
    },
  } satisfies ChatService);

  const signedLogin = (req: FastifyRequest, user: ChatUser, apiBase: string): ChatLogin | null => {
    if (!tencent) return { transport: 'builtin', userId: user.id, socketPath: chatSocketPath(apiBase), apiBase };
    const sig = genUserSig({ sdkAppID: tencent.sdkAppId, privateKey: tencent.secretKey, userID: user.id });
    if (!sig.ok) {
      req.log.error({ err: sig.error }, 'chat UserSig not generated');
      return null;
    }
    return { transport: 'tencent', userId: user.id, sdkAppId: tencent.sdkAppId, userSig: sig.userSig, expireSeconds: sig.expireSeconds };
  };

  const alive = new WeakMap<Socket, { pong: boolean }>();
  const keepAlive = setInterval(function pingChatSockets() {
    for (const [id, set] of sockets) {
      for (const socket of set) {
        const state = alive.get(socket);
        if (!state?.pong) {
          socket.terminate();
          set.delete(socket);
          continue;
        }
        state.pong = false;
        socket.ping();
      }
      if (set.size === 0) sockets.delete(id);
      reportPresence(id);
    }
  }, pingIntervalMs);
  keepAlive.unref();

  app.addHook('onClose', async function stopChat() {
    clearInterval(keepAlive);
    unsubscribe();
    unsubscribeMembers();
    await bus.close();
  });

  /** The routes of one side: the member's under /-/chat, the agent inbox's under /-/agent/chat. */
  const routesFor = (kind: ChatUser['kind'], base: string) =>
    async function chatRoutes(scope: FastifyInstance) {
      scope.addHook('onSend', chatNoStore);
      const who = (req: FastifyRequest, reply?: FastifyReply) => (kind === 'agent' ? readAgent(req) : readMember(req, reply));
      const notSignedIn = kind === 'agent' ? '请先登录经纪人账号' : CHAT_MESSAGES.notLoggedIn;

      /** The caller; null when the reply is sent. */
      const begin = async (req: FastifyRequest, reply: FastifyReply): Promise<ChatUser | null> => {
        let user: ChatUser | null;
        try {
          user = await who(req, reply);
        } catch (err) {
          req.log.warn({ err }, 'chat call: the member could not be checked');
          reply.code(503).header('retry-after', '5').send({ status: 503, message: '服务暂不可用' });
          return null;
        }
        if (!user) {
          reply.code(401).send({ status: 401, message: notSignedIn });
          return null;
        }
        return user;
      };
      const fail = (req: FastifyRequest, reply: FastifyReply, err: unknown, what: string) => {
        const a = gatewayAnswer(err);
        if (a.status >= 500) req.log.error({ err }, `${what} failed`);
        else req.log.info({ err: (err as Error).message }, `${what} refused`);
        return reply.code(a.status).send({ status: a.status, message: a.message });
      };
      const peerParam = { type: 'object', required: ['peer'], properties: { peer: userId } } as const;
      const bad = (req: FastifyRequest, reply: FastifyReply, message: string) => {
        req.log.info({ validation: req.validationError?.message }, 'chat call refused: malformed input');
        return reply.code(400).send({ status: 400, message });
      };

      scope.get(`${base}/login`, async function chatLogin(req, reply) {
        const user = await begin(req, reply);
        if (!user) return reply;
        const login = signedLogin(req, user, base);
        if (!login) return reply.code(503).send({ status: 503, message: '聊天服务暂不可用' });
        req.log.info({ userId: user.id, transport: login.transport }, 'chat login issued');
        return login;
      });

      scope.get(`${base}/conversations`, async function chatConversations(req, reply) {
        const user = await begin(req, reply);
        if (!user) return reply;
        try {
          const rows = await app.api.chat.sessions(call(req), user.id);
          return rows.map(
            (r): ChatConversation => ({
              conversationID: conversationIdOf(r.targetId),
              peer: r.targetId,
              agent: r.agent
                ? {
                    belongerId: r.agent.belongerId,
                    uid: r.agent.uid,
                    name: r.agent.name,
                    portrait: r.agent.portrait,
                    storeName: r.agent.storeName,
                    iskefu: r.agent.iskefu,
                  }
                : null,
              member: r.member ?? null,
              last: lastOf(r.lastType, r.lastContent, gatewayTimeToMs(r.lastTime), (r.lastFrom ?? '') === user.id),
              unread: r.unread ?? 0,
              pinned: r.pinned ?? false,
            }),
          );
        } catch (err) {
          return fail(req, reply, err, 'chat conversations');
        }
      });

      scope.get(
        `${base}/history/:peer`,
        {
          schema: {
            params: peerParam,
            querystring: {
              type: 'object',
              additionalProperties: false,
              properties: { beforeId: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 100 } },
            },
          },
          attachValidation: true,
        },
        async function chatHistory(req, reply) {
          const user = await begin(req, reply);
          if (!user) return reply;
          if (req.validationError) return bad(req, reply, '参数不正确');
          const { peer } = req.params as { peer: string };
          const q = req.query as { beforeId?: number; size?: number };
          const size = q.size ?? 30;
          try {
            const page = await app.api.chat.records(call(req), user.id, peer, { beforeId: q.beforeId, size });
            const messages: ChatMessage[] = [];
            for (const r of page.content) {
              const m = messageOfRecord(r as StoredRecord);
              if (m) messages.push(m);
              else req.log.warn({ id: r.id }, 'chat record unreadable, skipped');
            }
            return { messages, more: page.content.length >= size };
          } catch (err) {
            return fail(req, reply, err, 'chat history');
          }
        },
      );

      scope.get(`${base}/unread`, async function chatUnread(req, reply) {
        const user = await begin(req, reply);
        if (!user) return reply;
        try {
          return { total: (await app.api.chat.unread(call(req), user.id))?.total ?? 0 };
        } catch (err) {
          return fail(req, reply, err, 'chat unread');
        }
      });

      /** The socket: admitted after the origin and the caller are checked, before the upgrade. */
      const admit = async (req: FastifyRequest, reply: FastifyReply) => {
        if (!isSameOriginPost(req.headers, req.host)) {
          req.log.warn({ origin: req.headers.origin }, 'chat socket refused: foreign origin');
          return reply.code(403).send({ status: 403, message: '非法请求来源' });
        }
        const user = await begin(req, reply);
        if (!user) return reply;
        (req as FastifyRequest & { chatUser?: ChatUser }).chatUser = user;
      };

      scope.get(chatSocketPath(base), { websocket: true, preValidation: admit }, (raw, req) => {
        const socket = raw as unknown as Socket;
        const user = (req as FastifyRequest & { chatUser?: ChatUser }).chatUser as ChatUser;
        let set = sockets.get(user.id);
        if (!set) {
          set = new Set();
          sockets.set(user.id, set);
        }
        if (set.size >= maxPerUser) {
          req.log.warn({ userId: user.id }, 'chat socket refused: too many open');
          socket.close(1013, 'too many connections');
          return;
        }
        set.add(socket);
        if (user.memberUserId) socketMember.set(socket, user.memberUserId);
        const ids = user.kind === 'member' ? readUser(req) : null;
        if (ids) socketSession.set(socket, sessionKey(ids.token));
        const mine = set;
        alive.set(socket, { pong: true });
        if (mine.size === 1) reportPresence(user.id);
        const send = (frame: ChatServerFrame) => {
          if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
        };
        let windowStart = Date.now();
        let frames = 0;
        const c = call(req);
        socket.on('pong', () => {
          const state = alive.get(socket);
          if (state) state.pong = true;
        });
        socket.on('message', (data) => {
          if (byteLength(data) > maxPayload) {
            req.log.info({ userId: user.id }, 'chat socket closed: frame too big');
            socket.close(1009, 'message too big');
            return;
          }
          const now = Date.now();
          if (now - windowStart >= rateWindowMs) {
            windowStart = now;
            frames = 0;
          }
          frames += 1;
          if (frames > maxFrames * 2) {
            req.log.warn({ userId: user.id }, 'chat socket closed: flood');
            socket.close(1008, 'too many messages');
            return;
          }
          let frame: unknown;
          try {
            frame = JSON.parse(String(data));
          } catch {
            frame = null;
          }
          const clientId =
            frame && typeof frame === 'object' && typeof (frame as { clientId?: unknown }).clientId === 'string'
              ? ((frame as { clientId: string }).clientId.slice(0, 64) as string)
              : undefined;
          if (frames > maxFrames) {
            req.log.info({ userId: user.id }, 'chat frame refused: rate limit');
            send({ t: 'error', ...(clientId ? { clientId } : {}), code: 429, message: CHAT_MESSAGES.tooFast });
            return;
          }
          if (!isClientFrame(frame)) {
            const tooLong =
              frame && typeof frame === 'object' && JSON.stringify((frame as { content?: unknown }).content ?? '').length > CHAT_TEXT_MAX;
            req.log.info({ userId: user.id }, 'chat frame refused: malformed');
            send({
              t: 'error',
              ...(clientId ? { clientId } : {}),
              code: 400,
              message: tooLong ? CHAT_MESSAGES.tooLong : CHAT_MESSAGES.badMessage,
            });
            return;
          }
          if (frame.t === 'ping') return send({ t: 'pong' });
          if (frame.t === 'read') {
            markRead(c, user, frame.peer).catch((err) => req.log.warn({ err: (err as Error).message }, 'chat read mark failed'));
            return;
          }
          const { clientId: id, to, t: _t, ...rest } = frame;
          const payload = rest as ChatPayload;
          void (async () => {
            try {
              const refused = await refusalOf(c, user, to, payload);
              if (refused) {
                req.log.info(
                  { userId: user.id, kind: user.kind, to, msgType: payload.msgType, why: refused.why },
                  refused.code === 403
                    ? 'chat message refused: the agent may not write to this user'
                    : 'chat message refused: unknown recipient',
                );
                return send({ t: 'error', clientId: id, code: refused.code, message: refused.message });
              }
              const message = await deliver(c, user.id, to, payload, id);
              const offline = !(await isOnline(c, to));
              if (offline) await pushOffline(c, user, to, payload);
              send({ t: 'ack', clientId: id, message });
              if (offline) await autoReply(c, user, to);
            } catch (err) {
              req.log.error({ err, userId: user.id, to }, 'chat message not saved');
              send({ t: 'error', clientId: id, code: 502, message: CHAT_MESSAGES.sendFailed });
            }
          })();
        });
        socket.on('close', () => {
          mine.delete(socket);
          if (mine.size === 0 && sockets.get(user.id) === mine) sockets.delete(user.id);
          if (mine.size === 0) reportPresence(user.id);
        });
        send({ t: 'ready', userId: user.id });
        void publishUnread(c, user.id);
        req.log.info({ userId: user.id, kind: user.kind }, 'chat socket open');
      });
    };

  await app.register(routesFor('member', CHAT_API));
  await app.register(routesFor('agent', AGENT_CHAT_API));

  await app.register(chatLookupRoutes);
};

export type { ChatUser };

export default fp(chatPlugin, { name: 'chat', fastify: '5.x', dependencies: ['member-socket', 'member-events'] });
