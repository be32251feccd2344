import { EventEmitter } from 'node:events';
import { Ajv } from 'ajv';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * What the portal must hear about a member wherever it happened (SPEC 4 forced logout, issue 13):
 * - `revoked`: every session of the member is signed out (password reset or change, a console sign-out); open sockets
 *   get the forced-logout message and cached session versions are dropped;
 * - `profile`: nickname or avatar changed; cached profiles are dropped so the header shows the new ones.
 * One channel for both. Without REDIS_URL it is an in-memory emitter (one process); with REDIS_URL the same two calls
 * go through Redis pub/sub, so an event reaches every portal process.
 */
export type MemberEvent = { type: 'revoked' | 'profile'; userId: string };

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
    type: { type: 'string', enum: ['revoked', 'profile'] },
    userId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
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

/** Where Redis is, for the log: host and port only (the URL may carry a password). */
function redisAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '6379'}`;
}

/**
 * Member events over Redis pub/sub: one connection publishes, one listens. Redis down (at start or later) is no
 * outage: an event is then delivered in this process only, one error line says so, and ioredis keeps reconnecting;
 * once Redis is back, the channel is shared again by itself.
 */
export async function redisMemberEvents(opts: RedisMemberEventsOptions): Promise<RedisMemberEvents> {
  const { log } = opts;
  const channel = opts.channel ?? MEMBER_EVENTS_CHANNEL;
  const address = redisAddress(opts.url);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const retryStrategy = (attempt: number) => Math.min(attempt * 250, 5000);
  // The publisher fails fast while Redis is away (the event is then delivered locally); the listener resubscribes
  // itself on every (re)connection.
  const pub = new Redis(opts.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy });
  const sub = new Redis(opts.url, { autoResubscribe: false, maxRetriesPerRequest: null, connectTimeout: 2000, retryStrategy });
  let subscribed = false;
  let down = false;

  const outage = (err: Error) => {
    if (down) return;
    down = true;
    log.error(
      { redis: address, err: err.message },
      'Redis unreachable: member events (forced logout) reach this process only until it is back',
    );
  };
  pub.on('error', outage);
  sub.on('error', outage);
  sub.on('close', () => {
    subscribed = false;
  });
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      event = null;
    }
    if (!isMemberEvent(event)) {
      log.warn({ redis: address }, 'malformed member event on Redis ignored');
      return;
    }
    emitter.emit('event', event);
  });

  const ready = new Promise<void>((resolve) => {
    const check = () => {
      if (!subscribed || pub.status !== 'ready') return;
      if (down) {
        down = false;
        log.info({ redis: address }, 'Redis reachable again: member events are shared by every process');
      }
      resolve();
    };
    pub.on('ready', check);
    sub.on('ready', () => {
      sub.subscribe(channel).then(
        () => {
          subscribed = true;
          check();
        },
        (err: Error) => outage(err),
      );
    });
  });
  // Refused at once (nothing listens there) or no answer in time: go on alone, and join when Redis comes.
  const refused = new Promise<boolean>((r) => pub.once('error', () => r(false)));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((r) => {
    timer = setTimeout(r, opts.readyTimeoutMs ?? 3000, false);
  });
  const started = await Promise.race([ready.then(() => true), refused, timeout]);
  clearTimeout(timer);
  if (started) log.info({ redis: address }, 'member events shared through Redis');
  else outage(new Error(`no answer within ${opts.readyTimeoutMs ?? 3000} ms`));

  return {
    async publish(event) {
      let shared = false;
      if (pub.status === 'ready') {
        try {
          await pub.publish(channel, JSON.stringify(event));
          shared = true;
        } catch (err) {
          outage(err as Error);
        }
      }
      if (!shared) log.warn({ type: event.type, userId: event.userId }, 'member event delivered in this process only (Redis unavailable)');
      // This process hears its own event through Redis while it listens there; otherwise directly.
      if (!shared || !subscribed) emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    shared: () => subscribed && pub.status === 'ready',
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
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
