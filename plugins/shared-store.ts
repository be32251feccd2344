import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRedisClient } from '../src/redis-client.ts';
import { memoryStore, redisStore, type SharedStore } from '../src/shared-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 33: the one store of limits, drafts and throttles (Redis with REDIS_URL, else this process). */
    sharedStore: SharedStore;
  }
}

export interface SharedStorePluginOptions {
  /** config.redisUrl: the store lives in Redis, shared by every portal process. */
  redisUrl?: string;
}

const sharedStorePlugin: FastifyPluginAsync<SharedStorePluginOptions> = async (app, opts) => {
  if (!opts.redisUrl) {
    app.decorate('sharedStore', memoryStore({ now: () => app.clock() }));
    return;
  }
  const client = createRedisClient({
    url: opts.redisUrl,
    log: app.log,
    what: 'shared store (limits and drafts are kept per process until it is back)',
    options: { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false },
  });
  app.decorate('sharedStore', redisStore(client, memoryStore({ now: () => app.clock() })));
  app.addHook('onClose', async function closeSharedStore() {
    client.disconnect();
  });
};

export default fp(sharedStorePlugin, { name: 'shared-store', fastify: '5.x' });
