import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import { createRedisClient, redisAddress } from './redis-client.ts';

export { redisAddress, redisRetryStrategy } from './redis-client.ts';

/**
 * One message channel shared by every portal process through Redis pub/sub, with the one way this codebase connects
 * to Redis (issue 13; used by member events, the chat bus of issue 18 and the shared page cache of issue 20): one connection publishes (and runs commands), one
 * listens. Redis down (at start or later) is no outage: a message is then delivered in this process only, one error
 * line says so, and ioredis keeps reconnecting with backoff; once Redis is back the channel is shared again by itself
 * (one info line, with how long it was away). Both connections come from src/redis-client.ts, which reports an outage
 * once per connection instead of once per reconnect attempt; the channel words one outage of the two as one line.
 */
export interface RedisChannelOptions<T> {
  url: string;
  log: FastifyBaseLogger;
  channel: string;
  /** Checks a message read from Redis (another process's JSON) before anyone hears it. */
  isMessage: (value: unknown) => value is T;
  /** Log wording: what is shared (`member events`), what happens while Redis is away, what a message is. */
  words: { what: string; alone: string; message: string };
  /** How long the start waits for Redis before it goes on in this process alone. */
  readyTimeoutMs?: number;
  /** What a log line says of a message kept in this process (default: the message; chat says less than its text). */
  describe?: (message: T) => Record<string, unknown>;
}

export interface RedisChannel<T> {
  /** Announce a message. Resolves once it is handed to the channel (every process, this one included, hears it). */
  publish(message: T): Promise<void>;
  /** Hear every message, from this process or another; returns the unsubscribe function. */
  subscribe(listener: (message: T) => void): () => void;
  /** True while messages published here reach the other processes and theirs reach this one. */
  shared(): boolean;
  /** The publishing connection, for commands (fails fast while Redis is away: no offline queue). */
  commands: Redis;
  /** Runs on every (re)connection once the channel is shared again, and at once if it is now. */
  onShared(listener: () => void): void;
  close(): Promise<void>;
}

export async function redisChannel<T>(opts: RedisChannelOptions<T>): Promise<RedisChannel<T>> {
  const { log, channel, words } = opts;
  const address = redisAddress(opts.url);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let subscribed = false;
  let down = false;
  let downSince = 0;
  const sharedListeners: Array<() => void> = [];

  const outage = (err: Error) => {
    if (down) return;
    down = true;
    downSince = Date.now();
    log.error({ redis: address, err: err.message }, `Redis unreachable: ${words.what} ${words.alone} until it is back`);
  };
  // The publisher fails fast while Redis is away (the message is then delivered locally); the listener resubscribes
  // itself on every (re)connection. Either connection's outage is the channel's (one line); it is over once both are
  // back and the listener has subscribed again (check, below).
  const connection = (options: RedisOptions): Redis =>
    createRedisClient({ url: opts.url, log, what: words.what, options, onDown: outage, onUp: () => {} });
  const pub = connection({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const sub = connection({ autoResubscribe: false, maxRetriesPerRequest: null });
  sub.on('close', () => {
    subscribed = false;
  });
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      message = null;
    }
    if (!opts.isMessage(message)) {
      log.warn({ redis: address }, `malformed ${words.message} on Redis ignored`);
      return;
    }
    emitter.emit('message', message);
  });

  const ready = new Promise<void>((resolve) => {
    const check = () => {
      if (!subscribed || pub.status !== 'ready') return;
      if (down) {
        down = false;
        log.info({ redis: address, outageMs: Date.now() - downSince }, `Redis reachable again: ${words.what} shared by every process`);
      }
      for (const l of sharedListeners) l();
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
  if (started) log.info({ redis: address }, `${words.what} shared through Redis`);
  else outage(new Error(`no answer within ${opts.readyTimeoutMs ?? 3000} ms`));

  const shared = () => subscribed && pub.status === 'ready';
  return {
    async publish(message) {
      let sent = false;
      if (pub.status === 'ready') {
        try {
          await pub.publish(channel, JSON.stringify(message));
          sent = true;
        } catch (err) {
          outage(err as Error);
        }
      }
      if (!sent)
        log.warn(
          opts.describe ? opts.describe(message) : { message },
          `${words.message} delivered in this process only (Redis unavailable)`,
        );
      // This process hears its own message through Redis while it listens there; otherwise directly.
      if (!sent || !subscribed) emitter.emit('message', message);
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    shared,
    commands: pub,
    onShared(listener) {
      sharedListeners.push(listener);
      if (shared()) listener();
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
