import { Server } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Graceful shutdown, before app.close() (issue 20 part 3): stop accepting connections, answer every request that
     * still arrives on an open keep-alive connection (with `Connection: close`, so the client opens its next one
     * elsewhere), let every request in flight finish, and resolve once no connection is left.
     */
    drain(opts?: DrainOptions): Promise<void>;
    /** True from the start of drain(). */
    readonly draining: boolean;
  }
}

export interface DrainOptions {
  /**
   * How long an idle keep-alive connection is left open for the request its client may be sending right now (closing
   * it under that request resets it: the failures issue 20 measured). Busy clients learn `Connection: close` sooner.
   */
  idleGraceMs?: number;
  /** After this, connections still open (a stuck client) are cut so the process can exit. */
  hardLimitMs?: number;
  /**
   * Runs once this process no longer accepts connections, before any answer says `Connection: close`. A cluster worker
   * waits here until every worker has stopped accepting (src/server.ts): a client told to reconnect must find no
   * listener left (refused at once), not one that accepts and then closes while its connection waits in the queue.
   */
  afterStopAccepting?: () => Promise<void>;
}

const drainPlugin: FastifyPluginAsync = async (app) => {
  let draining = false;
  let closingConnections = false;
  app.decorate('draining', {
    getter: () => draining,
  });
  // Every answer whose headers leave after that (a request in flight included) closes its connection.
  app.addHook('onSend', async function closeAfterThisAnswer(_req, reply) {
    if (closingConnections) reply.header('connection', 'close');
  });
  app.decorate('drain', async function drain(opts: DrainOptions = {}): Promise<void> {
    if (draining) return;
    draining = true;
    const server = app.server;
    if (!server.listening) {
      closingConnections = true;
      return;
    }
    const started = performance.now();
    // net.Server's close, not http.Server's: http's also drops idle keep-alive connections at once, and a request the
    // client is sending on one right then is lost. The callback runs once the last connection has closed.
    const closed = new Promise<void>((resolve) => Server.prototype.close.call(server, () => resolve()));
    await opts.afterStopAccepting?.();
    closingConnections = true;
    const idle = setTimeout(() => server.closeIdleConnections(), opts.idleGraceMs ?? 1000);
    const hard = setTimeout(() => {
      app.log.warn({ afterMs: opts.hardLimitMs ?? 25_000 }, 'drain: connections still open, closing them');
      server.closeAllConnections();
    }, opts.hardLimitMs ?? 25_000);
    await closed;
    clearTimeout(idle);
    clearTimeout(hard);
    app.log.info({ ms: Math.round(performance.now() - started) }, 'drained: every request answered, no connection left');
  });
};

export default fp(drainPlugin, { name: 'portal-drain', fastify: '5.x' });
