import { EventEmitter } from 'node:events';
import { Ajv } from 'ajv';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { NoticeFrame } from '../src/lib/notice-frame.ts';
import { NOTICE_SCHEMA } from '../src/lib/notice-frame.ts';
import { redisChannel } from '../src/redis-channel.ts';

/**
 * What the portal must hear about a member wherever it happened (SPEC 4 forced logout, issue 13):
 * - `revoked`: every session of the member is signed out (password reset or change, a console sign-out); open sockets
 *   get the forced-logout message and cached session versions are dropped;
 * - `profile`: nickname or avatar changed; cached profiles are dropped so the header shows the new ones;
 * - `ended`: one session was logged out (issue 33); its cached copy is dropped everywhere.
 * One channel for both. Without REDIS_URL it is an in-memory emitter (one process); with REDIS_URL the same two calls
 * go through Redis pub/sub, so an event reaches every portal process.
 */
export type MemberEvent =
  | { type: 'revoked' | 'profile'; userId: string }
  /** Issue 33: one session ended (a logout): every process drops its cached copy; `session` is the token's SHA-256. */
  | { type: 'ended'; userId: string; session: string }
  /** Issue 37: the gateway recorded a notice for the member: their open pages show it (plugins/member-socket.ts). */
  | { type: 'notice'; userId: string; notice: NoticeFrame['notice']; unread: number };

export interface MemberEvents {
  /** Announce an event. Resolves once it is handed to the channel (every process, this one included, hears it). */
  publish(event: MemberEvent): Promise<void>;
  /** Hear every event, from this process or another; returns the unsubscribe function. */
  subscribe(listener: (event: MemberEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberEvents: MemberEvents;
  }
}

export function localMemberEvents(): MemberEvents {
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
  };
}

/** The Redis channel every portal process publishes to and listens on. */
export const MEMBER_EVENTS_CHANNEL = 'portal:member-events';

/** An event read from Redis is another process's JSON: checked before anyone hears it. */
const isMemberEvent = new Ajv({ strict: true }).compile<MemberEvent>({
  type: 'object',
  required: ['type', 'userId'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['revoked', 'profile', 'ended', 'notice'] },
    userId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    session: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
    notice: NOTICE_SCHEMA,
    unread: { type: 'integer', minimum: 0 },
  },
});

export interface RedisMemberEventsOptions {
  url: string;
  log: FastifyBaseLogger;
  channel?: string;
  /** How long the start waits for Redis before it goes on in this process alone. */
  readyTimeoutMs?: number;
}

export interface RedisMemberEvents extends MemberEvents {
  /** True while events published here reach the other processes and theirs reach this one. */
  shared(): boolean;
  close(): Promise<void>;
}

/**
 * Member events over Redis pub/sub (src/redis-channel.ts): one connection publishes, one listens. Redis down (at
 * start or later) is no outage: an event is then delivered in this process only, one error line says so, and ioredis
 * keeps reconnecting; once Redis is back, the channel is shared again by itself.
 */
export async function redisMemberEvents(opts: RedisMemberEventsOptions): Promise<RedisMemberEvents> {
  const channel = await redisChannel<MemberEvent>({
    url: opts.url,
    log: opts.log,
    channel: opts.channel ?? MEMBER_EVENTS_CHANNEL,
    readyTimeoutMs: opts.readyTimeoutMs,
    isMessage: isMemberEvent,
    words: { what: 'member events', alone: '(forced logout) reach this process only', message: 'member event' },
    describe: (event) => ({ type: event.type, userId: event.userId }),
  });
  return channel;
}

export interface MemberEventsOptions {
  /** config.redisUrl: set, events go through Redis and reach every portal process. */
  redisUrl?: string;
}

const memberEvents: FastifyPluginAsync<MemberEventsOptions> = async (app, opts) => {
  if (!opts.redisUrl) {
    app.decorate('memberEvents', localMemberEvents());
    return;
  }
  const events = await redisMemberEvents({ url: opts.redisUrl, log: app.log.child({ component: 'member-events' }) });
  app.decorate('memberEvents', events);
  app.addHook('onClose', async function closeMemberEvents() {
    await events.close();
  });
};

export default fp(memberEvents, { name: 'member-events', fastify: '5.x' });
