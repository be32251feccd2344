import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The one way this codebase opens a Redis connection (issue 33): ioredis with a gentle reconnection backoff, and one
 * log line per outage instead of one per reconnect attempt. ioredis emits 'error' on every failed attempt (every
 * 250 ms to 5 s while Redis is away: 55 lines in a 20 s outage with a warn per 'error'); this turns those events into
 * exactly one warn line when Redis becomes unavailable (naming what uses the connection, with the error message) and
 * one info line when it is back (with how long it was away). A connection closed on purpose (disconnect, quit) says
 * nothing.
 */

/** Where Redis is, for the log: host and port only (the URL may carry a password). */
export function redisAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '6379'}`;
}

/** Reconnection backoff: 250 ms more per attempt, at most 5 s. */
export const redisRetryStrategy = (attempt: number) => Math.min(attempt * 250, 5000);

export interface RedisClientOptions {
  url: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** What uses the connection, for the log lines: `account rate-limit store`. */
  what: string;
  /** ioredis options over the defaults (connectTimeout 2 s, retryStrategy redisRetryStrategy). */
  options?: RedisOptions;
  /**
   * Instead of the warn line: called once when Redis becomes unavailable. A caller that words one outage of several
   * connections its own way (src/redis-channel.ts) passes this and `onUp`.
   */
  onDown?: (err: Error) => void;
  /** Instead of the info line: called once when Redis is back, with how long it was away. */
  onUp?: (outageMs: number) => void;
}

/**
 * An ioredis client whose connection events make one warn line per outage and one info line once it is over.
 * Nothing is logged while Redis is simply there (the first connection included).
 */
export function createRedisClient(opts: RedisClientOptions): Redis {
  const address = redisAddress(opts.url);
  const strategy = opts.options?.retryStrategy ?? redisRetryStrategy;
  // A retry strategy that gives up (returns no number) ends the client: then 'end' is an outage with no return, not
  // a close on purpose.
  let gaveUp = false;
  const client = new Redis(opts.url, {
    connectTimeout: 2000,
    ...opts.options,
    retryStrategy: (attempt) => {
      const delay = strategy(attempt);
      if (typeof delay !== 'number') gaveUp = true;
      return delay;
    },
  });

  let down = false;
  let downSince = 0;
  /** When a ready connection was lost: the outage counts from then, not from the first failed reconnect. */
  let lostAt: number | undefined;
  const onDown =
    opts.onDown ??
    ((err: Error) =>
      opts.log.warn({ redis: address, err: err.message }, `Redis unavailable: ${opts.what} (retrying quietly until it is back)`));
  const onUp = opts.onUp ?? ((outageMs: number) => opts.log.info({ redis: address, outageMs }, `Redis available again: ${opts.what}`));

  const becameUnavailable = (err: Error) => {
    if (down) return;
    down = true;
    downSince = lostAt ?? Date.now();
    onDown(err);
  };
  client.on('error', (err: Error) => becameUnavailable(err));
  client.on('close', () => {
    if (lostAt === undefined) lostAt = Date.now();
  });
  client.on('ready', () => {
    lostAt = undefined;
    if (!down) return;
    down = false;
    onUp(Date.now() - downSince);
  });
  client.on('end', () => {
    if (gaveUp) becameUnavailable(new Error('gave up reconnecting'));
  });
  return client;
}
