import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisChannelOptions<T> {
  url: string;
  log: FastifyBaseLogger;
  channel: string;
  /** How long the start waits for Redis before it goes on in this process alone (default 3 s). */
  readyTimeoutMs?: number;
  accept: (event: unknown) => event is T;
  /** Log lines: Redis down, back, shared at start, a malformed event, an event kept in this process. */
  messages: { outage: string; back: string; started: string; malformed: string; local: string };
  /** What the `local` line says about an event. */
  describe: (event: T) => Record<string, unknown>;
}

export interface RedisChannel<T> {
  /** Resolves once the event is handed to the channel (every process, this one included, hears it). */
  publish(event: T): Promise<void>;
  subscribe(listener: (event: T) => void): () => void;
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
 * One Redis pub/sub channel of JSON events shared by every portal process: one connection publishes, one listens.
 * Redis down (at start or later) is no outage: an event is then delivered in this process only, one error line says
 * so, and ioredis keeps reconnecting; once Redis is back, the channel is shared again by itself. An event read from
 * Redis is another process's JSON: `accept` checks it before anyone hears it. Used by member events (forced logout)
 * and the chat bus (issue 18).
 */
export async function redisChannel<T>(opts: RedisChannelOptions<T>): Promise<RedisChannel<T>> {
  const { log } = opts;
  const { channel, messages } = opts;
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
    log.error({ redis: address, err: err.message }, messages.outage);
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
    if (!opts.accept(event)) {
      log.warn({ redis: address }, messages.malformed);
      return;
    }
    emitter.emit('event', event);
  });

  const ready = new Promise<void>((resolve) => {
    const check = () => {
      if (!subscribed || pub.status !== 'ready') return;
      if (down) {
        down = false;
        log.info({ redis: address }, messages.back);
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
  if (started) log.info({ redis: address }, messages.started);
  else outage(new Error(`no answer within ${opts.readyTimeoutMs ?? 3000} ms`));

  return {
    async publish(event: T) {
      let shared = false;
      if (pub.status === 'ready') {
        try {
          await pub.publish(channel, JSON.stringify(event));
          shared = true;
        } catch (err) {
          outage(err as Error);
        }
      }
      if (!shared) log.warn(opts.describe(event), messages.local);
      // This process hears its own event through Redis while it listens there; otherwise directly.
      if (!shared || !subscribed) emitter.emit('event', event);
    },
    subscribe(listener: (event: T) => void) {
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
