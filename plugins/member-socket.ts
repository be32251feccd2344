import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserInfo } from '../src/contracts/session.ts';
import { CLOSE_SIGNED_OUT, MEMBER_KEY_PATTERN, MEMBER_SOCKET_PATH, memberKey } from '../src/lib/member-socket.ts';
import type { NoticeFrame } from '../src/lib/notice-frame.ts';
import { isSameOriginPost } from '../src/lib/same-origin.ts';
import { readUser, resolveMember, sessionKey } from '../src/session.ts';
import type { MemberEvent } from './member-events.ts';

/**
 * SPEC 4 "Forced logout", the server half: one WebSocket per signed-in browser at /-/ws, authenticated by the session
 * cookie and refused to other sites' pages. When a member's sessions are revoked (memberEvents `revoked`, from this
 * process or, through Redis, another one), every open socket of that member gets a message equal to the user id and is
 * closed. The browser runs the rest (src/client/forced-logout.ts).
 */

/** What the plugin uses of a `ws` socket. */
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
/** The largest message any socket route of the portal takes (the chat socket's frames: plugins/chat.ts). */
export const SOCKET_SERVER_MAX_PAYLOAD = 64 * 1024;

/** Bytes of a `ws` message (a Buffer, or fragments). */
export function byteLength(data: unknown): number {
  if (Buffer.isBuffer(data)) return data.length;
  if (Array.isArray(data)) return data.reduce((n: number, b: Buffer) => n + b.length, 0);
  if (data instanceof ArrayBuffer) return data.byteLength;
  return 0;
}
const CLOSED = 3;

/** Who an upgrade request is signed in as: the login cookie, its session checked against the gateway. */
const signedInMember = (req: FastifyRequest): Promise<UserInfo | null> => resolveMember(req);

export interface MemberSocketOptions {
  /** Who the request is signed in as; default: the session cookie (signedInMember). */
  authenticate?: (req: FastifyRequest) => Promise<UserInfo | null>;
  /** Keep-alive: a ping this often; a socket that did not answer the previous one is dropped. */
  pingIntervalMs?: number;
  /** The browser sends nothing; a bigger client message closes the socket (1009). */
  maxPayload?: number;
  /** More client messages than this between two pings close the socket (1008). */
  maxMessagesPerInterval?: number;
  /** Open sockets per member (tabs, devices); one more is closed at once (1013: try again later). */
  maxSocketsPerMember?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Open member sockets per user id in this process (for tests and logs). */
    memberSockets: { count(userId?: string): number };
  }
}

const MEMBER = Symbol('socket member');
type WithMember = FastifyRequest & { [MEMBER]?: string };

/** A browser always sends Origin on a WebSocket: another site's page is refused (the cookie would ride along). */
const sameOrigin = (req: FastifyRequest): boolean => isSameOriginPost(req.headers, req.host);

function admitMember(authenticate: (req: FastifyRequest) => Promise<UserInfo | null>) {
  return async function admitMemberSocket(req: FastifyRequest, reply: FastifyReply) {
    if (!sameOrigin(req)) {
      req.log.warn({ origin: req.headers.origin }, 'member socket refused: foreign origin');
      return reply.code(403).send({ status: 403, message: 'forbidden' });
    }
    let member: UserInfo | null;
    try {
      member = await authenticate(req);
    } catch (err) {
      req.log.warn({ err }, 'member socket refused: the member could not be checked');
      return reply.code(503).header('retry-after', '5').send({ status: 503, message: '服务暂不可用' });
    }
    const key = memberKey(member);
    if (!MEMBER_KEY_PATTERN.test(key)) return reply.code(401).send({ status: 401, message: '用户未登录' });
    (req as WithMember)[MEMBER] = key;
  };
}

/** Close every socket (1001: the browser reconnects, to another process if this one is gone); drop those that do not answer in time. */
function closeSockets(app: FastifyInstance, graceMs: number) {
  return async function closeMemberSockets() {
    const clients = [...(app.websocketServer.clients as Set<Socket>)];
    const closed = clients.map((socket) => new Promise<void>((resolve) => socket.on('close', () => resolve())));
    for (const socket of clients) socket.close(1001, 'server shutting down');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(closed), late]);
    clearTimeout(timer);
    for (const socket of clients) if (socket.readyState !== CLOSED) socket.terminate();
    app.websocketServer.close();
  };
}

const memberSocket: FastifyPluginAsync<MemberSocketOptions> = async (app, opts) => {
  const pingIntervalMs = opts.pingIntervalMs ?? 30_000;
  const maxMessages = opts.maxMessagesPerInterval ?? 10;
  const maxPerMember = opts.maxSocketsPerMember ?? 16;
  const maxPayload = opts.maxPayload ?? 1024;
  // One WebSocket server for every socket route of the portal (this one and the chat socket of plugins/chat.ts): its
  // limit is the largest any route allows; each route holds its own messages to its own limit.
  await app.register(websocket, {
    options: { maxPayload: Math.max(maxPayload, SOCKET_SERVER_MAX_PAYLOAD), clientTracking: true },
    preClose: closeSockets(app, 1000),
  });

  const sockets = new Map<string, Set<Socket>>();
  const alive = new WeakMap<Socket, { pong: boolean; messages: number }>();
  /** The login session each socket was opened under (its key): one logout closes that session's sockets only. */
  const sessionOf = new WeakMap<Socket, string>();
  app.decorate('memberSockets', {
    count: (userId?: string) =>
      userId === undefined ? [...sockets.values()].reduce((n, set) => n + set.size, 0) : (sockets.get(userId)?.size ?? 0),
  });

  const unsubscribe = app.memberEvents.subscribe(function signOutSockets(event: MemberEvent) {
    if (event.type === 'profile') return;
    if (event.type === 'notice') {
      // Issue 37: a notice the gateway recorded, to every open page of the member in this process.
      const frame = JSON.stringify({ t: 'notice', notice: event.notice, unread: event.unread } satisfies NoticeFrame);
      let sent = 0;
      for (const socket of sockets.get(event.userId) ?? [])
        if (socket.readyState === OPEN) {
          socket.send(frame);
          sent++;
        }
      if (sent) app.log.info({ userId: event.userId, noticeId: event.notice.id, sockets: sent }, 'notice sent to member sockets');
      return;
    }
    const open = sockets.get(event.userId);
    if (!open || open.size === 0) return;
    // `revoked`: every session of the member; `ended` (issue 33): the one session a logout ended, wherever it is open.
    const ended = event.type === 'ended' ? event.session : null;
    const closing = [...open].filter((s) => ended === null || sessionOf.get(s) === ended);
    for (const socket of closing) {
      if (socket.readyState === OPEN) {
        socket.send(event.userId);
        socket.close(CLOSE_SIGNED_OUT, 'signed out');
      }
      open.delete(socket);
    }
    if (open.size === 0) sockets.delete(event.userId);
    if (closing.length)
      app.log.info({ userId: event.userId, sockets: closing.length, why: event.type }, 'forced logout sent to member sockets');
  });

  const keepAlive = setInterval(function pingMemberSockets() {
    for (const [userId, set] of sockets) {
      for (const socket of set) {
        const state = alive.get(socket);
        if (!state?.pong) {
          socket.terminate();
          set.delete(socket);
          continue;
        }
        state.pong = false;
        state.messages = 0;
        socket.ping();
      }
      if (set.size === 0) sockets.delete(userId);
    }
  }, pingIntervalMs);
  keepAlive.unref();

  app.addHook('onClose', async function stopMemberSockets() {
    clearInterval(keepAlive);
    unsubscribe();
  });

  app.get(MEMBER_SOCKET_PATH, { websocket: true, preValidation: admitMember(opts.authenticate ?? signedInMember) }, (raw, req) => {
    const socket = raw as unknown as Socket;
    const userId = (req as WithMember)[MEMBER] as string;
    let set = sockets.get(userId);
    if (!set) {
      set = new Set();
      sockets.set(userId, set);
    }
    if (set.size >= maxPerMember) {
      req.log.warn({ userId }, 'member socket refused: too many open');
      socket.close(1013, 'too many connections');
      return;
    }
    set.add(socket);
    const ids = readUser(req);
    if (ids) sessionOf.set(socket, sessionKey(ids.token));
    const state = { pong: true, messages: 0 };
    alive.set(socket, state);
    socket.on('pong', () => {
      state.pong = true;
    });
    // The browser has nothing to say: messages are ignored, a flood closes the socket.
    socket.on('message', (data) => {
      if (byteLength(data) > maxPayload) {
        socket.close(1009, 'message too big');
        return;
      }
      state.messages += 1;
      if (state.messages > maxMessages) socket.close(1008, 'unexpected messages');
    });
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0 && sockets.get(userId) === set) sockets.delete(userId);
    });
    req.log.debug({ userId }, 'member socket open');
  });
};

export default fp(memberSocket, { name: 'member-socket', fastify: '5.x', dependencies: ['member-events'] });
