import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Ajv } from 'ajv';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { AGENT_COOKIE, AGENT_INBOX_PAGE, AGENT_LOGIN_PAGE, readAgentSession } from '../src/agent-session.ts';
import type { CallContext } from '../src/api/http.ts';
import type {
  ChatClientFrame,
  ChatConversation,
  ChatFrame,
  ChatImage,
  ChatLogin,
  ChatMessage,
  ChatPayload,
  ChatPeer,
  ChatServerFrame,
  ChatVoice,
} from '../src/contracts/chat.ts';
import { conversationIdOf } from '../src/contracts/chat.ts';
import {
  AGENT_CHAT_API,
  CHAT_API,
  CHAT_FILE_URL,
  CHAT_MESSAGES,
  CHAT_TEXT_MAX,
  CHAT_USER_ID,
  chatSocketPath,
  gatewayTimeToMs,
  lastOf,
  messageOfRecord,
  previewOf,
  recordContentOf,
  type StoredRecord,
} from '../src/lib/chat.ts';
import { UPLOAD_MAX_BYTES } from '../src/lib/member-forms.ts';
import { CLOSE_SIGNED_OUT } from '../src/lib/member-socket.ts';
import { safeReturnPath } from '../src/lib/return-url.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { genUserSig } from '../src/lib/usersig.ts';
import { resolveMember } from '../src/session.ts';
import { byteLength } from './member-socket.ts';
import { redisChannel } from './redis-channel.ts';

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
 * - POST {base}/read            { peer }            → { upTo, unread }
 * - POST {base}/pin             { peer, pinned }    → { pinned }
 * - POST {base}/remove          { peer }            → { unread }
 * - POST {base}/image           multipart `file`    → ChatImage (checked by content, re-encoded, long side ≤ 1280)
 * - POST {base}/voice           multipart `file`    → ChatVoice (webm, ogg, m4a or mp3 by content, ≤ 2 MB, kept as sent)
 * - GET  {base}/ws              the built-in transport's WebSocket (frames: src/contracts/chat.ts)
 * - GET  /-/chat/peer           ?uid=|belongerId=   → ChatPeer (SPEC 5: 经纪人ID/UID 必传一个, 获取用户uid 失败！)
 * - GET  /-/chat/frame          ?uid=|belongerId=[&houseId=] → ChatFrame (manager, phone, house card, quick phrases)
 * - POST /-/agent/login, POST /-/agent/logout (form or JSON); GET /agent/login, GET /agent/inbox (plugins/agent-inbox.ts)
 *
 * Delivery: a message is saved through the gateway (api/microchat/record), acknowledged to its socket, and published on
 * the chat bus to every socket of both sides (the sender's other tabs too; clients drop ids they have). With REDIS_URL
 * the bus is Redis pub/sub (plugins/redis-channel.ts), so every portal process delivers to its own sockets; Redis down
 * is one error line and delivery within each process. When the recipient has no socket in any process (presence kept
 * by the gateway, reported by each process), an offline push is recorded (api/mobpush/send); when that recipient is an
 * agent, the agent's auto-reply (api/microchat/revert) answers the member, at most once per conversation per
 * `autoReplyWindowSeconds` (default 30 minutes, claimed through the gateway so two processes do not both answer).
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
  /** How long an agent stays signed in to the inbox, seconds (default 12 h). */
  agentSessionSeconds?: number;
  /** Agent sign-in posts a minute per client address (default 10). */
  agentLoginPerMinute?: number;
}

/** Who is on a chat call. */
export interface ChatUser {
  id: string;
  kind: 'member' | 'agent';
  name: string;
  /** A member's userId (member events name members by it). */
  memberUserId?: string;
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

/** One event of the chat bus: a frame for every socket of these users. */
interface BusEvent {
  to: string[];
  frame: ChatServerFrame;
}

interface ChatBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export const CHAT_BUS_CHANNEL = 'portal:chat';

const ajv = new Ajv({ strict: true, allErrors: false });
const userId = { type: 'string', pattern: CHAT_USER_ID.source } as const;
const fileUrl = { type: 'string', pattern: CHAT_FILE_URL.source } as const;
const short = (max: number) => ({ type: 'string', maxLength: max }) as const;
const obj = (properties: Record<string, object>, required: string[]) =>
  ({ type: 'object', additionalProperties: false, required, properties }) as const;
const sendFrame = (msgType: string, content: object) =>
  obj(
    {
      t: { const: 'send' },
      clientId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
      to: userId,
      msgType: { const: msgType },
      content,
    },
    ['t', 'clientId', 'to', 'msgType', 'content'],
  );
const houseCard = obj(
  {
    tuijian: { type: 'boolean' },
    title: short(200),
    price: { type: 'number' },
    priceText: short(60),
    other: short(200),
    desc: short(500),
    img: short(500),
    houseid: { type: 'integer', minimum: 0 },
    housetype: { type: 'integer', minimum: 0 },
    houseMode: short(60),
    huashu: short(500),
    activityName: short(200),
  },
  ['title', 'houseid'],
);
/** The client frames (src/contracts/chat.ts ChatClientFrame), exactly. */
const isClientFrame = ajv.compile<ChatClientFrame>({
  oneOf: [
    sendFrame('text', obj({ text: { type: 'string', minLength: 1, maxLength: CHAT_TEXT_MAX } }, ['text'])),
    sendFrame('house', houseCard),
    sendFrame(
      'map',
      obj(
        {
          lat: { type: 'number', minimum: -90, maximum: 90 },
          lng: { type: 'number', minimum: -180, maximum: 180 },
          title: short(100),
          address: short(200),
        },
        ['lat', 'lng', 'title', 'address'],
      ),
    ),
    sendFrame(
      'images',
      obj(
        { url: fileUrl, width: { type: 'integer', minimum: 0, maximum: 20000 }, height: { type: 'integer', minimum: 0, maximum: 20000 } },
        ['url', 'width', 'height'],
      ),
    ),
    sendFrame('voice', obj({ url: fileUrl, seconds: { type: 'number', minimum: 0, maximum: 300 } }, ['url', 'seconds'])),
    sendFrame('cmd', obj({ cmd: { type: 'string', pattern: '^[a-z][a-zA-Z]{0,39}$' }, data: {} }, ['cmd'])),
    obj({ t: { const: 'read' }, peer: userId }, ['t', 'peer']),
    obj({ t: { const: 'ping' } }, ['t']),
  ],
});
/** A bus event from Redis is another process's JSON. */
const isBusEvent = ajv.compile<BusEvent>({
  type: 'object',
  required: ['to', 'frame'],
  additionalProperties: false,
  properties: {
    to: { type: 'array', items: userId, minItems: 1, maxItems: 4 },
    frame: { type: 'object', required: ['t'], properties: { t: { enum: ['message', 'read', 'unread'] } } },
  },
});

function localBus(): ChatBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {},
  };
}

async function createBus(app: FastifyInstance, redisUrl: string | undefined): Promise<ChatBus> {
  if (!redisUrl) return localBus();
  return redisChannel<BusEvent>({
    url: redisUrl,
    log: app.log.child({ component: 'chat-bus' }),
    channel: CHAT_BUS_CHANNEL,
    accept: isBusEvent,
    messages: {
      outage: 'Redis unreachable: chat messages reach the sockets of this process only until it is back',
      back: 'Redis reachable again: chat messages reach every process',
      started: 'chat messages shared through Redis',
      malformed: 'malformed chat event on Redis ignored',
      local: 'chat event delivered in this process only (Redis unavailable)',
    },
    describe: (event) => ({ frame: event.frame.t, to: event.to }),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Open chat sockets per user id in this process (for tests and logs). */
    chatSockets: { count(userId?: string): number };
  }
}

const call = (req: FastifyRequest): CallContext => ({ reqId: req.id, log: req.log });

/** A gateway failure as the browser sees it: the gateway's 4xx message, else busy. */
function gatewayAnswer(err: unknown): { status: number; message: string } {
  const status = (err as { statusCode?: number }).statusCode ?? 502;
  if (status >= 400 && status < 500) {
    const msg = err instanceof Error ? err.message.replace(/^[A-Za-z]+:\s*/, '') : '';
    return { status, message: /[\u4e00-\u9fff]/.test(msg) ? msg : '请求有误' };
  }
  return { status: status === 503 || status === 504 ? status : 502, message: '服务繁忙，请稍后再试' };
}

/** The agent of the signed inbox cookie as a chat user, or null. */
function readAgent(req: FastifyRequest): ChatUser | null {
  const agent = readAgentSession(req);
  return agent ? { id: agent.uid, kind: 'agent', name: agent.name } : null;
}

/** The member of the session cookie as a chat user (their uid), or null; throws when the gateway cannot tell. */
async function readMember(req: FastifyRequest, reply?: FastifyReply): Promise<ChatUser | null> {
  const user = await resolveMember(req, reply);
  if (!user || !CHAT_USER_ID.test(user.uid)) return null;
  return { id: user.uid, kind: 'member', name: user.nickName || user.uid, memberUserId: user.userId };
}

const chatPlugin: FastifyPluginAsync<ChatPluginOptions> = async (app, opts) => {
  const pingIntervalMs = opts.pingIntervalMs ?? 30_000;
  const maxPayload = opts.maxPayload ?? 16 * 1024;
  const maxFrames = opts.maxFramesPerWindow ?? 20;
  const rateWindowMs = opts.rateWindowMs ?? 10_000;
  const maxPerUser = opts.maxSocketsPerUser ?? 16;
  const autoReplyWindowSeconds = opts.autoReplyWindowSeconds ?? 1800;
  const agentSessionSeconds = opts.agentSessionSeconds ?? 12 * 3600;
  const tencent = opts.sdkAppId !== undefined && opts.secretKey ? { sdkAppId: opts.sdkAppId, secretKey: opts.secretKey } : null;
  const node = randomUUID();
  const log = app.log.child({ component: 'chat' });

  const bus = await createBus(app, opts.redisUrl);
  const sockets = new Map<string, Set<Socket>>();
  app.decorate('chatSockets', {
    count: (id?: string) => (id === undefined ? [...sockets.values()].reduce((n, set) => n + set.size, 0) : (sockets.get(id)?.size ?? 0)),
  });
  // A member signed out everywhere (SPEC 4 forced logout) loses their chat sockets too.
  const socketMember = new WeakMap<Socket, string>();
  const unsubscribeMembers = app.memberEvents.subscribe(function closeRevokedChatSockets(event) {
    if (event.type !== 'revoked') return;
    for (const set of sockets.values())
      for (const s of set) if (socketMember.get(s) === event.userId) s.close(CLOSE_SIGNED_OUT, 'signed out');
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

  /** The recipient has no socket anywhere: an offline push; an agent's auto-reply answers a member (once per window). */
  const whenOffline = async (c: CallContext, sender: ChatUser, to: string, payload: ChatPayload) => {
    if (await isOnline(c, to)) return;
    try {
      await app.api.chat.push(c, {
        target: to,
        title: `${sender.name}给您发来新消息`.slice(0, 60),
        content: previewOf(payload).slice(0, 500) || '新消息',
      });
      c.log.info({ target: to }, 'chat offline push recorded');
    } catch (err) {
      c.log.warn({ target: to, err: (err as Error).message }, 'chat offline push failed');
    }
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

  /** May `user` write to `to`? A member writes to agents only; an agent to anyone but themself. */
  const mayWrite = async (c: CallContext, user: ChatUser, to: string) => {
    if (to === user.id) return false;
    if (user.kind === 'agent') return true;
    return (await agentOf(c, to)) !== null;
  };

  const markRead = async (c: CallContext, user: ChatUser, peer: string) => {
    const mark = await app.api.chat.markRead(c, user.id, peer);
    const upTo = mark?.upToTime ? gatewayTimeToMs(mark.upToTime) : 0;
    if (mark && mark.upTo > 0) await bus.publish({ to: [peer, user.id], frame: { t: 'read', peer, reader: user.id, upTo } });
    await publishUnread(c, user.id, mark?.unread);
    return { upTo, unread: mark?.unread ?? 0 };
  };

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
      await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
      scope.addHook('onSend', async function chatNoStore(_req, reply) {
        reply.header('cache-control', 'private, no-store');
      });
      const who = (req: FastifyRequest, reply?: FastifyReply) =>
        kind === 'agent' ? Promise.resolve(readAgent(req)) : readMember(req, reply);
      const notSignedIn = kind === 'agent' ? '请先登录经纪人账号' : CHAT_MESSAGES.notLoggedIn;

      /** Origin (state-changing calls), then the caller; null when the reply is sent. */
      const begin = async (req: FastifyRequest, reply: FastifyReply, changes: boolean): Promise<ChatUser | null> => {
        if (changes && !isSameOriginPost(req.headers, req.host)) {
          req.log.warn({ origin: req.headers.origin }, 'chat call refused: foreign origin');
          reply.code(403).send({ status: 403, message: '非法请求来源' });
          return null;
        }
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
        const user = await begin(req, reply, false);
        if (!user) return reply;
        const login = signedLogin(req, user, base);
        if (!login) return reply.code(503).send({ status: 503, message: '聊天服务暂不可用' });
        req.log.info({ userId: user.id, transport: login.transport }, 'chat login issued');
        return login;
      });

      scope.get(`${base}/conversations`, async function chatConversations(req, reply) {
        const user = await begin(req, reply, false);
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
          const user = await begin(req, reply, false);
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
        const user = await begin(req, reply, false);
        if (!user) return reply;
        try {
          return { total: (await app.api.chat.unread(call(req), user.id))?.total ?? 0 };
        } catch (err) {
          return fail(req, reply, err, 'chat unread');
        }
      });

      const bodySchema = (properties: Record<string, object>, required: string[]) => ({
        schema: { body: { type: 'object', additionalProperties: false, required, properties } },
        attachValidation: true,
      });

      scope.post(`${base}/read`, bodySchema({ peer: userId }, ['peer']), async function chatRead(req, reply) {
        const user = await begin(req, reply, true);
        if (!user) return reply;
        if (req.validationError) return bad(req, reply, '会话不正确');
        try {
          return await markRead(call(req), user, (req.body as { peer: string }).peer);
        } catch (err) {
          return fail(req, reply, err, 'chat read mark');
        }
      });

      scope.post(
        `${base}/pin`,
        bodySchema({ peer: userId, pinned: { type: 'boolean' } }, ['peer', 'pinned']),
        async function chatPin(req, reply) {
          const user = await begin(req, reply, true);
          if (!user) return reply;
          if (req.validationError) return bad(req, reply, '会话不正确');
          const b = req.body as { peer: string; pinned: boolean };
          try {
            await app.api.chat.pin(call(req), user.id, b.peer, b.pinned);
            req.log.info({ userId: user.id, peer: b.peer, pinned: b.pinned }, 'chat conversation pinned');
            return { pinned: b.pinned };
          } catch (err) {
            return fail(req, reply, err, 'chat pin');
          }
        },
      );

      scope.post(`${base}/remove`, bodySchema({ peer: userId }, ['peer']), async function chatRemove(req, reply) {
        const user = await begin(req, reply, true);
        if (!user) return reply;
        if (req.validationError) return bad(req, reply, '会话不正确');
        const { peer } = req.body as { peer: string };
        try {
          const r = await app.api.chat.remove(call(req), user.id, peer);
          await publishUnread(call(req), user.id, r?.unread);
          req.log.info({ userId: user.id, peer }, 'chat conversation deleted');
          return { unread: r?.unread ?? 0 };
        } catch (err) {
          return fail(req, reply, err, 'chat remove');
        }
      });

      scope.post(`${base}/image`, async function chatImage(req, reply) {
        const user = await begin(req, reply, true);
        if (!user) return reply;
        if (!req.isMultipart()) return bad(req, reply, '请选择图片');
        let data: Buffer;
        try {
          const part = await req.file();
          if (!part) return bad(req, reply, '请选择图片');
          data = await part.toBuffer();
        } catch (err) {
          req.log.info({ err: (err as Error).message }, 'chat image too large');
          return reply.code(413).send({ status: 413, message: `图片不能超过${UPLOAD_MAX_BYTES / 1024 / 1024}MB` });
        }
        if (data.length === 0) return bad(req, reply, '图片为空');
        try {
          const up = await app.api.user.uploadImg(call(req), { data, filename: 'chat', mime: 'application/octet-stream' }, 'chat');
          if (!up?.url) throw Object.assign(new Error('no url'), { statusCode: 502 });
          req.log.info({ userId: user.id, url: up.url }, 'chat image stored');
          return { url: up.url, width: up.width ?? 0, height: up.height ?? 0 } satisfies ChatImage;
        } catch (err) {
          return fail(req, reply, err, 'chat image');
        }
      });

      scope.post(`${base}/voice`, async function chatVoice(req, reply) {
        const user = await begin(req, reply, true);
        if (!user) return reply;
        if (!req.isMultipart()) return bad(req, reply, '请录制语音');
        let data: Buffer;
        try {
          const part = await req.file();
          if (!part) return bad(req, reply, '请录制语音');
          data = await part.toBuffer();
        } catch (err) {
          req.log.info({ err: (err as Error).message }, 'chat voice too large');
          return reply.code(413).send({ status: 413, message: '语音过大' });
        }
        if (data.length === 0) return bad(req, reply, '语音为空');
        try {
          const up = await app.api.user.uploadVoice(call(req), { data, filename: 'voice' });
          if (!up?.url) throw Object.assign(new Error('no url'), { statusCode: 502 });
          req.log.info({ userId: user.id, url: up.url }, 'chat voice stored');
          return { url: up.url } satisfies ChatVoice;
        } catch (err) {
          return fail(req, reply, err, 'chat voice');
        }
      });

      /** The socket: admitted after the origin and the caller are checked, before the upgrade. */
      const admit = async (req: FastifyRequest, reply: FastifyReply) => {
        if (!isSameOriginPost(req.headers, req.host)) {
          req.log.warn({ origin: req.headers.origin }, 'chat socket refused: foreign origin');
          return reply.code(403).send({ status: 403, message: '非法请求来源' });
        }
        const user = await begin(req, reply, false);
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
              if (!(await mayWrite(c, user, to))) {
                req.log.info({ userId: user.id, to }, 'chat message refused: unknown recipient');
                return send({ t: 'error', clientId: id, code: 404, message: CHAT_MESSAGES.lookupFailed });
              }
              const message = await deliver(c, user.id, to, payload, id);
              send({ t: 'ack', clientId: id, message });
              await whenOffline(c, user, to, payload);
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

  // Member only: the chat-user lookup and the session screen's frame.
  await app.register(async function memberChatCalls(scope) {
    scope.addHook('onSend', async function chatNoStore(_req, reply) {
      reply.header('cache-control', 'private, no-store');
    });
    const lookup = {
      type: 'object',
      additionalProperties: false,
      properties: {
        uid: userId,
        belongerId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        houseId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      },
    } as const;
    const member = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const user = await readMember(req, reply);
        if (!user) reply.code(401).send({ status: 401, message: CHAT_MESSAGES.notLoggedIn });
        return user;
      } catch (err) {
        req.log.warn({ err }, 'chat call: the member could not be checked');
        reply.code(503).send({ status: 503, message: '服务暂不可用' });
        return null;
      }
    };
    const target = (req: FastifyRequest, reply: FastifyReply) => {
      const q = req.query as { uid?: string; belongerId?: number; houseId?: number };
      if (req.validationError) {
        req.log.info({ validation: req.validationError.message }, 'chat lookup refused: malformed input');
        reply.code(400).send({ status: 400, message: '参数不正确' });
        return null;
      }
      if (!q.uid && !q.belongerId) {
        reply.code(400).send({ status: 400, message: CHAT_MESSAGES.noTarget });
        return null;
      }
      return q;
    };

    scope.get(`${CHAT_API}/peer`, { schema: { querystring: lookup }, attachValidation: true }, async function chatPeer(req, reply) {
      if (!(await member(req, reply))) return reply;
      const q = target(req, reply);
      if (!q) return reply;
      try {
        const found = await app.api.chat.friendKey(call(req), { uid: q.uid, belongerId: q.belongerId });
        if (!found) throw Object.assign(new Error('empty'), { statusCode: 404 });
        return {
          uid: found.uid,
          belongerId: found.belongerId,
          conversationID: conversationIdOf(found.uid),
          agent: found.agent,
        } satisfies ChatPeer;
      } catch (err) {
        // SPEC 5: a lookup whose status is not 200.
        const status = (err as { statusCode?: number }).statusCode ?? 502;
        req.log.info({ uid: q.uid, belongerId: q.belongerId, status }, 'chat-user lookup failed');
        return reply.code(status === 404 || status === 400 ? 404 : 502).send({ status: 404, message: CHAT_MESSAGES.lookupFailed });
      }
    });

    scope.get(`${CHAT_API}/frame`, { schema: { querystring: lookup }, attachValidation: true }, async function chatFrame(req, reply) {
      const user = await member(req, reply);
      if (!user) return reply;
      const q = target(req, reply);
      if (!q) return reply;
      try {
        const frame = await app.api.chat.chatFrame(call(req), {
          uid: q.uid,
          belongerId: q.belongerId,
          houseId: q.houseId,
          userId: user.id,
        });
        if (!frame?.manager) return reply.code(404).send({ status: 404, message: CHAT_MESSAGES.lookupFailed });
        return frame satisfies ChatFrame;
      } catch (err) {
        const a = gatewayAnswer(err);
        req.log.info({ status: a.status }, 'chat frame failed');
        return reply.code(a.status).send({ status: a.status, message: a.message });
      }
    });
  });

  // The agent inbox's sign-in (phone or uid + password): its own signed cookie, never the member session.
  await app.register(async function agentSession(scope) {
    await scope.register(formbody, { bodyLimit: 4096 });
    // Password guessing: at most `agentLoginPerMinute` sign-in posts a minute per client address (this process).
    await scope.register(rateLimit, { global: false });
    scope.addHook('onSend', async function agentNoStore(_req, reply) {
      reply.header('cache-control', 'private, no-store');
    });
    const json = (req: FastifyRequest) =>
      (req.headers.accept ?? '').includes('application/json') || !!req.headers['content-type']?.includes('json');
    const cookieOpts = (req: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: req.protocol === 'https',
      signed: true,
    });
    const back = (req: FastifyRequest, err: string) =>
      `${AGENT_LOGIN_PAGE}?error=${encodeURIComponent(err)}&account=${encodeURIComponent(String((req.body as { account?: unknown })?.account ?? '').slice(0, 40))}`;

    scope.post(
      '/-/agent/login',
      {
        schema: {
          body: {
            type: 'object',
            required: ['account', 'password'],
            properties: {
              account: { type: 'string', minLength: 1, maxLength: 40 },
              password: { type: 'string', minLength: 1, maxLength: 64 },
              back: { type: 'string', maxLength: 300 },
            },
          },
        },
        attachValidation: true,
        config: {
          rateLimit: {
            max: opts.agentLoginPerMinute ?? 10,
            timeWindow: 60_000,
            errorResponseBuilder: (req: FastifyRequest) => {
              req.log.warn('agent sign-in rate-limited');
              return { statusCode: 429, status: 429, message: '尝试次数过多，请稍后再试' };
            },
          },
        },
      },
      async function agentLogin(req, reply) {
        if (!isSameOriginPost(req.headers, req.host)) {
          req.log.warn({ origin: req.headers.origin }, 'agent login refused: foreign origin');
          return reply.code(403).send({ status: 403, message: '非法请求来源' });
        }
        const refuse = (status: number, message: string) =>
          json(req) ? reply.code(status).send({ status, message }) : reply.redirect(back(req, message), 303);
        if (req.validationError) {
          req.log.info({ validation: req.validationError.message }, 'agent login refused: malformed input');
          return refuse(400, '请输入手机号或工号和密码');
        }
        const b = req.body as { account: string; password: string; back?: string };
        try {
          const agent = await app.api.chat.agentLogin(call(req), { account: b.account.trim(), password: b.password });
          if (!agent) return refuse(401, '账号或密码错误');
          reply.setCookie(AGENT_COOKIE, JSON.stringify({ uid: agent.uid, belongerId: agent.belongerId, name: agent.name }), {
            ...cookieOpts(req),
            maxAge: agentSessionSeconds,
          });
          req.log.info({ agent: agent.uid }, 'agent signed in to the inbox');
          const to = safeReturnPath(b.back ?? '', AGENT_INBOX_PAGE);
          return json(req)
            ? { status: 200, agent: { uid: agent.uid, name: agent.name, belongerId: agent.belongerId } }
            : reply.redirect(to.startsWith('/agent/') ? to : AGENT_INBOX_PAGE, 303);
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode ?? 502;
          if (status === 401) {
            req.log.info({ account: b.account.slice(0, 3) }, 'agent sign-in refused: wrong account or password');
            return refuse(401, '账号或密码错误');
          }
          req.log.error({ err }, 'agent sign-in failed');
          return refuse(502, '服务繁忙，请稍后再试');
        }
      },
    );

    scope.post('/-/agent/logout', async function agentLogout(req, reply) {
      if (!isSameOriginPost(req.headers, req.host)) return reply.code(403).send({ status: 403, message: '非法请求来源' });
      reply.clearCookie(AGENT_COOKIE, { path: '/' });
      return json(req) ? { status: 200 } : reply.redirect(AGENT_LOGIN_PAGE, 303);
    });
  });
};

export default fp(chatPlugin, { name: 'chat', fastify: '5.x', dependencies: ['member-socket', 'member-events'] });
