import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { redisChannel } from '../src/redis-channel.ts';
import { type BusEvent, CHAT_BUS_CHANNEL, type ChatBus, isBusEvent } from './chat-frames.ts';

/**
 * The chat bus (issue 18): a frame for every socket of some users, in every portal process. Without REDIS_URL an
 * in-process emitter; with it Redis pub/sub (src/redis-channel.ts: Redis down is one error line, and delivery
 * within each process until it is back).
 */

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

export async function createBus(app: FastifyInstance, redisUrl: string | undefined): Promise<ChatBus> {
  if (!redisUrl) return localBus();
  return redisChannel<BusEvent>({
    url: redisUrl,
    log: app.log.child({ component: 'chat-bus' }),
    channel: CHAT_BUS_CHANNEL,
    isMessage: isBusEvent,
    words: { what: 'chat messages', alone: 'reach the sockets of this process only', message: 'chat event' },
    describe: (event) => ({ frame: event.frame.t, to: event.to }),
  });
}
